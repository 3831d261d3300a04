import Foundation
import Testing

import SectionSiteDiff
import SectionSiteEngine
import TestSupport

@Suite("JSON writer")
struct JSONWriterTests {
    @Test(
        "any string reads back as written: quotes, backslashes, controls, line separators, emoji", arguments: [1, 2, 3])
    func roundTrip(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let pieces = [
            "a", "Z", " ", "\"", "\\", "\n", "\r", "\t", "\u{01}", "\u{1F}", "\u{2028}", "\u{2029}", "\u{2019}", "“",
            "é", "👩‍💻", "/", "</script>",
        ]
        for _ in 0..<300 {
            let text = (0..<Int.random(in: 0...24, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                .joined()
            var json = JSONWriter()
            json.array([text]) { json, text in json.stringValue(text) }
            let read = try JSONSerialization.jsonObject(with: Data(json.text.utf8)) as? [String]
            #expect(read == [text], "\(json.text)")
            // JavaScript source must not hold a raw line or paragraph separator, nor a control character.
            #expect(!json.text.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{2028}" || $0 == "\u{2029}" })
        }
    }
}
