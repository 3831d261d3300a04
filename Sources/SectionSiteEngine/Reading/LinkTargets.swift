import Foundation
import HashTreeCollections

/// What the Markdown stage knows of the rest of the site, read before it by the reading layer: the files of
/// `Content/` and `Static/` that the site may read (`FileTree` through `SourceBounds`: no hidden file, a symbolic link
/// only where it stays in bounds), and the URL of each page. A link to a file or to a page, and a picture named from
/// the site's root, are resolved from these values and never from the disk: links are no reason for rendering a page
/// to read anything but the page.
///
/// Kept in `Site.markdown` and written by loading alone: the files when the site's files are listed, a page's URL
/// when its front matter is parsed (or restored from the record), before any page's Markdown is rendered.
package struct LinkTargets: Sendable, Equatable {
    /// The files and folders under `Content/` (pages' Markdown aside) and `Static/`, by their path from the site
    /// folder, a folder's without a trailing `/` (`Content/docs`): a link may name either.
    package var files: TreeSet<SourcePath> = []
    /// The URL of each Markdown file that is a page, by its path.
    package var pageURLs: TreeDictionary<SourcePath, PageURL> = [:]

    package init(files: TreeSet<SourcePath> = [], pageURLs: TreeDictionary<SourcePath, PageURL> = [:]) {
        (self.files, self.pageURLs) = (files, pageURLs)
    }

    /// A file a link named, and whether it was among the files then: when that changes, so does the link.
    package struct FileLookup: Hashable, Sendable, Comparable {
        package var path: SourcePath
        package var found: Bool

        package init(_ path: SourcePath, found: Bool) { (self.path, self.found) = (path, found) }

        package static func < (a: FileLookup, b: FileLookup) -> Bool {
            a.path != b.path ? a.path < b.path : a.found && !b.found
        }
    }

    /// Looks up a file a link names.
    package func lookUp(_ path: SourcePath) -> FileLookup { FileLookup(path, found: files.contains(path)) }

    /// Whether any of `lookups` would find otherwise now: the page that made them draws its links another way.
    package func differs(from lookups: [FileLookup]) -> Bool {
        lookups.contains { $0.found != files.contains($0.path) }
    }

    /// The URL of the page at `path`: a file that is no page (missing, or not parsed) has the URL of its path.
    package func url(of path: SourcePath) -> PageURL {
        pageURLs[path] ?? PageURL(Page.route(path).url)
    }

    /// The files under `Content/` and `Static/` of the site at `site` that `bounds` lets it read.
    static func files(
        of site: URL, within bounds: SourceBounds, versions: SiteVersions = SiteVersions()
    ) -> TreeSet<SourcePath> {
        var files = TreeSet<SourcePath>()
        // The versions read from git have their files in their copies.
        let folders = [("Content", "Content"), ("Static", "Static")] + versions.fromGit.map { ($0.copy, $0.folder) }
        for (folder, named) in folders {
            for entry in FileTree.entries(under: site.appendingPathComponent(folder), within: bounds)
            where named == "Static" || !entry.hasSuffix(".md") {
                files.insert(SourcePath(named + "/" + (entry.hasSuffix("/") ? String(entry.dropLast()) : entry)))
            }
        }
        return files
    }
}
