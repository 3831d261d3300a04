import Foundation
import Testing

import SectionSite
import SectionSiteCommands
import SectionSiteDiff
@testable import SectionSiteEngine
import SectionSiteHighlight
import SiteTestSupport

@Suite("Build")
struct BuildTests {
    @Test("--config files are read after sectionsite.yml, each key replacing the one before; their errors name them")
    func settingsFiles() throws {
        let site = try TestSite(
            plugins: .command,
            TestSite.theme.merging([
                "sectionsite.yml": "title: One\ndescription: Kept\n",
                "more.yml": "title: Two\n",
                "last.yml": "title: Three\n",
                "Content/index.md": "---\ntitle: Home\n---\n{{site.title}} {{site.description}}\n",
            ]) { $1 })
        var options = site.options
        options.settingsFiles = [
            site.folder.appendingPathComponent("more.yml"), site.folder.appendingPathComponent("last.yml"),
        ]
        let built = try Site(options: options)
        #expect(built.config.title == "Three")
        #expect(built.config.data["description"] == .string("Kept"))
        options.settingsFiles = [site.folder.appendingPathComponent("more.yml")]
        #expect(try Site(options: options).config.title == "Two")
        try site.write(["more.yml": "title: Two\nmarkdown:\n  colour: blue\n"])
        #expect(throws: SectionSiteError.self) { try Site(options: options) }
        do { _ = try Site(options: options) } catch let error as SectionSiteError {
            #expect(
                error.description
                    == "more.yml:3:3: error: unknown markdown option 'colour' (known: smart, unsafe, attributes)")
        }
        options.settingsFiles = [site.folder.appendingPathComponent("gone.yml")]
        do { _ = try Site(options: options) } catch let error as SectionSiteError {
            #expect(error.description == "error: settings file 'gone.yml' (--config) does not exist")
        }
    }

    @Test("collections sort, filter by tag, limit, and leave out drafts and index pages")
    func collections() throws {
        #expect(TestSite.itemKeys(try built(TestSite.blog())) == ["/posts/beta/", "/posts/gamma/", "/posts/alpha/"])
        #expect(
            TestSite.itemKeys(try built(TestSite.blog(sort: "date"))) == [
                "/posts/alpha/", "/posts/gamma/", "/posts/beta/",
            ])
        #expect(
            TestSite.itemKeys(try built(TestSite.blog(sort: "title"))) == [
                "/posts/alpha/", "/posts/beta/", "/posts/gamma/",
            ])
        #expect(TestSite.itemKeys(try built(TestSite.blog(limit: 2))) == ["/posts/beta/", "/posts/gamma/"])
        #expect(TestSite.itemKeys(try built(TestSite.blog(tags: "[ios]"))) == ["/posts/gamma/"])
    }

    @Test("collection cells see url, title, date and the first paragraph as summary")
    func collectionFields() throws {
        var files = TestSite.blog()
        files["Themes/default/cells/b.mustache"] = "{{url}}|{{title}}|{{date}}|{{dateDisplay}}|{{summary}}\n"
        let html = try built(files)
        #expect(html.contains(">/posts/beta/|Beta|2026-01-03|3 January 2026|About beta.</div>"))
    }

    @Test("a page listed by two collections of one page is keyed by its section the second time, paginated or not")
    func listedTwice() throws {
        for paginate in ["", "\n    paginate: 1"] {
            var files = TestSite.blog()
            files["Content/index.md"] =
                "---\ntitle: Home\nsections:\n  - id: latest\n    cell: b\n    from: posts\n    limit: 1\n  - id: swift\n    cell: b\n    from: posts\n    tags: [swift]\(paginate)\n---\n"
            let html = try built(files, page: "index.html")
            // Newest first: beta is the latest; gamma and alpha carry 'swift'.
            #expect(
                TestSite.itemKeys(html)
                    == (paginate.isEmpty
                        ? ["/posts/beta/", "/posts/gamma/", "/posts/alpha/"] : ["/posts/beta/", "/posts/gamma/"]))
            files["Content/index.md"] = files["Content/index.md"]!.replacingOccurrences(
                of: "limit: 1", with: "limit: 2")
            let twice = try built(files, page: "index.html")
            #expect(
                Array(TestSite.itemKeys(twice).prefix(3)) == ["/posts/beta/", "/posts/gamma/", "swift:/posts/gamma/"])
        }
    }

    @Test("paginate splits the list into page/2/ and on")
    func pagination() throws {
        var files = TestSite.blog(paginate: 2)
        files["Themes/default/layouts/page.mustache"] =
            "<html><head></head><body>{{{sections}}}{{#page.pagination}}[{{current}}/{{total}} {{prevLink}} {{nextLink}}]{{/page.pagination}}</body></html>"
        let site = try TestSite(plugins: .command, files)
        try site.build()
        let first = try site.output("posts/index.html")
        let second = try site.output("posts/page/2/index.html")
        #expect(TestSite.itemKeys(first) == ["/posts/beta/", "/posts/gamma/"])
        #expect(TestSite.itemKeys(second) == ["/posts/alpha/"])
        #expect(first.contains("[1/2  /posts/page/2/]"))
        #expect(second.contains("[2/2 /posts/ ]"))
        #expect(!FileManager.default.fileExists(atPath: site.out.appendingPathComponent("posts/page/3").path))
    }

    @Test("a paginated list's items, made as each of its pages is rendered, count: only an empty list is warned of")
    func paginatedEmptySection() throws {
        let site = try TestSite(plugins: .command, TestSite.blog(paginate: 2))
        var report = try site.build()
        #expect(!report.warnings.contains { $0.id == "site.empty-section" })
        #expect(TestSite.itemKeys(try site.output("posts/index.html")) == ["/posts/beta/", "/posts/gamma/"])
        try site.write([
            "Content/posts/index.md":
                "---\ntitle: Posts\nsections:\n  - id: all\n    cell: b\n    from: posts\n    tags: [none]\n    paginate: 2\n---\n"
        ])
        report = try site.build()
        #expect(
            report.warnings.map(\.description).contains(
                "Content/posts/index.md:4:5: warning: section 'all' has no items"))
    }

    @Test("drafts are published only with --drafts")
    func drafts() throws {
        let site = try TestSite(plugins: .command, TestSite.blog())
        try site.build()
        #expect(!FileManager.default.fileExists(atPath: site.out.appendingPathComponent("posts/delta/index.html").path))
        try site.build(drafts: true)
        #expect(FileManager.default.fileExists(atPath: site.out.appendingPathComponent("posts/delta/index.html").path))
    }

    @Test("two builds from nothing of the same input, into two empty folders, are byte-identical")
    func deterministic() throws {
        let one = try TestSite(plugins: .command, TestSite.blog(paginate: 2))
        let other = try TestSite(plugins: .command, TestSite.blog(paginate: 2))
        try one.build()
        try other.build()
        let first = one.outputSnapshot()
        #expect(other.outputSnapshot() == first)
        // Five pages, the tags index and the pages of 'swift' and 'ios', each with its head.json; the sitemap, the
        // Atom feed, the feeds of the two tags, search.json, the runtime and the manifest; and the search index's
        // shards.
        #expect(first.filter { !$0.key.hasPrefix("search/") }.count == 23)
        #expect(first.keys.contains("search/index.json"))
    }

    @Test(
        "a build that lets each page's body go once rendered writes what a site that keeps them renders, across slices")
    func bodiesLetGo() throws {
        // 700 posts, listed one to a page by an index page with a body of its own: its 700 output pages span two of
        // the render's slices of 512, and each shows the index's body.
        var files = TestSite.theme
        for n in 0..<700 {
            files["Content/posts/p\(n).md"] = "---\ntitle: P\(n)\ndate: 2026-01-01\n---\nBody of post \(n).\n"
        }
        files["Content/posts/index.md"] =
            "---\ntitle: Posts\nsections:\n  - id: all\n    cell: b\n    from: posts\n    sort: title\n    paginate: 1\n---\nThe index's own words.\n"
        let site = try TestSite(plugins: .command, files)
        try site.build()  // SiteBuilder: bodies go
        let kept = try Site(options: site.options)  // the preview's way: bodies stay
        #expect(kept.options.storage == nil)
        for url in ["/posts/", "/posts/page/2/", "/posts/page/600/", "/posts/page/700/", "/posts/p0/", "/posts/p699/"] {
            let written = try site.output(OutputPath(page: PageURL(url)).rawValue)
            #expect(written == kept.pages[PageURL(url)]?.html, "\(url)")
        }
        #expect(try site.output("posts/page/700/index.html").contains("own words."))
        #expect(try site.output("posts/p699/index.html").contains("Body of post 699."))
    }

    @Test("a build keeps bodies and rendered pages on disk, not in memory, and writes the same site")
    func keptOnDisk() throws {
        var files = TestSite.theme
        for n in 0..<40 {
            files["Content/posts/p\(n).md"] =
                "---\ntitle: P\(n)\ndate: 2026-01-01\n---\nBody of post \(n).\n\n- one\n- two\n"
        }
        let site = try TestSite(plugins: .command, files)
        var options = site.options
        options.storage = site.folder.appendingPathComponent(".sectionsite")
        let stored = try Site(options: options)
        let kept = try Site(options: site.options)
        // Nothing of a body in memory: it waits on disk (and is not read again once the page is rendered).
        #expect(stored.loaded.values.allSatisfy { $0.body.isStored && $0.blocks.isEmpty && $0.itemBodies.isEmpty })
        #expect(stored.pages.values.allSatisfy { $0.storedFile != nil })
        #expect(kept.pages.values.allSatisfy { $0.storedFile == nil })
        for url in kept.pages.keys {
            let page = try #require(stored.pages[url])
            #expect(page.html == kept.pages[url]?.html, "\(url)")
            #expect(try String(contentsOfFile: page.storedFile!, encoding: .utf8) == kept.pages[url]?.html)
        }
        let store = try BodyStore(folder: options.storage!)
        let loaded = try ContentLoader(
            site: site.folder, markdown: stored.markdown, bodies: store, permalinks: Permalinks()
        ).load(
            "Content/posts/p7.md")
        #expect(loaded.blocks.isEmpty && loaded.body.isStored)
        let reread = try loaded.bodyBlocks()
        #expect(reread == kept.loaded["Content/posts/p7.md"]!.blocks)
        #expect(reread.count == 2)
    }

    @Test("sitemap, Atom feed, Static files and theme assets are written")
    func siteFiles() throws {
        var files = TestSite.blog()
        files["sectionsite.yml"] = "title: Blog\nbaseURL: https://example.com/blog/\n"
        files["Static/robots.txt"] = "User-agent: *\n"
        files["Themes/default/assets/style.css"] = "body{}\n"
        let site = try TestSite(plugins: .command, files)
        try site.build()
        let sitemap = try site.output("sitemap.xml")
        #expect(
            sitemap.contains("<url><loc>https://example.com/blog/posts/beta/</loc><lastmod>2026-01-03</lastmod></url>"))
        let atom = try site.output("feed.xml")
        #expect(atom.contains("<title>Beta</title>"))
        #expect(atom.contains("<updated>2026-01-03T00:00:00Z</updated>"))
        #expect(!atom.contains("Delta"))
        #expect(try site.output("robots.txt") == "User-agent: *\n")
        #expect(try site.output("assets/style.css") == "body{}\n")
        #expect(try site.output("posts/beta/index.html").contains(#"<script src="/blog/_sectionsite/sectionsite.js""#))
    }

    @Test("past sitemap.urls URLs, sitemap.xml is an index of sitemap-N.xml files that list every page once")
    func sitemapIndex() throws {
        var files = TestSite.blog()
        files["sectionsite.yml"] = "title: Blog\nbaseURL: https://example.com/\nsitemap:\n  urls: 2\n"
        let site = try TestSite(plugins: .command, files)
        try site.build()
        let index = try site.output("sitemap.xml")
        #expect(index.contains("<sitemapindex "))
        let listed = index.matches(of: /<loc>https:\/\/example.com\/(sitemap-\d+\.xml)<\/loc>/).map { String($0.1) }
        let pages = try Site(options: site.options).pages.count
        #expect(listed == (1...((pages + 1) / 2)).map { "sitemap-\($0).xml" })
        var urls: [String] = []
        for file in listed {
            let locs = try site.output(file).matches(of: /<loc>([^<]+)<\/loc>/).map { String($0.1) }
            #expect(locs.count <= 2 && !locs.isEmpty)
            urls += locs
        }
        #expect(urls == urls.sorted() && Set(urls).count == pages && urls.count == pages)
        #expect(index.contains("<sitemap><loc>https://example.com/sitemap-1.xml</loc>"))
        // Under the limit, one sitemap.xml as before, and the files of the split are gone.
        try site.write(["sectionsite.yml": "title: Blog\nbaseURL: https://example.com/\n"])
        try site.build()
        #expect(try site.output("sitemap.xml").contains("<urlset "))
        #expect(!FileManager.default.fileExists(atPath: site.out.appendingPathComponent("sitemap-1.xml").path))
        try site.write(["sectionsite.yml": "title: Blog\nsitemap:\n  urls: 60000\n"])
        #expect(
            site.buildError()?.description
                == "sectionsite.yml:3:9: error: 'urls' must be from 1 to 50000 (the most a sitemap file may list)")
    }

    @Test("an empty section and an unused template are warnings, not errors")
    func warnings() throws {
        var files = TestSite.theme
        files["Content/index.md"] = "---\ntitle: X\nsections:\n  - id: empty\n    cell: a\n    items: []\n---\n"
        let report = try TestSite(plugins: .command, files).build()
        #expect(
            report.warnings.map(\.description).contains("Content/index.md:4:5: warning: section 'empty' has no items"))
        #expect(
            report.warnings.map(\.description).contains(
                "Themes/default/cells/b.mustache:1:1: warning: template 'cells/b' is never used"))
    }

    @Test(
        "a path-only base URL is written once in the sitemap and the Atom feed",
        arguments: ["/blog/", "/blog", "blog/"])
    func pathOnlyBaseURL(base: String) throws {
        let site = try TestSite(plugins: .command, TestSite.blog())
        try SiteBuilder(options: TestPlugins.command.options(site: site.folder, out: site.out, baseURL: base)).build()
        let sitemap = try site.output("sitemap.xml")
        #expect(sitemap.contains("<url><loc>/blog/posts/beta/</loc><lastmod>2026-01-03</lastmod></url>"))
        #expect(!sitemap.contains("/blog/blog/"))
        let atom = try site.output("feed.xml")
        #expect(
            atom.contains(#"<link href="/blog/posts/beta/"/>"#)
                && atom.contains(#"<link rel="self" href="/blog/feed.xml"/>"#))
        #expect(!atom.contains("/blog/blog/"))
    }

    @Test("an output that cannot be written is an error at that path, and nothing is left half-written")
    func unwritableOutput() throws {
        let site = try TestSite(plugins: .command, TestSite.blog())
        try site.write(["blocker": "a file where a folder should be\n"])
        let out = site.folder.appendingPathComponent("blocker/_site")
        #expect(throws: SectionSiteError.self) {
            try SiteBuilder(options: TestPlugins.command.options(site: site.folder, out: out)).build()
        }
        do {
            try SiteBuilder(options: TestPlugins.command.options(site: site.folder, out: out)).build()
        } catch let error as SectionSiteError {
            #expect(
                error.description
                    == "\(site.folder.path)/blocker: error: cannot write the output: File exists; the previous output is unchanged"
            )
        }
        #expect(
            try String(contentsOf: site.folder.appendingPathComponent("blocker"), encoding: .utf8)
                == "a file where a folder should be\n")
    }

    @Test("a page whose URL is one character builds (Foundation's path functions trap on it)")
    func oneCharacterURL() throws {
        var files = TestSite.theme
        files["Content/a.md"] = "A.\n"
        files["Content/b/c.md"] = "C.\n"
        let site = try TestSite(plugins: .command, files)
        try site.build()
        #expect(try site.output("a/index.html").contains("<p data-ss-key="))
        #expect(try site.output("b/c/index.html").contains("<p data-ss-key="))
    }

    @Test(
        "each kind of 'sectionsite new' site builds on the default theme without warnings, every link found",
        arguments: [Starter.Kind.blog, .docs, .product])
    func starter(kind: Starter.Kind) throws {
        let site = try TestSite(plugins: .command, [:])
        let folder = site.folder.appendingPathComponent("new")
        _ = try Starter.write(to: folder, kind: kind)
        let options = TestPlugins.command.options(site: folder)
        let report = try SiteBuilder(options: options).build()
        // Home, about, blog and its two posts, docs and its two pages, the tags index and its two tags.
        #expect(report.pageCount == 11)
        #expect(report.warnings.isEmpty, "\(report.warnings)")
        var checked = options
        checked.keepsLinks = true
        #expect(try LinkCheck(Site(options: checked)).brokenLinks().errors.isEmpty)
        let home = try String(contentsOf: folder.appendingPathComponent("_site/index.html"), encoding: .utf8)
        #expect(home.contains(#"data-ss-key="s:next""#) && home.contains("Save a file"), "the data file's list")
        #expect(
            try String(contentsOf: folder.appendingPathComponent("sectionsite.yml"), encoding: .utf8).contains(
                "theme: default"))
    }

    @Test("a site made by the earlier 'sectionsite new' (cells note and post) switches to the default theme as it is")
    func earlierStarterOnTheDefaultTheme() throws {
        let site = try TestSite(
            plugins: .command,
            [
                "sectionsite.yml": "title: Earlier\ntheme: default\n",
                "Content/index.md":
                    "---\ntitle: Welcome\nsections:\n  - id: start\n    header: Start here\n    cell: note\n    items:\n"
                    + "      - {id: edit, title: Edit this page, body: Open it.}\n  - id: latest\n    cell: post\n"
                    + "    from: posts\n---\n",
                "Content/posts/hello.md": "---\ntitle: Hello\ndate: 2026-01-01\n---\nThe first post.\n",
            ])
        let report = try site.build()
        #expect(report.warnings.isEmpty, "\(report.warnings)")
        let home = try site.output("index.html")
        #expect(home.contains(#"<h3 class="feature-title">Edit this page</h3>"#))
        #expect(home.contains(#"<article class="post-row">"#))
    }

    @Test("a package site documents the package it is made in; without one, --kind package says what to do")
    func starterPackage() throws {
        let site = try TestSite(plugins: .command, ["Package.swift": "// swift-tools-version: 6.0\n"])
        let folder = site.folder.appendingPathComponent("docs/site")
        #expect(Starter.package(holding: folder)?.path == site.folder.standardizedFileURL.path)
        _ = try Starter.write(to: folder, kind: .package, package: Starter.package(holding: folder))
        let settings = try String(contentsOf: folder.appendingPathComponent("sectionsite.yml"), encoding: .utf8)
        #expect(settings.hasSuffix("api:\n  package: ../..\n"))
        #expect(Starter.package(holding: URL(fileURLWithPath: "/")) == nil)
        #expect(throws: SectionSiteError.self) { try Starter.write(to: site.folder, kind: .blog) }
    }

    private func built(_ files: [String: String], page: String = "posts/index.html") throws -> String {
        let site = try TestSite(plugins: .command, files)
        try site.build()
        return try site.output(page)
    }
}
