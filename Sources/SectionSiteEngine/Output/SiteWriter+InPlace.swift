import Foundation
import SystemPackage

/// Updating an output folder in place, for an incremental build that changes a few files of thousands: the new
/// files are written beside their targets first (`page.html.sectionsite-new`), and only once every one of them is
/// written are they renamed over their targets and are the files that are gone removed. A failure while writing
/// removes what was written and leaves the previous output as it was; the renames and removals are listed in a
/// journal first, so a build interrupted among them is finished by the next one before it starts.
extension SiteWriter {
    static let newSuffix = ".sectionsite-new"

    /// Writes `files` into the output in place: `.unchanged` files are already there; every other file of the
    /// output that `files` does not list is removed. `journal` is where the list of renames and removals is kept
    /// while they are made. `listing` and `manifest`, when given, are the output's files (relative, sorted) and
    /// its manifest, read while the build ran.
    func update(
        _ files: [OutputFile], journal: URL, listing: Background<[String]>? = nil,
        manifest read: Background<OutputManifest?>? = nil,
        progress: @escaping @Sendable (Int) -> Void = { _ in }
    ) throws {
        let root = out.path + "/"
        let changed = files.filter { $0.contents != .unchanged }
        let keep = Set(files.map(\.path))
        let gone = (listing?.value ?? FileTree.files(under: out)).filter {
            !keep.contains(OutputPath($0)) && !$0.hasSuffix(Self.newSuffix) && $0 != OutputManifest.path.rawValue
        }
        var written: [OutputFile] = []
        var hashes: [String?] = files.map { _ in nil }
        // What the output holds, by the manifest the last build wrote: a file made again with the hash it lists
        // is not read to be compared (at 10,000 pages, 24,000 files read took a quarter of an edit's build).
        let previous = read?.value ?? OutputManifest(of: out)
        do {
            let out = self.out
            let interruption = self.interruption
            // A file made again with the bytes it has (most of the search index's files after an edit of one page)
            // is left alone: not written, not renamed, its modification time kept for whatever syncs the output.
            let placed = try changed.parallelMap(progress: progress) { file -> (written: Bool, hash: String?) in
                try interruption?.check()
                var file = file
                if case .made(let maker) = file.contents { file.contents = .text(maker.text) }
                let target = root + file.path.rawValue
                if case .text(let text) = file.contents {
                    let hash = ContentHash.of(text).hex
                    // The size too: a file cut short by hand is written again.
                    if previous?.hashes[file.path] == hash
                        ? FileStamp.of(FilePath(target))?.size == Int64(text.utf8.count) : Self.holds(target, text)
                    {
                        return (false, hash)
                    }
                }
                switch file.contents {
                case .copy(let source) where Self.holds(target, sameAs: source): return (false, nil)
                default: break
                }
                do {
                    try FileManager.default.createDirectory(
                        atPath: root + Self.parent(file.path.rawValue), withIntermediateDirectories: true)
                } catch {
                    throw Self.writeError(error, at: root + file.path.rawValue)
                }
                return (true, try Self.place(file, at: root + file.path.rawValue + Self.newSuffix, out: out))
            }
            written = zip(changed, placed).filter(\.1.written).map(\.0)
            var index = 0
            for (position, file) in files.enumerated() where file.contents != .unchanged {
                hashes[position] = placed[index].hash
                index += 1
            }
            // The manifest as the output will be, renamed into place with the files the journal lists.
            try Self.writeFile(
                root + OutputManifest.path.rawValue + Self.newSuffix,
                manifest(of: files, hashes: hashes, previous: previous).text)
        } catch {
            for file in changed { unlink(root + file.path.rawValue + Self.newSuffix) }
            unlink(root + OutputManifest.path.rawValue + Self.newSuffix)
            throw error
        }
        var lines = written.map { "rename\t\($0.path)" } + ["rename\t\(OutputManifest.path)"]
        lines += gone.map { "remove\t\($0)" }
        do {
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: journal, options: .atomic)
        } catch {
            // Without a journal nothing is renamed: the new files go, and the output stays as it was.
            for file in written { unlink(root + file.path.rawValue + Self.newSuffix) }
            unlink(root + OutputManifest.path.rawValue + Self.newSuffix)
            throw error
        }
        Self.finish(journal: journal, out: out)
    }

    /// Whether the file at `path` holds exactly the bytes of `text` (false when it cannot be read).
    static func holds(_ path: String, _ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard let held = FileChunks.reading(path), held.size == bytes.count else { return false }
            var offset = 0
            while let chunk = held.next() {
                guard memcmp(chunk.baseAddress!, bytes.baseAddress! + offset, chunk.count) == 0 else { return false }
                offset += chunk.count
            }
            return offset == bytes.count && !held.failed
        }
    }

    /// Whether the file at `path` holds the bytes of the file at `source` (true when it is that file).
    static func holds(_ path: String, sameAs source: String) -> Bool {
        guard let held = FileChunks.reading(path), let wanted = FileChunks.reading(source), held.size == wanted.size
        else { return false }
        if held.device == wanted.device && held.inode == wanted.inode { return true }
        while let chunk = held.next() {
            // Both read in chunks of one size, so chunk N of each covers the same bytes.
            guard let other = wanted.next(), other.count == chunk.count,
                memcmp(chunk.baseAddress!, other.baseAddress!, chunk.count) == 0
            else { return false }
        }
        return wanted.next() == nil && !held.failed && !wanted.failed
    }

    /// Makes the renames and removals a journal lists, then removes the journal; nothing when there is none.
    static func finish(journal: URL, out: URL) {
        guard let text = try? String(contentsOf: journal, encoding: .utf8) else { return }
        let root = out.path + "/"
        var emptied = Set<String>()
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 1).map(String.init)
            // A journal is ours, but `.sectionsite/` may come from elsewhere (committed to a repository, say):
            // a line naming a file outside the output is no line of ours.
            guard parts.count == 2, !parts[1].isEmpty, !parts[1].hasPrefix("/"),
                URLPath.escape(fromFolder: parts[1]) == nil
            else { continue }
            if parts[0] == "rename" {
                rename(root + parts[1] + newSuffix, root + parts[1])  // already done when the journal is replayed
            } else {
                unlink(root + parts[1])
                emptied.insert(parent(parts[1]))
            }
        }
        // Folders left empty go too, deepest first, as a build from nothing would not make them.
        for folder in emptied.sorted(by: { $0.count > $1.count }) {
            var path = folder
            while !path.isEmpty, rmdir(root + path) == 0 { path = parent(path) }
        }
        try? FileManager.default.removeItem(at: journal)
    }

    /// The folder of a relative path (`a/b` for `a/b/c.html`, empty for `c.html`), by hand: Foundation's
    /// `deletingLastPathComponent` traps on a one-character path.
    static func parent(_ path: String) -> String {
        path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
    }
}

/// A file read in chunks of 64 KiB into one buffer, for comparing it without holding it whole.
private final class FileChunks {
    let size: Int, device: UInt64, inode: UInt64
    private(set) var failed = false
    private let descriptor: Int32
    private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 8)

    /// The file at `path`, open; nil when it cannot be opened.
    static func reading(_ path: String) -> FileChunks? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            close(descriptor)
            return nil
        }
        return FileChunks(descriptor, status)
    }

    private init(_ descriptor: Int32, _ status: stat) {
        self.descriptor = descriptor
        (size, device, inode) = (Int(status.st_size), UInt64(truncatingIfNeeded: status.st_dev), UInt64(status.st_ino))
    }

    deinit {
        close(descriptor)
        buffer.deallocate()
    }

    /// The next chunk (full but for the last), valid until the next call; nil at the end or on a failed read.
    func next() -> UnsafeRawBufferPointer? {
        var filled = 0
        while filled < buffer.count {
            let count = read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            if count < 0, errno == EINTR { continue }
            if count < 0 { failed = true }
            if count <= 0 { break }
            filled += count
        }
        return filled == 0 ? nil : UnsafeRawBufferPointer(rebasing: buffer[..<filled])
    }
}
