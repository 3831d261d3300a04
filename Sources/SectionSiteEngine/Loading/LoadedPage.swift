/// A page read from disk with its body already parsed: what the later stages need of one Markdown file.
///
/// A class with constant properties, so the lists and maps of thousands of pages that collections and the live
/// preview keep are copied by reference, not field by field.
final class LoadedPage: Sendable, Equatable {
    /// A relative link to a `.md` file, where it is written.
    struct FileLink: Sendable, Equatable {
        /// The link.
        var link: Markdown.FileLink
        /// Where it is written: exact in the body, the item's place in an item's body.
        var location: SourceLocation
    }

    /// A link or image of the body or an item's body as it ends up in the HTML, where it is written.
    struct Link: Sendable, Equatable {
        /// The destination in the HTML.
        var destination: String
        /// The destination as written (`guide.md` for `/docs/guide/`).
        var written: String
        /// Where it is written: exact in the body, the item's place in an item's body.
        var location: SourceLocation
    }

    /// A local picture the page shows, and where it is named: exact in the body, the item's place in an item's body.
    struct ImageUse: Sendable, Equatable {
        var image: ProcessedImage
        var location: SourceLocation
    }

    /// What collections filter and sort by, copied out of `page`: reading `page.folder` of a class's `let` copies
    /// the whole `Page` (a dozen reference-counted fields), and the preview filters every page of the site for each
    /// list an edit touches (this made a 10,000-page site's lists take 13 ms an edit instead of 1).
    struct Listing: Sendable, Equatable {
        /// The page's folder under `Content/`, its URL, and whether it is an index page.
        var folder: String, url: String, isIndex: Bool
        /// The date and weight; the title lowercased, for `sort: title`.
        var date: PageDate?, weight: Int?, sortTitle: String
        /// Whether the page has `aliases`, so that finding the alias pages passes over the others quickly.
        var hasAliases: Bool
        /// The page's language: collections list the pages of their own page's.
        var language: String
    }

    /// What collections filter and sort by.
    let listing: Listing
    /// The page as written; its title is the front matter's, else the body's first `# ` heading, else the file's.
    let page: Page
    /// The body's top-level blocks as HTML; empty when they wait in a `BodyStore` (`storedBody`).
    let blocks: [Markdown.Block]
    /// Where the body waits until the page is rendered, for a page a build keeps on disk.
    let storedBody: StoredBody?
    /// The front matter summary, else the plain text of the body's first paragraph, else empty.
    let summary: String
    /// The body's headings, in order, for the table of contents.
    let headings: [Markdown.Heading]
    /// The HTML of each item's `body`, by item id.
    let itemBodies: [String: String]
    /// The relative links to `.md` files in the body and item bodies, already rewritten to page URLs; a later stage
    /// warns about those that lead to no page.
    let fileLinks: [FileLink]
    /// Every link and image of the body and item bodies, for `sectionsite check`; empty unless the site is built
    /// with `BuildOptions.keepsLinks`, and for a page restored from the previous build's record.
    var links: [Link] { storedTextAndLinks?.readLinks() ?? heldLinks }
    /// The body's plain text as far as the search index keeps it (`Markdown.textLimit`).
    var text: String { storedTextAndLinks?.readText() ?? heldText }
    /// The links and text, when they are in memory.
    private let heldLinks: [Link], heldText: String
    /// Where the links and text wait, for a page a build keeps on disk.
    let storedTextAndLinks: StoredTextAndLinks?
    /// A hash of the file's text and of the theme's templates that drew its Markdown (directives, render hooks):
    /// equal hashes mean the same page, so what depends on it need not be redone.
    let sourceHash: String
    /// The theme's templates that drew part of its Markdown (`directives/row`, `hooks/link`): an edit to one loads
    /// the page again.
    let templatesUsed: Set<String>
    /// The local pictures the body and item bodies show, in order: their files are output, and an edit to one
    /// loads the page again.
    let images: [ImageUse]
    /// The fields that name a local picture, by item id (`""` for the page's own front matter), then field.
    let fieldImages: [String: [String: ProcessedImage]]
    /// The folders under `Content/` that the page's collections list (`.` for all), for what a change elsewhere
    /// may change.
    let collectionFolders: [String]
    /// The slugs of the page's tags, each once, in the order written: what tag pages and tag filters match.
    let tagSlugs: [String]
    /// False for a page restored from the previous build's record: enough for the collections that list it, not
    /// for rendering it, which first loads it again.
    let isComplete: Bool
    /// The file's stamp when it was read.
    let stamp: FileStamp?

    /// Creates a loaded page.
    init(
        page: Page, blocks: [Markdown.Block], summary: String, headings: [Markdown.Heading] = [],
        itemBodies: [String: String] = [:], fileLinks: [FileLink] = [], links: [Link] = [], text: String = "",
        sourceHash: String, templatesUsed: Set<String> = [], images: [ImageUse] = [],
        fieldImages: [String: [String: ProcessedImage]] = [:],
        isComplete: Bool = true,
        collectionFolders: [String]? = nil, stamp: FileStamp? = nil, storedBody: StoredBody? = nil,
        storedTextAndLinks: StoredTextAndLinks? = nil
    ) {
        self.page = page
        self.blocks = blocks
        self.storedBody = storedBody
        self.summary = summary
        self.headings = headings
        self.itemBodies = itemBodies
        self.fileLinks = fileLinks
        self.heldLinks = links
        self.heldText = text
        self.storedTextAndLinks = storedTextAndLinks
        self.sourceHash = sourceHash
        self.templatesUsed = templatesUsed
        self.images = images
        self.fieldImages = fieldImages
        self.isComplete = isComplete
        self.stamp = stamp
        self.listing = Listing(
            folder: page.folder, url: page.url, isIndex: page.isIndex, date: page.date, weight: page.weight,
            sortTitle: page.title.lowercased(), hasAliases: !page.aliases.isEmpty, language: page.language)
        var slugs: [String] = []
        for tag in page.tags {
            let slug = Slug.of(tag)
            if !slug.isEmpty && !slugs.contains(slug) { slugs.append(slug) }
        }
        self.tagSlugs = slugs
        self.collectionFolders =
            collectionFolders ?? page.sections.compactMap {
                if case .collection(let query) = $0.content { query.from } else { nil }
            }
    }

    /// The page without what only rendering it reads (its body's blocks and its items' bodies): what a build that
    /// renders no more keeps for the search index, the link check, the warnings and the record.
    func withoutBody() -> LoadedPage {
        replacingBody(itemBodies: [:], storedBody: nil, storedTextAndLinks: storedTextAndLinks)
    }

    /// The page with its body's blocks, its search text and its links in `store` instead of in memory.
    func storingBody(in store: BodyStore) throws -> LoadedPage {
        let kept = heldText.isEmpty && heldLinks.isEmpty
            ? storedTextAndLinks : try StoredTextAndLinks(text: heldText, links: heldLinks, in: store)
        return replacingBody(
            itemBodies: itemBodies, storedBody: StoredBody(store: store, place: try store.store(blocks)), storedTextAndLinks: kept)
    }

    /// The page with no blocks, text or links in memory, these item bodies and these stored parts.
    private func replacingBody(
        itemBodies: [String: String], storedBody: StoredBody?, storedTextAndLinks: StoredTextAndLinks?
    ) -> LoadedPage {
        LoadedPage(
            page: page, blocks: [], summary: summary, headings: headings, itemBodies: itemBodies, fileLinks: fileLinks,
            links: storedTextAndLinks == nil ? heldLinks : [], text: storedTextAndLinks == nil ? heldText : "",
            sourceHash: sourceHash, templatesUsed: templatesUsed, images: images,
            fieldImages: fieldImages, isComplete: isComplete, collectionFolders: collectionFolders, stamp: stamp,
            storedBody: storedBody, storedTextAndLinks: storedTextAndLinks)
    }

    /// The body's blocks, read back from the store when they wait there.
    func bodyBlocks() throws -> [Markdown.Block] {
        try storedBody?.blocks() ?? blocks
    }

    static func == (lhs: LoadedPage, rhs: LoadedPage) -> Bool {
        lhs === rhs
            || (lhs.sourceHash == rhs.sourceHash && lhs.page == rhs.page && lhs.blocks == rhs.blocks
                && lhs.summary == rhs.summary && lhs.headings == rhs.headings && lhs.itemBodies == rhs.itemBodies
                && lhs.fileLinks == rhs.fileLinks && lhs.links == rhs.links && lhs.text == rhs.text && lhs.isComplete == rhs.isComplete)
    }
}
