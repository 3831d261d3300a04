import Foundation

/// The HTML of page versions, one file each named by its version, in `.sectionsite/versions/`: what the next
/// build's patches start from, and where a build keeps each page it renders instead of in memory (read back once
/// to write the output, and again for a page that has patches to make).
package struct PageStore: Sendable {
    /// The folder.
    let folder: URL
    /// Its path, to which each version's file name is added (a `URL` took a tenth of a second more for 10,000).
    private let folderPath: String

    init(folder: URL) {
        self.folder = folder
        self.folderPath = folder.path
    }

    /// The path of a version's file.
    func file(_ version: PageVersion) -> String {
        folderPath + "/" + version.rawValue + ".html"
    }

    /// The stored HTML of a version; nil when there is none (or the version is no hash, and names no file).
    func html(of version: PageVersion) -> String? {
        guard version.isHash else { return nil }
        return try? String(contentsOfFile: file(version), encoding: .utf8)
    }

    /// Whether a version's HTML is stored.
    func holds(_ version: PageVersion) -> Bool {
        version.isHash && access(file(version), F_OK) == 0
    }
}
