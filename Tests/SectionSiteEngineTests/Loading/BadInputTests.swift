import Foundation
import Testing

import SectionSiteDiff
import SectionSiteEngine
import SiteTestSupport

/// Every kind of bad input: the exact message with its location, and the previous output left as it was.
@Suite("Bad input")
struct BadInputTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var files: [String: String]
        /// The identifier of the first error, which programs match whatever the words.
        var id: String
        var expected: String
        var testDescription: String { name }
    }

    static let good = """
        ---
        title: Good
        sections:
          - id: s
            cell: a
            items:
              - id: x
                title: X
        ---
        Body.
        """

    static let cases: [Case] = [
        Case(
            name: "malformed YAML",
            files: ["Content/index.md": "---\ntitle: Good\nsections: [\n  - id: s\n---\n"],
            id: "file.invalid-yaml",
            expected: "Content/index.md:4:3: error: invalid YAML: did not find expected node content"),
        Case(
            name: "front matter never closed",
            files: ["Content/index.md": "---\ntitle: Open\n\nBody\n"],
            id: "page.front-matter-never-closed",
            expected: "Content/index.md:1:1: error: front matter is never closed: add a line '---' after it"),
        Case(
            name: "section without id",
            files: ["Content/index.md": "---\ntitle: T\nsections:\n  - cell: a\n    items: []\n---\n"],
            id: "page.section-without-id",
            expected: "Content/index.md:4:5: error: section has no 'id'"),
        Case(
            name: "duplicate section id",
            files: [
                "Content/index.md": "---\ntitle: T\nsections:\n  - id: s\n    cell: a\n  - id: s\n    cell: a\n---\n"
            ],
            id: "page.duplicate-section",
            expected:
                "Content/index.md:6:5: error: duplicate section id 's'\nContent/index.md:4:5: note: section 's' first defined here"
        ),
        Case(
            name: "duplicate item id across sections",
            files: [
                "Content/index.md":
                    "---\ntitle: T\nsections:\n  - id: s\n    cell: a\n    items:\n      - id: x\n  - id: t\n    cell: a\n    items:\n      - id: x\n---\n"
            ],
            id: "page.duplicate-item",
            expected:
                "Content/index.md:11:9: error: duplicate item id 'x'\nContent/index.md:7:9: note: item 'x' first defined here"
        ),
        Case(
            name: "unknown cell kind",
            files: [
                "Content/index.md":
                    "---\ntitle: T\nsections:\n  - id: s\n    items:\n      - id: x\n        cell: galery\n---\n"
            ],
            id: "theme.unknown-kind",
            expected:
                "Content/index.md:6:9: error: unknown cell kind 'galery': no template Themes/default/cells/galery.mustache (known: 'a', 'b')"
        ),
        Case(
            name: "unknown supplementary kind",
            files: [
                "Content/index.md":
                    "---\ntitle: T\nsections:\n  - id: s\n    cell: a\n    header: {kind: hero, title: Hi}\n    items: [{id: x}]\n---\n"
            ],
            id: "theme.unknown-kind",
            expected:
                "Content/index.md:6:13: error: unknown header kind 'hero': no template Themes/default/supplementary/hero.mustache (known: 'banner', 'footer', 'header')"
        ),
        Case(
            name: "collection folder that does not exist",
            files: ["Content/index.md": "---\ntitle: T\nsections:\n  - id: s\n    cell: a\n    from: nowhere\n---\n"],
            id: "section.no-collection-folder",
            expected: "Content/index.md:4:5: error: collection folder 'Content/nowhere/' does not exist"),
        Case(
            name: "theme that does not exist",
            files: ["sectionsite.yml": "theme: fancy\n"],
            id: "theme.no-such-theme",
            expected:
                "sectionsite.yml:1:1: error: theme 'fancy' does not exist: looked for Themes/fancy/ (known: 'default')"),
        Case(
            name: "unknown layout",
            files: ["Content/index.md": "---\ntitle: T\nlayout: wide\n---\n"],
            id: "theme.unknown-kind",
            expected:
                "Content/index.md:3:9: error: unknown layout 'wide': no template Themes/default/layouts/wide.mustache (known: 'page')"
        ),
        Case(
            name: "bad date",
            files: ["Content/index.md": "---\ntitle: T\ndate: yesterday\n---\n"],
            id: "page.bad-date",
            expected:
                "Content/index.md:3:7: error: 'date' must look like 2026-01-31, 2026-01-31T09:30:00Z or 2026-01-31 09:30:00 +0200, not 'yesterday'"
        ),
        Case(
            name: "unknown directive",
            files: ["Content/index.md": "---\ntitle: T\n---\nText.\n\n@Nowhere(x: 1)\n"],
            id: "markdown.unknown-directive",
            expected:
                "Content/index.md:6:1: error: unknown directive '@Nowhere': no template "
                + "Themes/default/directives/nowhere.mustache (known: comment)"),
        Case(
            name: "template that does not parse",
            files: ["Themes/default/cells/a.mustache": "{{#open}}never closed\n"],
            id: "theme.template-does-not-parse",
            expected: "Themes/default/cells/a.mustache:2:1: error: template does not parse: expectedSectionEnd"),
    ]

    @Test("bad input is a located error and leaves the previous output untouched", arguments: cases)
    func badInput(_ testCase: Case) throws {
        let site = try TestSite(TestSite.theme.merging(["Content/index.md": Self.good]) { $1 })
        try site.build()
        let before = site.outputSnapshot()
        #expect(before["index.html"] != nil)
        try site.write(testCase.files)
        let error = try #require(site.buildError())
        #expect(error.description == testCase.expected)
        #expect(error.diagnostic.id == Diagnostic.ID(rawValue: testCase.id))
        #expect(site.outputSnapshot() == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.folder.path).filter {
            $0.contains("staging")
        }
        #expect(leftovers.isEmpty)
    }

    @Test("invalid UTF-8 names the line and column of the first bad byte")
    func invalidUTF8() throws {
        let site = try TestSite(TestSite.theme.merging(["Content/index.md": Self.good]) { $1 })
        try site.build()
        let before = site.outputSnapshot()
        try site.write("Content/index.md", Data("---\ntitle: T\n---\nab".utf8) + Data([0xFF, 0x41]) + Data("\n".utf8))
        let error = try #require(site.buildError())
        #expect(error.description == "Content/index.md:4:3: error: invalid UTF-8 in file")
        #expect(site.outputSnapshot() == before)
    }

    @Test("an output folder that sectionsite did not write is never replaced")
    func foreignOutput() throws {
        let site = try TestSite(TestSite.theme.merging(["Content/index.md": Self.good]) { $1 })
        try site.write(["_site/precious.txt": "keep me"])
        let error = try #require(site.buildError())
        #expect(error.description.contains("is not empty and was not written by sectionsite"))
        #expect(error.diagnostic.id == "output.not-ours")
        #expect(try site.output("precious.txt") == "keep me")
    }
}
