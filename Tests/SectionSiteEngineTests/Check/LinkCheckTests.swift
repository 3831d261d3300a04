import Foundation
import Testing

import SectionSiteDiff
import SectionSiteEngine
import SiteTestSupport

extension TestSite {
    /// Options of a build that keeps every link, as `sectionsite check` builds.
    var checkOptions: BuildOptions {
        var options = self.options
        options.keepsLinks = true
        return options
    }
}

/// `sectionsite check`: internal links and anchors of bodies and item bodies resolved against the built site.
@Suite("Link check")
struct LinkCheckTests {
    static let site: [String: String] = TestSite.theme.merging([
        "sectionsite.yml": "baseURL: https://example.com/\n",
        "Static/site.css": "body {}\n",
        "Content/about.md": "---\ntitle: About\n---\n## Our team\n\nHello.\n",
        "Content/posts/first.md": """
        ---
        title: First
        sections:
          - id: s
            cell: a
            items:
              - id: x
                body: "See [nowhere](/nowhere/)."
        ---
        ## Local part

        Fine: [about](/about/), [up](../../about/), [team](/about/#our-team), [here](#local-part),
        [absolute](https://example.com/about/), [style](/site.css), [md](../about.md), [other host](https://other.org/x/),
        [mail](mailto:a@example.com), [no slash](/about).

        Broken: [gone](/gone/), [anchor](/about/#nobody), [here too](#missing),
        ![image](/images/none.svg), [md](missing.md), [absolute](https://example.com/lost/#x).
        """,
        "Content/posts/draft.md": "---\ntitle: Draft\ndraft: true\n---\n[never checked](/void/)\n",
    ]) { $1 }

    @Test("each broken link and anchor is an error at its place, sorted, with the link as written")
    func broken() throws {
        let folder = try TestSite(Self.site)
        let site = try Site(options: folder.checkOptions)
        let report = LinkCheck(site).brokenLinks()
        #expect(
            report.errors.map(\.description) == [
                // its item
                "Content/posts/first.md:7:9: error: link to '/nowhere/' leads nowhere: the site has no /nowhere/",
                "Content/posts/first.md:16:9: error: link to '/gone/' leads nowhere: the site has no /gone/",
                "Content/posts/first.md:16:25: error: link to '/about/#nobody' leads nowhere: /about/ has no element with id 'nobody'",
                "Content/posts/first.md:16:51: error: link to '#missing' leads nowhere: /posts/first/ has no element with id 'missing'",
                "Content/posts/first.md:17:1: error: link to '/images/none.svg' leads nowhere: the site has no /images/none.svg",
                "Content/posts/first.md:17:29: error: link to 'missing.md' leads nowhere: the site has no /posts/missing/",
                "Content/posts/first.md:17:47: error: link to 'https://example.com/lost/#x' leads nowhere: the site has no /lost/",
            ])
        // Checked: the body's 8 internal links that work and 7 broken ones (not the other host, the mail link or the
        // draft), and what else the pages hold: each page's runtime script (2) and the self-link of about's heading
        // (first's own heading link has the destination of a body link, so it counts with those).
        #expect(report.checked == 18)
    }

    @Test("a link that a template writes is reported once, where its text is in the theme or the settings")
    func templateLinks() throws {
        let folder = try TestSite(
            TestSite.theme.merging([
                "sectionsite.yml": "title: T\nmenu:\n  - {title: Docs, url: /docs/}\n",
                "Themes/default/layouts/page.mustache":
                    "<!doctype html><html><head><title>{{page.title}}</title></head><body>\n<nav>{{#site.menu}}<a href=\"{{url}}\">{{title}}</a>{{/site.menu}} <a href=\"/help/#top\">Help</a></nav>\n{{{sections}}}{{{body}}}</body></html>\n",
                "Content/index.md": "---\ntitle: Home\n---\nHome.\n",
                "Content/help.md": "---\ntitle: Help\n---\nHelp.\n",
            ]) { $1 })
        let report = try LinkCheck(Site(options: folder.checkOptions)).brokenLinks()
        #expect(
            report.errors.map(\.description) == [
                "Themes/default/layouts/page.mustache:2:75: error: link to '/help/#top' leads nowhere: /help/ has no element with id 'top'",
                "sectionsite.yml:3:24: error: link to '/docs/' leads nowhere: the site has no /docs/",
            ])
    }

    @Test(
        "a template's anchor and its link are read as a browser reads them (an operator's `&>>(_:_:)`); a link made from a page's values is reported at the page"
    )
    func escapedAnchors() throws {
        let folder = try TestSite(
            TestSite.theme.merging([
                "Themes/default/layouts/page.mustache":
                    "<!doctype html><html><head><title>{{page.title}}</title></head><body>\n<h3 id=\"{{page.operator}}\"><a href=\"#{{page.operator}}\">op</a></h3><a href=\"/{{page.target}}/\">t</a>\n{{{sections}}}{{{body}}}</body></html>\n",
                "Content/ops.md": "---\ntitle: Ops\noperator: \"&>>(_:_:)\"\ntarget: nowhere\n---\nOps.\n",
            ]) { $1 })
        let report = try LinkCheck(Site(options: folder.checkOptions)).brokenLinks()
        #expect(
            report.errors.map(\.description) == [
                "Content/ops.md:1:1: error: link to '/nowhere/' leads nowhere: the site has no /nowhere/"
            ])
    }

    @Test("percent-encoded links are matched with the files they name, and reported decoded")
    func encoded() throws {
        let folder = try TestSite(
            TestSite.theme.merging([
                "Content/café.md":
                    "---\ntitle: Café\n---\n[here](/caf%C3%A9/) [there](/caf%C3%A9s/) [up](../caf%C3%A9/./)\n"
            ]) { $1 })
        let report = try LinkCheck(Site(options: folder.checkOptions)).brokenLinks()
        #expect(
            report.errors.map(\.description) == [
                "Content/café.md:4:21: error: link to '/caf%C3%A9s/' leads nowhere: the site has no /cafés/"
            ])
    }

    @Test(
        "relative links resolve under baseURL's path, and a path outside it is not the site's",
        arguments: ["/", "/blog/"])
    func basePath(_ root: String) throws {
        let folder = try TestSite(
            TestSite.theme.merging([
                "sectionsite.yml": "baseURL: \(root)\n",
                "Content/index.md":
                    "---\ntitle: Home\n---\n[about](about/) [again](\(root)about/#hi) [outside](/elsewhere/)\n",
                "Content/about.md": "---\ntitle: About\n---\n# About\n\n## Hi\n",
            ]) { $1 })
        let report = try LinkCheck(Site(options: folder.checkOptions)).brokenLinks()
        if root == "/" {
            #expect(
                report.errors.map(\.description) == [
                    "Content/index.md:4:37: error: link to '/elsewhere/' leads nowhere: the site has no /elsewhere/"
                ])
            #expect(report.checked == 3 + 4)  // and the 2 pages' runtime scripts and about's 2 heading self-links
        } else {
            #expect(report.errors.isEmpty)
            #expect(report.checked == 2 + 4)  // /elsewhere/ is another application's
        }
    }
}
