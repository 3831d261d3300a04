import Foundation
import Testing

import SectionSiteCommands
@testable import SectionSiteEngine
@testable import SectionSiteImport
import SiteTestSupport

/// Shapes real Jekyll sites have, each in a small site written here: the import writes a site that builds, and
/// every address Jekyll gave answers (a page or an alias).
@Suite("Import from Jekyll: shapes of real sites")
struct JekyllShapesTests {
    /// Imports `files` as a Jekyll site and builds the result; the built folder and the report.
    static func built(_ files: [String: String]) throws -> (TestSite, URL, ImportReport) {
        let jekyll = try TestSite(plugins: .command, files)
        let out = jekyll.folder.appendingPathComponent("imported")
        let report = try ImportRun.jekyll(jekyll, into: out)
        let built = out.appendingPathComponent("_site")
        try SiteBuilder(options: TestPlugins.command.options(site: out, out: built)).build()
        return (jekyll, built, report)
    }

    /// The addresses of `urls` that the built site does not answer (no page, no alias there).
    static func missing(_ urls: [String], in built: URL) -> [String] {
        urls.filter { url in
            let path = URLPath.decoded(url)
            let file = path.hasSuffix("/") ? path + "index.html" : path
            return !FileManager.default.fileExists(atPath: built.path + file)
        }
    }

    static func text(_ out: URL, _ path: String) throws -> String {
        try String(contentsOf: out.appendingPathComponent(path), encoding: .utf8)
    }

    @Test("documentation per release in folders of one folder (aws-ddk's release/): versions, pre-releases in order")
    func releaseFolders() throws {
        var files = [
            "_config.yml": "title: DDK\nlegacy_versions: [0.1.0, 0.2.0]\n", "index.md": "---\ntitle: Home\n---\n",
        ]
        for version in ["0.1.0", "0.2.0", "1.0.0-beta.1", "1.0.0-rc.0", "1.0.0", "1.1.0"] {
            files["release/\(version)/index.markdown"] = "---\ntitle: Release \(version)\n---\nHow-to.\n"
            files["release/\(version)/how-to/setup.md"] = "---\ntitle: Setup\n---\nSet up \(version).\n"
        }
        let (jekyll, built, _) = try Self.built(files)
        let settings = try Self.text(jekyll.folder.appendingPathComponent("imported"), "sectionsite.yml")
        #expect(
            settings.contains(
                "versions:\n  folder: release\n  latest: 1.1.0\n  list:\n  - 1.1.0\n  - 1.0.0\n  - 1.0.0-rc.0\n"
                    + "  - 1.0.0-beta.1\n  - 0.2.0\n  - 0.1.0\n"), "\(settings)")
        #expect(
            Self.missing(["/release/1.0.0-rc.0/how-to/setup/", "/release/1.1.0/changes/how-to/setup/"], in: built) == []
        )
    }

    @Test(
        "dates as Jekyll writes them",
        arguments: [
            ("2013-05-06 02:12:52 +0200", "2013-05-06T02:12:52+02:00"),
            ("2014-11-13 12:00:00 +0000", "2014-11-13T12:00:00+00:00"),
            ("2014-11-13 12:00", "2014-11-13T12:00:00"), ("2014-11-13", "2014-11-13"),
            ("2014-1-3 9:05:00 -05:00", "2014-01-03T09:05:00-05:00"),
            ("2014-11-13T12:00:00.250Z", "2014-11-13T12:00:00+00:00"),
            ("2014-11-13 12:00:00 -5", "2014-11-13T12:00:00-05:00"),
        ])
    func dates(written: String, kept: String) throws {
        #expect(JekyllDate(written)?.written == kept)
    }

    @Test("a date YAML read as a moment is written in UTC, with a time only when it has one")
    func momentDates() throws {
        #expect(JekyllDate.of(Date(timeIntervalSince1970: 0))?.written == "1970-01-01")
        #expect(JekyllDate.of(Date(timeIntervalSince1970: 3600))?.written == "1970-01-01T01:00:00+00:00")
    }

    @Test("a post's day is its day in the site's time zone")
    func dayInZone() throws {
        let zone = TimeZone(identifier: "America/Los_Angeles")!
        #expect(JekyllDate("2013-05-06 02:12:52 +0200")!.local(in: zone).isoDate == "2013-05-05")
        #expect(JekyllDate("2013-05-06 02:12:52")!.local(in: zone).isoDate == "2013-05-06")
        #expect(JekyllDate("not a date") == nil && JekyllDate("2013-13-06") == nil)
    }

    @Test("dates with offsets and the site's time zone: the setting written, the date kept, Jekyll's day kept")
    func datesAndZone() throws {
        let jekyll = try TestSite(
            plugins: .command,
            [
                "_config.yml": "title: Zones\npermalink: pretty\ntimezone: America/Los_Angeles\n",
                "_posts/2013-05-06-a.md": "---\ntitle: A\ndate: 2013-05-06 02:12:52 +0200\n---\nA\n",
                "_posts/2014-11-13-b.md": "---\ntitle: B\ndate: 2014-11-13 12:00:00\n---\nB\n",
            ])
        let out = jekyll.folder.appendingPathComponent("imported")
        _ = try ImportRun.jekyll(jekyll, into: out)
        let settings = try Self.text(out, "sectionsite.yml")
        #expect(settings.contains("timezone: America/Los_Angeles"))
        let a = try Self.text(out, "Content/posts/2013-05-06-a.md")
        #expect(a.contains("date: 2013-05-06T02:12:52+02:00") || a.contains("date: '2013-05-06T02:12:52+02:00'"))
        // Jekyll files it on the 5th in Los Angeles: that address answers, whatever day the builder files it on.
        #expect(a.contains("/2013/05/05/a/") || !a.contains("aliases"))
        #expect(try Self.text(out, "Content/posts/2014-11-13-b.md").contains("2014-11-13T12:00:00"))
    }

    @Test("values the builder refuses are not written, and are listed")
    func refusedValues() throws {
        let (jekyll, built, report) = try Self.built([
            "_config.yml": "title: Values\npermalink: pretty\n",
            "about/raw.md": "---\nlayout: null\n---\nplain\n",
            "_posts/2020-01-02-b.md":
                "---\ntitle: B\ndraft:\ndate:\ntags:\nweight: heavy\nsections: [intro]\nsummary: [a, b]\nredirect_from: /old-b/\n---\nB\n\n@mojombo\n",
        ])
        _ = jekyll
        #expect(Self.missing(["/about/raw/", "/2020/01/02/b/", "/old-b/"], in: built).isEmpty)
        #expect(try Self.text(built, "2020/01/02/b/index.html").contains("@mojombo"))  // a line Jekyll shows as text
        #expect(
            report.leftovers.map(\.description).contains(
                "_posts/2020-01-02-b.md:6:1: note: front matter 'weight' is not a whole number, not written: heavy"))
        #expect(
            report.leftovers.map(\.kind).contains(
                "front matter 'sections' means something else to SectionSite, not written"))
        #expect(report.leftovers.map(\.kind).contains("front matter 'summary' is not a single value, not written"))
    }

    @Test("_posts folders anywhere: categories from the folders, Jekyll's addresses, one slug on two days")
    func nestedPosts() throws {
        let (jekyll, built, _) = try Self.built([
            "_config.yml": "title: News\npermalink: pretty\n",
            "_posts/2020-01-02-b.md": "---\ntitle: B\n---\nSee [c]({% post_url 2020-01-03-c %}).\n",
            "_posts/2020-01-03-c.md": "---\ntitle: Root C\ncategories: [talks]\n---\nroot\n",
            "_posts/2020-01-03-d.md": "---\ntitle: D one\ncategories: one\n---\nd\n",
            "_posts/2020-01-03-d2.md": "---\ntitle: D two\nslug: d\ncategories: two\n---\nd\n",
            "en/news/_posts/2020-01-03-c.md": "---\ntitle: News\n---\nNested posts folder\n",
            "en/news/_posts/2021-01-03-c.md": "---\ntitle: News 2\n---\nsame slug, other day\n",
            "en/about.md": "---\ntitle: About\n---\nAbout\n",
        ])
        _ = jekyll
        #expect(
            Self.missing(
                [
                    "/2020/01/02/b/", "/talks/2020/01/03/c/", "/en/news/2020/01/03/c/", "/en/news/2021/01/03/c/",
                    "/one/2020/01/03/d/",
                    "/two/2020/01/03/d/", "/en/about/",
                ], in: built
            ).isEmpty)
    }

    @Test("collections: published ones at their permalinks, links to them checked, unpublished ones counted")
    func collections() throws {
        let (jekyll, built, report) = try Self.built([
            "_config.yml": """
            title: Docs
            permalink: pretty
            collections:
              docs:
                output: true
                permalink: /:collection/:path/
              recipes:
                output: true
              posts:
                permalink: /news/:year/:title/
              staff:
                output: false
            defaults:
              - scope: {path: '', type: recipes}
                values: {permalink: '/cook/:name/'}

            """,
            "_docs/guide/install.md": "---\ntitle: Install\n---\nGo.\n",
            "_docs/index.md": "---\ntitle: Docs\n---\nAll.\n",
            "docs/index.md": "---\ntitle: Docs home\n---\nHome.\n",
            "_recipes/Soup Of The Day.md": "---\ntitle: Soup\n---\nHot.\n",
            "_staff/ann.md": "---\nname: Ann\n---\n",
            "_staff/bob.md": "---\nname: Bob\n---\n",
            "_posts/2020-01-02-b.md":
                "---\ntitle: B\n---\n[install]({% link _docs/guide/install.md %}) and [soup]({{ site.baseurl }}{% link _recipes/Soup Of The Day.md %})\n{% link _docs/gone.md %}\n",
        ])
        _ = jekyll
        #expect(
            Self.missing(
                ["/docs/guide/install/", "/docs/index/", "/docs/", "/cook/soup-of-the-day/", "/news/2020/b/"], in: built
            ).isEmpty)
        let post = try Self.text(built, "news/2020/b/index.html")
        #expect(post.contains(#"href="/docs/guide/install/""#) && post.contains(#"href="/cook/soup-of-the-day/""#))
        let staff = report.leftovers.filter { $0.kind.contains("'staff'") }
        #expect(staff.map(\.file) == ["_staff/ann.md", "_staff/bob.md"])
        #expect(
            report.leftovers.filter { $0.file == "_posts/2020-01-02-b.md" }.map(\.description) == [
                "_posts/2020-01-02-b.md:5:1: note: 'link' to a file that is not there, written as '#': {% link _docs/gone.md %}"
            ])
    }

    @Test("collections listed by name, in collections_dir")
    func collectionsDir() throws {
        let (jekyll, built, report) = try Self.built([
            "_config.yml": "title: Dir\ncollections_dir: my\ncollections: [notes]\n",
            "my/_posts/2020-01-02-b.md": "---\ntitle: B\n---\nb\n",
            "my/_notes/a.md": "---\ntitle: A\n---\na\n",
        ])
        _ = jekyll
        #expect(Self.missing(["/2020/01/02/b.html"], in: built).isEmpty)
        #expect(report.leftovers.map(\.file) == ["my/_notes/a.md"])
    }

    @Test(
        "{{ site.<key> }}: settings are written as Liquid prints them; a setting the site lacks is left out and listed")
    func siteValues() throws {
        let (jekyll, built, report) = try Self.built([
            "_config.yml": "title: Values\nauthor:\n  name: Ann\nyear: 2020\nlinks: [a, b]\n",
            "about.md":
                "---\ntitle: About\n---\n{{ site.title }} by {{ site.author.name }} in {{site.year}}; {{ site.links }}; {{ site.github.repo }}.\n",
        ])
        _ = jekyll
        #expect(try Self.text(built, "about/index.html").contains("Values by Ann in 2020; ab; ."))
        #expect(
            report.leftovers.map(\.description) == [
                "about.md:4:80: note: Liquid output with 'site.github', a setting the site does not have, left out: {{ site.github.repo }}"
            ])
    }

    @Test("quoted addresses through relative_url, absolute_url, prepend and append are converted")
    func addressFilters() throws {
        let jekyll = try TestSite(
            plugins: .command,
            [
                "_config.yml": "title: T\nurl: https://example.com\nbaseurl: /b\nlogo: /logo.svg\n",
                "about.md":
                    "---\ntitle: About\n---\n[a]({{ '/docs/' | relative_url }}) [b]({{ \"x/\" | absolute_url }}) [c]({{ site.logo | relative_url }}) [d]({{ '/e' | prepend: site.baseurl | append: '/' }}) {{ page.x | relative_url }} {{ page.title | slugify }}\n",
            ])
        let out = jekyll.folder.appendingPathComponent("imported")
        let report = try ImportRun.jekyll(jekyll, into: out)
        #expect(
            try Self.text(out, "Content/about.md").contains(
                "[a](/b/docs/) [b](https://example.com/b/x/) [c](/b/logo.svg) [d](/b/e/) /b/ about"))
        #expect(report.leftovers.isEmpty)
    }

    @Test("a root index.html without front matter stays the home page, and is listed")
    func staticHome() throws {
        let (jekyll, built, report) = try Self.built([
            "_config.yml": "title: Home\n",
            "index.html": "<!doctype html><title>redirect</title>\n",
            "_posts/2020-01-02-b.md": "---\ntitle: B\n---\nb\n",
        ])
        _ = jekyll
        #expect(try Self.text(built, "index.html").contains("<title>redirect</title>"))
        #expect(report.leftovers.map(\.file) == ["index.html"])
    }

    @Test("an address with characters aliases cannot hold as written is kept percent-encoded")
    func questionMark() throws {
        let (jekyll, built, _) = try Self.built([
            "_config.yml": "title: Odd\n",
            "what-is-a-rent-strike?.md": "---\ntitle: Strike\n---\nStrike.\n",
            "_posts/2020-01-02-why?.md": "---\ntitle: Why\n---\nWhy.\n",
        ])
        _ = jekyll
        #expect(Self.missing(["/what-is-a-rent-strike%3F.html", "/2020/01/02/why.html"], in: built).isEmpty)
    }

    @Test("the report counts every file left out: one line each, one kind per folder")
    func everyFileCounted() throws {
        let jekyll = try TestSite(
            plugins: .command,
            [
                "_config.yml": "title: T\n",
                "_layouts/default.html": "<html>{{ content }}</html>\n",
                "_layouts/post.html": "<html>{{ content }}</html>\n",
                "_drafts/idea.md": "---\ntitle: Idea\n---\n",
                "en/_includes/nav.html": "<nav></nav>\n",
            ])
        let report = try ImportRun.jekyll(jekyll, into: jekyll.folder.appendingPathComponent("imported"))
        #expect(
            report.summary.map { "\($0.count) \($0.kind)" } == [
                "2 file of the Jekyll folder '_layouts/', not imported", "1 draft (in '_drafts/'), not imported",
                "1 file of the Jekyll folder 'en/_includes/', not imported",
            ])
    }

    @Test("HTML pages Jekyll renders keep their addresses, their HTML drawn as HTML, their Liquid run")
    func htmlPages() throws {
        let (jekyll, built, report) = try Self.built([
            "analytics/index.html":
                "---\ntitle: Analytics\n---\n<div class=\"stats\">\n\n    <p>Installs</p>\n\n</div>\n{% for row in site.data.rows %}<b>{{ row.n }}</b>{% endfor %}\n",
            "_data/rows.yml": "- n: one\n- n: two\n",
            "pages/404.html": "---\npermalink: /404.html\n---\n<h1>Not here</h1>\n",
            "pages/showcase.html":
                "---\ntitle: Showcase\npermalink: /showcase/\nredirect_from: /docs/sites/\n---\n<p>Sites</p>\n",
            "_posts/2020-01-02-html-post.html": "---\ntitle: HTML post\n---\n<p>Posted</p>\n",
            "_config.yml": "title: Brew\npermalink: pretty\ncollections:\n  talks:\n    output: true\n",
            "_talks/keynote.html": "---\ntitle: Keynote\n---\n<p>Talk</p>\n",
            "pages/faq.html": "---\ntitle: FAQ\npermalink: /faq/index.html\n---\n<p>Asked</p>\n",
        ])
        _ = jekyll
        #expect(
            Self.missing(
                [
                    "/analytics/", "/404.html", "/showcase/", "/docs/sites/", "/2020/01/02/html-post/",
                    "/talks/keynote/", "/faq/index.html",
                ], in: built
            )
            .isEmpty)
        let analytics = try Self.text(built, "analytics/index.html")
        #expect(
            analytics.contains(#"<div class="stats">"#) && analytics.contains("<p>Installs</p>")
                && !analytics.contains("<pre>"))
        #expect(analytics.contains("<b>one</b><b>two</b>"))
        #expect(report.leftovers.filter { $0.file == "analytics/index.html" }.isEmpty)
    }

    @Test("a page at / or at the posts' address takes the place of the generated home and list; no posts, no list")
    func ownHomeAndList() throws {
        let (jekyll, built, _) = try Self.built([
            "_config.yml": "title: Docs\ncollections:\n  posts:\n    permalink: /news/:year/:month/:day/:title/\n",
            "pages/index.html": "---\npermalink: /\n---\n<h1>Our home</h1>\n",
            "pages/news.html": "---\npermalink: /news/\n---\n<h1>Our news</h1>\n",
            "_posts/2020-01-02-b.md": "---\ntitle: B\n---\nb\n",
        ])
        _ = jekyll
        #expect(try Self.text(built, "index.html").contains("<h1>Our home</h1>"))
        #expect(try Self.text(built, "news/index.html").contains("<h1>Our news</h1>"))
        #expect(Self.missing(["/news/2020/01/02/b/"], in: built).isEmpty)
        let (other, out, _) = try Self.built([
            "_config.yml": "title: Pages\n", "about.md": "---\ntitle: About\n---\nMe.\n",
        ])
        _ = other
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("posts/index.html").path))
    }
}
