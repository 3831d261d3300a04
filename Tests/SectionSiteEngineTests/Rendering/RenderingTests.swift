import Foundation
import Testing

import SectionSiteDiff
@testable import SectionSiteEngine
import SiteTestSupport

@Suite("Rendering")
struct RenderingTests {
    static let menu = """
        ---
        title: Menu & more
        sections:
          - id: burgers
            header: Burgers
            footer: Served all day
            cell: a
            items:
              - id: classic
                title: Classic <b>
              - id: veggie
                cell: b
                title: Veggie
        ---
        Hello "world" -- fine.
        """

    @Test("sections, headers, footers and heterogeneous cells get the keyed wrappers")
    func keyedSections() throws {
        let site = try TestSite(TestSite.theme.merging(["Content/index.md": Self.menu]) { $1 })
        try site.build()
        let html = try site.output("index.html")
        let sections =
            #"<div class="ss-sections" data-ss-children="page"><section class="ss-section" data-ss-key="s:burgers">"#
            + #"<header class="ss-header" data-ss-key="h:burgers" data-ss-supplementary="header"><h2>Burgers</h2></header>"#
            + #"<div class="ss-items" data-ss-children="s:burgers">"#
            + #"<div class="ss-item" data-ss-key="i:classic" data-ss-cell="a"><h3>Classic &lt;b&gt;</h3></div>"#
            + #"<div class="ss-item" data-ss-key="i:veggie" data-ss-cell="b"><p class="b">Veggie</p></div></div>"#
            + #"<footer class="ss-footer" data-ss-key="f:burgers" data-ss-supplementary="footer"><small>Served all day</small></footer>"#
            + "</section></div>"
        #expect(html.contains(sections))
        #expect(html.contains("<title>Menu &amp; more</title>"))
        #expect(html.contains(#"<h1 data-ss-key="r:title">Menu &amp; more</h1>"#))
    }

    @Test("the body is split into keyed top-level blocks, with smart punctuation")
    func keyedBody() throws {
        let site = try TestSite(TestSite.theme.merging(["Content/index.md": Self.menu]) { $1 })
        try site.build()
        let html = try site.output("index.html")
        let paragraph = "<p>Hello \u{201C}world\u{201D} \u{2013} fine.</p>"
        let key = "b:" + ContentHash.of(paragraph).prefix(8)
        #expect(
            html.contains(
                #"<div class="ss-body" data-ss-children="body"><p data-ss-key="\#(key)">Hello “world” – fine.</p></div>"#
            ))
    }

    @Test("the head carries the page, its version and the runtime")
    func head() throws {
        let site = try TestSite(TestSite.theme.merging(["Content/about.md": "---\ntitle: About\n---\nText\n"]) { $1 })
        try site.build()
        let html = try site.output("about/index.html")
        let version = try #require(html.firstMatch(of: /name="sectionsite-version" content="([0-9a-f]{12})"/)?.1)
        #expect(
            html.contains(
                #"<meta name="sectionsite-page" content="/about/"><meta name="sectionsite-version" content="\#(version)"><script src="/_sectionsite/sectionsite.js" defer></script></head>"#
            ))
        #expect(
            FileManager.default.fileExists(atPath: site.out.appendingPathComponent("_sectionsite/sectionsite.js").path))
    }

    @Test("raw HTML in Markdown is dropped unless the site turns it on")
    func rawHTML() throws {
        let page = "---\ntitle: X\n---\n<div class=\"x\">raw</div>\n\nText <span>inline</span>\n"
        let site = try TestSite(TestSite.theme.merging(["Content/index.md": page]) { $1 })
        try site.build()
        let safe = try site.output("index.html")
        #expect(!safe.contains("<div class=\"x\">"))
        #expect(!safe.contains("<span>"))
        try site.write(["sectionsite.yml": "markdown: {unsafe: true}\n"])
        try site.build()
        let unsafe = try site.output("index.html")
        #expect(unsafe.contains(#"<div class="ss-raw" data-ss-key="b:"#))
        #expect(unsafe.contains("<div class=\"x\">raw</div>"))
        #expect(unsafe.contains("<span>inline</span>"))
    }

    @Test("template values are escaped; triple braces are not")
    func escaping() throws {
        let page = """
            ---
            title: T
            sections:
              - id: s
                cell: a
                items:
                  - id: x
                    title: "<script>alert(1)</script>"
                    body: "**bold**"
            ---
            """
        let site = try TestSite(TestSite.theme.merging(["Content/index.md": page]) { $1 })
        try site.build()
        let html = try site.output("index.html")
        #expect(html.contains("<h3>&lt;script&gt;alert(1)&lt;/script&gt;</h3><p><strong>bold</strong></p>"))
        #expect(!html.contains("<script>alert"))
    }

    @Test("a custom supplementary view sees its map's keys")
    func customSupplementary() throws {
        let page = """
            ---
            title: T
            sections:
              - id: s
                header: {kind: banner, text: Hi}
                cell: b
                items: [{id: x, title: X}]
            ---
            """
        let site = try TestSite(TestSite.theme.merging(["Content/index.md": page]) { $1 })
        try site.build()
        #expect(
            try site.output("index.html").contains(
                #"<header class="ss-header" data-ss-key="h:s" data-ss-supplementary="banner"><div class="banner">Hi</div></header>"#
            ))
    }

    @Test("the data source API renders any section model through closures")
    func dataSource() throws {
        struct Dish: IdentifiableType, Equatable {
            var identity: String
            var name: String
        }
        let sections = [
            SectionModel(identity: "mains", model: "Mains", items: [Dish(identity: "soup", name: "Soup & bread")])
        ]
        let dataSource = SectionedDataSource<SectionModel<String, String, Dish>>(
            configureCell: { _, dish in .init(kind: "dish", html: "<b>\(HTML.escape(dish.name))</b>") },
            titleForHeaderInSection: { $0.model },
            kindForSection: { _ in "menu" })
        let site = try TestSite(TestSite.theme)
        var options = site.options
        options.pages = [try SitePage(url: "/menu/", title: "Menu", sections: sections, dataSource: dataSource)]
        let html = try Site(options: options).pages["/menu/"]!.html
        #expect(
            html.contains(
                #"<div class="ss-sections" data-ss-children="page"><section class="ss-section" data-ss-key="s:mains" data-ss-kind="menu">"#
                    + #"<header class="ss-header" data-ss-key="h:mains" data-ss-supplementary="header"><h2>Mains</h2></header>"#
                    + #"<div class="ss-items" data-ss-children="s:mains"><div class="ss-item" data-ss-key="i:soup" data-ss-cell="dish"><b>Soup &amp; bread</b></div></div></section></div>"#
            ))
    }
}
