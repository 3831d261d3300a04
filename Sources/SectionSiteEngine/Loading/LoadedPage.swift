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
        var folder: String, url: PageURL, isIndex: Bool
        /// The date and weight; the title lowercased, for `sort: title`.
        var date: PageDate?, weight: Int?, sortTitle: String
        /// Whether the page has `aliases`, so that finding the alias pages passes over the others quickly.
        var hasAliases: Bool
        /// The page's language: collections list the pages of their own page's.
        var language: LanguageCode
    }

    /// What collections filter and sort by.
    let listing: Listing
    /// The page as written; its title is the front matter's, else the body's first `# ` heading, else the file's.
    let page: Page
    /// The body's top-level blocks as HTML; empty when they wait in a `BodyStore`.
    var blocks: [Markdown.Block] {
        if case .held(let blocks) = body { blocks } else { [] }
    }
    /// The body, in memory or in the build's scratch file until the page is rendered.
    let body: Kept<[Markdown.Block]>
    /// The front matter summary, else the plain text of the body's first paragraph, else empty.
    var summary: String { keptSummary.value }
    let keptSummary: Kept<String>
    /// The body's headings, in order, for the table of contents and the search index.
    var headings: [Markdown.Heading] { keptHeadings.value }
    let keptHeadings: Kept<[Markdown.Heading]>
    /// The HTML of each item's `body`, by item id.
    let itemBodies: [String: String]
    /// The relative links to `.md` files in the body and item bodies, already rewritten to page URLs; a later stage
    /// warns about those that lead to no page.
    let fileLinks: [FileLink]
    /// The files of the site its relative links name, and whether each was there, sorted
    /// (`Markdown.Document.linkedFiles`): when one comes or goes, the page is loaded again.
    let linkedFiles: [LinkTargets.FileLookup]
    /// Every link and image of the body and item bodies, for `sectionsite check`; empty unless the site is built
    /// with `BuildOptions.keepsLinks`, and for a page restored from the previous build's record.
    var links: [Link] { keptLinks.value }
    let keptLinks: Kept<[Link]>
    /// The body's plain text as far as the search index keeps it (`Markdown.textLimit`).
    var text: String { keptText.value }
    let keptText: Kept<String>
    /// A hash of the file's text and of the theme's templates that drew its Markdown (directives, render hooks):
    /// equal hashes mean the same page, so what depends on it need not be redone.
    let sourceHash: ContentDigest
    /// The hash of the file's text alone (`sourceHash` adds what the page depends on: templates, pictures, the
    /// URLs of the pages it links to): what a build compares a file read again with, to tell a touched file from
    /// a changed one.
    let textHash: ContentDigest
    /// `sourceHash` as a number, for hashing the members of a long list without reading text (or retaining it).
    var digest: UInt64 { sourceHash.value }
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
    /// The file's stamp when it was read; nil for a page read again by every build (given as text, or with
    /// `warnings`, which the record does not keep, and whose missing pictures may have come since).
    let stamp: FileStamp?
    /// The fence words of its code blocks that the highlighter knows no language for (sorted), said once per build.
    let unknownLanguages: [UnknownLanguage]
    /// What is wrong in the page but does not stop a build: a picture that cannot be found or read.
    let warnings: [Diagnostic]
    /// For a page restored from the previous build's record, where its record is in that file: the next record
    /// copies it from there while the page is this one (a page read again, or only touched, is another object).
    let recorded: Recorded?

    /// Where a page's record is in a record file.
    struct Recorded: Sendable {
        let store: BodyStore
        var place: BodyStore.Place
    }

    /// Creates a loaded page whose parts are in memory.
    convenience init(
        page: Page, blocks: [Markdown.Block], summary: String, headings: [Markdown.Heading] = [],
        itemBodies: [String: String] = [:], fileLinks: [FileLink] = [], linkedFiles: [LinkTargets.FileLookup] = [],
        links: [Link] = [], text: String = "",
        sourceHash: ContentDigest, textHash: ContentDigest? = nil, templatesUsed: Set<String> = [],
        images: [ImageUse] = [],
        fieldImages: [String: [String: ProcessedImage]] = [:],
        isComplete: Bool = true, collectionFolders: [String]? = nil, stamp: FileStamp? = nil,
        warnings: [Diagnostic] = [],
        unknownLanguages: [UnknownLanguage] = []
    ) {
        self.init(
            page: page, body: .held(blocks), summary: .held(summary), headings: .held(headings), itemBodies: itemBodies,
            fileLinks: fileLinks, linkedFiles: linkedFiles, links: .held(links), text: .held(text),
            sourceHash: sourceHash, textHash: textHash,
            templatesUsed: templatesUsed, images: images, fieldImages: fieldImages, isComplete: isComplete,
            collectionFolders: collectionFolders, stamp: stamp, warnings: warnings, unknownLanguages: unknownLanguages)
    }

    /// Creates a loaded page whose parts may wait in a `BodyStore`.
    init(
        page: Page, body: Kept<[Markdown.Block]>, summary: Kept<String>, headings: Kept<[Markdown.Heading]>,
        itemBodies: [String: String], fileLinks: [FileLink], linkedFiles: [LinkTargets.FileLookup] = [],
        links: Kept<[Link]>,
        text: Kept<String>,
        sourceHash: ContentDigest, textHash: ContentDigest? = nil, templatesUsed: Set<String>, images: [ImageUse],
        fieldImages: [String: [String: ProcessedImage]],
        isComplete: Bool, collectionFolders: [String]?, stamp: FileStamp?, listing: Listing? = nil,
        tagSlugs: [String]? = nil,
        warnings: [Diagnostic] = [], unknownLanguages: [UnknownLanguage] = [], recorded: Recorded? = nil
    ) {
        self.page = page
        self.recorded = recorded
        self.unknownLanguages = unknownLanguages
        self.body = body
        self.keptSummary = summary
        self.keptHeadings = headings
        self.itemBodies = itemBodies
        self.fileLinks = fileLinks
        self.linkedFiles = linkedFiles
        self.keptLinks = links
        self.keptText = text
        self.sourceHash = sourceHash
        self.textHash = textHash ?? sourceHash
        self.templatesUsed = templatesUsed
        self.images = images
        self.fieldImages = fieldImages
        self.isComplete = isComplete
        self.stamp = warnings.isEmpty ? stamp : nil
        self.warnings = warnings
        // What `page` gives, unless a copy of this page passes its own.
        self.listing =
            listing
            ?? Listing(
                folder: page.folder, url: page.url, isIndex: page.isIndex, date: page.date, weight: page.weight,
                sortTitle: page.title.lowercased(), hasAliases: !page.aliases.isEmpty, language: page.language)
        self.tagSlugs =
            tagSlugs
            ?? page.tags.reduce(into: []) { slugs, tag in
                let slug = Slug.of(tag)
                if !slug.isEmpty && !slugs.contains(slug) { slugs.append(slug) }
            }
        self.collectionFolders =
            collectionFolders
            ?? page.sections.compactMap {
                if case .collection(let query) = $0.content { query.from } else { nil }
            }
    }

    /// The page without what only rendering it reads (its body's blocks and its items' bodies): what a build that
    /// renders no more keeps for the lists, the search index, the link check, the warnings and the record.
    func withoutBody() -> LoadedPage {
        replacing(
            body: .held([]), itemBodies: [:], summary: keptSummary, headings: keptHeadings, links: keptLinks,
            text: keptText)
    }

    /// The page with its body, summary, headings, search text and links in `store` instead of in memory.
    func storingBody(in store: BodyStore) throws -> LoadedPage {
        var batch = BodyStore.Batch()  // one write for all of them
        func add<Value>(_ part: Kept<Value>) -> Int? {
            if case .held(let value) = part { batch.add(value) } else { nil }
        }
        let added = (add(body), add(keptSummary), add(keptHeadings), add(keptLinks), add(keptText))
        let places = try store.store(batch)
        func kept<Value>(_ part: Kept<Value>, _ index: Int?) -> Kept<Value> {
            index.map { .stored(store, places[$0]) } ?? part
        }
        return replacing(
            body: kept(body, added.0), itemBodies: itemBodies, summary: kept(keptSummary, added.1),
            headings: kept(keptHeadings, added.2), links: kept(keptLinks, added.3), text: kept(keptText, added.4))
    }

    /// A fence word the highlighter knows no language for, and where its first block is.
    struct UnknownLanguage: Sendable, Equatable {
        var word: String
        var location: SourceLocation

        /// The first use of each word, sorted by word.
        static func firstOfEach(_ uses: [UnknownLanguage]) -> [UnknownLanguage] {
            var seen = Set<String>()
            return uses.filter { seen.insert($0.word).inserted }.sorted { $0.word < $1.word }
        }
    }

    /// The same page, its file found with a new stamp and the same text.
    func stamped(_ stamp: FileStamp) -> LoadedPage {
        replacing(
            body: body, itemBodies: itemBodies, summary: keptSummary, headings: keptHeadings, links: keptLinks,
            text: keptText,
            stamp: stamp)
    }

    /// The page with these parts.
    private func replacing(
        body: Kept<[Markdown.Block]>, itemBodies: [String: String], summary: Kept<String>,
        headings: Kept<[Markdown.Heading]>,
        links: Kept<[Link]>, text: Kept<String>, stamp: FileStamp? = nil
    ) -> LoadedPage {
        LoadedPage(
            page: page, body: body, summary: summary, headings: headings, itemBodies: itemBodies, fileLinks: fileLinks,
            linkedFiles: linkedFiles, links: links, text: text, sourceHash: sourceHash, textHash: textHash,
            templatesUsed: templatesUsed,
            images: images,
            fieldImages: fieldImages, isComplete: isComplete, collectionFolders: collectionFolders,
            stamp: stamp ?? self.stamp,
            listing: listing, tagSlugs: tagSlugs, warnings: warnings, unknownLanguages: unknownLanguages,
            recorded: stamp == nil ? recorded : nil)  // the same record, its parts elsewhere; a new stamp is another
    }

    /// The body's blocks, read back from the store when they wait there.
    func bodyBlocks() throws -> [Markdown.Block] {
        try body.read()
    }

    static func == (lhs: LoadedPage, rhs: LoadedPage) -> Bool {
        lhs === rhs
            || (lhs.sourceHash == rhs.sourceHash && lhs.page == rhs.page && lhs.blocks == rhs.blocks
                && lhs.summary == rhs.summary && lhs.headings == rhs.headings && lhs.itemBodies == rhs.itemBodies
                && lhs.fileLinks == rhs.fileLinks && lhs.linkedFiles == rhs.linkedFiles && lhs.links == rhs.links
                && lhs.text == rhs.text
                && lhs.isComplete == rhs.isComplete)
    }
}
