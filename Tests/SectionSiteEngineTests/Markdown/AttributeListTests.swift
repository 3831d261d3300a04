import Foundation
import Testing

import SectionSiteEngine
import SiteTestSupport

/// Attribute lists as Goldmark, Pandoc, PHP Markdown Extra (`## Title {#id .class}`) and kramdown (`{: #id .class}`
/// on the line after a block) let authors write them: they set attributes and never show as text.
@Suite("Markdown: attribute lists")
struct AttributeListTests {
    func blocks(_ text: String, smart: Bool = false, on: Bool = true) -> [String] {
        Markdown(smart: smart, attributeLists: on).render(text, source: "Content/a.md").blocks.map(\.html)
    }

    @Test(
        "a heading's id is the author's, kept as written; classes and other attributes are set; ids made from text step around it"
    )
    func headings() {
        let html = blocks("## Install {#step_1 .wide data-x=\"a b\"}\n\n## Step 1\n\n## Set {up}\n")
        #expect(
            html[0]
                == ##"<h2 id="step_1" class="wide" data-x="a b">Install<a class="anchor" href="#step_1" aria-label="Link to this section">#</a></h2>"##
        )
        #expect(html[1].hasPrefix(#"<h2 id="step-1">"#))
        #expect(html[2].hasPrefix(#"<h2 id="set-up">Set {up}"#))  // not a list: left as text
        let headings = Markdown(smart: false).render("## A {#custom-id}\n\n## A\n", source: "Content/a.md").headings
        #expect(headings.map(\.id) == ["custom-id", "a"])
        #expect(headings.map(\.text) == ["A", "A"])
    }

    @Test(
        "kramdown's list on the line after a block, or after a blank line, belongs to that block and is not a paragraph"
    )
    func kramdown() {
        #expect(
            blocks("## Step one\n{: #step-1}\n\nGo to [step](#step-1).\n") == [
                ##"<h2 id="step-1">Step one<a class="anchor" href="#step-1" aria-label="Link to this section">#</a></h2>"##,
                ##"<p>Go to <a href="#step-1">step</a>.</p>"##,
            ])
        #expect(blocks("A paragraph.\n{: .note #p1}\n") == [#"<p id="p1" class="note">A paragraph.</p>"#])
        #expect(blocks("Another.\n\n{: .after}\n") == [#"<p class="after">Another.</p>"#])
        #expect(
            blocks("```swift\nlet a = 1\n```\n{: .code}\n") == [
                #"<pre class="code"><code class="language-swift">let a = 1"# + "\n</code></pre>"
            ])
        #expect(
            blocks("- one\n\n  Two.\n  {: .inner}\n") == [
                "<ul>\n<li>\n<p>one</p>\n<p class=\"inner\">Two.</p>\n</li>\n</ul>"
            ])
    }

    @Test("values are escaped, event handlers refused, smart quotes read as quotes")
    func hostile() {
        #expect(blocks("A.\n{: title='1 < 2 & \"q\"'}\n") == [#"<p title="1 &lt; 2 &amp; &quot;q&quot;">A.</p>"#])
        #expect(blocks("A.\n{: onclick=\"alert(1)\"}\n") == ["<p>A.\n{: onclick=&quot;alert(1)&quot;}</p>"])
        #expect(blocks("## T {data-x=\"a b\"}\n", smart: true)[0].hasPrefix(#"<h2 id="t" data-x="a b">T"#))
    }

    @Test("turned off, the lists stay text")
    func off() {
        #expect(blocks("## T {#x}\n", on: false)[0].hasPrefix(#"<h2 id="t-x">T {#x}"#))
    }

    @Test("a page's markdown.attributes: false turns them off for that page; the site's setting for every page")
    func settings() throws {
        let site = try TestSite(
            TestSite.theme.merging([
                "Content/a.md": "---\ntitle: A\n---\n## T {#x}\n",
                "Content/b.md": "---\ntitle: B\nmarkdown: {attributes: false}\n---\n## T {#x}\n",
            ]) { $1 })
        try site.build()
        #expect(try site.output("a/index.html").contains(#"id="x""#))
        #expect(try site.output("b/index.html").contains("T {#x}"))
        try site.write(["sectionsite.yml": "title: T\nmarkdown: {attributes: false}\n"])
        try site.build()
        #expect(try site.output("a/index.html").contains("T {#x}"))
    }
}
