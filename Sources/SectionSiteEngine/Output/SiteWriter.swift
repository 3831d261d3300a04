#if canImport(CLinux) && !SECTIONSITE_PORTABLE
import CLinux
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import SystemPackage

/// Writes a whole site atomically: every file goes into a staging folder beside the output, which then takes the
/// output's place in one exchange of names, so a failed or interrupted build never leaves a half-written site.
struct SiteWriter {
    /// The output folder.
    var out: URL
    /// Where a request to stop is honoured (see `Interruption`); none in the preview and in tests.
    var interruption: Interruption?

    /// The one check every file of a build passes before anything is written: its path stays inside the output
    /// folder (a page's URL, a slug, an alias, a language's prefix, a picture's name, whatever a template or a
    /// setting named, once decoded), a file copied into the output is read from inside the site (or from the
    /// previous output, or the build's `state` folder, where rendered pages wait), and no two sources claim one
    /// path. Every problem is told at once.
    static func check(_ files: [OutputFile], bounds: SourceBounds, out: URL, state: URL) throws {
        let previous = SourceBounds(site: out)
        let kept = SourceBounds(site: state)
        // Where each file goes and what it is copied from, on all cores (a look at each copied file: 10,000 pages
        // kept from rendering among them), a chunk of files at a time with the real paths of its folders.
        let chunks = stride(from: 0, to: files.count, by: 1024).map { $0..<min($0 + 1024, files.count) }
        let placed = chunks.parallelMap { chunk in
            var folders: [FilePath: String] = [:]  // real paths of the folders files are copied from
            return files[chunk].map { file -> Diagnostic? in
                if let escape = URLPath.escape(fromFolder: file.path.rawValue)
                    ?? (file.path.rawValue.hasPrefix("/") ? "it is absolute" : nil)
                {
                    return OutputProblem.fileLeavesOutput(file.path.rawValue, origin: file.origin, escape: escape)
                        .at(file.originLocation)
                }
                if case .copy(let source) = file.contents,
                    case .outside(let real) = bounds.place(FilePath(source), folders: &folders),
                    !previous.allows(FilePath(source)), !kept.allows(FilePath(source))
                {
                    return OutputProblem.readOutside(file.path.rawValue, real: real).at(file.originLocation)
                }
                return nil
            }
        }.joined()
        var owners: [OutputPath: String] = [:]
        var errors: [Diagnostic] = []
        for (file, problem) in zip(files, placed) {
            if let problem {
                errors.append(problem)
                continue
            }
            if let owner = owners.updateValue(file.origin, forKey: file.path) {
                errors.append(
                    OutputProblem.writtenTwice(file.path.rawValue, first: owner, second: file.origin)
                        .at(file.originLocation))
            }
        }
        if !errors.isEmpty { throw SectionSiteError(errors) }
    }

    /// Refuses an output folder that would destroy something: the site itself, a parent of it, or a folder that
    /// SectionSite did not write.
    func checkSafe(site: URL) throws {
        let outPath = out.standardizedFileURL.resolvingSymlinksInPath().path
        let sitePath = site.standardizedFileURL.resolvingSymlinksInPath().path
        if outPath == sitePath || sitePath.hasPrefix(outPath + "/") || outPath == "/" {
            throw OutputProblem.holdsTheSite(out.path).error()
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: out.path, isDirectory: &isFolder) else { return }
        guard isFolder.boolValue else {
            throw OutputProblem.notAFolder(out.path).error()
        }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? []
        if !entries.isEmpty && !entries.contains("_sectionsite") {
            throw OutputProblem.notOurs(out.path).error()
        }
    }

    /// Writes `files` and their manifest into a staging folder on all cores, then swaps it in; on any error the
    /// staging folder is removed and the previous output stays as it was.
    func write(_ files: [OutputFile], progress: @escaping @Sendable (Int) -> Void = { _ in }) throws {
        let manager = FileManager.default
        let parent = out.deletingLastPathComponent()
        do {
            try manager.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw Self.writeError(error, at: parent.path)
        }
        let staging = parent.appendingPathComponent(".\(out.lastPathComponent).staging-\(getpid())")
        removeLeftovers(in: parent)
        do {
            try manager.createDirectory(at: staging, withIntermediateDirectories: true)
            let stagingPath = staging.path + "/"
            try Self.makeFolders(for: files.map(\.path.rawValue), under: stagingPath)
            let out = self.out
            let interruption = self.interruption
            let hashes = try files.parallelMap(progress: progress) { file in
                try interruption?.check()
                return try Self.place(file, at: stagingPath + file.path.rawValue, out: out)
            }
            let manifest = manifest(of: files, hashes: hashes)
            try Self.writeFile(stagingPath + OutputManifest.path.rawValue, manifest.text)
            do {
                try swapIn(staging)
            } catch {
                throw Self.writeError(error, at: out.path)
            }
        } catch {
            try? manager.removeItem(at: staging)
            throw error as? SectionSiteError ?? Self.writeError(error, at: staging.path)
        }
    }

    /// Makes the folders that files at `paths` (relative) need under `root` (ending in `/`), which exists: each with
    /// one call (FileManager looked at the path first, one folder at a time, and a 10,000-page site has as many
    /// folders), those of one depth on all cores once their parents are made: one after the other, they kept a
    /// 16-core machine's writing on one core.
    static func makeFolders(for paths: [String], under root: String) throws {
        var folders = Set<String>()
        for path in paths {
            var folder = parent(path)
            while !folder.isEmpty, folders.insert(folder).inserted { folder = parent(folder) }
        }
        var byDepth: [Int: [String]] = [:]
        for folder in folders { byDepth[folder.utf8.count { $0 == UInt8(ascii: "/") }, default: []].append(folder) }
        for depth in byDepth.keys.sorted() {
            try byDepth[depth]!.sorted().parallelForEach { (folder: String) throws(POSIXError) in
                guard mkdir(root + folder, 0o777) != 0, errno != EEXIST else { return }
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
        }
    }

    /// A failure to write the output, located at the file or folder: `_site/a/index.html: error: cannot write ...`.
    static func writeError(_ error: any Error, at path: String) -> SectionSiteError {
        OutputProblem.cannotWrite(reason: SystemReason.of(error)).error(at: .file(shown(path)))
    }

    /// A path as an error shows it: from the current folder when it is under it.
    static func shown(_ path: String) -> String {
        path.hasPrefix(FileManager.default.currentDirectoryPath + "/")
            ? String(path.dropFirst(FileManager.default.currentDirectoryPath.count + 1)) : path
    }

    /// Puts one file at `target`: text written, a source copied, an unchanged file linked from the output `out`.
    /// Returns the hash of what it wrote, for the manifest; nil for a file linked (the previous manifest has it).
    static func place(_ file: OutputFile, at target: String, out: URL) throws -> String? {
        do {
            switch file.contents {
            case .text(let text):
                try writeFile(target, text)
                return ContentHash.of(text).hex
            case .made(let maker):
                let text = maker.text
                try writeFile(target, text)
                return ContentHash.of(text).hex
            case .copy(let source):
                unlink(target)  // a leftover of a build cut short
                return try copyFile(source, to: target).hex
            case .unchanged:
                guard link(out.path + "/" + file.path.rawValue, target) == 0 else {
                    throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
                }
                return nil
            }
        } catch {
            throw writeError(error, at: out.path + "/" + file.path.rawValue)
        }
    }

    /// The manifest of `files`, given the hash of each that was written (nil for one left as the output has it,
    /// whose hash the output's manifest holds, or else is read from the file).
    func manifest(of files: [OutputFile], hashes: [String?], previous known: OutputManifest? = nil) -> OutputManifest {
        let previous = known ?? (hashes.contains(nil) ? OutputManifest(of: out) : nil)
        let root = out.path + "/"
        var manifest = OutputManifest()
        manifest.hashes.reserveCapacity(files.count)
        for (file, hash) in zip(files, hashes) {
            manifest.hashes[file.path] =
                hash ?? previous?.hashes[file.path]
                ?? ContentHash.ofFile(root + file.path.rawValue)?.hex ?? "unreadable"
        }
        return manifest
    }

    /// Copies a file with plain system calls, keeping its permissions, and returns the hash of its bytes, read
    /// once for both; a failure is the system's own error (a full disk says "File too large" or "No space left on
    /// device", as writing text does).
    @discardableResult
    static func copyFile(_ source: String, to target: String) throws -> ContentHash {
        func failure() -> POSIXError { POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        let input = systemOpen(source, O_RDONLY | O_CLOEXEC, 0)
        guard input >= 0 else { throw failure() }
        defer { systemClose(input) }
        var status = stat()
        guard fstat(input, &status) == 0 else { throw failure() }
        let output = systemOpen(target, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, status.st_mode & 0o777)
        guard output >= 0 else { throw failure() }
        defer { systemClose(output) }
        var hash = ContentHash()
        let read = try hash.combine(fileDescriptor: input, chunk: 1 << 16) { bytes in
            var done = 0
            while done < bytes.count {
                let written = systemWrite(output, bytes.baseAddress! + done, bytes.count - done)
                guard written > 0 else { throw failure() }
                done += written
            }
        }
        guard read != nil else { throw failure() }
        return hash
    }

    /// Writes text to a new file with plain system calls: no `Data` copy, no URL work, for thousands of pages.
    static func writeFile(_ path: String, _ text: String) throws {
        let descriptor = systemOpen(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { systemClose(descriptor) }
        var text = text
        try text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                guard written > 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
                offset += written
            }
        }
    }

    private func swapIn(_ staging: URL) throws {
        let manager = FileManager.default
        guard manager.fileExists(atPath: out.path) else {
            try manager.moveItem(at: staging, to: out)
            return
        }
        // One step: at every moment the output's name holds the previous site or the new one, whole.
        #if canImport(CLinux) && !SECTIONSITE_PORTABLE
        if sectionsite_exchange(staging.path, out.path) == 0 {
            try? manager.removeItem(at: staging)  // the previous site, now under the staging name
            return
        }
        guard errno == EINVAL || errno == ENOSYS else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        #elseif canImport(Darwin) && !SECTIONSITE_PORTABLE
        // APFS swaps two names in one step too (HFS+ answers ENOTSUP). Written from the man page; not run here.
        if renamex_np(staging.path, out.path, UInt32(RENAME_SWAP)) == 0 {
            try? manager.removeItem(at: staging)
            return
        }
        guard errno == ENOTSUP || errno == EINVAL else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        #endif
        // A file system that cannot exchange: two renames, with a moment between them when the name is free.
        let old = out.deletingLastPathComponent().appendingPathComponent(".\(out.lastPathComponent).old-\(getpid())")
        try? manager.removeItem(at: old)
        try manager.moveItem(at: out, to: old)
        do {
            try manager.moveItem(at: staging, to: out)
        } catch {
            try? manager.moveItem(at: old, to: out)
            throw error
        }
        try? manager.removeItem(at: old)
    }

    /// Removes staging and previous-output folders that builds killed outright left beside the output.
    private func removeLeftovers(in parent: URL) {
        StagingLeftovers.remove(
            in: parent, prefixes: [".\(out.lastPathComponent).staging-", ".\(out.lastPathComponent).old-"])
    }
}

// The C library's calls under names of our own, at file scope: inside `SiteWriter`, `open`, `close` and `write`
// would name its members.
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
private func systemClose(_ descriptor: Int32) { _ = close(descriptor) }
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
