import Foundation
import Testing

import SectionSiteDiff
@testable import SectionSiteEngine
import SiteTestSupport

/// A partial that includes itself outside every section never ends: an error where the loop closes.
@Suite("Partials that include themselves")
struct PartialCyclesTests {
    @Test("includes are found with their place and whether a section guards them")
    func includes() {
        let text =
            "<ul>\n  {{#children}}{{> partials/tree}}{{/children}}\n{{^none}}{{>a}}{{/none}} {{> b }}{{$block}}{{> c}}{{/block}}{{>*dynamic}}"
        #expect(
            PartialCycles.includes(in: text) == [
                .init(name: "partials/tree", line: 2, column: 16, guarded: true),
                .init(name: "a", line: 3, column: 10, guarded: true),
                .init(name: "b", line: 3, column: 26, guarded: false),
                .init(name: "c", line: 3, column: 44, guarded: false),
            ])
    }

    @Test("a loop of unguarded includes is found; one guarded include anywhere on it lets the data end it")
    func loops() {
        #expect(PartialCycles.firstLoop(in: ["t": "{{#children}}{{> t}}{{/children}}"]) == nil)
        #expect(PartialCycles.firstLoop(in: ["a": "{{> b}}", "b": "{{#x}}{{> a}}{{/x}}"]) == nil)
        #expect(PartialCycles.firstLoop(in: ["a": "{{> b}}", "b": "{{> c}}", "c": "no includes"]) == nil)
        let selfLoop = PartialCycles.firstLoop(in: ["t": "x {{> t}}"])
        #expect(selfLoop?.template == "t")
        #expect(selfLoop?.loop == ["t", "t"])
        let longer = PartialCycles.firstLoop(in: ["a": "{{> b}}", "b": "{{> c}}", "c": "\n {{> a}}", "z": "{{> a}}"])
        #expect(longer?.loop == ["a", "b", "c", "a"])
        #expect(longer?.include == .init(name: "a", line: 2, column: 2, guarded: false))
    }

    @Test("a theme with such a loop is an error at the include that closes it, before any page renders")
    func siteError() throws {
        var files = TestSite.theme
        files["Content/index.md"] = "Hi.\n"
        files["Themes/default/layouts/page.mustache"] =
            "<html><head></head><body>{{> partials/a}}{{{body}}}</body></html>\n"
        files["Themes/default/partials/a.mustache"] = "<p>{{#page}}{{> partials/a}}{{/page}}\n{{> partials/b}}</p>\n"
        files["Themes/default/partials/b.mustache"] = "{{> partials/a}}\n"
        let site = try TestSite(files)
        #expect(
            site.buildError()?.description == """
                Themes/default/partials/b.mustache:1:1: error: partial 'partials/a' is included without end \
                (partials/a > partials/b > partials/a): no section around the include stops it; put it inside one that \
                ends with the data, like {{#children}}...{{/children}}
                """)
    }
}
