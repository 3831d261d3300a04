import Foundation
import Testing

@testable import SectionSiteCommands
import SectionSiteEngine
import SectionSiteImport
import SiteTestSupport

/// `sectionsite import jekyll`: a generated Jekyll blog becomes a site that builds, keeps every address and has no
/// broken link, with what could not be converted listed at its place.
@Suite("Import from Jekyll")
struct JekyllImportTests {
    /// A Jekyll blog: dated posts in two spellings, categories, a redirect, a page with its own permalink, Liquid of
    /// every kind the importer knows and one it does not, a data file with ids and one without, an asset.
    static func jekyllSite(permalink: String) -> [String: String] {
        [
            "_config.yml":
                "title: Notes\ndescription: A blog\nurl: https://example.com\nbaseurl: \"\"\npermalink: \(permalink)\npaginate: 2\n",
            "_posts/2018-01-19-forums.md":
                "---\nlayout: post\ntitle: Forums\ncategories: [news]\n---\nSee [next]({% post_url 2018-02-01-next %}) and ![pic]({{ site.baseurl }}/assets/pic.svg).\n\n{% highlight swift %}\nlet a = 1\n{% endhighlight %}\n\n{% include note.html %}\n",
            "_posts/2018-2-1-next.md":
                "---\ntitle: Next\nredirect_from: /old-next/\n---\nBack to [forums]({% post_url 2018-01-19-forums %}). {% raw %}{{ kept }}{% endraw %}\n",
            "_posts/2019-03-05-hidden.md": "---\ntitle: Hidden\npublished: false\n---\nNot yet.\n",
            "about.md":
                "---\nlayout: page\ntitle: About\npermalink: /about/\n---\nMe. [Forums]({% link _posts/2018-01-19-forums.md %})\n",
            "contact.md":
                "---\ntitle: Contact\n---\nWrite.{% comment %} not for readers {% endcomment %}\n\n{% include_relative hours.txt %}\n",
            "hours.txt": "Open *daily*.\n",
            "index.html": "---\nlayout: default\n---\n{% for post in paginator.posts %}{{ post.title }}{% endfor %}\n",
            "assets/pic.svg": "<svg/>\n",
            "_data/people.yml": "- id: a\n  name: A\n",
            "_data/links.yml": "- name: B\n",
        ]
    }

    static func importing(_ files: [String: String]) throws -> (TestSite, URL, ImportReport) {
        let jekyll = try TestSite(plugins: .command, files)
        let out = jekyll.folder.appendingPathComponent("imported")
        let before = jekyll.outputSnapshot()
        let report = try JekyllImporter(
            source: jekyll.folder, destination: out,
            theme: ImportRun.theme,
            themeName: "starter"
        ).run()
        #expect(jekyll.outputSnapshot() == before)
        return (jekyll, out, report)
    }

    @Test("pretty permalinks: every post and page at its Jekyll address, links converted, leftovers located")
    func pretty() throws {
        let (jekyll, out, report) = try Self.importing(Self.jekyllSite(permalink: "/blog/:title/"))
        _ = jekyll
        let built = out.appendingPathComponent("_site")
        try SiteBuilder(options: TestPlugins.command.options(site: out, out: built)).build()
        for page in [
            "blog/forums/index.html", "blog/next/index.html", "about/index.html", "contact/index.html",
            "old-next/index.html",
        ] {
            #expect(FileManager.default.fileExists(atPath: built.appendingPathComponent(page).path), "\(page)")
        }
        #expect(!FileManager.default.fileExists(atPath: built.appendingPathComponent("blog/hidden/index.html").path))
        let forums = try String(contentsOf: built.appendingPathComponent("blog/forums/index.html"), encoding: .utf8)
        #expect(forums.contains(#"<a href="/blog/next/">next</a>"#) && forums.contains(#"src="/assets/pic.svg""#))
        #expect(forums.contains(#"<code class="language-swift">"#))
        #expect(
            try String(contentsOf: built.appendingPathComponent("blog/next/index.html"), encoding: .utf8).contains(
                "{{ kept }}"))
        let contact = try String(contentsOf: built.appendingPathComponent("contact/index.html"), encoding: .utf8)
        #expect(contact.contains("<em>daily</em>") && !contact.contains("not for readers"))
        // With a permalink ending in '/', Jekyll gave pages the folder form too: nothing to send on.
        #expect(!FileManager.default.fileExists(atPath: built.appendingPathComponent("contact.html").path))
        var options = TestPlugins.command.options(site: out, out: built)
        options.keepsLinks = true
        #expect(try LinkCheck(Site(options: options)).brokenLinks().errors.isEmpty)
        #expect(
            report.leftovers.map(\.description) == [
                "_posts/2018-01-19-forums.md:12:1: note: 'include' of 'note.html', which the site's _includes/ does not have, left out: {% include note.html %}",
                "index.html:1:1: note: home page 'index.html' is a Liquid template, not converted (a list of the latest posts takes its place)",
            ])
        #expect(report.summary.count == 2)
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("Data/links.yml").path))
    }

    @Test("Jekyll's default date permalinks ending in .html: posts in the folder form, their .html addresses aliases")
    func dated() throws {
        var files = Self.jekyllSite(permalink: "date")
        files["_config.yml"] = "title: Notes\n"
        let (jekyll, out, _) = try Self.importing(files)
        _ = jekyll  // the folder lives as long as the test
        let built = out.appendingPathComponent("_site")
        try SiteBuilder(options: TestPlugins.command.options(site: out, out: built)).build()
        #expect(
            FileManager.default.fileExists(atPath: built.appendingPathComponent("2018/01/19/forums/index.html").path))
        let alias = try String(contentsOf: built.appendingPathComponent("news/2018/01/19/forums.html"), encoding: .utf8)
        #expect(alias.contains("/2018/01/19/forums/"))
        #expect(FileManager.default.fileExists(atPath: built.appendingPathComponent("2018/02/01/next.html").path))
        // a page's old address
        #expect(FileManager.default.fileExists(atPath: built.appendingPathComponent("contact.html").path))
    }

    @Test("the destination must be new, and the source a folder")
    func refusals() throws {
        let jekyll = try TestSite(plugins: .command, ["_config.yml": "title: T\n"])
        // Into itself: refused, with the reason, before anything is written.
        let before = try FileManager.default.contentsOfDirectory(atPath: jekyll.folder.path).sorted()
        let error = try #require(throws: SectionSiteError.self) {
            try JekyllImporter(source: jekyll.folder, destination: jekyll.folder, theme: [], themeName: "starter").run()
        }
        #expect(
            error.description
                == "\(jekyll.folder.path): error: '\(jekyll.folder.path)' is not empty; import into a new folder")
        #expect(try FileManager.default.contentsOfDirectory(atPath: jekyll.folder.path).sorted() == before)
        // A source that is a file.
        let file = jekyll.folder.appendingPathComponent("_config.yml")
        let other = try #require(throws: SectionSiteError.self) {
            try JekyllImporter(
                source: file, destination: jekyll.folder.appendingPathComponent("out"), theme: [], themeName: "starter"
            ).run()
        }
        #expect(other.description == "error: '\(file.path)' is not a folder", "\(other)")
        #expect(!FileManager.default.fileExists(atPath: jekyll.folder.appendingPathComponent("out").path))
    }
}
