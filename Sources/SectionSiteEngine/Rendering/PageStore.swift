import Foundation

/// The HTML of page versions, one file each named by its version, in `.sectionsite/versions/`: what the next
/// build's patches start from, and where a build keeps each page it renders instead of in memory (read back once
/// to write the output, and again for a page that has patches to make).
package struct PageStore: Sendable {
    /// The folder.
    let folder: URL

    /// The file of a version.
    func file(_ version: PageVersion) -> URL {
        folder.appendingPathComponent(version.rawValue + ".html", isDirectory: false)  // without asking the disk
    }

    /// The stored HTML of a version; nil when there is none.
    func html(of version: PageVersion) -> String? {
        try? String(contentsOf: file(version), encoding: .utf8)
    }
}
