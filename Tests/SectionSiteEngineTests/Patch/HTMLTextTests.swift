import Testing

@testable import SectionSiteEngine

@Suite("HTML text")
struct HTMLTextTests {
    @Test("the text a reader sees: block tags a space, inline ones nothing, scripts and styles out, entities read")
    func text() {
        #expect(HTMLText.of("<p>One <em>two</em></p><p>three</p>") == "One two three")
        #expect(HTMLText.of("<li>Span&lt;<span>T</span>&gt;</li>") == "Span<T>")
        #expect(HTMLText.of("<P>a</P><DIV>b</DIV>") == "a b")
        #expect(HTMLText.of("x<script>if (a < b) {}</script>y<style>p{}</style>z") == "x y z")
        #expect(HTMLText.of("Tom &amp; Jerry&nbsp;&#233;t&#xE9;") == "Tom & Jerry ét\u{e9}")
        #expect(HTMLText.of("  caf\u{e9}\n\t<b>au</b>\u{2003}lait \u{1F600} ") == "caf\u{e9} au lait \u{1F600}")
        #expect(HTMLText.of("a & b; c") == "a & b; c")
    }
}
