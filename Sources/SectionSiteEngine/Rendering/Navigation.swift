/// `page.nav`: a page's place in the content tree, made when a template asks for it, so that pages whose templates
/// draw no navigation pay nothing for it. Every entry is a map of `title`, `url` and `link` (false for a folder
/// without an index page), `current` (this page), `active` (this page or one of its ancestors) and `children`
/// and `hasChildren` (filled in `tree` only, else empty: every key is there, so a template's lookup never climbs to an
/// outer entry's).
///
/// | key | what |
/// | --- | --- |
/// | `ancestors` | from the home page down to the parent (breadcrumbs) |
/// | `parent` | the folder the page is in |
/// | `siblings` | the parent's children, the page among them |
/// | `children` | for a folder's index page, the pages and folders in it |
/// | `prev`, `next` | the siblings before and after the page |
/// | `section` | the top-level folder the page is in (the home page for a page at the root); for a page of the
/// documentation's versions, its version's folder |
/// | `tree` | the section's children, each with its `children`, all the way down (one level at the root) |
/// | `branch` | the section's children, and the children of each entry on the way to the page and of the page |
///
/// In `branch` each list holds at most `branchWidth` entries around the one on the way, the rest one entry linking to
/// the folder that holds them all.
///
/// `tree` is `branch` for a section of more than `treeLimit` pages and folders. `branch` is for a section too big to
/// repeat on every page (an API reference of thousands of types: a
/// sidebar of every type on every page makes output grow with the square of the types). It holds at most
/// `branchWidth + 2` entries per level of the page's depth, whatever the section's size.
final class NavigationContext: TemplateObject {
    /// How many entries of one folder `branch` lists.
    static let branchWidth = 50
    /// How many pages and folders a section may hold for `tree` to list them all; a bigger one's `tree` is `branch`.
    static let treeLimit = 400

    private let tree: ContentTree
    private let id: String
    private let config: SiteConfig
    private lazy var active: Set<String> = Set(tree.ancestors(of: id) + [id])
    /// For each folder on the way to the page, its child on the way.
    private lazy var way: [String: String] = {
        let chain = tree.ancestors(of: id) + [id]
        return Dictionary(zip(chain, chain.dropFirst())) { first, _ in first }
    }()

    init(tree: ContentTree, page: Page, config: SiteConfig) {
        self.tree = tree
        self.id = ContentTree.id(of: page)
        self.config = config
    }

    var text: String { String(reflecting: NavigationContext.self) }

    func child(named name: String) -> TemplateValue? {
        guard let node = tree.nodes[id] else { return nil }  // a generated page: not in the tree
        var siblings: [String] { node.parent.flatMap { tree.nodes[$0]?.children } ?? [] }
        func neighbour(_ offset: Int) -> TemplateValue? {
            let siblings = siblings
            guard let position = siblings.firstIndex(of: id), siblings.indices.contains(position + offset) else {
                return nil
            }
            return entry(siblings[position + offset])
        }
        switch name {
        case "ancestors": return .list(tree.ancestors(of: id).map { entry($0) })
        case "parent": return node.parent.map { entry($0) }
        case "siblings": return .list(siblings.map { entry($0) })
        case "children": return .list(node.children.map { entry($0) })
        case "prev": return neighbour(-1)
        case "next": return neighbour(1)
        case "section": return entry(section)
        case "tree":
            let section = self.section
            // A section too big to repeat whole on every page (an imported documentation site of thousands of
            // pages: its output would grow with the square of its pages) is drawn as `branch`.
            if section != ContentTree.root, tree.nodes[section]!.size > Self.treeLimit {
                return .list(branch(of: section))
            }
            return .list(tree.nodes[section]!.children.map { entry($0, depth: section == ContentTree.root ? 0 : .max) })
        case "branch":
            return .list(branch(of: section))
        default: return nil
        }
    }

    /// The top-level folder node above the page, or the root for a page at the root; for a page of a version, the
    /// version's folder, so that a sidebar lists one version.
    private var section: String {
        let chain = tree.ancestors(of: id) + [id]
        let versions = config.versions
        if !versions.isEmpty,
            let folder = chain.last(where: { node in
                versions.list.contains { node == "dir:" + versions.root($0.name).dropFirst().dropLast() }
            })
        {
            return folder
        }
        return chain.count > 1 && chain[1].hasPrefix("dir:") ? chain[1] : ContentTree.root
    }

    /// The entries of a folder's children for `branch`: a window of `branchWidth` around the child on the way to
    /// the page (the first ones when none is), those on the way opened, and an entry for the rest.
    ///
    /// - Complexity: O(`branchWidth`) entries for each folder on the way to the page.
    private func branch(of folder: String) -> [TemplateValue] {
        let node = tree.nodes[folder]!
        let children = node.children
        let width = Self.branchWidth
        let onTheWay = way[folder].flatMap { tree.nodes[$0]?.position }
        let start = children.count <= width ? 0 : max(0, min((onTheWay ?? 0) - width / 2, children.count - width))
        let shown = children[start..<min(children.count, start + width)]
        var entries: [TemplateValue] = []
        if start > 0 { entries.append(more(start, in: node)) }
        for id in shown {
            guard active.contains(id), !(tree.nodes[id]?.children.isEmpty ?? true) else {
                entries.append(entry(id))
                continue
            }
            entries.append(
                .object(
                    NavigationEntry(key: nil) {
                        var entry = self.fields(id)
                        entry["children"] = .list(self.branch(of: id))
                        entry["hasChildren"] = .bool(true)
                        return entry
                    }))
        }
        let after = children.count - start - shown.count
        if after > 0 { entries.append(more(after, in: node)) }
        return entries
    }

    /// An entry standing for `count` entries `branch` leaves out: a link to their folder's page, which lists them.
    private func more(_ count: Int, in folder: ContentTree.Node) -> TemplateValue {
        .map([
            "title": .string("\(count) more"), "current": .bool(false), "active": .bool(false), "more": .bool(true),
            "url": folder.url.map(TemplateValue.string) ?? .bool(false),
            "link": folder.url.map { .string(config.link($0)) } ?? .bool(false),
            "children": .list([]), "hasChildren": .bool(false),
        ])
    }

    /// A node's entry. One off the way to the page is the same on every page of the tree: it names what it is made
    /// of (the tree, whose hash covers every title, address and child, the node and how deep it opens, and where
    /// links start), so that a theme's partial draws it once for all of them.
    private func entry(_ id: String, depth: Int = 0) -> TemplateValue {
        let key = active.contains(id) ? nil : "\(tree.hash)\u{1}\(config.rootPath)\u{1}\(id)\u{1}\(depth)"
        return .object(NavigationEntry(key: key) { self.fields(id, depth: depth) })
    }

    private func fields(_ id: String, depth: Int = 0) -> [String: TemplateValue] {
        let node = tree.nodes[id]!
        return [
            "title": .string(node.title), "current": .bool(id == self.id), "active": .bool(active.contains(id)),
            "url": node.url.map(TemplateValue.string) ?? .bool(false),
            "link": node.url.map { .string(config.link($0)) } ?? .bool(false),
            "children": .list(depth > 0 ? node.children.map { self.entry($0, depth: depth - 1) } : []),
            "hasChildren": .bool(depth > 0 && !node.children.isEmpty), "more": .bool(false),
        ]
    }
}

/// An entry of `page.nav`: a page or folder of the tree, its fields made when a template first reads one (an entry
/// whose partial was drawn before makes none).
private final class NavigationEntry: TemplateObject {
    let drawingKey: String?
    private let make: () -> [String: TemplateValue]
    private lazy var fields = make()

    init(key: String?, make: @escaping () -> [String: TemplateValue]) {
        self.drawingKey = key
        self.make = make
    }

    func child(named name: String) -> TemplateValue? { fields[name] }
    var text: String { TemplateValue.map(fields).text }
}

/// `tagLinks`: each of a page's tags as `name`, `slug`, `url` and `link`, made as a template goes through them, so that
/// the thousands of collection items whose templates draw no tag links cost nothing for them.
struct TagLinks: TemplateObject {
    var tags: [String]
    var config: SiteConfig

    var text: String { String(describing: self) }
    func child(named name: String) -> TemplateValue? { nil }

    var elements: [TemplateValue]? {
        tags.compactMap { name in
            let slug = Slug.of(name)
            guard !slug.isEmpty else { return nil }
            let url = TagPages.url(slug, prefix: config.languages.prefix(config.language)).rawValue
            return .map([
                "name": .string(name), "slug": .string(slug), "url": .string(url), "link": .string(config.link(url)),
            ])
        }
    }
}

/// `page.languages`: every language of the site, linked to the page's translation in it or, where there is none, to
/// the language's home; made only when a template draws it.
struct LanguageLinks: TemplateObject {
    var page: Page
    var url: String
    var translations: [Translation]
    var config: SiteConfig

    var text: String { String(describing: self) }
    func child(named name: String) -> TemplateValue? { nil }

    var elements: [TemplateValue]? {
        let languages = config.languages
        let byCode = Dictionary(translations.map { ($0.language, $0.url) }) { first, _ in first }
        return languages.list.map { language in
            let current = language.code == page.language
            let target = current ? url : byCode[language.code]
            return .object(
                LanguageLink(
                    code: language.code, name: language.name, url: target,
                    link: config.link(target ?? languages.prefix(of: language) + "/"), current: current,
                    translated: target != nil))
        }
    }
}

/// `page.menu`: the `menu` of `sectionsite.yml` with each entry's `link` under `baseURL`'s path, and `current`
/// (the entry is this page) and `active` (this page is the entry or under it) marked; an entry's `children` are
/// marked the same way, so menus may nest.
enum Menu {
    static func marked(_ menu: Value?, url: String, config: SiteConfig) -> Any? {
        guard case .list(let entries)? = menu else { return nil }
        return entries.map { mark($0, url: url, config: config) }
    }

    private static func mark(_ value: Value, url: String, config: SiteConfig) -> Any {
        guard case .map(let fields) = value else { return value.mustache }
        var entry = fields.mustache
        entry["current"] = false
        entry["active"] = false
        entry["children"] = [Any]()
        if let target = fields["url"]?.scalarText, !target.contains("://") {
            // Relative to the language's home: a language's own menu names its own pages.
            var path = config.languages.prefix(config.language) + "/" + target.drop { $0 == "/" }
            if !path.hasSuffix("/") && !(path.split(separator: "/").last?.contains(".") ?? false) { path += "/" }
            entry["link"] = config.link(path)
            entry["current"] = path == url
            entry["active"] = path == "/" ? url == "/" : url.hasPrefix(path)
        } else if let target = fields["url"]?.scalarText {
            entry["link"] = target
        }
        if case .list(let children)? = fields["children"] {
            entry["children"] = children.map { mark($0, url: url, config: config) }
            if !(entry["active"] as? Bool ?? false) {
                entry["active"] = (entry["children"] as! [Any]).contains {
                    ($0 as? [String: Any])?["active"] as? Bool ?? false
                }
            }
        }
        return entry
    }
}

/// One language of `page.translations` or `page.languages`. A type of its own rather than a dictionary: a site of
/// many languages draws one for each translation of every page, and the template engine finds a field of this
/// faster than a dictionary's.
struct LanguageLink: TemplateObject {
    var code: LanguageCode
    var name: String
    var url: String?
    var link: String
    var current: Bool
    var translated: Bool

    var text: String { String(describing: self) }

    func child(named key: String) -> TemplateValue? {
        switch key {
        case "code": .string(code.rawValue)
        case "name": .string(name)
        case "url": url.map(TemplateValue.string)
        case "link": .string(link)
        case "current": .bool(current)
        case "translated": .bool(translated)
        default: nil
        }
    }
}
