import Foundation

/// The HTML of page versions, one file each named by its version, in `.sectionsite/versions/`: what the next
/// build's patches start from, and where a build keeps each page it renders instead of in memory (read back once
/// to write the output, and again for a page that has patches to make).
package struct PageStore: Sendable {
    /// The folder.
    let folder: URL

    /// The file of a version.
    func file(_ version: String) -> URL {
        folder.appendingPathComponent("\(version).html")
    }

    /// The stored HTML of a version; nil when there is none.
    func html(of version: String) -> String? {
        try? String(contentsOf: file(version), encoding: .utf8)
    }

    /// Stores a version's HTML, unless it is stored already (a version names its content), and returns its file.
    /// Written under a name of its own and renamed, so that a file named by a version is always whole, even when a
    /// build is killed while rendering.
    @discardableResult
    func store(_ html: String, version: String) throws -> URL {
        let file = file(version)
        guard access(file.path, F_OK) != 0 else { return file }
        let temporary = folder.path + "/.\(version).\(getpid()).\(UInt(pthread_self())).tmp"
        do {
            try SiteWriter.writeFile(temporary, html)
        } catch {
            throw SiteWriter.writeError(error, at: file.path)  // a full disk says so as the output's writing does
        }
        guard rename(temporary, file.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw SectionSiteError("cannot store a page in \(folder.path): \(reason)")
        }
        return file
    }
}
