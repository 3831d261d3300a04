import Testing

@testable import SectionSiteEngine

/// The byte-for-byte search that replaced Foundation's `range(of:)` and `contains` where pages are many.
@Suite("Text search")
struct TextSearchTests {
    @Test("finds what Foundation's literal search finds, in strings and substrings, multi-byte text included")
    func sameAsLiteralSearch() {
        let text = "naïve <h2>Café</h2> //x/./y ::// 𝄞<h2>"
        for part in [
            "<h2>", "</h2>", "//", "/.", "://", "𝄞", "ï", "é</h2>", "nope", "<h2>Café</h2> //x/./y ::// 𝄞<h2>!",
        ] {
            let found = text.firstRange(bytesOf: part)
            #expect(found.map { String(text[$0]) } == (text.contains(part) ? part : nil), "\(part)")
            #expect(text.contains(bytesOf: part) == text.contains(part))
        }
        let rest = text[text.firstRange(bytesOf: "</h2>")!.upperBound...]
        #expect(
            rest.firstRange(bytesOf: "<h2>").map { text.utf8.distance(from: text.startIndex, to: $0.lowerBound) } == 39)
        #expect(rest.contains(bytesOf: "Café") == false)
        #expect("".contains(bytesOf: "a") == false && "a".contains(bytesOf: "") == true)
    }

    @Test("replaces what Foundation's replacingOccurrences replaces")
    func sameAsFoundationReplace() {
        let text = "/docs/2.0/a /docs/2.0//docs/2.0/ é/docs/2.0 /docs/2.0/"
        for (part, replacement) in [("/docs/2.0/", "/docs/2.1/"), ("é", "e"), ("nope", "x"), ("/", ""), ("0/", "0/0/")]
        {
            #expect(
                text.replacing(bytesOf: part, with: replacement)
                    == text.replacingOccurrences(of: part, with: replacement), "\(part)")
        }
        #expect("".replacing(bytesOf: "a", with: "b") == "" && "a".replacing(bytesOf: "", with: "b") == "a")
    }
}
