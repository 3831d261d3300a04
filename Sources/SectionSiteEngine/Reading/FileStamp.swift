import Foundation
import SystemPackage

/// A file's size and modification time: what an incremental build compares to tell whether a file changed
/// without reading it.
package struct FileStamp: Sendable, Equatable {
    /// The size in bytes.
    var size: Int64
    /// The modification time in nanoseconds since 1970.
    var modified: Int64

    /// What a page a program defines is recorded with: it has no file, so an incremental build takes it for a file
    /// that is gone, and the page is made again from its definition (or removed when it has none any more).
    static let noFile = FileStamp(size: -1, modified: 0)

    /// The stamp of the file at `path`, or nil when it cannot be read.
    package static func of(_ path: FilePath) -> FileStamp? {
        FileStatus.of(path).map { FileStamp(size: $0.size, modified: $0.modified) }
    }
}
