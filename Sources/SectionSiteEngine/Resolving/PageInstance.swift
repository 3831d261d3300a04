import SectionSiteDiff
/// One output page: a loaded page with its collections filled in and, for paginated lists, one slice of them.
struct PageInstance: Sendable, Equatable {
    /// The page it comes from.
    var source: LoadedPage
    /// Its URL: the page's, or `<url>page/N/` for the later pages of a paginated list.
    var url: PageURL
    /// The sections with their items.
    var sections: [PageSection]
    /// Where this page stands in a paginated list.
    var pagination: Pagination?
    /// A hash of everything the page is made from: its own file, the files of the pages its collections list (in
    /// order), its place in a pagination and its translations. Equal inputs with the same theme and settings render
    /// the same page.
    var inputs: String
    /// The page in each language that has it, itself among them; empty when it has no translation.
    var translations: [Translation] = []
    /// The same page in each version of the documentation, for the switcher; empty for a page of no version.
    var versions: [VersionLink] = []
    /// The members of this slice of a paginated section, until `Resolver.filled` makes their items just before the
    /// page is rendered: the items of every slice of a long list at once were most of a big build's peak (the
    /// 721 slices of a 36,000-page section, 100 MB).
    var pending: PendingItems? = nil

    /// The members of a slice of a paginated section, not yet items.
    /// About how much drawing the instance takes, in items (its cells, one for the page itself): to start the
    /// heavy ones first when rendering on many cores, so that no core is left with a list page at the end.
    var cost: Int {
        sections.reduce(1) { $0 + $1.items.count } + (pending?.members.count ?? 0)
    }

    struct PendingItems: Sendable, Equatable {
        /// The section's place in `sections`.
        var section: Int
        /// The pages listed, as positions in the resolver's pages, and their item ids when they are not the pages'
        /// URLs.
        var members: ArraySlice<Int>, ids: ArraySlice<String>?
    }

    /// The sections that have no item, pending ones counted.
    var emptySections: [PageSection] {
        sections.indices.filter { index in
            sections[index].items.isEmpty && (pending.map { $0.section != index || $0.members.isEmpty } ?? true)
        }.map { sections[$0] }
    }
}

/// A section ready to render; the file pipeline's `SectionModelType`.
struct PageSection: Sendable, Equatable, SectionModelType, IdentifiableType {
    /// The section as written.
    var spec: SectionSpec
    /// Its items, resolved.
    var items: [PageItem]

    /// The section's `id`.
    var identity: String { spec.id }

    /// Creates a section.
    init(spec: SectionSpec, items: [PageItem]) {
        self.spec = spec
        self.items = items
    }

    /// A copy with other items.
    init(original: PageSection, items: [PageItem]) {
        self.init(spec: original.spec, items: items)
    }
}

/// An item ready to render: identity, cell kind and the data its template sees.
struct PageItem: Sendable, Equatable, IdentifiableType {
    /// Unique in the page: the item's `id`, or a collection page's URL.
    var id: String
    /// The cell kind: the item's, else its section's.
    var cell: String
    /// The template's data.
    var fields: [String: Value]
    /// The item's Markdown rendered as HTML, when it has a body.
    var bodyHTML: String?
    /// Where the item is written (for a collection item: where its section is).
    var location: SourceLocation
    /// For a collection item, the source hash of the page it stands for.
    var sourceHash: ContentDigest?
    /// HTML made by a Swift program, drawn instead of the cell's template.
    var html: String? = nil
    /// The fields that name a local picture: the template sees the picture's files.
    var images: [String: ProcessedImage] = [:]

    /// The item's id.
    var identity: String { id }
}

/// A page's place in a paginated list.
struct Pagination: Sendable, Equatable {
    /// This page's number, from 1.
    var current: Int
    /// The number of pages.
    var total: Int
    /// The URL of each page, first to last.
    var urls: [String]
}
