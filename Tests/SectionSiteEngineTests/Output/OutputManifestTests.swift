import Foundation
import Testing

@testable import SectionSiteEngine
import TestSupport

/// The manifest is written and read a line at a time from its bytes; what it writes must be what the joined JSON
/// lines were, and what it reads what Foundation's JSON reader reads.
@Suite("Output manifest")
struct OutputManifestTests {
    /// The text as it was made before it was made in bytes: keys sorted as paths, each line quoted, joined.
    private static func joined(_ manifest: OutputManifest) -> String {
        let lines = manifest.hashes.keys.sorted().map {
            JSONWriter.quoted($0.rawValue) + ":\"" + manifest.hashes[$0]! + "\""
        }
        return "{\"format\":\"\(OutputManifest.format)\",\n\"files\":{\n" + lines.joined(separator: ",\n") + "\n}}\n"
    }

    private static func read(_ text: String) throws -> OutputManifest? {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let file = out.appendingPathComponent(OutputManifest.path.rawValue)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return OutputManifest(of: out)
    }

    @Test("seeded manifests, paths with quotes, backslashes, spaces and accents among them, write and read back")
    func roundTrip() throws {
        var generator = SeededRandom(seed: 58)
        let pieces = ["a", "b/", "index.html", " ", "\"", "\\", "é", "e\u{301}", "\t", "!", "#", "z", "A", "~", "-"]
        for _ in 0..<40 {
            var manifest = OutputManifest()
            for _ in 0..<Int.random(in: 0...30, using: &generator) {
                let path = (0..<Int.random(in: 1...6, using: &generator)).map { _ in
                    pieces.randomElement(using: &generator)!
                }.joined()
                guard !path.hasPrefix("/"), URLPath.escape(fromFolder: path) == nil else { continue }
                manifest.hashes[OutputPath(path)] = String(
                    UInt64.random(in: 0...UInt64.max, using: &generator), radix: 16)
            }
            #expect(manifest.text == Self.joined(manifest))
            #expect(try Self.read(manifest.text) == manifest)
        }
    }

    @Test("a manifest written in another JSON shape is read as JSON; one naming a path outside the output is none")
    func otherShapes() throws {
        let spaced =
            "{ \"files\": { \"b/index.html\": \"2\", \"a.css\": \"1\" }, \"format\": \"sectionsite-manifest/1\" }"
        #expect(try Self.read(spaced) == OutputManifest(hashes: ["a.css": "1", "b/index.html": "2"]))
        #expect(try Self.read(OutputManifest().text) == OutputManifest())
        let outside = "{\"format\":\"sectionsite-manifest/1\",\n\"files\":{\n\"../x/index.html\":\"1\"\n}}\n"
        #expect(try Self.read(outside) == nil)
        #expect(try Self.read("{\"format\":\"sectionsite-manifest/2\",\n\"files\":{\n\"a\":\"1\"\n}}\n") == nil)
        #expect(try Self.read("{\"format\":\"sectionsite-manifest/1\",\n\"files\":{\n\"a\":\"1\"\n") == nil)
    }
}
