/// A page read from disk with its body already parsed: what the later stages need of one Markdown file.
public struct LoadedPage: Sendable, Equatable {
    /// The page as written.
    public var page: Page
    /// The body's top-level blocks as HTML.
    public var blocks: [Markdown.Block]
    /// The front matter summary, else the plain text of the body's first paragraph, else empty.
    public var summary: String
    /// A hash of the file's text: equal hashes mean the same page, so what depends on it need not be redone.
    public var sourceHash: String
}
