import Foundation
import SectionSiteDiff

/// A page defined by a Swift program: what front matter says of a Markdown page, and sections of the program's own
/// types drawn by a `SectionedDataSource`, as a table view draws its sections.
///
/// The data source runs when the page is made: its cells and supplementary views become the page's items and
/// views, which go through the same pipeline as those of Markdown pages (collections list the page, the theme's
/// layout wraps it, `build` writes it with its patch feed, `serve` patches open tabs, `check` checks its links).
///
/// ```swift
/// let page = try SitePage(url: "/menu/", title: "Menu", sections: menu, dataSource: dataSource)
/// ```
public struct SitePage: Sendable, Equatable {
    /// The page's URL, its identity (`/menu/`).
    public var url: String
    /// The title.
    public var title: String
    /// The date, when the page has one (for feeds and `sort: date`).
    public var date: Date?
    /// The summary lists and feeds show; else the Markdown's first paragraph.
    public var summary: String?
    /// Tags, as front matter's `tags`.
    public var tags: [String]
    /// The sort weight, as front matter's `weight`.
    public var weight: Int?
    /// The theme's layout (`layouts/<name>.mustache`), `page` when nil.
    public var layout: String?
    /// Left out of the site unless it is built with drafts.
    public var isDraft: Bool
    /// Markdown shown as the page's body, below its sections as the layout places `{{{body}}}`.
    public var markdown: String
    /// How patches of this page animate, over the site's `animation`.
    public var animation: AnimationConfiguration?
    /// The sections, as the data source drew them.
    var sections: [SectionSpec]
    /// The page data templates see as `page.<key>`.
    var fields: [String: Value]
    /// Where the program made the page: what errors about it point at.
    var location: SourceLocation
    /// Whether the page stands for the folder its URL names, as a folder's `index.md` does, so that the pages
    /// under its URL are its children in the navigation tree (the API reference's module and type pages).
    package var isFolderIndex = false
    /// What the preview's edit mode may do on the page, and the data source's handler; nil when nothing.
    package var editing: ProgramEditing?

    /// A page of sections drawn by `dataSource`.
    ///
    /// The data source runs now, once per item and view: what it draws is what the page holds.
    ///
    /// - Parameters:
    ///   - url: the page's URL, a site path (`/menu/`; `menu` is taken as `/menu/`), percent-encoded as a Markdown
    ///     page's is (`/café/` becomes `/caf%C3%A9/`).
    ///   - title: the title layouts, lists, feeds and the search index show.
    ///   - date: the date, for feeds and `sort: date`.
    ///   - summary: what lists and feeds show; else the Markdown's first paragraph.
    ///   - tags: tags, which put the page on tag pages.
    ///   - weight: the sort weight, for `sort: weight` and navigation.
    ///   - layout: the theme's layout, `page` when nil.
    ///   - isDraft: leaves the page out unless the site is built with drafts.
    ///   - markdown: the page's body, as a Markdown file's.
    ///   - animation: how patches of this page animate, over the site's `animation`.
    ///   - data: any `Encodable` value whose properties templates see as `page.<name>`.
    ///   - sections: the sections; their identities and their items' identities are the keys patches use, so
    ///     they must be unique in the page (section identities: letters, digits, `-` and `_`).
    ///   - dataSource: draws each item's cell and each section's header and footer.
    ///   - fileID: where the page is made, for errors: leave the default.
    ///   - line: the line where the page is made, for errors: leave the default.
    /// - Throws: `SectionSiteError` at the call's place when an identity is repeated or not allowed, or whatever
    ///   the data source's closures throw.
    public init<Section: AnimatableSectionModelType>(
        url: String, title: String, date: Date? = nil, summary: String? = nil, tags: [String] = [],
        weight: Int? = nil, layout: String? = nil, isDraft: Bool = false, markdown: String = "",
        animation: AnimationConfiguration? = nil, data: (any Encodable)? = nil,
        sections: [Section], dataSource: SectionedDataSource<Section>,
        fileID: String = #fileID, line: Int = #line
    ) throws where Section.Item: IdentifiableType & Equatable {
        try self.init(
            url: url, title: title, date: date, summary: summary, tags: tags, weight: weight, layout: layout,
            isDraft: isDraft, markdown: markdown, animation: animation, data: data, fileID: fileID, line: line)
        var sectionPlaces = Set<String>()
        var itemPlaces = Set<String>()
        var cells: [String: SectionedDataSource<Section>.Cell] = [:]
        for section in sections {
            let id = "\(section.identity)"
            guard PageParser.isValidSectionID(id) else { throw PageProblem.badSectionID(id).error(at: location) }
            guard sectionPlaces.insert(id).inserted else {
                throw PageProblem.duplicateSection(id, page: url).error(at: location)
            }
            let items = try section.items.map { item -> ItemSpec in
                let itemID = "\(item.identity)"
                guard !itemID.isEmpty else { throw PageProblem.emptyItemIdentity(section: id).error(at: location) }
                guard itemPlaces.insert(itemID).inserted else {
                    throw PageProblem.duplicateItem(itemID, page: url).error(at: location)
                }
                let cell = try dataSource.configureCell(section, item)
                cells[itemID] = cell
                return ItemSpec(
                    id: itemID, cell: cell.kind, body: nil, fields: cell.fields ?? [:], location: location,
                    html: cell.fields == nil ? cell.html : nil)
            }
            func view(_ kind: SectionedDataSource<Section>.SupplementaryKind) throws -> SupplementarySpec? {
                if let view = try dataSource.configureSupplementaryView?(section, kind) {
                    return SupplementarySpec(
                        kind: view.kind, fields: view.fields ?? [:], location: location,
                        html: view.fields == nil ? view.html : nil)
                }
                let title =
                    kind == .header
                    ? dataSource.titleForHeaderInSection?(section) : dataSource.titleForFooterInSection?(section)
                // As front matter's `header: Title`: the theme's plain `header` or `footer` view.
                return title.map {
                    SupplementarySpec(kind: kind.rawValue, fields: ["title": .string($0)], location: location)
                }
            }
            self.sections.append(
                SectionSpec(
                    id: id, kind: dataSource.kindForSection?(section), header: try view(.header),
                    footer: try view(.footer),
                    cell: nil, content: .items(items), location: location))
        }
        editing = ProgramEditing(sections, dataSource: dataSource, cells: cells)
    }

    /// A page without sections: Markdown and page data only.
    ///
    /// - Parameters:
    ///   - url: the page's URL, a site path (`/menu/`; `menu` is taken as `/menu/`), percent-encoded as a Markdown
    ///     page's is (`/café/` becomes `/caf%C3%A9/`).
    ///   - title: the title layouts, lists, feeds and the search index show.
    ///   - date: the date, for feeds and `sort: date`.
    ///   - summary: what lists and feeds show; else the Markdown's first paragraph.
    ///   - tags: tags, which put the page on tag pages.
    ///   - weight: the sort weight, for `sort: weight` and navigation.
    ///   - layout: the theme's layout, `page` when nil.
    ///   - isDraft: leaves the page out unless the site is built with drafts.
    ///   - markdown: the page's body, as a Markdown file's.
    ///   - animation: how patches of this page animate, over the site's `animation`.
    ///   - data: any `Encodable` value whose properties templates see as `page.<name>`.
    ///   - fileID: where the page is made, for errors: leave the default.
    ///   - line: the line where the page is made, for errors: leave the default.
    /// - Throws: `SectionSiteError` when `url` is not a site path, or when `data` cannot be encoded as a map.
    public init(
        url: String, title: String, date: Date? = nil, summary: String? = nil, tags: [String] = [],
        weight: Int? = nil, layout: String? = nil, isDraft: Bool = false, markdown: String = "",
        animation: AnimationConfiguration? = nil, data: (any Encodable)? = nil,
        fileID: String = #fileID, line: Int = #line
    ) throws {
        location = SourceLocation(file: fileID, line: line)
        guard let normalized = Self.normalizedURL(url) else { throw PageProblem.urlNotAPath(url).error(at: location) }
        self.url = normalized
        self.title = title
        self.date = date
        self.summary = summary
        self.tags = tags
        self.weight = weight
        self.layout = layout
        self.isDraft = isDraft
        self.markdown = markdown
        self.animation = animation
        self.sections = []
        self.fields = try data.map { try Value.fields(of: $0) } ?? [:]
    }

    /// A page whose sections a part of SectionSite made itself (the API reference), items with Markdown bodies
    /// among them; the identities must already be unique, as `init(sections:dataSource:)` checks.
    package init(
        url: String, title: String, summary: String? = nil, weight: Int? = nil, layout: String? = nil,
        markdown: String = "", fields: [String: Value] = [:], sections: [SectionSpec], location: SourceLocation
    ) throws {
        self.location = location
        guard let normalized = Self.normalizedURL(url) else { throw PageProblem.urlNotAPath(url).error(at: location) }
        (self.url, self.title, self.summary, self.weight, self.layout) = (normalized, title, summary, weight, layout)
        (self.date, self.tags, self.isDraft, self.animation) = (nil, [], false, nil)
        (self.markdown, self.fields, self.sections) = (markdown, fields, sections)
    }

    /// The page's key among the site's pages.
    var source: SourceID { .program(PageURL(url)) }

    /// The Markdown file that would have this URL (`Content/menu.md` for `/menu/`): where the page's relative
    /// links start from, so `posts/a.md` leads where it would from that file.
    var markdownSource: SourcePath {
        SourcePath(url == "/" ? "Content/index.md" : "Content\(URLPath.decoded(url).dropLast()).md")
    }

    /// The page as the pipeline takes a Markdown file's: front matter, sections and body.
    var page: Page {
        let parts = URLPath.decoded(url).split(separator: "/").map(String.init)  // the folder as a file's would be
        return Page(
            source: source, url: PageURL(url),
            folder: (isFolderIndex ? parts : parts.dropLast()).joined(separator: "/"),
            isIndex: parts.isEmpty || isFolderIndex,
            frontMatter: fields, title: title, date: date.map { PageDate($0) }, isDraft: isDraft, summary: summary,
            weight: weight, tags: tags, layout: layout, animation: animation, sections: sections, body: markdown,
            bodyLocation: location)
    }

    /// A hash of everything the page holds, which stands for a Markdown page's file hash: equal hashes, same page.
    /// Every field of `SitePage` and of the specs it holds must be fed here: one left out would leave the page
    /// stale in incremental builds when only that field changes.
    var sourceHash: ContentDigest {
        var hash = ContentHash()
        for text in [url, title, summary ?? "\u{0}", layout ?? "\u{0}", markdown, tags.joined(separator: "\u{1}")] {
            hash.combine(text)
            hash.combine("\u{2}")
        }
        hash.combine(
            "\(date?.timeIntervalSince1970 ?? .nan) \(weight ?? .min) \(isDraft) \(String(describing: animation)) "
                + "\(isFolderIndex)"
        )
        let edits = editing.map { ($0.movable.sorted(), $0.editable.sorted { $0.key < $1.key }.map { "\($0)" }) }
        hash.combine("\(edits.map { "\($0)" } ?? "")")
        Value.map(fields).hash(into: &hash)
        for section in sections {
            hash.combine(
                "\u{3}\(section.id)\u{1}\(section.kind ?? "\u{0}")\u{1}\(section.cell ?? "\u{0}")\u{1}"
                    + String(describing: section.edit))
            for view in [section.header, section.footer] {
                hash.combine("\u{4}\(view?.kind ?? "\u{0}")\u{1}\(view?.html ?? "\u{0}")")
                Value.map(view?.fields ?? [:]).hash(into: &hash)
            }
            guard case .items(let items) = section.content else { continue }
            for item in items {
                hash.combine(
                    "\u{5}\(item.id)\u{1}\(item.cell ?? "")\u{1}\(item.html ?? "\u{0}")\u{1}\(item.body ?? "\u{0}")")
                Value.map(item.fields).hash(into: &hash)
            }
        }
        return hash.digest
    }

    /// A site path made whole: a leading `/` and a trailing one; nil for anything else than a plain path.
    static func normalizedURL(_ url: String) -> String? {
        if url == "/" { return url }
        guard let path = Page.Alias.normalized(url), path.hasSuffix("/") else { return nil }
        return path
    }
}

extension Value {
    /// The properties of an `Encodable` value, as JSON encodes it (dates as ISO 8601 text, keys as written).
    static func fields(of data: some Encodable) throws -> [String: Value] {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let json: Data
        do {
            json = try encoder.encode(data)
        } catch {
            throw PageProblem.notEncodable(type: "\(type(of: data))", error: "\(error)").error()
        }
        let text = String(decoding: json, as: UTF8.self)
        // JSON is YAML: the reader that reads data files keeps strings, numbers and booleans apart.
        let yaml = YAMLReader(path: "\(type(of: data))", firstLine: 1)
        guard let node = try yaml.compose(text), case .map(let fields) = yaml.value(node) else {
            throw PageProblem.notKeyed(type: "\(type(of: data))").error()
        }
        return fields
    }

    /// Feeds the value to `hash`, maps in key order, so equal values hash the same in every process.
    func hash(into hash: inout ContentHash) {
        switch self {
        case .string(let text): hash.combine("s\(text.utf8.count):\(text)")
        case .int(let number): hash.combine("i\(number);")
        case .double(let number): hash.combine("d\(number);")
        case .bool(let flag): hash.combine(flag ? "t" : "f")
        case .null: hash.combine("n")
        case .list(let values):
            hash.combine("[\(values.count)")
            for value in values { value.hash(into: &hash) }
        case .map(let fields):
            hash.combine("{\(fields.count)")
            for key in fields.keys.sorted() {
                hash.combine("\(key.utf8.count):\(key)")
                fields[key]!.hash(into: &hash)
            }
        }
    }
}
