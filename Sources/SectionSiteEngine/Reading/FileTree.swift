import Foundation
import SystemPackage

/// Lists files under a folder, as sorted relative paths, without following symbolic links out of it.
package enum FileTree {
    /// Every regular file under `folder`, relative to it, sorted; hidden files and folders are skipped, and so are
    /// symbolic links, so nothing outside the folder is ever listed.
    ///
    /// - Complexity: one `readdir` pass per folder; no `stat` where the file system reports entry types.
    package static func files(under folder: URL) -> [String] {
        var walk = Walk(bounds: nil)
        walk.walk(folder.path, prefix: "")
        return walk.entries.sorted()
    }

    /// Every file and folder under `folder` that `bounds` lets a site read, relative to it (a folder's path ends in
    /// `/`): what `files(under:)` lists, its folders, and the symbolic links among them that lead to a file or folder
    /// inside the bounds (a folder of shared pictures that `readOutside:` names), followed once each. Hidden files
    /// and folders are skipped.
    ///
    /// - Complexity: `files(under:)`'s, and one `realpath(3)` per symbolic link.
    package static func entries(under folder: URL, within bounds: SourceBounds) -> [String] {
        var walk = Walk(bounds: bounds)
        walk.walk(folder.path, prefix: "")
        return walk.entries
    }

    /// One walk down a folder: without `bounds`, regular files only and no symbolic link; with them, folders too,
    /// and the links that stay inside them.
    private struct Walk {
        let bounds: SourceBounds?
        var entries: [String] = []
        /// The real paths of the folders reached through a link: each is followed once (a link above itself loops).
        var seen = Set<String>()

        mutating func walk(_ path: String, prefix: String) {
            guard let directory = opendir(path) else { return }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
                }
                guard !name.hasPrefix(".") else { continue }
                let full = path + "/" + name
                var type = Int32(entry.pointee.d_type)
                if type == Int32(DT_UNKNOWN) || (bounds != nil && type == Int32(DT_LNK)) {
                    var info = stat()
                    guard lstat(full, &info) == 0 else { continue }
                    if (info.st_mode & S_IFMT) == S_IFLNK {
                        guard let bounds, case .inside(let real) = bounds.place(FilePath(full)), stat(full, &info) == 0
                        else { continue }
                        if (info.st_mode & S_IFMT) == S_IFDIR && !seen.insert(real).inserted { continue }
                    }
                    type =
                        (info.st_mode & S_IFMT) == S_IFDIR
                        ? Int32(DT_DIR) : (info.st_mode & S_IFMT) == S_IFREG ? Int32(DT_REG) : -1
                }
                if type == Int32(DT_DIR) {
                    if bounds != nil { entries.append(prefix + name + "/") }
                    walk(full, prefix: prefix + name + "/")
                } else if type == Int32(DT_REG) {
                    entries.append(prefix + name)
                }
            }
        }
    }

    /// The names in one folder (not `.` and `..`), in the order the file system gives them; empty when it cannot be
    /// read. One `readdir` pass, without Foundation's bridging: the preview's poller lists every folder of a site
    /// at every look.
    package static func names(in folder: FilePath) -> [String] {
        guard let directory = folder.withPlatformString(opendir) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
