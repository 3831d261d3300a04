import Foundation

/// Lists files under a folder, as sorted relative paths, following no symbolic links out of it.
enum FileTree {
    /// Every regular file under `folder`, relative to it, sorted; hidden files and folders are skipped.
    static func files(under folder: URL) -> [String] {
        guard
            let enumerator = FileManager.default.enumerator(
                at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { return [] }
        let base = folder.standardizedFileURL.resolvingSymlinksInPath().path
        var files: [String] = []
        for case let url as URL in enumerator {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            let full = url.standardizedFileURL.resolvingSymlinksInPath().path
            guard full.hasPrefix(base + "/") else { continue }
            files.append(String(full.dropFirst(base.count + 1)))
        }
        return files.sorted()
    }
}
