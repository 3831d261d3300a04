import Foundation
import Testing

import SectionSiteDiff
@testable import SectionSiteEngine
import SiteTestSupport

@Suite("Navigation")
struct NavigationTests {
    /// A layout that prints every part of `page.nav` and `page.menu` on one line.
    static let layout = """
        <!doctype html><html><head><title>{{page.title}}</title></head><body><p data-ss-key="r:nav">\
        A[{{#page.nav.ancestors}}{{title}}|{{/page.nav.ancestors}}] \
        S[{{#page.nav.siblings}}{{title}}{{#current}}*{{/current}}|{{/page.nav.siblings}}] \
        C[{{#page.nav.children}}{{title}}|{{/page.nav.children}}] \
        P[{{#page.nav.prev}}{{title}}{{/page.nav.prev}}] N[{{#page.nav.next}}{{title}}{{/page.nav.next}}] \
        T[{{#page.nav.tree}}{{> partials/tree}}{{/page.nav.tree}}] \
        M[{{#page.menu}}{{title}}{{#current}}*{{/current}}{{#active}}+{{/active}}{{#children}}({{title}}{{#current}}*{{/current}}){{/children}}|{{/page.menu}}]\
        </p>{{{sections}}}{{{body}}}</body></html>
        """

    static func files() -> [String: String] {
        var files = TestSite.theme
        files["Themes/default/layouts/docs.mustache"] = layout
        files["Themes/default/partials/tree.mustache"] =
            "({{title}}{{#active}}+{{/active}}{{#link}}@{{link}}{{/link}}{{#children}}{{> partials/tree}}{{/children}})"
        files["sectionsite.yml"] = """
            baseURL: /site/
            menu:
              - {title: Docs, url: docs/, children: [{title: Guide, url: /docs/guide/}]}
              - {title: About, url: about}
              - {title: Elsewhere, url: "https://example.org/"}
            """
        func page(_ path: String, _ title: String, weight: Int? = nil, draft: Bool = false) {
            let weightLine = weight.map { "weight: \($0)\n" } ?? ""
            files["Content/\(path)"] = "---\ntitle: \(title)\nlayout: docs\n\(weightLine)draft: \(draft)\n---\nText.\n"
        }
        page("index.md", "Home")
        page("about.md", "About")
        page("docs/index.md", "Docs", weight: 1)
        page("docs/start.md", "Getting started", weight: 1)
        page("docs/guide/index.md", "Guide", weight: 2)
        page("docs/guide/sections.md", "Sections", weight: 1)
        page("docs/guide/cells.md", "Cells")
        page("docs/guide/drafty.md", "Drafty", draft: true)
        page("docs/faq.md", "FAQ")
        page("docs/api/types.md", "Types")  // a folder without an index page
        return files
    }

    static func nav(_ site: Site, _ url: String) -> String {
        let html = site.pages[PageURL(url)]!.html
        return String(html.firstMatch(of: /data-ss-key="r:nav">(.*?)<\/p>/)!.1)
    }

    @Test("a page sees its ancestors, siblings, children, previous and next, in weight then title order")
    func places() throws {
        let test = try TestSite(Self.files())
        let site = try Site(options: test.options)
        let tree =
            "T[(Getting started@/site/docs/start/)(Guide@/site/docs/guide/(Sections@/site/docs/guide/sections/)(Cells@/site/docs/guide/cells/))(api(Types@/site/docs/api/types/))(FAQ@/site/docs/faq/)]"
        #expect(
            Self.nav(site, "/docs/guide/cells/")
                == "A[Home|Docs|Guide|] S[Sections|Cells*|] C[] P[Sections] N[] "
                + tree.replacingOccurrences(of: "(Guide@", with: "(Guide+@").replacingOccurrences(
                    of: "(Cells@", with: "(Cells+@")
                + " M[Docs+(Guide)|About|Elsewhere|]")
        #expect(
            Self.nav(site, "/docs/guide/")
                == "A[Home|Docs|] S[Getting started|Guide*|api|FAQ|] C[Sections|Cells|] P[Getting started] N[api] "
                + tree.replacingOccurrences(of: "(Guide@", with: "(Guide+@") + " M[Docs+(Guide*)|About|Elsewhere|]")
        #expect(
            Self.nav(site, "/docs/")
                == "A[Home|] S[Docs*|About|] C[Getting started|Guide|api|FAQ|] P[] N[About] " + tree
                + " M[Docs*+(Guide)|About|Elsewhere|]")
        // At the root the tree is one level deep: the top-level folders and pages.
        #expect(
            Self.nav(site, "/about/")
                == "A[Home|] S[Docs|About*|] C[] P[Docs] N[] T[(Docs@/site/docs/)(About+@/site/about/)] M[Docs(Guide)|About*+|Elsewhere|]"
        )
        #expect(
            Self.nav(site, "/").hasPrefix("A[] S[] C[Docs|About|] P[] N[] T[(Docs@/site/docs/)(About@/site/about/)]"))
        // Drafts are left out of the tree unless the build takes them.
        let drafts = try Site(options: TestPlugins().options(site: test.folder, drafts: true))
        #expect(Self.nav(drafts, "/docs/guide/cells/").contains("S[Sections|Cells*|Drafty|]"))
    }

    @Test("retitling or adding a page re-renders the pages that draw navigation, and only on such changes")
    func liveNavigation() throws {
        var files = Self.files()
        files["Content/plain.md"] = "---\ntitle: Plain\n---\nNo navigation here.\n"  // layout `page`: draws none
        let test = try TestSite(files)
        var site = try Site(options: test.options)
        // A body edit leaves the tree as it was: only the edited page changes.
        try test.write(["Content/docs/faq.md": "---\ntitle: FAQ\nlayout: docs\n---\nOther text.\n"])
        var update = try site.apply(["Content/docs/faq.md"])
        #expect(update.changed == ["/docs/faq/"])
        // A new title shows in every page's tree: all of the docs layout's pages change, the plain page does not.
        try test.write(["Content/docs/faq.md": "---\ntitle: Questions\nlayout: docs\n---\nOther text.\n"])
        update = try site.apply(["Content/docs/faq.md"])
        // The home page and /about/ draw the root's level only, which does not show the FAQ: they stay as they were.
        #expect(
            update.changed == [
                "/docs/", "/docs/api/types/", "/docs/faq/", "/docs/guide/", "/docs/guide/cells/",
                "/docs/guide/sections/",
                "/docs/start/",
            ])
        #expect(Self.nav(site, "/docs/start/").contains("(Questions@/site/docs/faq/)"))
        // A page that comes joins its siblings; the result is what a build from nothing makes.
        try test.write(["Content/docs/guide/more.md": "---\ntitle: More\nweight: 5\nlayout: docs\n---\nMore.\n"])
        update = try site.apply(["Content/docs/guide/more.md"])
        #expect(update.changed.contains("/docs/guide/more/") && update.changed.contains("/docs/guide/cells/"))
        #expect(Self.nav(site, "/docs/guide/cells/").contains("S[Sections|More|Cells*|]"))
        let fresh = try Site(options: test.options)
        #expect(fresh.pages.mapValues(\.html) == site.pages.mapValues(\.html))
    }
}

@Suite("Navigation: drawn once")
struct DrawnOnceNavigationTests {
    @Test("an entry off the page's way is drawn once for all pages, unless its partial reads more than the entry")
    func drawnOnce() throws {
        let test = try TestSite(NavigationTests.files())
        let site = try Site(options: test.options)
        // Kept: the entries off the way of some page (each folder's and page's, at each depth it is drawn).
        #expect(site.theme.keptDrawings > 0)
        var files = NavigationTests.files()
        // The partial reads the page's title, from below the entry: each page draws its own.
        files["Themes/default/partials/tree.mustache"] =
            "({{title}}<{{page.title}}>{{#children}}{{> partials/tree}}{{/children}})"
        let reading = try TestSite(files)
        let own = try Site(options: reading.options)
        #expect(own.theme.keptDrawings == 0)
        #expect(NavigationTests.nav(own, "/docs/faq/").contains("(Cells<FAQ>)"))
        #expect(NavigationTests.nav(own, "/docs/start/").contains("(Cells<Getting started>)"))
        // Names read inside a section of the entry's own values (its link) are still the entry's: kept.
        files["Themes/default/partials/tree.mustache"] =
            "({{title}}{{#link}}{{#hasChildren}}:{{/hasChildren}}{{/link}}{{#children}}{{> partials/tree}}{{/children}})"
        let entries = try TestSite(files)
        let kept = try Site(options: entries.options)
        #expect(kept.theme.keptDrawings > 0)
        #expect(NavigationTests.nav(kept, "/docs/faq/").contains("(Guide:(Sections)(Cells))"))
    }
}

@Suite("Navigation: big sections")
struct BigSectionNavigationTests {
    @Test(
        "a section of more than treeLimit pages draws its tree as the branch: its own window of pages, the rest one entry"
    )
    func bigTree() throws {
        var files = NavigationTests.files()
        for index in 0..<(NavigationContext.treeLimit + 10) {
            files["Content/docs/many/p\(1000 + index).md"] = "---\ntitle: P\(1000 + index)\nlayout: docs\n---\nText.\n"
        }
        let test = try TestSite(files)
        let site = try Site(options: test.options)
        let nav = NavigationTests.nav(site, "/docs/many/p1200/")
        let tree = String(nav.firstMatch(of: /T\[(.*?)\] M\[/)!.1)
        // The folder on the way is open, with a window of branchWidth pages around this one and two entries for the rest.
        #expect(
            tree.contains("(P1200+@/site/docs/many/p1200/)") && tree.contains("(P1176@") && !tree.contains("(P1100@"))
        #expect(tree.matches(of: /\(P1\d\d\d[+]?@/).count == NavigationContext.branchWidth)
        #expect(tree.contains("(175 more)") && tree.contains("(185 more)"))
        // A page of a small section elsewhere still sees its whole tree.
        #expect(NavigationTests.nav(site, "/about/").contains("T["))
    }
}
