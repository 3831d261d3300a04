import Foundation
import Testing

@testable import SectionSiteCommands
import SectionSiteEngine
import SiteTestSupport

/// `sectionsite changes --since REVISION`: the site as a git revision has it, built from nothing, compared with the
/// site's output, in a repository where the site is a folder of its own.
@Suite("Changes command")
struct ChangesCommandTests {
    @Test("--since a revision reports the pages and items its commits changed, and nothing else")
    func since() throws {
        let site = try TranslationsCommandTests.site([
            "Content/menu.md": TestSite.page("s:soup,salad,cake", title: "Menu"),
            "Content/about.md": "---\ntitle: About\n---\nWho we are.\n",
        ])
        try TranslationsCommandTests.initRepository(site)
        try TranslationsCommandTests.commit(site, "First", date: "2026-01-01T10:00:00+00:00")
        let folder = site.folder.appendingPathComponent("site")
        try site.write([
            "site/Content/menu.md": TestSite.page("s:cake,soup,salad,tart", title: "Menu"),
            "site/Content/news.md": "---\ntitle: News\n---\nOpen on Sundays.\n",
        ])
        try TranslationsCommandTests.commit(site, "Menu and news", date: "2026-02-01T10:00:00+00:00")
        var options = TestPlugins.command.options(site: folder)
        options.state = folder.appendingPathComponent(".sectionsite")
        try SiteBuilder(options: options).build()
        let report = try Changes.report(
            since: "HEAD~1", site: folder, out: nil, settings: [], terminal: Terminal(quiet: true, allErrors: false))
        #expect(report.pages.map { "\($0.url) \($0.status.rawValue)" } == ["/menu/ changed", "/news/ added"])
        let menu = try #require(report.pages.first)
        #expect(menu.changes.map { "\($0.action.rawValue) \($0.key)" } == ["added i:tart", "moved i:cake"])
        #expect(!report.urls.contains("/about/"))
        // A revision git does not know is an error that names it; one that git would read as an option is refused
        // before git sees it (git archive --output=x would write a file).
        for (revision, message) in [
            ("no-such-branch", "cannot read no-such-branch: git knows no commit 'no-such-branch'"),
            ("--output=x", "cannot read --output=x: '--output=x' is no revision (a revision does not start with '-')"),
        ] {
            #expect(throws: SectionSiteError(message)) {
                try Changes.report(
                    since: revision, site: folder, out: nil, settings: [],
                    terminal: Terminal(quiet: true, allErrors: false))
            }
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("x").path))
    }
}
