/// A page read from disk with its body already parsed: what the later stages need of one Markdown file.
///
/// A class with constant properties, so the lists and maps of thousands of pages that collections and the live
/// preview keep are copied by reference, not field by field.
public final class LoadedPage: Sendable, Equatable {
    /// The page as written.
    public let page: Page
    /// The body's top-level blocks as HTML.
    public let blocks: [Markdown.Block]
    /// The front matter summary, else the plain text of the body's first paragraph, else empty.
    public let summary: String
    /// A hash of the file's text: equal hashes mean the same page, so what depends on it need not be redone.
    public let sourceHash: String

    /// Creates a loaded page.
    public init(page: Page, blocks: [Markdown.Block], summary: String, sourceHash: String) {
        self.page = page
        self.blocks = blocks
        self.summary = summary
        self.sourceHash = sourceHash
    }

    public static func == (lhs: LoadedPage, rhs: LoadedPage) -> Bool {
        lhs === rhs
            || (lhs.sourceHash == rhs.sourceHash && lhs.page == rhs.page && lhs.blocks == rhs.blocks
                && lhs.summary == rhs.summary)
    }
}
