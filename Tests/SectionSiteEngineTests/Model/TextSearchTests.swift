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

    @Test("the first of several parts, in one pass: the earliest start, the longest of those starting there")
    func firstOfSeveral() {
        let text = "naïve <h2>Café</h2> data-ss-key=\"b:1\" data-ss-list=\"page\""
        let parts = ["data-ss-list=\"page\"", "data-ss-key=\"b:", "data-ss-key=\"b", "nope"]
        let found = text.firstRange(bytesOfAny: parts)
        #expect(found.map { String(text[$0]) } == "data-ss-key=\"b:")
        let earliest = parts.compactMap { text.firstRange(bytesOf: $0)?.lowerBound }.min()
        #expect(found?.lowerBound == earliest)
        #expect(text.firstRange(bytesOfAny: ["é</h2>", "Caf"]).map { String(text[$0]) } == "Caf")
        #expect(text.firstRange(bytesOfAny: ["nope", ""]) == nil && text.firstRange(bytesOfAny: []) == nil)
        #expect(text.dropFirst(3).firstRange(bytesOfAny: ["ï", "<h2>"]).map { String(text[$0]) } == "<h2>")
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
