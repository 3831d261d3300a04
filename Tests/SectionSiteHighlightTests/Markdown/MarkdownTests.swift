import Foundation
import Testing

import SectionSiteDiff
@testable import SectionSiteEngine
import SectionSiteHighlight

@Suite("Markdown: GFM, heading ids, links between files, titles, alerts")
struct MarkdownTests {
    let markdown = Markdown(smart: false, highlighter: .kate)

    func blocks(_ text: String, source: SourcePath = "Content/docs/guide.md") -> [String] {
        markdown.render(text, source: source).blocks.map(\.html)
    }

    @Test("a GFM table is one block with a header row and column alignment")
    func table() {
        #expect(
            blocks("| a | b |\n|---|:-:|\n| 1 | 2 |\n") == [
                "<table>\n<thead>\n<tr>\n<th>a</th>\n<th align=\"center\">b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>1</td>\n<td align=\"center\">2</td>\n</tr>\n</tbody>\n</table>"
            ])
    }

    @Test("strikethrough, autolinks and task lists")
    func inlineExtensions() {
        #expect(
            blocks("~~gone~~ and www.example.com") == [
                #"<p><del>gone</del> and <a href="http://www.example.com">www.example.com</a></p>"#
            ])
        #expect(
            blocks("- [x] done\n- [ ] todo\n") == [
                "<ul>\n<li><input type=\"checkbox\" checked=\"\" disabled=\"\" /> done</li>\n<li><input type=\"checkbox\" disabled=\"\" /> todo</li>\n</ul>"
            ])
    }

    @Test("each footnote is a block of its own, numbered on from the one before")
    func footnotes() {
        let html = blocks("A[^a] and B[^b].\n\n[^a]: First.\n[^b]: Second.\n")
        #expect(html.count == 3)
        #expect(
            html[0]
                == ##"<p>A<sup class="footnote-ref"><a href="#fn-a" id="fnref-a" data-footnote-ref>1</a></sup> and B<sup class="footnote-ref"><a href="#fn-b" id="fnref-b" data-footnote-ref>2</a></sup>.</p>"##
        )
        #expect(html[1].hasPrefix("<section class=\"footnotes\" data-footnotes>\n<ol>\n<li id=\"fn-a\">\n<p>First."))
        #expect(
            html[2].hasPrefix(
                "<section class=\"footnotes\" data-footnotes>\n<ol start=\"2\">\n<li id=\"fn-b\">\n<p>Second."))
    }

    @Test("raw HTML is dropped when off; when on, the tag filter still disarms script and iframe")
    func rawHTML() {
        let text = "<script>alert(1)</script>\n\n<b>bold</b> <iframe></iframe>\n"
        #expect(
            blocks(text) == [
                "<p><!-- raw HTML omitted -->bold<!-- raw HTML omitted --> <!-- raw HTML omitted --><!-- raw HTML omitted --></p>"
            ])
        let unsafe = Markdown(smart: false, unsafe: true).render(text, source: "Content/a.md").blocks
        #expect(
            unsafe.map(\.html) == ["&lt;script>alert(1)&lt;/script>", "<p><b>bold</b> &lt;iframe>&lt;/iframe></p>"])
        #expect(unsafe.map(\.isRawHTML) == [true, false])
    }

    @Test("headings get GitHub's slugs, unique in the page, and a self-link")
    func headingIDs() {
        let document = markdown.render(
            "## Hello, World!\n\n## Hello, World!\n\n### Ünïcode _and_ `code`\n\n## ???\n", source: "Content/a.md")
        #expect(document.headings.map(\.id) == ["hello-world", "hello-world-1", "ünïcode-and-code", "section"])
        #expect(document.headings.map(\.level) == [2, 2, 3, 2])
        #expect(
            document.blocks[0].html
                == ##"<h2 id="hello-world">Hello, World!<a class="anchor" href="#hello-world" aria-label="Link to this section">#</a></h2>"##
        )
        #expect(document.blocks[2].html.hasPrefix(#"<h3 id="ünïcode-and-code">Ünïcode <em>and</em> <code>code</code>"#))
    }

    @Test("slugs: lowercase, spaces to -, punctuation dropped, - and _ kept")
    func slugs() {
        #expect(HeadingSlugs.slug("Getting Started") == "getting-started")
        #expect(HeadingSlugs.slug("What's new in 2.0?") == "whats-new-in-20")
        #expect(HeadingSlugs.slug("snake_case and kebab-case") == "snake_case-and-kebab-case")
        #expect(HeadingSlugs.slug("  two  spaces ") == "--two--spaces-")
        var slugs = HeadingSlugs()
        #expect(["a", "a", "a-1", "a"].map { slugs.unique($0) } == ["a", "a-1", "a-1-1", "a-2"])
    }

    @Test("headings inside lists and quotes get ids too")
    func nestedHeadings() {
        let html = blocks("> ## Quoted\n")
        #expect(
            html == [
                ##"<blockquote>\n<h2 id="quoted">Quoted<a class="anchor" href="#quoted" aria-label="Link to this section">#</a></h2>\n</blockquote>"##
                    .replacingOccurrences(of: "\\n", with: "\n")
            ])
    }

    @Test(
        "relative links to .md files become page URLs",
        arguments: [
            ("beta.md", "/docs/beta/"),
            ("beta.md#part-two", "/docs/beta/#part-two"),
            ("../posts/a.md#x", "/posts/a/#x"),
            ("folder/index.md", "/docs/folder/"),
            ("./index.md", "/docs/"),
            ("../index.md", "/"),
            ("my%20page.md", "/docs/my page/"),
        ])
    func links(destination: String, url: String) {
        let document = markdown.render("See [it](\(destination)).", source: "Content/docs/guide.md")
        #expect(
            document.blocks.map(\.html) == [
                #"<p>See <a href="\#(url.replacingOccurrences(of: " ", with: "%20"))">it</a>.</p>"#
            ])
        #expect(document.fileLinks.count == 1)
        #expect(document.fileLinks.first?.line == 1)
        #expect(document.fileLinks.first?.column == 5)
    }

    @Test("links resolve against the link targets read before the Markdown, and nothing on disk")
    func linksResolveAgainstTargets() {
        // No site folder exists: a file or a page is known only from the targets.
        let targets = LinkTargets(
            files: ["Content/docs", "Content/docs/chart.svg", "Static/files/report.pdf"],
            pageURLs: ["Content/docs/beta.md": PageURL("/guides/beta-renamed/")])
        var resolving = markdown
        resolving.targets = targets
        let text =
            "[a](chart.svg) [b](beta.md#x) [c](gamma.md) [d](missing.svg) [e](../../Static/files/report.pdf) [f](.)"
        let html = resolving.render(text, source: "Content/docs/guide.md").blocks.map(\.html)
        #expect(
            html == [
                #"<p><a href="/docs/chart.svg">a</a> <a href="/guides/beta-renamed/#x">b</a> "#
                    + #"<a href="/docs/gamma/">c</a> <a href="missing.svg">d</a> "#
                    + #"<a href="../../Static/files/report.pdf">e</a> <a href="/docs">f</a></p>"#
            ])
        // Without targets a file link is left as written, and a page has the URL of its path.
        #expect(
            markdown.render("[a](chart.svg) [b](beta.md)", source: "Content/docs/guide.md").blocks.map(\.html) == [
                #"<p><a href="chart.svg">a</a> <a href="/docs/beta/">b</a></p>"#
            ])
    }

    @Test("other links are left alone")
    func otherLinks() {
        for destination in [
            "https://example.com/a.md", "/docs/a.md", "#a.md", "mailto:x@y.md", "image.png", "beta.markdown",
        ] {
            let document = markdown.render("[x](\(destination))", source: "Content/docs/guide.md")
            #expect(document.fileLinks.isEmpty, "\(destination)")
            #expect(document.blocks[0].html.contains(#"href="\#(destination)""#), "\(destination)")
        }
    }

    @Test("links under a base URL with a path get that path")
    func linksUnderBasePath() {
        let markdown = Markdown(smart: false, rootPath: "/blog/")
        #expect(
            markdown.render("[b](b.md)", source: "Content/a.md").blocks[0].html == #"<p><a href="/blog/b/">b</a></p>"#)
    }

    @Test("a link that climbs out of Content/ has no target")
    func linkOutOfContent() {
        let document = markdown.render("[x](../../README.md)", source: "Content/docs/guide.md")
        #expect(document.fileLinks.map(\.target) == [nil])
        #expect(document.blocks[0].html == #"<p><a href="../../README.md">x</a></p>"#)
    }

    @Test("the first # heading is the title when asked, and leaves the body")
    func titleFromHeading() {
        let document = markdown.render(
            "Intro.\n\n# The *Title*\n\n## Part\n\n# Second\n", source: "Content/a.md", takeTitle: true)
        #expect(document.title == "The Title")
        #expect(document.blocks.count == 3)
        #expect(document.blocks[0].html == "<p>Intro.</p>")
        #expect(document.headings.map(\.text) == ["Part", "Second"])
        #expect(markdown.render("# Kept\n", source: "Content/a.md").blocks.count == 1)
    }

    @Test("blockquote alerts as GitHub shows them; an unknown kind stays a quote")
    func alerts() {
        #expect(
            blocks("> [!TIP]\n> Use *this*.\n") == [
                "<div class=\"markdown-alert markdown-alert-tip\"><p class=\"markdown-alert-title\">Tip</p>\n<p>Use <em>this</em>.</p>\n</div>"
            ])
        #expect(blocks("> [!NOPE]\n> x\n") == ["<blockquote>\n<p>[!NOPE]\nx</p>\n</blockquote>"])
        #expect(blocks("> [!NOTE] inline\n") == ["<blockquote>\n<p>[!NOTE] inline</p>\n</blockquote>"])
    }

    @Test("DocC's asides: > Note:, > See Also:, a doc comment's > Parameters:; other words stay a quote")
    func asides() {
        #expect(
            blocks("> Note: Use *this*.\n> Twice.\n") == [
                "<aside class=\"aside aside-note\"><p class=\"aside-label\">Note</p>\n<p>Use <em>this</em>.\nTwice.</p>\n</aside>"
            ])
        #expect(
            blocks("> Parameters:\n>\n> - `a`: one\n") == [
                "<aside class=\"aside aside-parameters\"><p class=\"aside-label\">Parameters</p>\n<ul>\n<li><code>a</code>: one</li>\n</ul>\n</aside>"
            ])
        #expect(
            blocks("> See Also: x\n").first?.hasPrefix(
                "<aside class=\"aside aside-seealso\"><p class=\"aside-label\">See Also</p>") == true)
        #expect(blocks("> Remember: x\n") == ["<blockquote>\n<p>Remember: x</p>\n</blockquote>"])
        #expect(blocks("> Note that x: y\n") == ["<blockquote>\n<p>Note that x: y</p>\n</blockquote>"])
    }

    @Test(
        "fenced code with a known language is highlighted; an unknown one is plain",
        .enabled(if: Highlighter.kateIsBuiltIn, "built without KSyntaxHighlighting"))
    func highlighting() {
        #expect(
            blocks("```swift\nlet x = 1 // one\n```\n") == [
                #"<pre><code class="language-swift"><span class="hl-kw">let</span> <span class="hl-va">x</span> <span class="hl-op">=</span> <span class="hl-dv">1</span> <span class="hl-co">// one</span>"#
                    + "\n</code></pre>"
            ])
        #expect(
            blocks("```klingon\nqapla' <x>\n```\n") == [
                "<pre><code class=\"language-klingon\">qapla' &lt;x&gt;\n</code></pre>"
            ])
        #expect(blocks("    indented <x>\n") == ["<pre><code>indented &lt;x&gt;\n</code></pre>"])
    }

    @Test("the table of contents nests headings by level")
    func tableOfContents() {
        let headings = [(2, "a"), (3, "b"), (4, "c"), (3, "d"), (2, "e"), (4, "f")].map {
            Markdown.Heading(level: $0.0, id: $0.1, text: $0.1.uppercased())
        }
        func shape(_ entries: [[String: Any]]) -> String {
            entries.map { entry in
                let children = shape(entry["children"] as! [[String: Any]])
                return (entry["id"] as! String) + (children.isEmpty ? "" : "(\(children))")
            }.joined(separator: ",")
        }
        #expect(shape(TableOfContents.entries(headings)) == "a(b(c),d),e(f)")
        #expect(TableOfContents.entries(headings).first?["title"] as? String == "A")
    }
}
