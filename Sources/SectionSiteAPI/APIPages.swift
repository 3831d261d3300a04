import Foundation
import SectionSiteEngine
import SymbolKit

/// A package's API reference as pages: one per module (its symbols in topic groups), one per type (its members in
/// groups, each with its whole documentation and an anchor), one per module whose types the package extends and
/// per type it extends, and one per article of the module's DocC catalog. Symbols keep their precise identifiers
/// as item identities, so an edit to one doc comment is one keyed patch.
struct APIPages {
    let index: APIIndex
    let settings: APISettings
    let rootPath: String
    /// The site folder: where the paths of the Swift files that errors name are relative to.
    let site: URL
    /// Each documented module's catalog.
    let catalogs: [String: Catalog]
    /// Symbols by their path (`Book/readingTime(pagesPerHour:)`), for ``` ``links`` ```.
    private var byPath: [String: [String]] = [:]
    /// Site paths of symbols and articles by their path in DocC's URL layout, lowercased, with and without the
    /// module (`orderedcollections/orderedset`, `orderedset`), for links written for DocC's pages.
    private var doccPaths: [String: String] = [:]
    /// What `symbolLinks()` gives.
    private var links = SymbolLinks()
    /// Each symbol's path below its module's page (`book/binding/`), made once: following the chain of parents
    /// for each link made the pages of 1,000 nested types take longer than two minutes.
    private var paths: [String: String] = [:]
    /// Each member's anchor on its page, made once: counting its overloads among its siblings for each link made a
    /// type of 20,000 members quadratic.
    private var anchors: [String: String] = [:]

    /// What a page is made from in the settings' file, for errors.
    private var location: SourceLocation { settings.location }

    /// Reads the modules' catalogs, within `bounds`; throws every catalog file that leads outside them at once.
    init(index: APIIndex, settings: APISettings, rootPath: String, site: URL, package: URL?, bounds: SourceBounds) throws {
        self.index = index
        self.site = site
        self.settings = settings
        self.rootPath = rootPath
        var catalogs: [String: Catalog] = [:]
        var errors: [Diagnostic] = []
        for module in index.modules {
            let catalog = Catalog(module: module, package: package, site: site, bounds: bounds)
            catalogs[module] = catalog
            errors += catalog.errors
        }
        if !errors.isEmpty { throw SectionSiteError(errors) }
        self.catalogs = catalogs
        (paths, anchors) = Self.places(index)
        for module in index.modules {
            for id in allSymbols(of: module) {
                guard let entry = index[id] else { continue }
                byPath[entry.symbol.pathComponents.joined(separator: "/"), default: []].append(id)
            }
        }
        for key in byPath.keys { byPath[key]!.sort() }
        links = makeLinks()
        // DocC's URL layout is the same paths lowercased; of two paths alike but for case, the first sorted.
        for (path, url) in links.paths.sorted(by: { $0.key < $1.key }) where doccPaths[path.lowercased()] == nil {
            doccPaths[path.lowercased()] = url
        }
        for (name, article) in links.articles.sorted(by: { $0.key < $1.key }) where doccPaths[name.lowercased()] == nil {
            doccPaths[name.lowercased()] = article.path
        }
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

    /// Every page of the reference.
    func pages() throws -> [SitePage] {
        var pages: [SitePage] = [try indexPage()]
        for module in index.modules {
            pages.append(try modulePage(module))
            var queue = (index.topLevel[module] ?? []).filter { index[$0]?.hasPage == true }
            var next = 0  // not removeFirst(), which moves the whole queue: 2,000 types made it quadratic
            while next < queue.count {
                let id = queue[next]
                next += 1
                pages.append(try typePage(id))
                queue += (index.members[id] ?? []).filter { index[$0]?.hasPage == true }
            }
            for (other, types) in (index.extensions[module] ?? [:]).sorted(by: { $0.key < $1.key }) {
                pages.append(try extendedModulePage(module, other: other, types: types))
                for (type, members) in types.sorted(by: { $0.key < $1.key }) {
                    pages.append(try extendedTypePage(module, other: other, type: type, members: members))
                }
            }
            for article in catalogs[module]?.articles ?? [] {
                pages.append(
                    try SitePage(
                        url: articleURL(article, of: module), title: article.title,
                        summary: Self.firstParagraph(article.markdown), layout: "api-article",
                        markdown: resolvingLinks(article.markdown, from: module),
                        fields: ["module": .string(module), "breadcrumbs": breadcrumbs([(module, moduleURL(module))])],
                        sections: [], location: article.location))
            }
        }
        return pages
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
                                warnings.append(Diagnostic(.warning, "topic <\(link)> names no article of the API reference", at: place))
                            }
                        } else if resolve(link, from: module, scope: scope) == nil && !index.modules.contains(link) {
                            warnings.append(Diagnostic(.warning, "topic ``\(link)`` names no symbol of the API reference", at: place))
                        }
                    }
                }
            }
        }
        return warnings
    }

    /// Each symbol's site path by the paths a ``` ``link`` ``` may name it with: its own (`Book/isbn`) and with its
    /// module first (`Shelf/Book/isbn`); a module's name for its page. Of two symbols of one path (overloads), the
    /// first by identifier.
    /// Each article by its file name and by the module and that name (`GettingStarted`, `Shelf/GettingStarted`), for
    /// `<doc:GettingStarted>`. Made once, in `init`.
    func symbolLinks() -> SymbolLinks { links }

    private func makeLinks() -> SymbolLinks {
        var links = SymbolLinks()
        for module in index.modules {
            links.paths[module] = moduleURL(module)
            for (path, ids) in byPath {
                guard let id = ids.first(where: { index[$0]?.module == module }), let url = pageURL(id) else { continue }
                if links.paths[path] == nil { links.paths[path] = url }
                links.paths[module + "/" + path] = url
            }
            for (name, path) in catalogs[module]?.pictures ?? [:] where links.pictures[name] == nil { links.pictures[name] = path }
            for article in catalogs[module]?.articles ?? [] {
                let link = SymbolLinks.Article(path: articleURL(article, of: module), title: article.title)
                if links.articles[article.name] == nil { links.articles[article.name] = link }
                links.articles[module + "/" + article.name] = link
            }
        }
        return links
    }

    /// The page a link written for DocC's URL layout leads to (`./orderedcollections/orderedset`, `../deque`,
    /// `/documentation/shelf/book#overview`), as a link; nil for any other link, which stays as written.
    private func doccLink(_ destination: String) -> String? {
        var path = Substring(destination)
        guard path.hasPrefix("./") || path.hasPrefix("../") || path.hasPrefix("/documentation/") || path.hasPrefix("documentation/") else { return nil }
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
    private func resolvingLinks(_ text: String, from module: String, scope: [String] = []) -> String {
        DocComment.resolvingLinks(text, link: { link($0, from: module, scope: scope) }, page: doccLink)
    }

    /// The site path of an article's page.
    private func articleURL(_ article: Catalog.Article, of module: String) -> String {
        moduleURL(module) + Self.slug(article.name) + "/"
    }

    /// The article a topic's `doc:` link names: the module's own first, then any module's.
    private func article(_ link: String, from module: String) -> (module: String, article: Catalog.Article)? {
        guard let (owner, last, _) = SymbolLinks.articleName(link) else { return nil }
        let modules = owner.map { [$0] } ?? [module] + index.modules.filter { $0 != module }
        for candidate in modules {
            if let article = catalogs[candidate]?.articles.first(where: { $0.name == last }) { return (candidate, article) }
        }
        return nil
    }

    /// An article as an item of a list: its title linked, and its first paragraph.
    private func articleItem(_ article: Catalog.Article, of module: String) -> ItemSpec {
        ItemSpec(
            id: "article:\(article.name)", cell: "api-symbol", body: Self.firstParagraph(article.markdown),
            fields: ["name": .string(article.title), "kind": .string("Article"), "link": .string(link(articleURL(article, of: module)))],
            location: location)
    }

    /// The items of a catalog's topic group: the symbols and articles it names, but those an earlier group took
    /// (`curated` holds their identities).
    private func topicItems(_ links: [String], from module: String, scope: [String] = [], curated: inout Set<String>) throws -> [ItemSpec] {
        var items: [ItemSpec] = []
        for link in links {
            if link.hasPrefix("doc:") {
                guard let (owner, article) = article(link, from: module), curated.insert("article:\(article.name)").inserted else { continue }
                items.append(articleItem(article, of: owner))
            } else if let id = resolve(link, from: module, scope: scope), curated.insert(id).inserted {
                items.append(try item(id))
            }
        }
        return items
    }

    // MARK: - Pages

    /// The reference's home (`/api/`): its modules.
    private func indexPage() throws -> SitePage {
        let items = index.modules.map { module in
            let overview = catalogs[module]?.symbols[module]?.overview ?? ""
            return ItemSpec(
                id: "module:\(module)", cell: "api-symbol", body: resolvingLinks(Self.firstParagraph(overview), from: module),
                fields: ["name": .string(module), "kind": .string("Module"), "link": .string(link(moduleURL(module)))], location: location)
        }
        var page = try SitePage(
            url: settings.url, title: "API Reference", summary: "The modules of the package.", layout: "api",
            fields: ["kind": .string("Reference")], sections: [section("modules", title: "Modules", items: items)], location: location)
        page.isFolderIndex = true
        return page
    }

    private func modulePage(_ module: String) throws -> SitePage {
        let catalog = catalogs[module]?.symbols[module]
        let symbols = index.topLevel[module] ?? []
        var sections: [SectionSpec] = []
        var curated = Set<String>()
        for (number, topic) in (catalog?.topics ?? []).enumerated() {
            let items = try topicItems(topic.links, from: module, curated: &curated)
            if !items.isEmpty { sections.append(section("topic-\(number + 1)", title: topic.title, items: items)) }
        }
        let articles = (catalogs[module]?.articles ?? []).filter { !curated.contains("article:\($0.name)") }
        if !articles.isEmpty {
            sections.append(section("articles", title: "Articles", items: articles.map { articleItem($0, of: module) }))
        }
        for (id, title, kinds) in Self.moduleGroups {
            let ids = symbols.filter { !curated.contains($0) && kinds.contains(index[$0]!.kind) }
            if !ids.isEmpty { sections.append(section(id, title: title, items: try ids.map { try item($0) })) }
        }
        let extended = (index.extensions[module] ?? [:]).keys.sorted()
        if !extended.isEmpty {
            let items = extended.map { other in
                ItemSpec(
                    id: "module:\(other)", cell: "api-symbol",
                    fields: ["name": .string(other), "kind": .string("Extended Module"), "link": .string(rootPath + String(moduleURL(module).dropFirst()) + Self.slug(other) + "/")],
                    location: location)
            }
            sections.append(section("extended-modules", title: "Extended Modules", items: items))
        }
        let overview = catalog.map { resolvingLinks($0.overview, from: module) } ?? ""
        var page = try SitePage(
            url: moduleURL(module), title: module, summary: overview.isEmpty ? "The \(module) module." : Self.firstParagraph(overview),
            layout: "api", markdown: overview,
            fields: ["kind": .string("Module"), "module": .string(module), "breadcrumbs": breadcrumbs([])],
            sections: sections, location: catalog?.location ?? location)
        page.isFolderIndex = true
        return page
    }

    private func typePage(_ id: String) throws -> SitePage {
        let entry = index[id]!
        let module = entry.module
        let doc = documentation(id)
        let catalogPage = catalogs[module]?.symbols[entry.symbol.pathComponents.joined(separator: "/")]
            ?? catalogs[module]?.symbols[([module] + entry.symbol.pathComponents).joined(separator: "/")]
        var markdown = doc.markdown
        if let overview = catalogPage?.overview, !overview.isEmpty {
            markdown += "\n\n" + resolvingLinks(overview, from: module)
        }
        let members = index.members[id] ?? []
        var sections: [SectionSpec] = []
        var curated = Set<String>()
        for (number, topic) in (catalogPage?.topics ?? []).enumerated() {
            let items = try topicItems(topic.links, from: module, scope: entry.symbol.pathComponents, curated: &curated)
            if !items.isEmpty { sections.append(section("topic-\(number + 1)", title: topic.title, items: items)) }
        }
        let own = members.filter { !curated.contains($0) && index.origin[$0] == nil }
        for (sectionID, title, kinds) in Self.memberGroups {
            let ids = own.filter { kinds.contains(index[$0]!.kind) }
            if !ids.isEmpty { sections.append(section(sectionID, title: title, items: try ids.map { try item($0) })) }
        }
        var inherited: [String: [String]] = [:]
        for member in members where !curated.contains(member) {
            if let origin = index.origin[member] { inherited[origin, default: []].append(member) }
        }
        for (origin, ids) in inherited.sorted(by: { $0.key < $1.key }) {
            sections.append(section("implementations-" + Self.slug(origin), title: "\(origin) Implementations", items: try ids.map { try item($0) }))
        }
        if let conformances = index.conformances[id], !conformances.isEmpty {
            let title = entry.kind == "protocol" ? "Inherits From" : "Conforms To"
            let items = conformances.map { conformance in
                var fields: [String: Value] = ["name": .string(conformance.name), "kind": .string("Protocol")]
                if let url = pageURL(conformance.id) { fields["link"] = .string(link(url)) }
                return ItemSpec(id: "conforms:" + conformance.id, cell: "api-relation", fields: fields, location: location)
            }
            sections.append(section("relationships", title: title, items: items))
        }
        let chain = index.chain(id)
        var crumbs: [(String, String)] = [(module, moduleURL(module))]
        for ancestor in chain.dropLast() { crumbs.append((index[ancestor]!.name, pageURL(ancestor)!)) }
        var fields = symbolFields(id)
        fields["module"] = .string(module)
        fields["breadcrumbs"] = breadcrumbs(crumbs)
        var page = try SitePage(
            url: pageURL(id)!, title: chain.map { index[$0]!.name }.joined(separator: "."),
            summary: doc.abstract.isEmpty ? nil : doc.abstract, layout: "api", markdown: markdown, fields: fields,
            sections: sections, location: sourceLocation(id))
        page.isFolderIndex = members.contains { index[$0]?.hasPage == true }  // its nested types are its children
        return page
    }

    private func extendedModulePage(_ module: String, other: String, types: [String: [String]]) throws -> SitePage {
        let items = types.keys.sorted().map { type in
            ItemSpec(
                id: "extended:\(other).\(type)", cell: "api-symbol",
                fields: ["name": .string(type), "kind": .string("Extended Type"), "link": .string(link(extendedURL(module, other, type)))],
                location: location)
        }
        var page = try SitePage(
            url: moduleURL(module) + Self.slug(other) + "/", title: other, summary: "What \(module) adds to \(other).", layout: "api",
            fields: ["kind": .string("Extended Module"), "module": .string(module), "breadcrumbs": breadcrumbs([(module, moduleURL(module))])],
            sections: [section("extended-types", title: "Extended Types", items: items)], location: location)
        page.isFolderIndex = true
        return page
    }

    private func extendedTypePage(_ module: String, other: String, type: String, members: [String]) throws -> SitePage {
        var sections: [SectionSpec] = []
        for (sectionID, title, kinds) in Self.memberGroups {
            let ids = members.filter { kinds.contains(index[$0]!.kind) }
            if !ids.isEmpty { sections.append(section(sectionID, title: title, items: try ids.map { try item($0) })) }
        }
        return try SitePage(
            url: extendedURL(module, other, type), title: type, summary: "What \(module) adds to \(other).\(type).", layout: "api",
            fields: [
                "kind": .string("Extended Type"), "module": .string(module),
                "breadcrumbs": breadcrumbs([(module, moduleURL(module)), (other, moduleURL(module) + Self.slug(other) + "/")]),
            ],
            sections: sections, location: location)
    }

    // MARK: - Items

    /// A symbol as an item: a type as a link to its page with its abstract, a member with its whole documentation.
    private func item(_ id: String) throws -> ItemSpec {
        let entry = index[id]!
        var fields = symbolFields(id)
        if entry.hasPage {
            fields["link"] = .string(link(pageURL(id)!))
            return ItemSpec(id: id, cell: "api-symbol", body: documentation(id).abstract, fields: fields, location: sourceLocation(id))
        }
        fields["anchor"] = .string(anchor(id))
        if let url = pageURL(id) { fields["link"] = .string(link(url)) }
        return ItemSpec(id: id, cell: "api-member", body: documentation(id).markdown, fields: fields, location: sourceLocation(id))
    }

    /// What templates see of a symbol: `name`, `kind` (as DocC names it), `declaration` (HTML), `availability`,
    /// `deprecated`.
    private func symbolFields(_ id: String) -> [String: Value] {
        let entry = index[id]!
        let symbol = entry.symbol
        var fields: [String: Value] = ["name": .string(entry.name), "kind": .string(symbol.kind.displayName), "symbolKind": .string(entry.kind)]
        if let declaration = symbol.mixins["declarationFragments"] as? SymbolGraph.Symbol.DeclarationFragments {
            fields["declaration"] = .string(Declaration.html(declaration.declarationFragments) { pageURL($0).map(link) })
        }
        if let availability = symbol.mixins["availability"] as? SymbolGraph.Symbol.Availability {
            var platforms: [Value] = []
            for item in availability.availability {
                let domain = item.domain?.rawValue ?? "*"
                if item.isUnconditionallyDeprecated || item.deprecatedVersion != nil {
                    var text = item.deprecatedVersion.map { "Deprecated in \(domain) \($0.major).\($0.minor)" } ?? "Deprecated"
                    if let renamed = item.renamed { text += ": use \(renamed)" } else if let message = item.message { text += ": \(message)" }
                    fields["deprecated"] = .string(text)
                }
                if let introduced = item.introducedVersion, domain != "*" {
                    platforms.append(.string("\(domain) \(introduced.major).\(introduced.minor)+"))
                }
            }
            if !platforms.isEmpty { fields["availability"] = .list(platforms) }
        }
        return fields
    }

    /// Where a symbol's doc comment starts in its Swift file (else the declaration, else `api:`): what a warning
    /// about a link in it points at. The path is relative to the site when the file is inside it.
    private func sourceLocation(_ id: String) -> SourceLocation {
        let symbol = index[id]!.symbol
        guard let place = symbol.mixins["location"] as? SymbolGraph.Symbol.Location, let url = place.url else { return location }
        let path = Site.shownPath(url, site: site)
        if let start = symbol.docComment?.lines.first?.range?.start {
            return SourceLocation(file: path, line: start.line + 1, column: start.character + 1)
        }
        return SourceLocation(file: path, line: place.position.line + 1, column: place.position.character + 1)
    }

    /// A symbol's doc comment as Markdown, links resolved.
    private func documentation(_ id: String) -> DocComment {
        let entry = index[id]!
        let lines = entry.symbol.docComment?.lines.map(\.text) ?? []
        return DocComment(lines: lines, link: { link($0, from: entry.module, scope: entry.symbol.pathComponents) }, page: doccLink)
    }

    private func section(_ id: String, title: String, items: [ItemSpec]) -> SectionSpec {
        SectionSpec(
            id: id, kind: "api", header: SupplementarySpec(kind: "header", fields: ["title": .string(title)], location: location),
            content: .items(items), location: location)
    }

    private func breadcrumbs(_ crumbs: [(String, String)]) -> Value {
        .list(
            [.map(["title": .string("API"), "link": .string(link(settings.url))])]
                + crumbs.map { .map(["title": .string($0.0), "link": .string(link($0.1))]) })
    }

    // MARK: - Where symbols are

    /// The module's page (`/api/shelf/`).
    func moduleURL(_ module: String) -> String { settings.url + Self.slug(module) + "/" }

    private func extendedURL(_ module: String, _ other: String, _ type: String) -> String {
        moduleURL(module) + Self.slug(other) + "/" + type.split(separator: ".").map { Self.slug(String($0)) }.joined(separator: "/") + "/"
    }

    /// A symbol's page, or its parent's page with its anchor; nil for a symbol of no documented module.
    func pageURL(_ id: String) -> String? {
        guard let entry = index[id] else { return nil }
        if entry.hasPage { return moduleURL(entry.module) + paths[id]! }
        if let parent = index.parent[id], let url = pageURL(parent) { return url + "#" + Self.fragment(anchor(id)) }
        if let other = entry.extendedModule, let type = index.extendedType[id], index.extensions[entry.module]?[other]?[type] != nil {
            return extendedURL(entry.module, other, type) + "#" + Self.fragment(anchor(id))
        }
        return moduleURL(entry.module) + "#" + Self.fragment(anchor(id))
    }

    /// A member's anchor on its page: its name, with `-2`, `-3` for overloads after the first by identifier.
    func anchor(_ id: String) -> String { anchors[id] ?? index[id]!.name }

    /// A site path as a link from the output (with `baseURL`'s path).
    private func link(_ path: String) -> String { rootPath + path.drop { $0 == "/" } }

    /// A ``` ``link`` ``` as the link to its symbol's page; nil when it names no documented symbol. Written in a
    /// symbol's documentation (`scope`, its path), a name is looked up in the symbol, then in each type around it,
    /// as DocC does: ``` ``isbn`` ``` in `Book`'s comment is `Book/isbn`.
    private func link(_ target: String, from module: String, scope: [String] = []) -> String? {
        if target == module || index.modules.contains(target) { return link(moduleURL(target)) }
        guard let id = resolve(target, from: module, scope: scope), let url = pageURL(id) else { return nil }
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
        if parts.count > 1, index.modules.contains(parts[0]), byPath[parts.joined(separator: "/")] == nil { parts.removeFirst() }
        let path = parts.joined(separator: "/")
        for candidate in [path, SymbolLinkPass.withoutDisambiguation(path)] {
            guard let ids = byPath[candidate] else { continue }
            return ids.first { index[$0]?.module == module } ?? ids.first
        }
        return nil
    }

    /// Every symbol of a module, members and extensions included.
    private func allSymbols(of module: String) -> [String] {
        var ids = index.topLevel[module] ?? []
        var next = 0  // `ids` is the queue too
        while next < ids.count {
            ids += index.members[ids[next]] ?? []
            next += 1
        }
        for types in (index.extensions[module] ?? [:]).values { for members in types.values { ids += members } }
        return ids
    }

    // MARK: - Groups and names

    /// The module page's groups of symbols no topic names, in DocC's order.
    static let moduleGroups: [(String, String, Set<String>)] = [
        ("classes", "Classes", ["class"]), ("structures", "Structures", ["struct"]), ("actors", "Actors", ["actor"]),
        ("enumerations", "Enumerations", ["enum"]), ("protocols", "Protocols", ["protocol"]),
        ("type-aliases", "Type Aliases", ["typealias"]), ("functions", "Functions", ["func"]),
        ("operators", "Operators", ["func.op"]), ("variables", "Variables", ["var"]), ("macros", "Macros", ["macro"]),
    ]

    /// A type page's groups of members no topic names, in DocC's order.
    static let memberGroups: [(String, String, Set<String>)] = [
        ("initializers", "Initializers", ["init"]), ("enumeration-cases", "Enumeration Cases", ["enum.case"]),
        ("instance-properties", "Instance Properties", ["property"]), ("instance-methods", "Instance Methods", ["method"]),
        ("subscripts", "Subscripts", ["subscript", "type.subscript"]), ("type-properties", "Type Properties", ["type.property"]),
        ("type-methods", "Type Methods", ["type.method"]), ("operators", "Operators", ["func.op"]),
        ("associated-types", "Associated Types", ["associatedtype"]), ("type-aliases", "Type Aliases", ["typealias"]),
        ("classes", "Classes", ["class"]), ("structures", "Structures", ["struct"]), ("actors", "Actors", ["actor"]),
        ("enumerations", "Enumerations", ["enum"]), ("protocols", "Protocols", ["protocol"]),
    ]

    /// A name in a URL: lowercased, as DocC writes its paths.
    static func slug(_ name: String) -> String { name.lowercased() }

    /// An anchor in a link: characters a fragment may not hold percent-encoded.
    static func fragment(_ anchor: String) -> String {
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@")
        return anchor.addingPercentEncoding(withAllowedCharacters: allowed) ?? anchor
    }

    /// The first paragraph of Markdown, as one line.
    static func firstParagraph(_ markdown: String) -> String {
        DocComment.firstParagraph(markdown.components(separatedBy: "\n"))
    }
}
