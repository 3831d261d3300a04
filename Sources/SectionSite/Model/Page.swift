/// A page as written: one Markdown file's front matter, sections and body, before collections are resolved.
public struct Page: Sendable, Equatable {
    /// The file, relative to the site (`Content/posts/hello.md`).
    public var path: String
    /// The page's URL (`/posts/hello/`), its identity.
    public var url: String
    /// The folder under `Content/` that holds the page (`posts`, or `` for the root).
    public var folder: String
    /// Whether this is a folder's `index.md`.
    public var isIndex: Bool
    /// Every front matter key, for templates.
    public var frontMatter: [String: Value]
    /// The title (front matter, else the file name).
    public var title: String
    /// The date, when the page has one.
    public var date: PageDate?
    /// Drafts are left out unless the build asks for them.
    public var isDraft: Bool
    /// The summary from front matter; else the body's first paragraph is used.
    public var summary: String?
    /// The sort weight.
    public var weight: Int?
    /// Tags.
    public var tags: [String]
    /// The layout named in front matter, if any.
    public var layout: String?
    /// The page's own animation, over the site's.
    public var animation: AnimationConfiguration?
    /// The sections, in order.
    public var sections: [SectionSpec]
    /// The Markdown body, until it is rendered into `LoadedPage.blocks` (then empty).
    public var body: String
    /// Where the front matter ends and the body starts.
    public var bodyLocation: SourceLocation

    /// The location of the file's first line.
    public var location: SourceLocation { SourceLocation(file: path) }

    /// The URL, folder and index flag of a content path: `Content/posts/index.md` is `/posts/`.
    public static func route(_ path: String) -> (url: String, folder: String, isIndex: Bool) {
        var parts = path.split(separator: "/").map(String.init)
        if parts.first == "Content" { parts.removeFirst() }
        let file = parts.removeLast()
        let stem = file.hasSuffix(".md") ? String(file.dropLast(3)) : file
        let folder = parts.joined(separator: "/")
        if stem == "index" {
            return (parts.isEmpty ? "/" : "/\(folder)/", folder, true)
        }
        return ("/" + (parts + [stem]).joined(separator: "/") + "/", folder, false)
    }

}
