import Foundation
import Testing

@_spi(Engine) @testable import SectionSite

/// Front matter `aliases`: a page at each earlier URL that sends readers on.
@Suite("Aliases")
struct AliasTests {
    static let site: [String: String] = TestSite.theme.merging([
        "sectionsite.yml": "baseURL: https://example.com/blog/\ntitle: Blog\n",
        "Content/posts/new.md": "---\ntitle: Fish & Chips\naliases: [/old/, legacy.html, /2019/01/fish]\n---\nBody.\n",
        "Content/about.md": "---\ntitle: About\naliases: /about-us\n---\nHi.\n",
    ]) { $1 }

    @Test("each alias gets a page with the canonical link, a refresh and a visible link, under baseURL")
    func pages() throws {
        let site = try TestSite(Self.site)
        try site.build()
        let expected = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>Fish &amp; Chips</title>
            <link rel="canonical" href="https://example.com/blog/posts/new/">
            <meta name="robots" content="noindex">
            <meta http-equiv="refresh" content="0; url=/blog/posts/new/">
            </head>
            <body>
            <p>This page has moved to <a href="/blog/posts/new/">Fish &amp; Chips</a>.</p>
            </body>
            </html>

            """
        #expect(try site.output("old/index.html") == expected)
        #expect(try site.output("legacy.html") == expected)
        #expect(try site.output("2019/01/fish/index.html") == expected)
        #expect(try site.output("about-us/index.html").contains(#"<meta http-equiv="refresh" content="0; url=/blog/about/">"#))
        #expect(try !site.output("sitemap.xml").contains("old"))  // not pages of their own
    }

    @Test("an alias that is a page's URL, or another page's alias, is an error at the alias", arguments: [
        ("Content/x.md", "---\ntitle: X\naliases:\n  - /y/\n  - /about/\n---\n",
         "Content/x.md:5:5: error: alias '/about/' is the URL of a page (Content/about.md); an alias needs a URL of its own"),
        ("Content/x.md", "---\ntitle: X\naliases: [/z/, old]\n---\n",
         "Content/x.md:3:16: error: alias '/old/' is given twice\nContent/posts/new.md:3:11: note: '/old/' first given here"),
        ("Content/x.md", "---\ntitle: X\naliases: [https://other.org/x/]\n---\n",
         "Content/x.md:3:11: error: alias 'https://other.org/x/' must be a path on this site, like /old/path/ or /old/page.html"),
    ])
    func collisions(_ path: String, _ text: String, _ message: String) throws {
        let site = try TestSite(Self.site)
        try site.build()
        let before = site.outputSnapshot()
        try site.write([path: text])
        let error = try #require(site.buildError())
        #expect(error.description == message)
        #expect(site.outputSnapshot() == before)
    }

    @Test("an incremental build adds and removes alias pages as a build from nothing would")
    func incremental() throws {
        let site = try TestSite(Self.site)
        try site.build()
        try site.write(["Content/about.md": "---\ntitle: About\naliases: /team/\n---\nHi.\n"])
        #expect(try site.build().incremental)
        #expect(FileManager.default.fileExists(atPath: site.out.appendingPathComponent("team/index.html").path))
        #expect(!FileManager.default.fileExists(atPath: site.out.appendingPathComponent("about-us/index.html").path))
        let incremental = site.outputSnapshot().filter { !$0.key.hasPrefix("_sectionsite/") }
        try FileManager.default.removeItem(at: site.out)
        try FileManager.default.removeItem(at: site.folder.appendingPathComponent(".sectionsite"))
        try site.build()
        #expect(site.outputSnapshot().filter { !$0.key.hasPrefix("_sectionsite/") } == incremental)
    }
}
