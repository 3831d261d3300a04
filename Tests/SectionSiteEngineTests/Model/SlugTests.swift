import Testing

@testable import SectionSiteEngine
import TestSupport

/// Slugs of ASCII text are made byte by byte; they must be the slugs the scalar-by-scalar way makes.
@Suite("Slugs")
struct SlugTests {
    @Test("every ASCII character, and seeded ASCII headings, slug as scalar by scalar")
    func asciiAsScalars() {
        for byte in UInt8(0)..<0x80 {
            let text = "A\(Character(Unicode.Scalar(byte)))b"
            #expect(Slug.of(text) == Slug.scalarSlug(text), "\(byte)")
        }
        var generator = SeededRandom(seed: 55)
        let alphabet = Array("Getting Started: the API_v2 (beta) -- 100% ready?! `code` & more\t")
        for _ in 0..<500 {
            let text = String(
                (0..<Int.random(in: 0...40, using: &generator)).map { _ in
                    alphabet.randomElement(using: &generator)!
                })
            #expect(Slug.of(text) == Slug.scalarSlug(text), "\(text)")
        }
        #expect(Slug.of("Getting Started: the API_v2") == "getting-started-the-api_v2")
        #expect(Slug.of("Café au lait") == "café-au-lait")
    }
}
