import Foundation
import Testing

import SectionSiteDiff
import SectionSiteEngine
import SectionSiteHighlight
import SiteTestSupport

@Suite("Markdown in a site: links between pages, titles, the table of contents, the highlight cache")
struct MarkdownSiteTests {
    static func site(_ pages: [String: String]) throws -> TestSite {
        var files = TestSite.theme
        files["Themes/default/layouts/page.mustache"] =
            "<!doctype html><html><head><title>{{page.title}}</title></head><body>"
            + "{{#page.showTOC}}<nav data-ss-key=\"r:toc\">{{#page.toc}}{{> partials/toc}}{{/page.toc}}</nav>{{/page.showTOC}}"
            + "{{{sections}}}{{{body}}}</body></html>\n"
        files["Themes/default/partials/toc.mustache"] = "[{{id}}{{#children}} {{> partials/toc}}{{/children}}]"
        files.merge(pages) { $1 }
        return try TestSite(plugins: .kate, files)
    }

    @Test("a link to a .md file that is no page is a warning at its line and column, in bodies and item bodies")
    func missingFileLinks() throws {
        let site = try Self.site([
            "Content/docs/a.md":
                "---\ntitle: A\nsections:\n  - id: s\n    cell: a\n    items:\n      - {id: x, title: X, body: \"see [gone](gone.md)\"}\n---\nIntro [b](b.md#top), [c](c.md).\n\nAnd [up](../../x.md).\n",
            "Content/docs/b.md": "# B\n",
            "Content/docs/draft.md": "---\ndraft: true\n---\n",
            "Content/index.md": "[draft](docs/draft.md)\n",
        ])
        let report = try site.build()
        let warnings = report.warnings.filter { $0.id == "site.link-to-no-page" }.map(\.description)
        #expect(
            warnings == [
                "Content/docs/a.md:7:9: warning: link to 'gone.md' leads to no page: no page comes from 'Content/docs/gone.md'",
                "Content/docs/a.md:9:22: warning: link to 'c.md' leads to no page: no page comes from 'Content/docs/c.md'",
                "Content/docs/a.md:11:5: warning: link to '../../x.md' leads to no page: it leads out of Content/",
                "Content/index.md:1:1: warning: link to 'docs/draft.md' leads to no page: no page comes from 'Content/docs/draft.md'",
            ])
        let a = try site.output("docs/a/index.html")
        #expect(a.contains(#"<a href="/docs/b/#top">b</a>"#))
        #expect(a.contains(#"<a href="/docs/gone/">gone</a>"#))
    }

    @Test("relative links to files beside a page become root-relative, as the page's URL is a folder deeper")
    func fileLinks() throws {
        let site = try Self.site([
            "Content/docs/guide.md":
                "![chart](img/chart.svg) [pdf](../files/a%20b.pdf#page=2) [missing](img/none.png) [web](https://x.org/a.png)\n",
            "Content/docs/img/chart.svg": "<svg/>", "Content/files/a b.pdf": "%PDF",
        ])
        try site.build()
        let html = try site.output("docs/guide/index.html")
        #expect(html.contains(#"<img src="/docs/img/chart.svg" alt="chart" />"#))
        #expect(html.contains(#"<a href="/files/a%20b.pdf#page=2">pdf</a>"#))
        #expect(html.contains(#"<a href="img/none.png">missing</a>"#))
        #expect(html.contains(#"<a href="https://x.org/a.png">web</a>"#))
        #expect(try site.output("docs/img/chart.svg") == "<svg/>")
    }

    @Test("a page without a title takes its first # heading, not repeated in the body; else its file name")
    func titles() throws {
        let site = try Self.site([
            "Content/guide.md": "# The *Guide*\n\nText.\n",
            "Content/named.md": "---\ntitle: Given\n---\n# Kept heading\n",
            "Content/getting-started.md": "Just text.\n",
        ])
        try site.build()
        let guide = try site.output("guide/index.html")
        #expect(guide.contains("<title>The Guide</title>"))
        #expect(!guide.contains("<h1"))
        let named = try site.output("named/index.html")
        #expect(named.contains("<title>Given</title>"))
        #expect(named.contains(#"<h1 data-ss-key="#) && named.contains(#"id="kept-heading">Kept heading"#))
        #expect(try site.output("getting-started/index.html").contains("<title>Getting Started</title>"))
    }

    @Test("page.toc nests the headings; showTOC needs three of them")
    func tableOfContents() throws {
        let site = try Self.site([
            "Content/long.md": "## One\n\n### One A\n\n## Two\n\n## One\n",
            "Content/short.md": "## One\n\n## Two\n",
        ])
        try site.build()
        #expect(
            try site.output("long/index.html").contains(#"<nav data-ss-key="r:toc">[one [one-a]][two][one-1]</nav>"#))
        #expect(!(try site.output("short/index.html").contains("<nav")))
    }

    @Test(
        "a build saves the highlighted code in .sectionsite/highlight.cache; a build from nothing keeps only what it used",
        .enabled(if: Highlighter.kateIsBuiltIn, "built without KSyntaxHighlighting"))
    func highlightCache() throws {
        let site = try Self.site([
            "Content/a.md": "```swift\nlet a = 1\n```\n", "Content/b.md": "```go\nvar b = 2\n```\n",
        ])
        try site.build()
        let cache = site.folder.appendingPathComponent(".sectionsite/highlight.cache")
        var text = try String(contentsOf: cache, encoding: .utf8)
        #expect(text.contains(#"<span class="hl-kw">let</span>"#) && text.contains(#"<span class="hl-kw">var</span>"#))
        try site.remove("Content/b.md")
        try site.build()  // incremental: renders nothing with code, so it keeps the cache as it is
        #expect(try String(contentsOf: cache, encoding: .utf8) == text)
        try SiteBuilder(options: site.options).build(incremental: false)  // from nothing: only what it used
        text = try String(contentsOf: cache, encoding: .utf8)
        #expect(text.contains(#"<span class="hl-kw">let</span>"#) && !text.contains(#"<span class="hl-kw">var</span>"#))
    }
}
