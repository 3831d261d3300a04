import Foundation
import Testing

@testable import SectionSiteEngine

/// A source file's bytes read as text the way Foundation's UTF-8 decoding reads them, byte-order mark and all.
@Suite("Source text")
struct SourceTextTests {
    @Test("decodes as String(data:encoding: .utf8) does: a byte-order mark left out, invalid bytes refused")
    func sameAsFoundation() throws {
        let samples: [[UInt8]] = [
            [], Array("# Title\n\nCafé 𝄞\n".utf8), [0xEF, 0xBB, 0xBF] + Array("---\ntitle: x\n---\n".utf8),
            [0xEF, 0xBB, 0xBF], [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF, 0x41], [0xEF, 0xBB], Array("a".utf8) + [0xFF],
            [0xC3], Array("ok\n".utf8) + [0xED, 0xA0, 0x80],
        ]
        for bytes in samples {
            let data = Data(bytes)
            let foundation = String(data: data, encoding: .utf8)
            let ours = try? SourceText.decode(data, path: "Content/a.md")
            #expect(ours == foundation, "\(bytes)")
        }
        #expect(throws: SectionSiteError.self) { try SourceText.decode(Data([0x61, 0x0A, 0x62, 0xFF]), path: "a.md") }
    }
}
