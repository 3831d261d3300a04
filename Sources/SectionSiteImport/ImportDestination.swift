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
            throw SectionSiteError("'\(folder.path)' is a file, not a folder; import into a new folder", at: .file(folder.path))
        }
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        } catch {
            throw SectionSiteError("could not list the folder '\(folder.path)': \(SystemReason.of(error))", at: .file(folder.path))
        }
        if !entries.isEmpty {
            throw SectionSiteError("'\(folder.path)' is not empty; import into a new folder", at: .file(folder.path))
        }
    }

    /// Writes `outputs` (paths relative to the new site) and moves them into place. Every path is checked before
    /// anything is written: one that would leave the destination (a `..` segment, say) stops the import.
    func write(_ outputs: [(path: String, data: Data)]) throws {
        for (path, _) in outputs {
            if let problem = URLPath.escape(fromFolder: path) ?? (path.isEmpty ? "it is empty" : nil) {
                throw SectionSiteError("refused to write '\(path)' into '\(folder.path)': \(problem)", at: .file(folder.path + "/" + path))
            }
        }
        let manager = FileManager.default
        let parent = folder.deletingLastPathComponent()
        do {
            try manager.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw SectionSiteError("could not make the folder '\(parent.path)': \(SystemReason.of(error))", at: .file(parent.path))
        }
        removeLeftovers()
        let staging = staging(pid: getpid())
        do {
            try manager.createDirectory(at: staging, withIntermediateDirectories: false)
        } catch {
            throw SectionSiteError("could not make the folder '\(staging.path)': \(SystemReason.of(error))", at: .file(staging.path))
        }
        do {
            for (path, data) in outputs {
                let target = staging.appendingPathComponent(path)
                do {
                    try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                } catch {
                    throw SectionSiteError(
                        "could not make the folder for '\(path)' in the new site: \(SystemReason.of(error))",
                        at: .file(folder.path + "/" + path))
                }
                do {
                    try data.write(to: target)
                } catch {
                    throw SectionSiteError(
                        "could not write '\(path)' in the new site: \(SystemReason.of(error))", at: .file(folder.path + "/" + path))
                }
            }
            // rename(2) replaces an empty folder in one step, and fails on one something was written into meanwhile.
            guard rename(staging.path, folder.path) == 0 else {
                let code = errno
                throw SectionSiteError(
                    "could not move the new site from '\(staging.path)' to '\(folder.path)': \(SystemReason.of(POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)))",
                    at: .file(folder.path))
            }
        } catch {
            try? manager.removeItem(at: staging)
            throw error
        }
    }

    /// Removes the hidden folders earlier imports into the same place left when they were killed.
    private func removeLeftovers() {
        StagingLeftovers.remove(in: folder.deletingLastPathComponent(), prefixes: [".\(folder.lastPathComponent).importing-"])
    }
}
