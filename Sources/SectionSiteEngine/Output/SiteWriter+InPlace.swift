import Foundation

/// Updating an output folder in place, for an incremental build that changes a few files of thousands: the new
/// files are written beside their targets first (`page.html.sectionsite-new`), and only once every one of them is
/// written are they renamed over their targets and are the files that are gone removed. A failure while writing
/// removes what was written and leaves the previous output as it was; the renames and removals are listed in a
/// journal first, so a build interrupted among them is finished by the next one before it starts.
extension SiteWriter {
    static let newSuffix = ".sectionsite-new"

    /// Writes `files` into the output in place: `.unchanged` files are already there; every other file of the
    /// output that `files` does not list is removed. `journal` is where the list of renames and removals is kept
    /// while they are made.
    func update(_ files: [OutputFile], journal: URL, progress: @escaping @Sendable (Int) -> Void = { _ in }) throws {
        let root = out.path + "/"
        let written = files.filter { $0.contents != .unchanged }
        let keep = Set(files.map(\.path))
        let gone = FileTree.files(under: out).filter { !keep.contains(OutputPath($0)) && !$0.hasSuffix(Self.newSuffix) }
        do {
            let out = self.out
            let interruption = self.interruption
            try written.parallelForEach(progress: progress) { file in
                try interruption?.check()
                do {
                    try FileManager.default.createDirectory(
                        atPath: root + Self.parent(file.path.rawValue), withIntermediateDirectories: true)
                } catch {
                    throw Self.writeError(error, at: root + file.path.rawValue)
                }
                try Self.place(file, at: root + file.path.rawValue + Self.newSuffix, out: out)
            }
        } catch {
            for file in written { unlink(root + file.path.rawValue + Self.newSuffix) }
            throw error
        }
        var lines = written.map { "rename\t\($0.path)" }
        lines += gone.map { "remove\t\($0)" }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: journal, options: .atomic)
        Self.finish(journal: journal, out: out)
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
            guard parts.count == 2, !parts[1].isEmpty, !parts[1].hasPrefix("/"), URLPath.escape(fromFolder: parts[1]) == nil
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
