import Foundation
import SystemPackage

/// What `stat` says of a file, in the same fields on Linux and on Darwin (whose `stat` names its times
/// `st_mtimespec` where glibc's names them `st_mtim`).
package struct FileStatus: Sendable, Equatable {
    /// Whether it is a folder.
    package var isFolder: Bool
    /// Whether it is a regular file.
    package var isFile: Bool
    /// The size in bytes.
    package var size: Int64
    /// The last change to its bytes, in nanoseconds since 1970.
    package var modified: Int64
    /// The last change to its bytes or its entry (a rename, a new owner), in nanoseconds since 1970.
    package var changed: Int64
    /// The device and inode: the same pair is the same file.
    package var device: UInt64
    package var inode: UInt64

    /// The status of the file at `path`, symbolic links followed; nil when there is none or it cannot be read.
    package static func of(_ path: FilePath) -> FileStatus? {
        var info = stat()
        guard path.withPlatformString({ stat($0, &info) }) == 0 else { return nil }
        #if canImport(Darwin)
        let (modified, changed) = (info.st_mtimespec, info.st_ctimespec)
        #else
        let (modified, changed) = (info.st_mtim, info.st_ctim)
        #endif
        let kind = info.st_mode & S_IFMT
        return FileStatus(
            isFolder: kind == S_IFDIR, isFile: kind == S_IFREG, size: Int64(info.st_size),
            modified: Int64(modified.tv_sec) * 1_000_000_000 + Int64(modified.tv_nsec),
            changed: Int64(changed.tv_sec) * 1_000_000_000 + Int64(changed.tv_nsec),
            device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(info.st_ino))
    }
}
