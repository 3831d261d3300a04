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
    /// The site folder: where the paths of the Swift files that errors name are relative to.
    let site: URL
    /// Each documented module's catalog.
    let catalogs: [String: Catalog]
    /// Where each page and symbol is.
    let urls: APIURLs
    /// How links written in the catalogs and doc comments resolve.
    let links: APILinks

    /// What a page is made from in the settings' file, for errors.
    private var location: SourceLocation { settings.location }

    /// Reads the modules' catalogs, within `bounds`; throws every catalog file that leads outside them at once.
    init(
        index: APIIndex, settings: APISettings, rootPath: String, site: URL, package: URL?, bounds: SourceBounds
    ) throws {
        var catalogs: [String: Catalog] = [:]
        var errors: [Diagnostic] = []
        for module in index.modules {
            let catalog = Catalog(module: module, package: package, site: site, bounds: bounds)
            catalogs[module] = catalog
            errors += catalog.errors
        }
        if !errors.isEmpty { throw SectionSiteError(errors) }
        (self.index, self.settings, self.site, self.catalogs) = (index, settings, site, catalogs)
        urls = APIURLs(index: index, root: settings.url)
        links = APILinks(index: index, urls: urls, catalogs: catalogs, rootPath: rootPath)
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
                        url: urls.articleURL(article, of: module), title: article.title,
                        summary: Self.firstParagraph(article.markdown), layout: "api-article",
                        markdown: links.resolvingLinks(article.markdown, from: module),
                        fields: [
                            "module": .string(module), "breadcrumbs": breadcrumbs([(module, urls.moduleURL(module))]),
                        ],
                        sections: [], location: article.location))
            }
        }
        return pages
    }

    /// An article as an item of a list: its title linked, and its first paragraph.
    private func articleItem(_ article: Catalog.Article, of module: String) -> ItemSpec {
        ItemSpec(
            id: "article:\(article.name)", cell: "api-symbol", body: Self.firstParagraph(article.markdown),
            fields: [
                "name": .string(article.title), "kind": .string("Article"),
                "link": .string(links.link(urls.articleURL(article, of: module))),
            ],
            location: location)
    }

    /// The items of a catalog's topic group: the symbols and articles it names, but those an earlier group took
    /// (`curated` holds their identities).
    private func topicItems(
        _ named: [String], from module: String, scope: [String] = [], curated: inout Set<String>
    ) throws -> [ItemSpec] {
        var items: [ItemSpec] = []
        for link in named {
            if link.hasPrefix("doc:") {
                guard let (owner, article) = links.article(link, from: module),
                    curated.insert("article:\(article.name)").inserted
                else { continue }
                items.append(articleItem(article, of: owner))
            } else if let id = links.resolve(link, from: module, scope: scope), curated.insert(id).inserted {
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
                id: "module:\(module)", cell: "api-symbol",
                body: links.resolvingLinks(Self.firstParagraph(overview), from: module),
                fields: [
                    "name": .string(module), "kind": .string("Module"),
                    "link": .string(links.link(urls.moduleURL(module))),
                ], location: location)
        }
        var page = try SitePage(
            url: settings.url, title: "API Reference", summary: "The modules of the package.", layout: "api",
            fields: ["kind": .string("Reference")], sections: [section("modules", title: "Modules", items: items)],
            location: location)
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
                    fields: [
                        "name": .string(other), "kind": .string("Extended Module"),
                        "link": .string(links.link(urls.moduleURL(module) + APIURLs.slug(other) + "/")),
                    ],
                    location: location)
            }
            sections.append(section("extended-modules", title: "Extended Modules", items: items))
        }
        let overview = catalog.map { links.resolvingLinks($0.overview, from: module) } ?? ""
        var page = try SitePage(
            url: urls.moduleURL(module), title: module,
            summary: overview.isEmpty ? "The \(module) module." : Self.firstParagraph(overview),
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
        let catalogPage =
            catalogs[module]?.symbols[entry.symbol.pathComponents.joined(separator: "/")]
            ?? catalogs[module]?.symbols[([module] + entry.symbol.pathComponents).joined(separator: "/")]
        var markdown = doc.markdown
        if let overview = catalogPage?.overview, !overview.isEmpty {
            markdown += "\n\n" + links.resolvingLinks(overview, from: module)
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
            sections.append(
                section(
                    "implementations-" + APIURLs.slug(origin), title: "\(origin) Implementations",
                    items: try ids.map { try item($0) }))
        }
        if let conformances = index.conformances[id], !conformances.isEmpty {
            let title = entry.kind == "protocol" ? "Inherits From" : "Conforms To"
            let items = conformances.map { conformance in
                var fields: [String: Value] = ["name": .string(conformance.name), "kind": .string("Protocol")]
                if let url = urls.pageURL(conformance.id) { fields["link"] = .string(links.link(url)) }
                return ItemSpec(
                    id: "conforms:" + conformance.id, cell: "api-relation", fields: fields, location: location)
            }
            sections.append(section("relationships", title: title, items: items))
        }
        let chain = index.chain(id)
        var crumbs: [(String, String)] = [(module, urls.moduleURL(module))]
        for ancestor in chain.dropLast() { crumbs.append((index[ancestor]!.name, urls.pageURL(ancestor)!)) }
        var fields = symbolFields(id)
        fields["module"] = .string(module)
        fields["breadcrumbs"] = breadcrumbs(crumbs)
        var page = try SitePage(
            url: urls.pageURL(id)!, title: chain.map { index[$0]!.name }.joined(separator: "."),
            summary: doc.abstract.isEmpty ? nil : doc.abstract, layout: "api", markdown: markdown, fields: fields,
            sections: sections, location: sourceLocation(id))
        page.isFolderIndex = members.contains { index[$0]?.hasPage == true }  // its nested types are its children
        return page
    }

    private func extendedModulePage(_ module: String, other: String, types: [String: [String]]) throws -> SitePage {
        let items = types.keys.sorted().map { type in
            ItemSpec(
                id: "extended:\(other).\(type)", cell: "api-symbol",
                fields: [
                    "name": .string(type), "kind": .string("Extended Type"),
                    "link": .string(links.link(urls.extendedURL(module, other, type))),
                ],
                location: location)
        }
        var page = try SitePage(
            url: urls.moduleURL(module) + APIURLs.slug(other) + "/", title: other,
            summary: "What \(module) adds to \(other).", layout: "api",
            fields: [
                "kind": .string("Extended Module"), "module": .string(module),
                "breadcrumbs": breadcrumbs([(module, urls.moduleURL(module))]),
            ],
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
            url: urls.extendedURL(module, other, type), title: type,
            summary: "What \(module) adds to \(other).\(type).", layout: "api",
            fields: [
                "kind": .string("Extended Type"), "module": .string(module),
                "breadcrumbs": breadcrumbs([
                    (module, urls.moduleURL(module)), (other, urls.moduleURL(module) + APIURLs.slug(other) + "/"),
                ]),
            ],
            sections: sections, location: location)
    }

    // MARK: - Items

    /// A symbol as an item: a type as a link to its page with its abstract, a member with its whole documentation.
    private func item(_ id: String) throws -> ItemSpec {
        let entry = index[id]!
        var fields = symbolFields(id)
        if entry.hasPage {
            fields["link"] = .string(links.link(urls.pageURL(id)!))
            return ItemSpec(
                id: id, cell: "api-symbol", body: documentation(id).abstract, fields: fields,
                location: sourceLocation(id))
        }
        let anchor = urls.anchor(id)
        fields["anchor"] = .string(anchor.id)
        fields["anchorLink"] = .string(anchor.link)
        if let url = urls.pageURL(id) { fields["link"] = .string(links.link(url)) }
        return ItemSpec(
            id: id, cell: "api-member", body: documentation(id).markdown, fields: fields, location: sourceLocation(id))
    }

    /// What templates see of a symbol: `name`, `kind` (as DocC names it), `declaration` (HTML), `availability`,
    /// `deprecated`.
    private func symbolFields(_ id: String) -> [String: Value] {
        let entry = index[id]!
        let symbol = entry.symbol
        var fields: [String: Value] = [
            "name": .string(entry.name), "kind": .string(symbol.kind.displayName), "symbolKind": .string(entry.kind),
        ]
        if let declaration = symbol.mixins["declarationFragments"] as? SymbolGraph.Symbol.DeclarationFragments {
            fields["declaration"] = .string(
                Declaration.html(declaration.declarationFragments) { urls.pageURL($0).map(links.link) })
        }
        if let availability = symbol.mixins["availability"] as? SymbolGraph.Symbol.Availability {
            var platforms: [Value] = []
            for item in availability.availability {
                let domain = item.domain?.rawValue ?? "*"
                if item.isUnconditionallyDeprecated || item.deprecatedVersion != nil {
                    var text =
                        item.deprecatedVersion.map { "Deprecated in \(domain) \($0.major).\($0.minor)" } ?? "Deprecated"
                    if let renamed = item.renamed {
                        text += ": use \(renamed)"
                    } else if let message = item.message {
                        text += ": \(message)"
                    }
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
        guard let place = symbol.mixins["location"] as? SymbolGraph.Symbol.Location, let url = place.url else {
            return location
        }
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
        return DocComment(
            lines: lines, link: { links.link($0, from: entry.module, scope: entry.symbol.pathComponents) },
            page: links.doccLink)
    }

    private func section(_ id: String, title: String, items: [ItemSpec]) -> SectionSpec {
        SectionSpec(
            id: id, kind: "api",
            header: SupplementarySpec(kind: "header", fields: ["title": .string(title)], location: location),
            content: .items(items), location: location)
    }

    private func breadcrumbs(_ crumbs: [(String, String)]) -> Value {
        .list(
            [.map(["title": .string("API"), "link": .string(links.link(settings.url))])]
                + crumbs.map { .map(["title": .string($0.0), "link": .string(links.link($0.1))]) })
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
        ("instance-properties", "Instance Properties", ["property"]),
        ("instance-methods", "Instance Methods", ["method"]),
        ("subscripts", "Subscripts", ["subscript", "type.subscript"]),
        ("type-properties", "Type Properties", ["type.property"]),
        ("type-methods", "Type Methods", ["type.method"]), ("operators", "Operators", ["func.op"]),
        ("associated-types", "Associated Types", ["associatedtype"]), ("type-aliases", "Type Aliases", ["typealias"]),
        ("classes", "Classes", ["class"]), ("structures", "Structures", ["struct"]), ("actors", "Actors", ["actor"]),
        ("enumerations", "Enumerations", ["enum"]), ("protocols", "Protocols", ["protocol"]),
    ]

    /// The first paragraph of Markdown, as one line.
    static func firstParagraph(_ markdown: String) -> String {
        DocComment.firstParagraph(markdown.components(separatedBy: "\n"))
    }
}
