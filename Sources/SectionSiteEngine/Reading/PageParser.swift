import Foundation
import Yams

/// Turns one Markdown file's text into a `Page`: front matter keys, the `sections:` model, and the body.
struct PageParser {
    /// The file, relative to the site (`Content/posts/hello.md`).
    var path: SourcePath
    /// The site's permalink patterns, which with `url:`, `slug:` and the file's name say where the page goes.
    var permalinks = Permalinks()

    /// Parses `text`, the contents of the file at `path`. The title stays empty when front matter gives none.
    func parse(_ text: String) throws -> Page {
        let split = try FrontMatter.split(text, path: path)
        let yaml = YAMLReader(path: path.rawValue, firstLine: split.yamlFirstLine)
        let (url, folder, isIndex, language) = permalinks.route(path)
        var page = Page(
            source: .file(path), url: url, folder: folder, isIndex: isIndex, frontMatter: [:],
            title: "", date: nil, isDraft: false, summary: nil, weight: nil, tags: [],
            layout: nil, animation: nil, sections: [], body: split.body,
            bodyLocation: SourceLocation(path, line: split.bodyFirstLine))
        page.language = language
        // TOML is read as the YAML it says; JSON is YAML as it is.
        let text =
            split.format == .toml
            ? try TOMLFrontMatter.yaml(split.yaml, path: path, firstLine: split.yamlFirstLine) : split.yaml
        guard let root = try yaml.compose(text), !(root.scalar.map { $0.string.isEmpty } ?? false) else {
            page.date = Permalinks.fileName(path.stem, in: permalinks.timeZone).date
            if let url = try? permalinks.url(.init(path: path, date: page.date)) { page.url = url }
            page.placeIn(permalinks.languages)
            return page
        }
        var errors: [Diagnostic] = []  // every mistake of the front matter, not only the first
        var (ownSlug, ownURL): (String?, String?) = (nil, nil)
        var (urlLocation, slugLocation): (SourceLocation?, SourceLocation?) = (nil, nil)
        func attempt(_ body: () throws -> Void) { collect(into: &errors, body) }
        for (key, node, _) in try yaml.entries(root, what: "front matter") {
            switch key {
            case "title": attempt { page.title = try yaml.string(node, key: key) }
            case "date":
                attempt {
                    let text = try yaml.string(node, key: key)
                    guard let date = PageDate(parsing: text, in: permalinks.timeZone) else {
                        throw yaml.error(.badDate(text), at: node)
                    }
                    page.date = date
                }
            case "draft": attempt { page.isDraft = try yaml.bool(node, key: key) }
            case "summary": attempt { page.summary = try yaml.string(node, key: key) }
            case "weight": attempt { page.weight = try yaml.int(node, key: key) }
            case "tags": attempt { page.tags = try yaml.strings(node, key: key) }
            case "aliases": attempt { page.aliases = try Self.aliases(node, yaml: yaml) }
            case "layout":
                attempt { page.layout = try yaml.string(node, key: key) }
                page.layoutLocation = yaml.location(node)
            case "animation": attempt { page.animation = try Self.animation(node, yaml: yaml) }
            case "slug":
                attempt { ownSlug = try yaml.string(node, key: key) }
                slugLocation = yaml.location(node)
            case "translationKey": attempt { _ = try yaml.string(node, key: key) }
            case "url":
                attempt { ownURL = try yaml.string(node, key: key) }
                urlLocation = yaml.location(node)
            case "sections":
                // `sections:` with nothing after it (every section deleted) is a page without sections.
                if case .null = yaml.value(node) { break }
                page.sections = sections(node, yaml: yaml, errors: &errors)
                continue
            default: break
            }
            page.frontMatter[key] = yaml.value(node)
        }
        page.date = page.date ?? Permalinks.fileName(path.stem, in: permalinks.timeZone).date
        place(&page, url: (ownURL, urlLocation), slug: (ownSlug, slugLocation), errors: &errors)
        if !errors.isEmpty { throw SectionSiteError(inFileOrder: errors) }
        page.placeIn(permalinks.languages)
        return page
    }

    /// Each error `body` throws, added to `errors`.
    private func collect(into errors: inout [Diagnostic], _ body: () throws -> Void) {
        do { try body() } catch let error as SectionSiteError { errors += error.diagnostics } catch {
            errors.append(FileProblem.unreadable(reason: "\(error)").at(.file(path)))
        }
    }

    /// The sections of `sections:`, in order; each error among them added to `errors`.
    private func sections(_ node: Node, yaml: YAMLReader, errors: inout [Diagnostic]) -> [SectionSpec] {
        guard case .sequence(let list) = node else {
            errors.append(PageProblem.notAList("sections", of: "sections").at(yaml.location(node)))
            return []
        }
        var sections: [SectionSpec] = []
        var (sectionPlaces, itemPlaces): ([String: SourceLocation], [String: SourceLocation]) = ([:], [:])
        for sectionNode in list {
            collect(into: &errors) {
                let section = try parseSection(sectionNode, yaml: yaml, itemPlaces: &itemPlaces)
                if let earlier = sectionPlaces[section.id] {
                    let first = Diagnostic.Note(
                        location: earlier, message: "section '\(section.id)' first defined here")
                    throw PageProblem.duplicateSection(section.id).error(at: section.location, notes: [first])
                }
                sectionPlaces[section.id] = section.location
                sections.append(section)
            }
        }
        return sections
    }

    /// The page's URL from the permalinks with its own `url:` and `slug:` (each with its place); an `.html` URL of
    /// its own is kept as an alias, so that the old address sends readers on.
    private func place(
        _ page: inout Page, url: (String?, SourceLocation?), slug: (String?, SourceLocation?),
        errors: inout [Diagnostic]
    ) {
        let (ownURL, urlLocation) = url
        let (ownSlug, slugLocation) = slug
        do throws(Permalinks.Failure) {
            page.url = try permalinks.url(
                .init(
                    path: path, url: ownURL, slug: ownSlug, title: page.title.isEmpty ? nil : page.title,
                    date: page.date))
            // the old address sends readers on
            if let ownURL, ownURL.hasSuffix(".html"), let alias = Page.Alias.normalized(ownURL) {
                page.aliases.append(Page.Alias(url: alias, location: urlLocation ?? page.location))
            }
        } catch {
            switch error {
            case .url(let message): errors.append(PageProblem.badURL(message).at(urlLocation ?? page.location))
            case .slug(let message): errors.append(PageProblem.badSlug(message).at(slugLocation ?? page.location))
            case .date(let message): errors.append(PageProblem.noDateForPermalink(message).at(page.location))
            }
        }
    }

    /// A file's name without its folder and extension.
    private func parseSection(
        _ node: Node, yaml: YAMLReader, itemPlaces: inout [String: SourceLocation]
    ) throws -> SectionSpec {
        let location = yaml.location(node)
        let entries = try yaml.entries(node, what: "a section")
        guard let idNode = entries.first(where: { $0.key == "id" })?.node else {
            throw PageProblem.sectionWithoutID.error(at: location)
        }
        let id = try yaml.string(idNode, key: "id")
        guard Self.isValidSectionID(id) else { throw yaml.error(.badSectionID(id), at: idNode) }
        var section = SectionSpec(
            id: id, kind: nil, header: nil, footer: nil, cell: nil, content: .items([]), location: location)
        var items: [ItemSpec]?
        var query: CollectionQuery?
        var queryKeys: [String: Node] = [:]
        var data: (String, SourceLocation)?
        for (key, value, keyNode) in entries {
            switch key {
            case "id": break
            case "kind": section.kind = try yaml.string(value, key: key)
            case "cell": section.cell = try yaml.string(value, key: key)
            case "header", "footer":
                let view = try supplementary(value, defaultKind: key, yaml: yaml)
                if key == "header" { section.header = view } else { section.footer = view }
            case "items":
                guard case .sequence(let list) = value else {
                    throw yaml.error(.notAList("items", of: "items"), at: value)
                }
                items = try list.map { try parseItem($0, yaml: yaml, itemPlaces: &itemPlaces) }
            case "from", "sort", "limit", "tags", "paginate":
                queryKeys[key] = value
            case "data":
                let name = try yaml.string(value, key: key)
                var stem = name.hasPrefix("Data/") ? String(name.dropFirst(5)) : name
                if DataFile.extensions.contains((stem as NSString).pathExtension.lowercased()) {
                    stem = (stem as NSString).deletingPathExtension
                }
                data = (stem, yaml.location(value))
            case "edit": section.edit = try Self.editRules(value, yaml: yaml)
            default: throw yaml.error(.unknownSectionKey(key), at: keyNode)
            }
        }
        if !queryKeys.isEmpty {
            guard let fromNode = queryKeys["from"] else {
                let key = queryKeys.keys.sorted()[0]
                throw yaml.error(.queryWithoutFrom(key), at: queryKeys[key])
            }
            if items != nil { throw yaml.error(.itemsAndFrom(section: id), at: fromNode) }
            query = try collection(queryKeys, yaml: yaml)
        }
        if let (name, location) = data {
            if items != nil || query != nil {
                throw PageProblem.dataAndMore(section: id, other: items != nil ? "items" : "from").error(at: location)
            }
            section.content = .data(name, location)
            return section
        }
        section.content = query.map { .collection($0) } ?? .items(items ?? [])
        return section
    }

    private func collection(_ keys: [String: Node], yaml: YAMLReader) throws -> CollectionQuery {
        var query = CollectionQuery(from: ".", sort: .newestFirst, limit: nil, tags: [], paginate: nil)
        if let node = keys["from"] {
            query.from = try yaml.string(node, key: "from").trimmingCharacters(in: CharacterSet(charactersIn: "/"))
            if query.from.isEmpty { query.from = "." }
        }
        if let node = keys["sort"] {
            let text = try yaml.string(node, key: "sort")
            guard let sort = CollectionQuery.Sort(rawValue: text) else {
                throw yaml.error(.unknownSort(text), at: node)
            }
            query.sort = sort
        }
        if let node = keys["limit"] {
            query.limit = try yaml.int(node, key: "limit")
            guard query.limit! > 0 else { throw yaml.error(.notAboveZero("limit"), at: node) }
        }
        if let node = keys["tags"] { query.tags = try yaml.strings(node, key: "tags") }
        if let node = keys["paginate"] {
            query.paginate = try yaml.int(node, key: "paginate")
            guard query.paginate! > 0 else { throw yaml.error(.notAboveZero("paginate"), at: node) }
        }
        return query
    }

    private func parseItem(
        _ node: Node, yaml: YAMLReader, itemPlaces: inout [String: SourceLocation]
    ) throws -> ItemSpec {
        let location = yaml.location(node)
        var item = ItemSpec(id: "", cell: nil, body: nil, fields: [:], location: location)
        var hasID = false
        for (key, value, _) in try yaml.entries(node, what: "an item") {
            switch key {
            case "id":
                item.id = try yaml.string(value, key: key)
                hasID = !item.id.isEmpty
            case "cell": item.cell = try yaml.string(value, key: key)
            case "body": item.body = try yaml.string(value, key: key)
            default: item.fields[key] = yaml.value(value)
            }
        }
        guard hasID else { throw PageProblem.itemWithoutID.error(at: location) }
        if let earlier = itemPlaces[item.id] {
            let first = Diagnostic.Note(location: earlier, message: "item '\(item.id)' first defined here")
            throw PageProblem.duplicateItem(item.id).error(at: location, notes: [first])
        }
        itemPlaces[item.id] = location
        return item
    }

    private func supplementary(_ node: Node, defaultKind: String, yaml: YAMLReader) throws -> SupplementarySpec {
        let location = yaml.location(node)
        switch node {
        case .scalar(let scalar):
            return SupplementarySpec(kind: defaultKind, fields: ["title": .string(scalar.string)], location: location)
        case .mapping:
            guard case .map(var fields) = yaml.value(node) else { preconditionFailure("a mapping reads as a map") }
            let kind = fields.removeValue(forKey: "kind")?.scalarText ?? defaultKind
            return SupplementarySpec(kind: kind, fields: fields, location: location)
        default: throw PageProblem.notATitleOrMap(defaultKind).error(at: location)
        }
    }

    static func animation(_ node: Node, yaml: YAMLReader) throws -> AnimationConfiguration {
        var config = AnimationConfiguration()
        for (key, value, keyNode) in try yaml.entries(node, what: "'animation'") {
            let text = try yaml.string(value, key: key)
            func style() throws -> AnimationConfiguration.Style {
                guard let style = AnimationConfiguration.Style(rawValue: text) else {
                    let known = AnimationConfiguration.Style.allCases.map(\.rawValue).joined(separator: ", ")
                    throw yaml.error(.unknownAnimation(text, key: key, known: known), at: value)
                }
                return style
            }
            switch key {
            case "insert": config.insert = try style()
            case "delete": config.delete = try style()
            case "reload": config.reload = try style()
            case "move":
                guard let move = AnimationConfiguration.MoveStyle(rawValue: text) else {
                    throw yaml.error(.unknownMoveAnimation(text), at: value)
                }
                config.move = move
            default: throw yaml.error(.unknownAnimationKey(key), at: keyNode)
            }
        }
        return config
    }

    /// `edit: true`, `edit: false`, or `edit: {move: true, delete: true, fields: [title, price]}`.
    static func editRules(_ node: Node, yaml: YAMLReader) throws -> EditRules {
        guard case .mapping = node else { return try yaml.bool(node, key: "edit") ? .all : .none }
        var rules = EditRules.none
        for (key, value, keyNode) in try yaml.entries(node, what: "'edit'") {
            switch key {
            case "move": rules.move = try yaml.bool(value, key: key)
            case "delete": rules.delete = try yaml.bool(value, key: key)
            case "fields":
                if case .scalar(let scalar) = value, scalar.string == "all" {
                    rules.fields = nil
                } else {
                    rules.fields = try yaml.strings(value, key: key)
                }
            default: throw yaml.error(.unknownEditKey(key), at: keyNode)
            }
        }
        return rules
    }

    static func isValidSectionID(_ id: String) -> Bool {
        !id.isEmpty
            && id.unicodeScalars.allSatisfy {
                $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
            }
    }

    /// The title of a page that has none in front matter nor a `# ` heading: its file name, words capitalized.
    static func defaultTitle(_ path: SourcePath) -> String {
        let (url, _, isIndex) = Page.route(path)
        let last =
            isIndex ? url.split(separator: "/").last.map(String.init) ?? "Home" : Permalinks.fileName(path.stem).slug
        return last.replacingOccurrences(of: "-", with: " ").capitalized
    }

    /// `aliases`: a path or a list of paths, each made a site path (`Page.Alias.normalized`).
    static func aliases(_ node: Node, yaml: YAMLReader) throws -> [Page.Alias] {
        let nodes: [Node]
        switch node {
        case .scalar(let scalar): nodes = scalar.string.isEmpty ? [] : [node]
        case .sequence(let sequence): nodes = Array(sequence)
        default: throw yaml.error(.notAList("aliases", of: "paths"), at: node)
        }
        return try nodes.map { node in
            let text = try yaml.string(node, key: "aliases")
            guard let url = Page.Alias.normalized(text) else { throw yaml.error(.aliasNotAPath(text), at: node) }
            return Page.Alias(url: url, location: yaml.location(node))
        }
    }
}
