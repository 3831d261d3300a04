/// A file's path under the output folder, without a leading slash, as the file is named on disk
/// (`posts/a/index.html`, `c#-notes/index.html`, `_sectionsite/sectionsite.js`). A type of its own, so that no page
/// URL stands in for one: a page's file and a file's page are the two conversions here, and there are no others.
package struct OutputPath: StringIdentifier {
    /// The path as the output folder names the file.
    package let rawValue: String

    package init(rawValue: String) { self.rawValue = rawValue }

    /// The file of a page: `/posts/a/` is `posts/a/index.html`, `/c%23-notes/` is `c#-notes/index.html`.
    package init(page url: PageURL) {
        rawValue = String(URLPath.decoded(url.rawValue).dropFirst()) + "index.html"
    }

    /// The page of a file, the other way round (`c#-notes/index.html` is `/c%23-notes/`); nil for a file that is
    /// not a folder's `index.html`.
    package var page: PageURL? {
        guard rawValue == "index.html" || rawValue.hasSuffix("/index.html") else { return nil }
        return PageURL(URLPath.encoded("/" + rawValue.dropLast("index.html".count)))
    }
}
