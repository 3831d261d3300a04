import Foundation
import Testing

import SectionSite
import SectionSiteDiff
@testable import SectionSiteEngine
import SiteTestSupport

/// Pages defined in Swift with the shapes of RxDataSources: sections of the program's own types, drawn by a data
/// source of closures, through the same pipeline as Markdown pages.
@Suite struct SwiftPageTests {
    /// A menu's items: dishes the theme draws, notes the program draws itself.
    enum MenuItem: IdentifiableType, Equatable, Sendable {
        case dish(Dish)
        case note(id: String, text: String)

        var identity: String {
            switch self {
            case .dish(let dish): dish.id
            case .note(let id, _): id
            }
        }
    }

    struct Dish: Encodable, Equatable, Sendable {
        var id: String
        var title: String
        var price: Int
    }

    typealias MenuSection = SectionModel<String, String, MenuItem>

    static let dataSource = SectionedDataSource<MenuSection>(
        configureCell: { _, item in
            switch item {
            case .dish(let dish): try .template("b", dish)
            case .note(_, let text): .init(kind: "note", html: "<em>\(HTML.escape(text))</em>")
            }
        },
        configureSupplementaryView: { section, kind in
            kind == .footer && section.identity == "mains" ? try .template("banner", ["text": "Fresh <daily>"]) : nil
        },
        titleForHeaderInSection: { $0.model }
    )

    static func menu(soup: Int = 5, order: [String] = ["soup", "pie"], extra: [Dish] = []) -> [MenuSection] {
        let dishes = [
            "soup": Dish(id: "soup", title: "Soup", price: soup), "pie": Dish(id: "pie", title: "Pie", price: 4),
        ]
        return [
            MenuSection(
                identity: "mains", model: "Mains", items: order.map { .dish(dishes[$0]!) } + extra.map { .dish($0) }),
            MenuSection(identity: "notes", model: "Notes", items: [.note(id: "allergens", text: "Ask us <please>")]),
        ]
    }

    static func page(_ sections: [MenuSection], title: String = "Menu") throws -> SitePage {
        try SitePage(url: "/menu/", title: title, sections: sections, dataSource: dataSource)
    }

    static func site() throws -> TestSite {
        var files = TestSite.theme
        files["Themes/default/cells/b.mustache"] = "<p class=\"b\">{{title}} {{price}}</p>\n"
        files["Content/index.md"] =
            "---\ntitle: Home\nsections:\n  - id: all\n    from: .\n    sort: title\n    cell: b\n---\n"
        return try TestSite(files)
    }

    @Test(
        "a Swift page's sections are the keyed HTML of the contract: theme cells with the item's data, the program's own HTML, titles and views"
    )
    func keyedHTML() throws {
        let site = try Self.site()
        var options = site.options
        options.pages = [try Self.page(Self.menu())]
        let html = try Site(options: options).pages["/menu/"]!.html
        let expected =
            #"<div class="ss-sections" data-ss-children="page">"#
            + #"<section class="ss-section" data-ss-key="s:mains"><header class="ss-header" data-ss-key="h:mains" data-ss-supplementary="header"><h2>Mains</h2></header>"#
            + #"<div class="ss-items" data-ss-children="s:mains">"#
            + #"<div class="ss-item" data-ss-key="i:soup" data-ss-cell="b"><p class="b">Soup 5</p></div>"#
            + #"<div class="ss-item" data-ss-key="i:pie" data-ss-cell="b"><p class="b">Pie 4</p></div></div>"#
            + #"<footer class="ss-footer" data-ss-key="f:mains" data-ss-supplementary="banner"><div class="banner">Fresh &lt;daily&gt;</div></footer></section>"#
            + #"<section class="ss-section" data-ss-key="s:notes"><header class="ss-header" data-ss-key="h:notes" data-ss-supplementary="header"><h2>Notes</h2></header>"#
            + #"<div class="ss-items" data-ss-children="s:notes">"#
            + #"<div class="ss-item" data-ss-key="i:allergens" data-ss-cell="note"><em>Ask us &lt;please&gt;</em></div></div></section></div>"#
        #expect(html.contains(expected))
        #expect(html.contains("<title>Menu</title>"))
    }

    @Test("a Swift page and a Markdown page with the same sections render the same sections")
    func sameAsMarkdown() throws {
        let site = try Self.site()
        try site.write([
            "Content/twin.md": """
            ---
            title: Twin
            sections:
              - id: dishes
                header: Mains
                cell: b
                items:
                  - {id: soup, title: Soup, price: 5}
                  - {id: pie, title: Pie, price: 4}
            ---

            """
        ])
        let dishes = [
            MenuSection(
                identity: "dishes", model: "Mains",
                items: [
                    .dish(.init(id: "soup", title: "Soup", price: 5)), .dish(.init(id: "pie", title: "Pie", price: 4)),
                ])
        ]
        var options = site.options
        options.pages = [try SitePage(url: "/swift/", title: "Twin", sections: dishes, dataSource: Self.dataSource)]
        let built = try Site(options: options)
        func sections(_ url: String) -> Substring {
            let html = built.pages[PageURL(url)]!.html
            return html[html.range(of: "<div class=\"ss-sections\"")!.lowerBound...].prefix { $0 != "\n" }
        }
        #expect(sections("/swift/") == sections("/twin/"))
    }

    @Test(
        "a new value of a Swift page re-renders it and the list that holds it; its patch moves, inserts and updates by identity"
    )
    func diffed() throws {
        let site = try Self.site()
        var options = site.options
        options.pages = [try Self.page(Self.menu())]
        var live = try Site(options: options)
        let before = live.pages["/menu/"]!
        #expect(live.pages["/"]!.html.contains("Menu"))  // the home page's collection lists the Swift page

        let tart = Dish(id: "tart", title: "Tart", price: 7)
        var update = try live.apply(
            [], pages: [try Self.page(Self.menu(soup: 6, order: ["pie", "soup"], extra: [tart]))])
        #expect(update.changed == ["/menu/"])
        let after = live.pages["/menu/"]!
        let patch = PatchBuilder.patch(
            page: "/menu/", from: before.html, version: before.version, to: after.html, version: after.version)
        let moves = patch.ops.filter { if case .move = $0 { true } else { false } }
        let inserts = patch.ops.compactMap {
            if case .insert(let parent, _, let html) = $0 { (parent, html) } else { nil }
        }
        #expect(moves.count == 1)
        #expect(inserts.count == 1 && inserts[0].0 == "s:mains" && inserts[0].1.contains(#"data-ss-key="i:tart""#))
        #expect(
            patch.ops.contains { op in
                switch op {
                case .replace(let key, let html), .html(let key, let html): key == "i:soup" && html.contains("Soup 6")
                default: false
                }
            })
        #expect(patch.ops.count == 3)
        // The same value again changes nothing; a new title also changes the list that shows it.
        update = try live.apply([], pages: [try Self.page(Self.menu(soup: 6, order: ["pie", "soup"], extra: [tart]))])
        #expect(update.changed.isEmpty)
        update = try live.apply([], pages: [try Self.page(Self.menu(), title: "Carte")])
        #expect(update.changed == ["/", "/menu/"])
        // Equal to a site built from nothing with that page, also after a settings edit rebuilds everything.
        options.pages = [try Self.page(Self.menu(), title: "Carte")]
        let fresh = try Site(options: options)
        #expect(fresh.pages.mapValues(\.html) == live.pages.mapValues(\.html))
        try site.write(["sectionsite.yml": "title: Shop\n"])
        update = try live.apply(["sectionsite.yml"])
        #expect(update.everything && live.pages["/menu/"]!.html.contains("<title>Carte</title>"))
    }

    @Test("build writes a Swift page with its feed, incrementally: a new value is one changed page and one patch")
    func built() async throws {
        let site = try Self.site()
        var website = Website(folder: site.folder, pages: [try Self.page(Self.menu())])
        let first = try await website.build(into: site.out)
        #expect(first.pageCount == 2)
        let v1 = try #require(Self.version(try site.output("menu/index.html")))
        var again = try await website.build(into: site.out)
        #expect(again.incremental && again.changedPages == 0)
        website.pages = [try Self.page(Self.menu(soup: 9))]
        again = try await website.build(into: site.out)
        #expect(again.incremental && again.changedPages == 1)
        let page = try site.output("menu/index.html")
        #expect(page.contains("Soup 9"))
        let head = try site.output("_sectionsite/pages/menu/head.json")
        #expect(head.contains(#""from":["\#(v1)"]"#))
        let patch = try site.output("_sectionsite/pages/menu/from-\(v1).json")
        #expect(patch.contains("Soup 9") && patch.contains(#""i:soup""#))
        // Byte for byte what a build from nothing writes.
        let incremental = site.outputSnapshot()
        try SiteBuilder(options: website.options(out: site.out)).build(incremental: false)
        #expect(site.outputSnapshot() == incremental)
        // A page the program no longer defines is gone, and the list that showed it changes.
        website.pages = []
        again = try await website.build(into: site.out)
        #expect(again.incremental && again.pageCount == 1)
        #expect(!FileManager.default.fileExists(atPath: site.out.appendingPathComponent("menu/index.html").path))
        #expect(try !site.output("index.html").contains("Menu"))
    }

    @Test("a Swift page's URL is percent-encoded as a Markdown page's, and written at the decoded path")
    func encodedURL() async throws {
        let site = try Self.site()
        let page = try SitePage(url: "/café menu/", title: "Menu", sections: Self.menu(), dataSource: Self.dataSource)
        #expect(page.url == "/caf%C3%A9%20menu/")
        #expect(page.markdownSource == "Content/café menu.md")
        _ = try await Website(folder: site.folder, pages: [page]).build(into: site.out)
        #expect(
            try site.output("café menu/index.html").contains(
                #"<meta name="sectionsite-page" content="/caf%C3%A9%20menu/">"#))
        #expect(try site.output("index.html").contains("/caf%C3%A9%20menu/"))
    }

    @Test("a base URL given in code is the one links, the sitemap and the runtime use, as --base-url")
    func baseURL() async throws {
        let site = try Self.site()
        let website = Website(folder: site.folder, pages: [try Self.page(Self.menu())])
        try await website.build(into: site.out, baseURL: "https://example.com/shop")
        #expect(try site.output("sitemap.xml").contains("<loc>https://example.com/shop/menu/</loc>"))
        #expect(try site.output("menu/index.html").contains(#"<script src="/shop/_sectionsite/sectionsite.js" defer>"#))
    }

    @Test("check builds a bound page from its sequence's first value, checks its links and stops the sequence")
    func checkedBound() async throws {
        let site = try Self.site()
        var website = Website(folder: site.folder)
        let stopped = Locked(false)
        let (values, continuation) = AsyncStream.makeStream(of: Int.self)
        continuation.onTermination = { _ in stopped.withLock { $0 = true } }
        continuation.yield(1)
        let line = #line + 1
        website.bind(values) { _ in try SitePage(url: "/menu/", title: "Menu", markdown: "See [this](/nowhere/).") }
        let errors = try await website.check()
        #expect(
            errors.map(\.description) == [
                "SectionSiteTests/SwiftPageTests.swift:\(line):5: error: link to '/nowhere/' leads nowhere: the site has no /nowhere/"
            ])
        for _ in 0..<200 where !stopped.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(10)) }
        #expect(stopped.withLock { $0 }, "the bound sequence still runs after check")
    }

    @Test(
        "build --follow writes a bound page for each value its sequence yields, with a patch from each earlier version")
    func followed() async throws {
        let site = try Self.site()
        var website = Website(folder: site.folder)
        let (values, continuation) = AsyncStream.makeStream(of: Int.self)
        website.bind(values) { soup in try Self.page(Self.menu(soup: soup)) }
        continuation.yield(1)
        let versions = Locked<[String]>([])
        let out = site.out
        try await website.follow(into: out) { report in
            let page = (try? String(contentsOf: out.appendingPathComponent("menu/index.html"), encoding: .utf8)) ?? ""
            let count = versions.withLock { list in
                list.append(Self.version(page) ?? "")
                return list.count
            }
            // The next value comes once this one is written; after the third, the sequence ends.
            if count < 3 { continuation.yield(count + 1) } else { continuation.finish() }
        }
        let written = versions.withLock { $0 }
        #expect(written.count == 3 && Set(written).count == 3)
        #expect(try site.output("menu/index.html").contains("Soup 3"))
        let head =
            try JSONSerialization.jsonObject(with: Data(try site.output("_sectionsite/pages/menu/head.json").utf8))
            as? [String: Any]
        #expect(head?["version"] as? String == written[2])
        #expect(Set(head?["from"] as? [String] ?? []) == [written[0], written[1]])
    }

    @Test("bad definitions are errors where the program makes them, and the output stays")
    func errors() async throws {
        let site = try Self.site()
        let twice = try? SitePage(
            url: "/menu/", title: "Menu", sections: Self.menu(extra: [Dish(id: "soup", title: "Soup", price: 1)]),
            dataSource: Self.dataSource)
        #expect(twice == nil)
        // The line the call below starts on.
        let callLine = #line + 2
        do {
            _ = try SitePage(
                url: "/menu/", title: "Menu", sections: Self.menu(extra: [Dish(id: "soup", title: "Again", price: 1)]),
                dataSource: Self.dataSource)
            Issue.record("a repeated item identity was accepted")
        } catch let error as SectionSiteError {
            #expect(
                error.description
                    == "SectionSiteTests/SwiftPageTests.swift:\(callLine):1: error: duplicate item id 'soup' in page /menu/"
            )
        }
        #expect(throws: SectionSiteError.self) {
            try SitePage(
                url: "/menu/", title: "x", sections: [MenuSection(identity: "a b", model: "", items: [])],
                dataSource: Self.dataSource)
        }
        #expect((try? SitePage(url: "https://x/", title: "x")) == nil)
        // A Swift page at a Markdown page's URL.
        try site.write(["Content/menu.md": "# Menu\n"])
        _ = try await Website(folder: site.folder).build(into: site.out)
        let before = site.outputSnapshot()
        await #expect(throws: SectionSiteError.self) {
            try await Website(folder: site.folder, pages: [try Self.page(Self.menu())]).build(into: site.out)
        }
        #expect(site.outputSnapshot() == before)
    }

    static func version(_ html: String) -> String? {
        guard let range = html.range(of: #"<meta name="sectionsite-version" content=""#) else { return nil }
        return String(html[range.upperBound...].prefix { $0 != "\"" })
    }
}
