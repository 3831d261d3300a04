import Foundation
import SectionSiteEngine

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The new site's folder, written all at once: every file goes into a hidden folder beside it
/// (`.blog.importing-4242` for `blog`), which is renamed to the destination at the end. An import that fails or is
/// killed (`kill -9`) partway leaves no half-written site where the user asked for one, only that hidden folder,
/// which the next import into the same place removes once the process that wrote it is gone.
struct ImportDestination {
    /// The folder to make; it must not exist, or be an empty folder.
    let folder: URL

    /// The hidden folder an import by process `pid` writes into.
    func staging(pid: Int32) -> URL {
        folder.deletingLastPathComponent().appendingPathComponent(".\(folder.lastPathComponent).importing-\(pid)")
    }

    /// Refuses a destination that is a file, or a folder with something in it.
    func check() throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) else { return }
        guard isFolder.boolValue else {
            throw ImportProblem.destinationIsAFile(folder.path).error(at: .file(folder.path))
        }
        let entries = try ImportProblem.attempt({ .cannotList(folder.path, reason: $0) }, at: .file(folder.path)) {
            try FileManager.default.contentsOfDirectory(atPath: folder.path)
        }
        if !entries.isEmpty { throw ImportProblem.destinationNotEmpty(folder.path).error(at: .file(folder.path)) }
    }

    /// Writes `outputs` (paths relative to the new site) and moves them into place. Every path is checked before
    /// anything is written: one that would leave the destination (a `..` segment, say) stops the import.
    func write(_ outputs: [(path: String, data: Data)]) throws {
        for (path, _) in outputs {
            if let problem = URLPath.escape(fromFolder: path) ?? (path.isEmpty ? "it is empty" : nil) {
                throw ImportProblem.refusedPath(path, folder: folder.path, problem: problem).error(
                    at: .file(folder.path + "/" + path))
            }
        }
        let manager = FileManager.default
        let parent = folder.deletingLastPathComponent()
        try ImportProblem.attempt({ .cannotMakeFolder(parent.path, reason: $0) }, at: .file(parent.path)) {
            try manager.createDirectory(at: parent, withIntermediateDirectories: true)
        }
        removeLeftovers()
        let staging = staging(pid: getpid())
        try ImportProblem.attempt({ .cannotMakeFolder(staging.path, reason: $0) }, at: .file(staging.path)) {
            try manager.createDirectory(at: staging, withIntermediateDirectories: false)
        }
        do {
            for (path, data) in outputs {
                let target = staging.appendingPathComponent(path)
                let place = SourceLocation.file(folder.path + "/" + path)
                try ImportProblem.attempt({ .cannotMakeFolderFor(path, reason: $0) }, at: place) {
                    try manager.createDirectory(
                        at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                }
                try ImportProblem.attempt({ .cannotWrite(path, reason: $0) }, at: place) { try data.write(to: target) }
            }
            // rename(2) replaces an empty folder in one step, and fails on one something was written into meanwhile.
            guard rename(staging.path, folder.path) == 0 else {
                let reason = SystemReason.of(POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO))
                throw ImportProblem.cannotMove(staging.path, to: folder.path, reason: reason).error(
                    at: .file(folder.path))
            }
        } catch {
            try? manager.removeItem(at: staging)
            throw error
        }
    }

    /// Removes the hidden folders earlier imports into the same place left when they were killed.
    private func removeLeftovers() {
        StagingLeftovers.remove(
            in: folder.deletingLastPathComponent(), prefixes: [".\(folder.lastPathComponent).importing-"])
    }
}
