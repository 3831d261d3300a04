/// What a page is made from, and its key among the site's pages: a Markdown file, a page a program defines, or a
/// page the site makes itself (a tag page). One type where a string used to carry all three.
///
/// Ordered as their keys were when they were strings (a tag page's URL, then the files of `Content/`, then
/// `swift:<url>`), so that pages keep the order collections, slices and records give them.
package enum SourceID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// A Markdown file, by its path relative to the site folder (`Content/posts/a.md`).
    case file(SourcePath)
    /// A page a program defines (`SitePage`), by its URL.
    case program(PageURL)
    /// A page the site makes, by its URL: a tag page or the list of tags.
    case generated(PageURL)

    /// The key as the record of a build writes it: the path, `swift:<url>`, or the URL.
    package var description: String {
        switch self {
        case .file(let path): path.rawValue
        case .program(let url): "swift:" + url.rawValue
        case .generated(let url): url.rawValue
        }
    }

    /// The source a record's key names (`description`'s inverse).
    package init(recorded key: String) {
        if key.hasPrefix("swift:") {
            self = .program(PageURL(String(key.dropFirst("swift:".count))))
        } else if key.hasPrefix("/") {
            self = .generated(PageURL(key))
        } else {
            self = .file(SourcePath(key))
        }
    }

    /// The Markdown file's path; nil for any other source.
    var file: SourcePath? {
        if case .file(let path) = self { path } else { nil }
    }

    private var rank: Int {
        switch self {
        case .generated: 0
        case .file: 1
        case .program: 2
        }
    }

    private var value: String {
        switch self {
        case .file(let path): path.rawValue
        case .program(let url), .generated(let url): url.rawValue
        }
    }

    package static func < (a: SourceID, b: SourceID) -> Bool {
        a.rank != b.rank ? a.rank < b.rank : a.value < b.value
    }
}
