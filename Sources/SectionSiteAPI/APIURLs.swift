import Foundation

/// Where each page of an API reference is and where each symbol is shown, as DocC lays them out: names lowercased
/// under `api.url`, a module's page, each type's page below its parent's, each member at its anchor on its type's
/// page, what a module adds to another's types under that module's name.
struct APIURLs {
    let index: APIIndex
    /// The reference's home (`/api/`).
    let root: String
    /// Each symbol's path below its module's page (`book/binding/`), made once: following the chain of parents
    /// for each link made the pages of 1,000 nested types take longer than two minutes.
    private let paths: [String: String]
    /// Each member's anchor on its page, made once: counting its overloads among its siblings for each link made a
    /// type of 20,000 members quadratic.
    private let anchors: [String: String]

    init(index: APIIndex, root: String) {
        (self.index, self.root) = (index, root)
        (paths, anchors) = Self.places(index)
    }

    /// Each symbol's path below its module's page and each member's anchor (`-2`, `-3` for overloads after the
    /// first by identifier).
    ///
    /// - Complexity: O(symbols × depth) characters: each path is its parent's and a name.
    private static func places(_ index: APIIndex) -> (paths: [String: String], anchors: [String: String]) {
        var paths: [String: String] = [:]
        for id in index.entries.keys.sorted() where paths[id] == nil {
            var chain: [String] = []  // up to a symbol whose path is known
            var current: String? = id
            while let symbol = current, paths[symbol] == nil {
                chain.append(symbol)
                current = index.parent[symbol]
            }
            var path = current.flatMap { paths[$0] } ?? ""
            for symbol in chain.reversed() {
                path += slug(index[symbol]!.name) + "/"
                paths[symbol] = path
            }
        }
        var anchors: [String: String] = [:]
        // Siblings are sorted by name, then identifier: overloads are next to each other, in identifier order.
        for siblings in Array(index.members.values) + Array(index.topLevel.values) {
            var previous: String?
            var position = 0
            for id in siblings {
                let name = index[id]!.name
                position = name == previous ? position + 1 : 0
                previous = name
                anchors[id] = position == 0 ? name : "\(name)-\(position + 1)"
            }
        }
        return (paths, anchors)
    }

    /// The module's page (`/api/shelf/`).
    func moduleURL(_ module: String) -> String { root + Self.slug(module) + "/" }

    /// The page of what `module` adds to a type of `other`.
    func extendedURL(_ module: String, _ other: String, _ type: String) -> String {
        moduleURL(module) + Self.slug(other) + "/"
            + type.split(separator: ".").map { Self.slug(String($0)) }.joined(separator: "/") + "/"
    }

    /// A symbol's page, or its parent's page with its anchor; nil for a symbol of no documented module.
    func pageURL(_ id: String) -> String? {
        guard let entry = index[id] else { return nil }
        if entry.hasPage { return moduleURL(entry.module) + paths[id]! }
        if let parent = index.parent[id], let url = pageURL(parent) { return url + anchor(id).link }
        if let other = entry.extendedModule, let type = index.extendedType[id],
            index.extensions[entry.module]?[other]?[type] != nil
        {
            return extendedURL(entry.module, other, type) + anchor(id).link
        }
        return moduleURL(entry.module) + anchor(id).link
    }

    /// A member's anchor on its page: its name, with `-2`, `-3` for overloads after the first by identifier.
    func anchor(_ id: String) -> APIAnchor { APIAnchor(id: anchors[id] ?? index[id]!.name) }

    /// The site path of an article's page.
    func articleURL(_ article: Catalog.Article, of module: String) -> String {
        moduleURL(module) + Self.slug(article.name) + "/"
    }

    /// A name in a URL: lowercased, as DocC writes its paths.
    static func slug(_ name: String) -> String { name.lowercased() }

}

/// A member's place on its page: the `id` its element carries and the link to it, made by one type so that the two
/// always meet, whatever characters the name holds (an operator's `&>>(_:_:)`). Templates write both as any value,
/// escaped (`id="{{anchor}}"`, `href="{{anchorLink}}"`); a browser, and `sectionsite check`, undo the escaping, and
/// the link's percent-encoding, before they compare.
struct APIAnchor: Equatable {
    /// The element's id, as the name is written.
    let id: String

    /// The link within the page: `#` and the id, with what a fragment may not hold percent-encoded.
    var link: String {
        let allowed = CharacterSet(
            charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@")
        return "#" + (id.addingPercentEncoding(withAllowedCharacters: allowed) ?? id)
    }
}
