import Foundation
import Testing

import SectionSiteDiff
import SectionSiteEngine
import SiteTestSupport

/// Input a careless or hostile contributor could send: bounded, located, and never the end of the previous output.
@Suite("Hostile input")
struct HostileInputTests {
    /// Nine anchors, each a list of nine aliases of the one before: 387 million nodes once expanded.
    static let aliasBomb: String = {
        var lines = [#"a: &a ["x", "x", "x", "x", "x", "x", "x", "x", "x"]"#]
        let names = ["a", "b", "c", "d", "e", "f", "g", "h", "i"]
        for (previous, name) in zip(names, names.dropFirst()) {
            lines.append(
                "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]")
        }
        return lines.joined(separator: "\n")
    }()

    @Test("an alias bomb in front matter is an error at the alias that passes the budget, and the output stays")
    func aliasBombInFrontMatter() throws {
        let site = try TestSite(TestSite.theme.merging(["Content/index.md": BadInputTests.good]) { $1 })
        try site.build()
        let before = site.outputSnapshot()
        try site.write(["Content/index.md": "---\ntitle: Bomb\n" + Self.aliasBomb + "\n---\nBody.\n"])
        let error = try #require(site.buildError())
        // a: 10 nodes; b's nine aliases 90; c's 819; d's 7,380 (8,289 in all); e's first *d takes it past 10,000.
        // e is on line 7 of the file (--- and title first), its first alias at column 8.
        #expect(
            error.description
                == "Content/index.md:7:8: error: YAML aliases expand this document past 10,000 nodes (the limit); "
                + "refused, as an alias bomb would be: write the values out, or use fewer aliases")
        #expect(site.outputSnapshot() == before)
    }

    @Test("an alias bomb in sectionsite.yml is an error at its alias too")
    func aliasBombInSettings() throws {
        let site = try TestSite(TestSite.theme.merging(["Content/index.md": BadInputTests.good]) { $1 })
        try site.write([
            "sectionsite.yml": "title: Site\nextra:\n"
                + Self.aliasBomb.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n") + "\n"
        ])
        let error = try #require(site.buildError())
        #expect(
            error.description.hasPrefix(
                "sectionsite.yml:7:10: error: YAML aliases expand this document past 10,000 nodes"))
    }

    @Test("anchors and aliases within the budget work as YAML says")
    func modestAliases() throws {
        let page = """
            ---
            title: Aliases
            defaults: &defaults
              price: 4
              size: large
            sections:
              - id: s
                cell: a
                items:
                  - id: x
                    extra: *defaults
                    title: &name Tea
                  - id: y
                    title: *name
            ---
            """
        let site = try TestSite(TestSite.theme.merging(["Content/index.md": page]) { $1 })
        try site.build()
        let html = try site.output("index.html")
        #expect(html.contains(#"data-ss-key="i:x""#))
        #expect(html.components(separatedBy: "Tea").count - 1 >= 2)
    }

    @Test("an empty sections key is a page without sections", arguments: ["sections:", "sections: ~", "sections: []"])
    func emptySections(_ line: String) throws {
        let site = try TestSite(
            TestSite.theme.merging(["Content/index.md": "---\ntitle: Empty\n\(line)\n---\nBody text.\n"]) { $1 })
        let report = try site.build()
        #expect(!report.warnings.contains { $0.description.contains("Content/") })  // only the theme's unused cells
        let html = try site.output("index.html")
        #expect(html.contains("Body text."))
        #expect(!html.contains(#"data-ss-key="s:"#))
    }
}
