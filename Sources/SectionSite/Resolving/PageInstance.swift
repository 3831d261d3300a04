/// One output page: a loaded page with its collections filled in and, for paginated lists, one slice of them.
public struct PageInstance: Sendable, Equatable {
    /// The page it comes from.
    public var source: LoadedPage
    /// Its URL: the page's, or `<url>page/N/` for the later pages of a paginated list.
    public var url: String
    /// The sections with their items.
    public var sections: [PageSection]
    /// Where this page stands in a paginated list.
    public var pagination: Pagination?
    /// A hash of everything the page is made from: its own file, the files of the pages its collections list (in
    /// order), and its place in a pagination. Equal inputs with the same theme and settings render the same page.
    public var inputs: String
}

/// A section ready to render; the file pipeline's `SectionModelType`.
public struct PageSection: Sendable, Equatable, SectionModelType, IdentifiableType {
    /// The section as written.
    public var spec: SectionSpec
    /// Its items, resolved.
    public var items: [PageItem]

    /// The section's `id`.
    public var identity: String { spec.id }

    /// Creates a section.
    public init(spec: SectionSpec, items: [PageItem]) {
        self.spec = spec
        self.items = items
    }

    /// A copy with other items.
    public init(original: PageSection, items: [PageItem]) {
        self.init(spec: original.spec, items: items)
    }
}

/// An item ready to render: identity, cell kind and the data its template sees.
public struct PageItem: Sendable, Equatable, IdentifiableType {
    /// Unique in the page: the item's `id`, or a collection page's URL.
    public var id: String
    /// The cell kind: the item's, else its section's.
    public var cell: String
    /// The template's data.
    public var fields: [String: Value]
    /// The item's Markdown rendered as HTML, when it has a body.
    public var bodyHTML: String?
    /// Where the item is written (for a collection item: where its section is).
    public var location: SourceLocation
    /// For a collection item, the source hash of the page it stands for.
    public var sourceHash: String?
    /// HTML made by a Swift program, drawn instead of the cell's template.
    public var html: String? = nil

    /// The item's id.
    public var identity: String { id }
}

/// A page's place in a paginated list.
public struct Pagination: Sendable, Equatable {
    /// This page's number, from 1.
    public var current: Int
    /// The number of pages.
    public var total: Int
    /// The URL of each page, first to last.
    public var urls: [String]
}
