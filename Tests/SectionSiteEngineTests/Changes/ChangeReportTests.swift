import Foundation
import Testing

import SectionSiteEngine
import SiteTestSupport
import TestSupport

/// `sectionsite changes`: the report between two outputs lists exactly the edits made, a moved item is one move,
/// and its three forms have a fixed text.
@Suite("Change report")
struct ChangeReportTests {
    /// Two outputs of one site: the output as built now is copied aside as the older one.
    final class Outputs {
        let site: TestSite
        let old: URL

        init(_ files: [String: String]) throws {
            site = try TestSite(files)
            old = site.folder.appendingPathComponent("old")
            try site.build()
            try keep()
        }

        /// The current output becomes the older one.
        func keep() throws {
            try? FileManager.default.removeItem(at: old)
            try FileManager.default.copyItem(at: site.out, to: old)
        }

        func report() throws -> ChangeReport { try ChangeReport.make(old: old, new: site.out) }
    }

    /// A page of two sections of items, each item a record with a title and a text.
    static func page(_ sections: [(id: String, items: [(id: String, text: String)])]) -> String {
        var text = "---\ntitle: List\nsections:\n"
        for section in sections {
            text += "  - id: \(section.id)\n    cell: a\n    header: \(section.id.capitalized)\n    items:\n"
            for item in section.items { text += "      - {id: \(item.id), title: \"\(item.text)\"}\n" }
        }
        return text + "---\nThe list.\n"
    }

    /// What a change is, for comparing a report with the edits made.
    struct Seen: Hashable, CustomStringConvertible {
        var action: ChangeReport.Change.Action
        var key: String
        var description: String { "\(action.rawValue) \(key)" }
    }

    @Test(
        "a seeded series of edits to a page's items: the report lists exactly them, a moved item as one move",
        arguments: [1, 2, 3, 4] as [UInt64])
    func listsTheEdits(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        var sections: [(id: String, items: [(id: String, text: String)])] = [
            ("releases", (0..<8).map { ("r\($0)", "Release \($0)") }),
            ("news", (0..<5).map { ("n\($0)", "News \($0)") }),
        ]
        var files = TestSite.theme
        files["Content/list.md"] = Self.page(sections)
        files["Content/other.md"] = "---\ntitle: Other\n---\nStays as it is.\n"
        let outputs = try Outputs(files)
        var next = 100
        for step in 1...10 {
            var expected = Set<Seen>()
            var touched = Set<String>()  // each item at most once a step, so that each edit is one change
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let s = Int.random(in: 0..<sections.count, using: &random)
                let free = sections[s].items.indices.filter { !touched.contains(sections[s].items[$0].id) }
                guard free.count > 3 else { continue }
                let index = free.randomElement(using: &random)!
                let id = sections[s].items[index].id
                touched.insert(id)
                switch Int.random(in: 0..<4, using: &random) {
                case 0:
                    sections[s].items[index].text += " (edited)"
                    expected.insert(Seen(action: .edited, key: "i:\(id)"))
                case 1:
                    sections[s].items.remove(at: index)
                    expected.insert(Seen(action: .removed, key: "i:\(id)"))
                case 2:
                    next += 1
                    sections[s].items.insert(("x\(next)", "New \(next)"), at: index)
                    touched.insert("x\(next)")
                    expected.insert(Seen(action: .added, key: "i:x\(next)"))
                default:
                    // Two places or more away, to the end or the start: the only item out of order, so the fewest
                    // moves are this one.
                    let item = sections[s].items.remove(at: index)
                    let target = index >= 2 ? 0 : sections[s].items.count
                    sections[s].items.insert(item, at: target)
                    if index == target || (index == sections[s].items.count - 1 && target == sections[s].items.count) {
                        continue
                    }
                    expected.insert(Seen(action: .moved, key: "i:\(id)"))
                }
            }
            try outputs.site.write(["Content/list.md": Self.page(sections)])
            try outputs.site.build()
            let report = try outputs.report()
            let seen = Set(report.pages.flatMap { page in page.changes.map { Seen(action: $0.action, key: $0.key) } })
            #expect(seen == expected, "seed \(seed) step \(step)")
            #expect(report.pages.map(\.url) == (expected.isEmpty ? [] : ["/list/"]), "seed \(seed) step \(step)")
            #expect(
                report.pages.flatMap(\.changes).count == expected.count, "seed \(seed) step \(step): one change each")
            for change in report.pages.flatMap(\.changes) {
                #expect(change.section != nil, "an item's change names its section")
            }
            try outputs.keep()
        }
    }

    @Test("pages added and removed, sections added and removed, the URLs and the files touched")
    func pagesAndSections() throws {
        var files = TestSite.theme
        files["Content/a.md"] = TestSite.page("s:one,two t:three")
        files["Content/gone.md"] = "---\ntitle: Gone\n---\nSoon gone.\n"
        let outputs = try Outputs(files)
        try outputs.site.remove("Content/gone.md")
        try outputs.site.write([
            "Content/a.md": TestSite.page("s:one,two u:four"), "Content/new.md": "---\ntitle: New\n---\nJust here.\n",
        ])
        try outputs.site.build()
        let report = try outputs.report()
        #expect(
            report.pages.map { "\($0.url) \($0.status.rawValue)" } == ["/a/ changed", "/gone/ removed", "/new/ added"])
        let a = try #require(report.pages.first)
        // In the patch's order: the new section goes in before the old one is removed.
        #expect(
            a.changes.map { "\($0.action.rawValue) \($0.part.rawValue) \($0.key)" } == [
                "added section s:u", "removed section s:t",
            ])
        #expect(a.changes[0].before == nil && a.changes[0].after == "four")
        #expect(a.changes[1].before == "three" && a.changes[1].after == nil)
        #expect(report.urls.contains("/new/") && report.urls.contains("/gone/") && report.urls.contains("/sitemap.xml"))
        #expect(report.touched[.sitemap] == ["sitemap.xml"])
        #expect(report.touched[.search]?.isEmpty == false)
    }

    @Test("nothing changed: an empty report")
    func nothing() throws {
        let outputs = try Outputs(TestSite.theme.merging(["Content/a.md": TestSite.page("s:one")]) { $1 })
        try outputs.site.build()
        let report = try outputs.report()
        #expect(report.isEmpty && report.pages.isEmpty && report.urls.isEmpty)
        #expect(report.markdown() == "### What changed\n\nNothing: the two outputs hold the same files.\n")
    }

    /// The small site whose report's three forms are written out below.
    static func smallReport() throws -> ChangeReport {
        var files = TestSite.theme
        files["Content/menu.md"] = TestSite.page("s:soup,salad d:cake,pie", title: "Menu")
        let outputs = try Outputs(files)
        try outputs.site.write(["Content/menu.md": TestSite.page("s:salad,soup d:cake,tart", title: "Menu")])
        try outputs.site.build()
        return try outputs.report()
    }

    @Test("the Markdown form, word for word")
    func markdown() throws {
        let report = try Self.smallReport()
        #expect(
            report.markdown(baseURL: "https://example.com/") == """
                ### What changed

                1 page changed, 0 added, 0 removed; 1 item added, 1 item removed, 1 item moved.

                | Page | Change |
                |---|---|
                | [Menu](https://example.com/menu/) | 1 item added, 1 item removed, 1 item moved in d, s |

                <details><summary>Before and after</summary>

                **/menu/**

                - item i:pie in s:d removed: ~~pie~~
                - item i:salad in s:s moved: salad
                - item i:tart in s:d added: tart

                </details>

                <details><summary>3 changed URLs (to purge)</summary>

                ```text
                https://example.com/menu/
                ```

                And 2 patch feed files, in the full list of URLs.

                </details>

                """)
    }

    @Test("the JSON form, word for word")
    func json() throws {
        let report = try Self.smallReport()
        #expect(
            report.json == #"""
                {"format":"sectionsite-changes/1","counts":{"pages":{"added":0,"removed":0,"changed":1},"sections":{"added":0,"removed":0,"moved":0,"edited":0},"headers":{"added":0,"removed":0,"moved":0,"edited":0},"footers":{"added":0,"removed":0,"moved":0,"edited":0},"items":{"added":1,"removed":1,"moved":1,"edited":0},"blocks":{"added":0,"removed":0,"moved":0,"edited":0},"regions":{"added":0,"removed":0,"moved":0,"edited":0},"titles":{"added":0,"removed":0,"moved":0,"edited":0},"head":{"added":0,"removed":0,"moved":0,"edited":0}},"pages":[{"url":"/menu/","status":"changed","title":"Menu","changes":[{"action":"removed","part":"item","key":"i:pie","section":"s:d","before":"pie"},{"action":"moved","part":"item","key":"i:salad","section":"s:s","before":"salad","after":"salad"},{"action":"added","part":"item","key":"i:tart","section":"s:d","after":"tart"}]}],"urls":["/_sectionsite/pages/menu/from-bea33cbdaca5.json","/_sectionsite/pages/menu/head.json","/menu/"],"files":{"feed":[],"sitemap":[],"search":[],"patch-feed":["_sectionsite/pages/menu/from-bea33cbdaca5.json","_sectionsite/pages/menu/head.json"],"other":[]}}

                """#)
    }

    @Test("the HTML form, word for word: the page, and the elements it outlines")
    func html() throws {
        let html = try Self.smallReport().html
        let body = String(html[try #require(html.range(of: "<body>")).lowerBound...])
        #expect(
            body == """
                <body>
                <main class="ss-changes">
                <h1>What changed</h1>
                <p>1 page changed, 0 added, 0 removed; 1 item added, 1 item removed, 1 item moved.</p>
                <nav><ul>
                <li><a href="#change-1">/menu/</a>: 1 item added, 1 item removed, 1 item moved in d, s</li>
                </ul></nav>
                <article class="ss-change" id="change-1">
                <h2><a href="/menu/">Menu</a> <code>/menu/</code></h2>
                <p>1 item added, 1 item removed, 1 item moved in d, s</p>
                <h3>Section <code>d</code></h3>
                <div class="ss-versions"><div class="ss-before"><h4>Before</h4>
                <section class="ss-section" data-ss-key="s:d"><div class="ss-items" data-ss-children="s:d"><div class="ss-item" data-ss-key="i:cake" data-ss-cell="b"><p class="b">cake</p></div><div class="ss-item" data-ss-key="i:pie" data-ss-cell="b"><p class="b">pie</p></div></div></section>
                </div><div class="ss-after"><h4>After</h4>
                <section class="ss-section" data-ss-key="s:d"><div class="ss-items" data-ss-children="s:d"><div class="ss-item" data-ss-key="i:cake" data-ss-cell="b"><p class="b">cake</p></div><div class="ss-item" data-ss-key="i:tart" data-ss-cell="b"><p class="b">tart</p></div></div></section>
                </div></div>
                <h3>Section <code>s</code></h3>
                <div class="ss-versions"><div class="ss-before"><h4>Before</h4>
                <section class="ss-section" data-ss-key="s:s"><div class="ss-items" data-ss-children="s:s"><div class="ss-item" data-ss-key="i:soup" data-ss-cell="b"><p class="b">soup</p></div><div class="ss-item" data-ss-key="i:salad" data-ss-cell="b"><p class="b">salad</p></div></div></section>
                </div><div class="ss-after"><h4>After</h4>
                <section class="ss-section" data-ss-key="s:s"><div class="ss-items" data-ss-children="s:s"><div class="ss-item" data-ss-key="i:salad" data-ss-cell="b"><p class="b">salad</p></div><div class="ss-item" data-ss-key="i:soup" data-ss-cell="b"><p class="b">soup</p></div></div></section>
                </div></div>
                </article>
                <h2>Changed URLs</h2>
                <pre>/_sectionsite/pages/menu/from-bea33cbdaca5.json
                /_sectionsite/pages/menu/head.json
                /menu/
                </pre>
                <details><summary>2 patch feed files</summary><pre>_sectionsite/pages/menu/from-bea33cbdaca5.json
                _sectionsite/pages/menu/head.json
                </pre></details>
                </main>
                </body>
                </html>

                """)
        #expect(html.hasPrefix("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">"))
        #expect(html.contains(":root"), "the default theme's style")
        let marks = html.split(separator: "\n").filter { $0.hasPrefix("#change-1 .") }
        #expect(
            marks == [
                #"#change-1 .ss-before [data-ss-key="i:pie"]{outline:3px solid #c23b3b;outline-offset:2px}"#,
                #"#change-1 .ss-before [data-ss-key="i:salad"]{outline:3px solid #2f6fce;outline-offset:2px}"#,
                #"#change-1 .ss-after [data-ss-key="i:salad"]{outline:3px solid #2f6fce;outline-offset:2px}"#,
                #"#change-1 .ss-after [data-ss-key="i:tart"]{outline:3px solid #2a8a4a;outline-offset:2px}"#,
            ])
    }
}
