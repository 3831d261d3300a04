import Foundation

/// A page as written: one Markdown file's front matter, sections and body, before collections are resolved.
struct Page: Sendable, Equatable {
    /// What the page is made from: its file (`Content/posts/hello.md`), its program, or the site itself.
    var source: SourceID
    /// The page's URL (`/posts/hello/`), its identity.
    var url: PageURL
    /// The folder under `Content/` that holds the page (`posts`, or `` for the root).
    var folder: String
    /// Whether this is a folder's `index.md`.
    var isIndex: Bool
    /// Every front matter key, for templates.
    var frontMatter: [String: Value]
    /// The title (front matter, else the file name).
    var title: String
    /// The date, when the page has one.
    var date: PageDate?
    /// Drafts are left out unless the build asks for them.
    var isDraft: Bool
    /// The summary from front matter; else the body's first paragraph is used.
    var summary: String?
    /// The sort weight.
    var weight: Int?
    /// Tags.
    var tags: [String]
    /// Earlier URLs of the page, each to get a page that sends readers on.
    var aliases: [Alias] = []
    /// The layout named in front matter, if any.
    var layout: String?
    /// Where `layout:` is written, for the error when no template has that name.
    var layoutLocation: SourceLocation? = nil
    /// The page's own animation, over the site's.
    var animation: AnimationConfiguration?
    /// The sections, in order.
    var sections: [SectionSpec]
    /// The Markdown body, until it is rendered into `LoadedPage.blocks` (then empty).
    var body: String
    /// Where the front matter ends and the body starts.
    var bodyLocation: SourceLocation
    /// The language's code (`SiteLanguages`): the site's only language unless the site has `languages:`.
    var language: LanguageCode = ""
    /// What the page's translations share: its front matter's `translationKey`, else its path inside its
    /// language's folder (`posts/hello`, `docs/index` for a folder's list page).
    var translationKey = ""

    /// An earlier URL of a page, where it is written.
    struct Alias: Sendable, Equatable {
        /// A site path: a folder (`/old/path/`) or an HTML file (`/old/page.html`).
        var url: String
        /// Where the alias is written in the front matter.
        var location: SourceLocation

        /// The alias's output path: `old/path/index.html`, or the HTML file itself.
        var outputPath: OutputPath {
            let path = String(URLPath.decoded(url).dropFirst())
            return OutputPath(url.hasSuffix("/") ? path + "index.html" : path)
        }

        /// An alias as written, made a site path: a leading `/` added, and a trailing one unless it names an HTML
        /// file, percent-encoded as page URLs are; nil for anything that is not a plain path (a scheme, a query,
        /// `..`, nothing).
        static func normalized(_ written: String) -> String? {
            let text = written.trimmingCharacters(in: .whitespaces)
            // Dot segments are looked for once decoded too: `/%2e%2e/old.html` names the output's parent.
            guard !text.isEmpty, !text.contains("://"), !text.contains("?"), !text.contains("#"), !text.contains("\\"),
                URLPath.escape(fromFolder: text) == nil, URLPath.escape(url: text) == nil
            else { return nil }
            var path = text.hasPrefix("/") ? text : "/" + text
            let lower = path.lowercased()
            if !lower.hasSuffix(".html") && !lower.hasSuffix(".htm") && !path.hasSuffix("/") { path += "/" }
            while path.contains("//") { path = path.replacingOccurrences(of: "//", with: "/") }
            return path == "/" ? nil : URLPath.normalized(path)
        }
    }

    /// The location of the file's first line; for a page a program defines, where it is defined.
    var location: SourceLocation {
        bodyLocation.file == source.description ? SourceLocation(file: bodyLocation.file) : bodyLocation
    }

    /// The URL, folder and index flag of a content path: `Content/posts/index.md` (or `_index.md`, as Hugo names a
    /// folder's list page) is `/posts/`, and `Content/c#-notes.md` is `/c%23-notes/` (the URL percent-encoded, the
    /// folder as on disk).
    /// The translation key a file gives when front matter names none: its path inside its language's folder,
    /// without `Content/` and `.md` (`posts/hello`; `_index` is `index`).
    static func translationKey(inner path: SourcePath) -> String {
        var key = path.inContent ?? path.rawValue
        if key.hasSuffix(".md") { key.removeLast(3) }
        if key == "_index" || key.hasSuffix("/_index") { key = String(key.dropLast("_index".count)) + "index" }
        return key
    }

    /// Gives the page its language and translation key from its path and front matter (`translationKey`).
    /// `source` is the file whose place stands for the page's (a page a program defines at `/fr/menu/` is where
    /// `Content/fr/menu.md` would be: in French).
    mutating func placeIn(_ languages: SiteLanguages, source: SourcePath? = nil) {
        let (code, inner) = languages.locate(source ?? SourcePath(self.source.description))
        language = code
        translationKey = frontMatter["translationKey"]?.scalarText ?? Self.translationKey(inner: inner)
    }

    static func route(_ path: SourcePath) -> (url: String, folder: String, isIndex: Bool) {
        var parts = path.rawValue.split(separator: "/").map(String.init)
        if parts.first == "Content" { parts.removeFirst() }
        let file = parts.removeLast()
        let stem = file.hasSuffix(".md") ? String(file.dropLast(3)) : file
        let folder = parts.joined(separator: "/")
        if stem == "index" || stem == "_index" {
            return (parts.isEmpty ? "/" : URLPath.encoded("/\(folder)/"), folder, true)
        }
        return (URLPath.encoded("/" + (parts + [stem]).joined(separator: "/") + "/"), folder, false)
    }

}
