import Foundation
import Testing

import SectionSiteEngine
import SiteTestSupport

/// Where a page goes: permalink patterns per folder, `url:` and `slug:`, dates in file names; through build,
/// incremental build and the preview.
@Suite("Permalinks")
struct PermalinkTests {
    @Test(
        "a file name's date and slug",
        arguments: [
            ("2026-08-20-hello", "2026-08-20", "hello"),
            ("2018-1-9-forums", "2018-01-09", "forums"),
            ("2026-08-20-two-words", "2026-08-20", "two-words"),
            ("hello", nil, "hello"),
            ("2026-13-01-bad-month", nil, "2026-13-01-bad-month"),
            ("2026-08-20", nil, "2026-08-20"),
        ] as [(String, String?, String)])
    func fileNames(stem: String, date: String?, slug: String) {
        let named = Permalinks.fileName(stem)
        #expect(named.date?.isoDate == date && named.slug == slug)
    }

    @Test(
        "patterns, slug, url and the folder's list page",
        arguments: [
            ("Content/blog/2026-08-20-hello.md", [:], [String: String](), "/blog/hello/"),
            (
                "Content/blog/2026-08-20-hello.md", ["blog": "/blog/:year/:month/:day/:slug/"], [:],
                "/blog/2026/08/20/hello/"
            ),
            ("Content/blog/2026-08-20-hello.md", ["blog": "/:section/:filename"], [:], "/blog/2026-08-20-hello/"),
            ("Content/blog/hello.md", ["blog": "/b/:title/"], ["title": "Hello, World!"], "/b/hello-world/"),
            ("Content/blog/hello.md", ["blog": "/b/:slug/"], ["slug": "bonjour"], "/b/bonjour/"),
            ("Content/blog/hello.md", ["blog": "/b/:slug/"], ["url": "/elsewhere/"], "/elsewhere/"),
            ("Content/blog/index.md", ["blog": "/b/:slug/"], [:], "/blog/"),
            ("Content/about.md", ["": "/pages/:slug/"], [:], "/pages/about/"),
            ("Content/docs/guide.md", ["blog": "/b/:slug/"], [:], "/docs/guide/"),
            ("Content/blog/café.md", [:], ["url": "/2018/01/19/café.html"], "/2018/01/19/caf%C3%A9/"),
        ] as [(String, [String: String], [String: String], String)])
    func urls(path: String, patterns: [String: String], front: [String: String], expected: String) throws {
        let url = try Permalinks(patterns: patterns).url(
            .init(path: SourcePath(path), url: front["url"], slug: front["slug"], title: front["title"], date: nil))
        #expect(url == PageURL(expected))
    }

    static let theme = TestSite.theme.merging([
        "Themes/default/layouts/page.mustache":
            "<!doctype html><html><head><title>{{page.title}}</title></head><body><h1 data-ss-key=\"r:title\">{{page.title}}</h1>{{{sections}}}{{{body}}}</body></html>\n"
    ]) { $1 }

    static func site() -> [String: String] {
        theme.merging([
            "sectionsite.yml": "title: Blog\npermalinks:\n  blog: /blog/:year/:slug/\n",
            "Content/blog/index.md": "---\ntitle: Blog\nsections:\n  - id: all\n    cell: b\n    from: blog\n---\n",
            "Content/blog/2026-08-20-hello.md":
                "---\ntitle: Hello\ntags: [a]\n---\nSee [the other](2025-1-2-other.md#part).\n",
            "Content/blog/2025-1-2-other.md": "---\ntitle: Other\nslug: autre\n---\n## Part\n",
            "Content/about.md":
                "---\ntitle: About\nurl: /about-me.html\n---\nRead [hello](blog/2026-08-20-hello.md).\n",
        ]) { $1 }
    }

    @Test(
        "a build puts pages where their patterns, slugs and urls say, and every link, list, tag page and alias follows")
    func build() throws {
        let site = try TestSite(Self.site())
        let report = try site.build()
        #expect(report.warnings.filter { !$0.message.contains("never used") }.isEmpty)
        #expect(
            try site.output("blog/2026/hello/index.html").contains(#"<a href="/blog/2025/autre/#part">the other</a>"#))
        #expect(
            FileManager.default.fileExists(atPath: site.out.appendingPathComponent("blog/2025/autre/index.html").path))
        #expect(try site.output("about-me/index.html").contains(#"<a href="/blog/2026/hello/">hello</a>"#))
        #expect(try site.output("about-me.html").contains("/about-me/"))  // the old address sends readers on
        #expect(try site.output("blog/index.html").contains("Hello"))  // dated by its name, listed
        #expect(try site.output("sitemap.xml").contains("/blog/2026/hello/"))
        #expect(try site.output("tags/a/index.html").contains("/blog/2026/hello/"))
        // A second page at the same place: an error at each.
        try site.write(["Content/blog/2026-03-01-hello.md": "# Again\n"])
        let error = try #require(site.buildError())
        #expect(
            error.diagnostics.map { String($0.description.split(separator: "\n")[0]) } == [
                "Content/blog/2026-03-01-hello.md:1:1: error: two pages have the URL '/blog/2026/hello/'",
                "Content/blog/2026-08-20-hello.md:1:1: error: two pages have the URL '/blog/2026/hello/'",
            ])
        try site.write([
            "Content/blog/2026-03-01-hello.md": "---\nslug: hello-again\n---\n# Again\n",
            "sectionsite.yml": "permalinks: {blog: /b/:year/}\n",
        ])
        let mistake = try #require(site.buildError())
        #expect(
            mistake.diagnostics.map(\.location?.file) == [
                "Content/blog/2026-03-01-hello.md", "Content/blog/2026-08-20-hello.md",
            ])
        try site.write(["sectionsite.yml": "permalinks: {blog: /b/:when/}\n"])
        #expect(
            site.buildError()?.description.hasPrefix("sectionsite.yml:1:20: error: unknown permalink word ':when'")
                == true)
    }

    @Test("in the preview, a new slug moves the page and the pages that link to it follow, as a fresh build has them")
    func preview() throws {
        let site = try TestSite(Self.site())
        var live = try Site(options: site.options)
        try site.write(["Content/blog/2025-1-2-other.md": "---\ntitle: Other\nslug: ailleurs\n---\n## Part\n"])
        let update = try live.apply(["Content/blog/2025-1-2-other.md"])
        #expect(update.removed == ["/blog/2025/autre/"])
        #expect(update.changed.contains("/blog/2025/ailleurs/") && update.changed.contains("/blog/2026/hello/"))
        let fresh = try Site(options: site.options)
        #expect(live.pages.keys.sorted() == fresh.pages.keys.sorted())
        for url in fresh.pages.keys where live.pages[url]?.html != fresh.pages[url]?.html {
            Issue.record("\(url) differs")
        }
        // A new pattern moves every page of the folder.
        try site.write(["sectionsite.yml": "title: Blog\npermalinks:\n  blog: /posts/:slug/\n"])
        _ = try live.apply(["sectionsite.yml"])
        #expect(live.pages["/posts/hello/"] != nil && live.pages["/blog/2026/hello/"] == nil)
    }

    @Test("an incremental build after a slug edit equals a build from nothing")
    func incremental() throws {
        let site = try TestSite(Self.site())
        try site.build()
        try site.write(["Content/blog/2025-1-2-other.md": "---\ntitle: Other\nslug: ailleurs\n---\n## Part\n"])
        try site.build()
        let incremental = site.outputSnapshot().filter { !$0.key.hasPrefix("_sectionsite/") }
        try FileManager.default.removeItem(at: site.out)
        try FileManager.default.removeItem(at: site.folder.appendingPathComponent(".sectionsite"))
        try site.build()
        let cold = site.outputSnapshot().filter { !$0.key.hasPrefix("_sectionsite/") }
        #expect(incremental.keys.sorted() == cold.keys.sorted())
        for (path, data) in cold where incremental[path] != data { Issue.record("\(path) differs") }
        #expect(try site.output("blog/2026/hello/index.html").contains("/blog/2025/ailleurs/#part"))
    }
}
