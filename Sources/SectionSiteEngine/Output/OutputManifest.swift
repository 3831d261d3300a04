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
            let files = Self.lines(of: data) ?? Self.object(of: data),
            files.allSatisfy({ !$0.0.isEmpty && !$0.0.hasPrefix("/") && URLPath.escape(fromFolder: $0.0) == nil })
        else { return nil }
        hashes = Dictionary(files.map { (OutputPath($0), $1) }) { first, _ in first }
    }

    /// The files of a manifest as `text` writes it, a line each, read from its bytes; nil for any other shape
    /// (a path with an escape in it, say), which `object(of:)` reads. Foundation's JSON reader took a tenth of a
    /// one-page build at 10,000 pages.
    private static func lines(of data: Data) -> [(String, String)]? {
        data.withUnsafeBytes { raw -> [(String, String)]? in
            let bytes = raw.bindMemory(to: UInt8.self)
            let head = Array("{\"format\":\"\(format)\",\n\"files\":{\n".utf8)
            guard bytes.starts(with: head) else { return nil }
            var files: [(String, String)] = []
            files.reserveCapacity(bytes.count / 48)
            var at = head.count
            // Each line: `"path":"hash"`, then `,` and a newline, or a newline and `}}` with a newline at the end.
            func quoted() -> String? {
                guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { return nil }
                let start = at + 1
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
                    guard bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 else { return nil }
                    end += 1
                }
                guard end < bytes.count else { return nil }
                at = end + 1
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
            }
            if bytes[at...].elementsEqual("\n}}\n".utf8) { return files }
            while true {
                guard let path = quoted(), at < bytes.count, bytes[at] == UInt8(ascii: ":") else { return nil }
                at += 1
                guard let hash = quoted() else { return nil }
                files.append((path, hash))
                if bytes[at...].starts(with: ",\n".utf8) {
                    at += 2
                } else {
                    return bytes[at...].elementsEqual("\n}}\n".utf8) ? files : nil
                }
            }
        }
    }

    /// The files of a manifest in any JSON shape, by Foundation's reader; nil when it is not a manifest.
    private static func object(of data: Data) -> [(String, String)]? {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            object["format"] as? String == Self.format, let files = object["files"] as? [String: String]
        else { return nil }
        return files.map { ($0, $1) }
    }

    /// The manifest of whatever files are in `out`, each hashed now: for an output written before manifests were.
    package init(hashing out: URL) {
        let paths = FileTree.files(under: out).filter { $0 != Self.path.rawValue }
        let root = out.path + "/"
        let hashes = paths.parallelMap { ContentHash.ofFile(root + $0)?.hex ?? "unreadable" }
        self.hashes = Dictionary(uniqueKeysWithValues: zip(paths.map(OutputPath.init), hashes))
    }

    /// The manifest's file, its lines made as bytes in one buffer (as strings joined, a tenth of a one-page build).
    package var text: String {
        let lines = hashes.sorted { $0.key < $1.key }.map { (path: JSONWriter.quoted($0.key.rawValue), hash: $0.value) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(lines.reduce(64) { $0 + $1.path.utf8.count + $1.hash.utf8.count + 5 })
        bytes += "{\"format\":\"\(Self.format)\",\n\"files\":{\n".utf8
        for (index, line) in lines.enumerated() {
            if index > 0 { bytes += ",\n".utf8 }
            bytes += line.path.utf8
            bytes += ":\"".utf8
            bytes += line.hash.utf8
            bytes.append(UInt8(ascii: "\""))
        }
        bytes += "\n}}\n".utf8
        return String(decoding: bytes, as: UTF8.self)
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
