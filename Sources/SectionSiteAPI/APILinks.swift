import Foundation
import SectionSiteEngine
import SymbolKit

/// How the links of an API reference resolve: ``` ``Symbol`` ``` links by symbol path (as DocC finds them: in the
/// scope they are written in, with or without the module, with or without DocC's disambiguation), `doc:` links to
/// the catalogs' articles, and links written for DocC's URL layout; and what the site's own Markdown is given to link
/// into the reference (`symbolLinks`).
struct APILinks {
    let index: APIIndex
    let urls: APIURLs
    let catalogs: [String: Catalog]
    /// The path prefix of every link (`/`, or `/blog/` under a base URL with a path).
    let rootPath: String
    /// Symbols by their path (`Book/readingTime(pagesPerHour:)`), for ``` ``links`` ```.
    private var byPath: [String: [String]] = [:]
    /// Site paths of symbols and articles by their path in DocC's URL layout, lowercased, with and without the
    /// module (`orderedcollections/orderedset`, `orderedset`), for links written for DocC's pages.
    private var doccPaths: [String: String] = [:]
    /// Each symbol's site path by the paths a ``` ``link`` ``` may name it with: its own (`Book/isbn`) and with its
    /// module first (`Shelf/Book/isbn`); a module's name for its page. Of two symbols of one path (overloads), the
    /// first by identifier. Each article by its file name and by the module and that name (`GettingStarted`,
    /// `Shelf/GettingStarted`), for `<doc:GettingStarted>`.
    private(set) var symbolLinks = SymbolLinks()

    init(index: APIIndex, urls: APIURLs, catalogs: [String: Catalog], rootPath: String) {
        (self.index, self.urls, self.catalogs, self.rootPath) = (index, urls, catalogs, rootPath)
        for module in index.modules {
            for id in Self.allSymbols(of: module, in: index) {
                guard let entry = index[id] else { continue }
                byPath[entry.symbol.pathComponents.joined(separator: "/"), default: []].append(id)
            }
        }
        for key in byPath.keys { byPath[key]!.sort() }
        symbolLinks = makeLinks()
        // DocC's URL layout is the same paths lowercased; of two paths alike but for case, the first sorted.
        for (path, url) in symbolLinks.paths.sorted(by: { $0.key < $1.key }) where doccPaths[path.lowercased()] == nil {
            doccPaths[path.lowercased()] = url
        }
        for (name, article) in symbolLinks.articles.sorted(by: { $0.key < $1.key })
        where doccPaths[name.lowercased()] == nil {
            doccPaths[name.lowercased()] = article.url.rawValue
        }
    }

    private func makeLinks() -> SymbolLinks {
        var links = SymbolLinks()
        for module in index.modules {
            links.paths[module] = urls.moduleURL(module)
            for (path, ids) in byPath {
                guard let id = ids.first(where: { index[$0]?.module == module }), let url = urls.pageURL(id) else {
                    continue
                }
                if links.paths[path] == nil { links.paths[path] = url }
                links.paths[module + "/" + path] = url
            }
            for (name, path) in catalogs[module]?.pictures ?? [:] where links.pictures[name] == nil {
                links.pictures[name] = path
            }
            for article in catalogs[module]?.articles ?? [] {
                let link = SymbolLinks.Article(url: PageURL(urls.articleURL(article, of: module)), title: article.title)
                if links.articles[article.name] == nil { links.articles[article.name] = link }
                links.articles[module + "/" + article.name] = link
            }
        }
        return links
    }

    /// A warning for each topic of the catalogs that names no symbol, at its line.
    func topicWarnings() -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        for module in index.modules {
            for (key, page) in (catalogs[module]?.symbols ?? [:]).sorted(by: { $0.key < $1.key }) {
                let path = key.split(separator: "/").map(String.init)
                let scope = path.first == module ? Array(path.dropFirst()) : path
                for topic in page.topics {
                    for link in topic.links {
                        let place = page.linkLocations[link] ?? page.location
                        if link.hasPrefix("doc:") {
                            if article(link, from: module) == nil {
                                warnings.append(
                                    APIProblem.unknownTopicArticle(link).at(place))
                            }
                        } else if resolve(link, from: module, scope: scope) == nil && !index.modules.contains(link) {
                            warnings.append(
                                APIProblem.unknownTopicSymbol(link).at(place))
                        }
                    }
                }
            }
        }
        return warnings
    }

    /// The page a link written for DocC's URL layout leads to (`./orderedcollections/orderedset`, `../deque`,
    /// `/documentation/shelf/book#overview`), as a link; nil for any other link, which stays as written.
    func doccLink(_ destination: String) -> String? {
        var path = Substring(destination)
        guard
            path.hasPrefix("./") || path.hasPrefix("../") || path.hasPrefix("/documentation/")
                || path.hasPrefix("documentation/")
        else { return nil }
        var fragment = ""
        if let hash = path.firstIndex(of: "#") {
            fragment = String(path[hash...])
            path = path[..<hash]
        }
        let parts = path.split(separator: "/").filter { $0 != "." && $0 != ".." && $0 != "documentation" }
        guard !parts.isEmpty, let url = doccPaths[parts.joined(separator: "/").lowercased()] else { return nil }
        return link(url) + fragment
    }

    /// Markdown written in a module's catalog or doc comments with its links resolved: ``` ``links`` ``` in
    /// `scope` (a symbol's path), and links written for DocC's URL layout.
    func resolvingLinks(_ text: String, from module: String, scope: [String] = []) -> String {
        DocComment.resolvingLinks(text, link: { link($0, from: module, scope: scope) }, page: doccLink)
    }

    /// The article a topic's `doc:` link names: the module's own first, then any module's.
    func article(_ link: String, from module: String) -> (module: String, article: Catalog.Article)? {
        guard let (owner, last, _) = SymbolLinks.articleName(link) else { return nil }
        let modules = owner.map { [$0] } ?? [module] + index.modules.filter { $0 != module }
        for candidate in modules {
            if let article = catalogs[candidate]?.articles.first(where: { $0.name == last }) {
                return (candidate, article)
            }
        }
        return nil
    }

    /// A site path as a link from the output (with `baseURL`'s path).
    func link(_ path: String) -> String { rootPath + path.drop { $0 == "/" } }

    /// A ``` ``link`` ``` as the link to its symbol's page; nil when it names no documented symbol. Written in a
    /// symbol's documentation (`scope`, its path), a name is looked up in the symbol, then in each type around it,
    /// as DocC does: ``` ``isbn`` ``` in `Book`'s comment is `Book/isbn`.
    func link(_ target: String, from module: String, scope: [String] = []) -> String? {
        if target == module || index.modules.contains(target) { return link(urls.moduleURL(target)) }
        guard let id = resolve(target, from: module, scope: scope), let url = urls.pageURL(id) else { return nil }
        return link(url)
    }

    /// The symbol a ``` ``link`` ``` names: `Book`, `Shelf/add(_:)`, `Shelf/Shelf/add(_:)` (the module first),
    /// with or without DocC's disambiguation (`-swift.method`, `-5abc1`).
    func resolve(_ target: String, from module: String, scope: [String]) -> String? {
        for depth in stride(from: scope.count, through: 1, by: -1) {
            if let id = resolve(scope.prefix(depth).joined(separator: "/") + "/" + target, from: module) { return id }
        }
        return resolve(target, from: module)
    }

    /// The symbol an absolute ``` ``link`` ``` names.
    func resolve(_ target: String, from module: String) -> String? {
        var parts = target.split(separator: "/").map(String.init)
        if parts.count > 1, index.modules.contains(parts[0]), byPath[parts.joined(separator: "/")] == nil {
            parts.removeFirst()
        }
        let path = parts.joined(separator: "/")
        for candidate in [path, SymbolLinkPass.withoutDisambiguation(path)] {
            guard let ids = byPath[candidate] else { continue }
            return ids.first { index[$0]?.module == module } ?? ids.first
        }
        return nil
    }

    /// Every symbol of a module, members and extensions included.
    static func allSymbols(of module: String, in index: APIIndex) -> [String] {
        var ids = index.topLevel[module] ?? []
        var next = 0  // `ids` is the queue too
        while next < ids.count {
            ids += index.members[ids[next]] ?? []
            next += 1
        }
        for types in (index.extensions[module] ?? [:]).values { for members in types.values { ids += members } }
        return ids
    }
}
