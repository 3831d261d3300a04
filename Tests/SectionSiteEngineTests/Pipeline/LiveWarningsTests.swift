import Foundation
import Testing

import SectionSiteEngine
import SiteTestSupport

/// The site's warnings are partly kept up to date as pages change (which templates pages use, which pages have
/// empty sections, aliases or a shared translation key): after each edit they equal a build from nothing's.
@Suite("Warnings of an edited site")
struct LiveWarningsTests {
    @Test("an empty section, an unused template, an alias, a link and a shared key come and go with the edits")
    func comeAndGo() throws {
        let site = try TestSite(
            TestSite.theme.merging([
                "sectionsite.yml": "title: Site\n",
                "Content/one.md":
                    "---\ntitle: One\nsections:\n  - id: list\n    cell: a\n    items:\n      - {id: x, title: X}\n---\nSee [two](two.md).\n",
                "Content/two.md":
                    "---\ntitle: Two\ntranslationKey: k\nsections:\n  - id: more\n    cell: b\n    items:\n      - {id: y, title: Y}\n---\nTwo.\n",
                "Content/three.md": "---\ntitle: Three\n---\nThree.\n",
            ]) { $1 })
        var live = try Site(options: site.options)
        let edits: [(path: String, text: String?)] = [
            (
                "Content/one.md",
                "---\ntitle: One\nsections:\n  - id: list\n    cell: a\n    items: []\n---\nSee [two](two.md).\n"
            ),
            ("Content/two.md", "---\ntitle: Two\ntranslationKey: k\naliases: [/old/]\n---\nTwo.\n"),
            ("Content/three.md", "---\ntitle: Three\ntranslationKey: k\naliases: [/old/]\n---\nThree.\n"),
            ("Content/two.md", nil),
            (
                "Content/one.md",
                "---\ntitle: One\nsections:\n  - id: list\n    cell: b\n    items:\n      - {id: x, title: X}\n---\nNo link.\n"
            ),
            (
                "Content/two.md",
                "---\ntitle: Two\nsections:\n  - id: more\n    cell: a\n    items:\n      - {id: y, title: Y}\n---\nTwo.\n"
            ),
            ("Content/three.md", "---\ntitle: Three\n---\nThree.\n"),
        ]
        var seen = Set<String>()
        for (step, edit) in edits.enumerated() {
            if let text = edit.text { try site.write([edit.path: text]) } else { try site.remove(edit.path) }
            _ = try live.apply([.file(SourcePath(edit.path))])
            let fresh = try Site(options: site.options)
            #expect(live.warnings == fresh.warnings, "step \(step + 1): \(edit.path)")
            seen.formUnion(fresh.warnings.map(\.message))
        }
        // The series did make each kind of warning at some step, and took each away again.
        for kind in ["has no items", "is never used", "alias", "leads to no page", "translation key"] {
            #expect(seen.contains { $0.contains(kind) }, "no step warned of '\(kind)'")
        }
    }
}
