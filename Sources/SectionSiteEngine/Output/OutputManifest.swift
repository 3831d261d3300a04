import Foundation

/// The content hash of every file of an output, written with each build as `_sectionsite/manifest.json`: what
/// `build --verify` compares with a build from nothing, and what `sectionsite changes` reads to find the files that
/// changed between two outputs without reading both whole.
///
/// One file a line, sorted by path, so that two manifests diff as text:
///
///     {"format":"sectionsite-manifest/1",
///     "files":{
///     "404.html":"5d1c0b6e2f7a9c31",
///     ...
///     }}
///
/// A hash is `ContentHash`'s 16 hex digits of the file's bytes: the same bytes give the same hash on every machine.
/// It finds a file changed by a bug or by hand, not one forged to collide (that would take a cryptographic hash,
/// and the manifest proves builds, not provenance).
package struct OutputManifest: Sendable, Equatable {
    /// Where the manifest is in the output.
    package static let path = OutputPath("_sectionsite/manifest.json")
    package static let format = "sectionsite-manifest/1"

    /// Each file's hash, by path; the manifest itself is not listed.
    package var hashes: [OutputPath: String]

    package init(hashes: [OutputPath: String] = [:]) {
        self.hashes = hashes
    }

    /// The manifest of the output folder `out`, or nil when there is none or it cannot be read as one. A manifest
    /// that names a path outside the folder (`../x`, `/etc/x`) is none: its files are read by what it names.
    package init?(of out: URL) {
        guard let data = try? Data(contentsOf: out.appendingPathComponent(Self.path.rawValue)),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            object["format"] as? String == Self.format, let files = object["files"] as? [String: String],
            files.keys.allSatisfy({ !$0.isEmpty && !$0.hasPrefix("/") && URLPath.escape(fromFolder: $0) == nil })
        else { return nil }
        hashes = Dictionary(uniqueKeysWithValues: files.map { (OutputPath($0), $1) })
    }

    /// The manifest of whatever files are in `out`, each hashed now: for an output written before manifests were.
    package init(hashing out: URL) {
        let paths = FileTree.files(under: out).filter { $0 != Self.path.rawValue }
        let root = out.path + "/"
        let hashes = paths.parallelMap { ContentHash.ofFile(root + $0)?.hex ?? "unreadable" }
        self.hashes = Dictionary(uniqueKeysWithValues: zip(paths.map(OutputPath.init), hashes))
    }

    /// The manifest's file.
    package var text: String {
        var lines: [String] = []
        lines.reserveCapacity(hashes.count)
        for path in hashes.keys.sorted() {
            lines.append(JSONWriter.quoted(path.rawValue) + ":\"" + hashes[path]! + "\"")
        }
        return "{\"format\":\"\(Self.format)\",\n\"files\":{\n" + lines.joined(separator: ",\n") + "\n}}\n"
    }

    /// How `other` (the newer output) differs from this one, each list sorted.
    package func changes(to other: OutputManifest) -> FileChanges {
        var changes = FileChanges()
        for (path, hash) in other.hashes {
            switch hashes[path] {
            case nil: changes.added.append(path)
            case hash: break
            default: changes.changed.append(path)
            }
        }
        changes.removed = hashes.keys.filter { other.hashes[$0] == nil }
        changes.added.sort()
        changes.changed.sort()
        changes.removed.sort()
        return changes
    }

    /// The files in two outputs that differ.
    package struct FileChanges: Sendable, Equatable {
        package var added: [OutputPath] = []
        package var removed: [OutputPath] = []
        package var changed: [OutputPath] = []

        package var isEmpty: Bool { added.isEmpty && removed.isEmpty && changed.isEmpty }
        /// Every path, sorted.
        package var all: [OutputPath] { (added + removed + changed).sorted() }
    }
}
