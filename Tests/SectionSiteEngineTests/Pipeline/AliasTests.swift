import Foundation
import Testing

import SectionSiteDiff
import SectionSiteEngine
import SiteTestSupport

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
            <script>location.replace("/blog/posts/new/" + location.hash)</script>
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
        #expect(
            try site.output("about-us/index.html").contains(
                #"<meta http-equiv="refresh" content="0; url=/blog/about/">"#))
        #expect(try !site.output("sitemap.xml").contains("old"))  // not pages of their own
    }

    @Test("an alias that is no path on this site is an error at the alias, and the output stays as it was")
    func notAPath() throws {
        let site = try TestSite(Self.site)
        try site.build()
        let before = site.outputSnapshot()
        try site.write(["Content/x.md": "---\ntitle: X\naliases: [https://other.org/x/]\n---\n"])
        let error = try #require(site.buildError())
        #expect(
            error.description
                == "Content/x.md:3:11: error: alias 'https://other.org/x/' must be a path on this site, like /old/path/ or /old/page.html"
        )
        #expect(site.outputSnapshot() == before)
    }

    @Test(
        "an alias that a page, a file or an earlier page already has is a warning, and the other keeps the URL",
        arguments: [
            (
                ["Content/x.md": "---\ntitle: X\naliases:\n  - /y/\n  - /about/\n---\n"],
                "Content/x.md:5:5: warning: alias '/about/' is not written: it is the URL of a page (Content/about.md), which keeps it",
                "about/index.html", "<title>About</title>"
            ),
            // The page's own file named as an alias (git-scm: `url: /about.html` with `aliases: [/about/index.html]`).
            (
                ["Content/own.md": "---\ntitle: Own\naliases: [/own/index.html]\n---\n"],
                "Content/own.md:3:11: warning: alias '/own/index.html' is not written: it is the URL of a page (Content/own.md), which keeps it",
                "own/index.html", "<title>Own</title>"
            ),
            (
                [
                    "Content/x.md": "---\ntitle: X\naliases: [/robots.html]\n---\n",
                    "Static/robots.html": "<p>robots</p>\n",
                ],
                "Content/x.md:3:11: warning: alias '/robots.html' is not written: Static/robots.html is written at robots.html",
                "robots.html", "<p>robots</p>"
            ),
            // Content/a.md comes before Content/posts/new.md in path order: its alias is written, in every build.
            (
                ["Content/a.md": "---\ntitle: A\naliases: [/z/, old]\n---\n"],
                "Content/posts/new.md:3:11: warning: alias '/old/' is given again; readers are sent to the first page that gives it (Content/a.md)\nContent/a.md:3:16: note: '/old/' first given here",
                "old/index.html", "url=/blog/a/"
            ),
            (
                ["Content/x.md": "---\ntitle: X\naliases: [/twice/, twice]\n---\n"],
                "Content/x.md:3:20: warning: alias '/twice/' is given again; readers are sent to the first page that gives it (this page)\nContent/x.md:3:11: note: '/twice/' first given here",
                "twice/index.html", "url=/blog/x/"
            ),
        ])
    func conflicts(_ files: [String: String], _ warning: String, _ path: String, _ kept: String) throws {
        let site = try TestSite(Self.site.merging(files) { $1 })
        let report = try site.build()
        #expect(report.warnings.filter { $0.message.hasPrefix("alias") }.map(\.description) == [warning])
        #expect(try site.output(path).contains(kept))
        // --strict, or `strict: true`: every warning is an error, all of them are told, and nothing is written.
        let before = site.outputSnapshot()
        try site.write(["Content/about.md": "---\ntitle: About us\naliases: /about-us\n---\nHi.\n"])
        let asErrors = report.warnings.map(\.asError.description)
        var options = site.options
        options.strict = true
        #expect(throws: SectionSiteError.self) { try SiteBuilder(options: options).build() }
        #expect(site.outputSnapshot() == before)
        try site.write(["sectionsite.yml": "baseURL: https://example.com/blog/\ntitle: Blog\nstrict: true\n"])
        let error = try #require(site.buildError())
        #expect(error.diagnostics.map(\.description) == asErrors)
        #expect(
            error.diagnostics.map(\.description).contains(warning.replacingOccurrences(of: "warning:", with: "error:")))
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
