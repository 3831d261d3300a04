import Foundation
import SystemPackage

/// The URL of each Markdown file, for the links between pages (`[guide](guide.md)` becomes the guide's URL, which
/// its `url:`, `slug:`, file name date or the site's permalinks decide). Pages record their URL as they are
/// loaded, on every core; a link to a page not loaded yet reads that page's front matter. Each entry holds the
/// file's stamp, so an edited file is read again.
final class PageURLs: Sendable {
    let site: URL
    let permalinks: Permalinks
    /// Where a linked file may be read from: a link names a file by its text, and one that is a symbolic link out
    /// of the site is no page of it.
    let bounds: SourceBounds
    private let known = Locked<[SourcePath: (stamp: FileStamp?, url: PageURL)]>([:])

    init(site: URL, permalinks: Permalinks, bounds: SourceBounds) {
        self.site = site
        self.permalinks = permalinks
        self.bounds = bounds
    }

    /// Records the URL a page was given when it was loaded (or restored from the record).
    func record(_ path: SourcePath, url: PageURL, stamp: FileStamp?) {
        known.withLock { $0[path] = (stamp, url) }
    }

    /// The URL of the page at `path` (`Content/docs/guide.md`); a file that cannot be read or whose front matter
    /// is wrong has the URL of its path (its own error is reported where it is loaded).
    func url(of path: SourcePath) -> PageURL {
        let stamp = FileStamp.of(FilePath(path.in(site.path)))
        if let entry = known.withLock({ $0[path] }), entry.stamp == stamp || stamp == nil { return entry.url }
        let fallback = PageURL(Page.route(path).url)
        guard stamp != nil, bounds.allows(FilePath(path.in(site.path))),
            let text = try? SourceText.read(site.appendingPathComponent(path.rawValue), path: path.rawValue),
            let page = try? PageParser(path: path, permalinks: permalinks).parse(text)
        else { return fallback }
        record(path, url: page.url, stamp: stamp)
        return page.url
    }
}
