import Foundation
import Testing

import SectionSiteEngine
import SiteTestSupport

/// A build reports every error it can find in one run, sorted by path and line, each at the key or text to blame.
@Suite("Every error in one run")
struct EveryErrorTests {
    @Test("errors of many pages, several in one page, an unknown layout at its line and a URL two pages take")
    func everyError() throws {
        let site = try TestSite(TestSite.theme.merging(["Content/ok.md": "# Fine\n"]) { $1 })
        try site.build()
        let before = site.outputSnapshot()
        var files: [String: String] = [:]
        files["Content/a.md"] = "---\ntitle: A\ndate: someday\nweight: heavy\n---\nA.\n"
        files["Content/b.md"] = "---\ntitle: B\ntitle: again\n---\nB.\n"
        files["Content/c.md"] = "---\ntitle: C\nlayout: new-layouts/post\n---\nC.\n"
        files["Content/d.md"] = "---\ntitle: D\nlayout: new-layouts/post\n---\nD.\n"
        files["Content/e/index.md"] = "# E\n"
        files["Content/e/_index.md"] = "# E again\n"
        try site.write(files)
        let error = try #require(site.buildError())
        #expect(
            error.diagnostics.map { "\($0.location!) \($0.id?.rawValue ?? "no id")" } == [
                "Content/a.md:3:7 page.bad-date", "Content/a.md:4:9 file.not-a-whole-number",
                "Content/b.md:3:1 file.duplicate-key",
            ], "\(error.description)")
        #expect(site.outputSnapshot() == before)
        // With those mended, the next errors come from later stages, every one of them.
        try site.write(["Content/a.md": "# A\n", "Content/b.md": "# B\n"])
        let later = try #require(site.buildError())
        #expect(
            later.diagnostics.map { $0.description.split(separator: "\n")[0] } == [
                "Content/c.md:3:9: error: unknown layout 'new-layouts/post': no template Themes/default/layouts/new-layouts/post.mustache (known: 'page')",
                "Content/d.md:3:9: error: unknown layout 'new-layouts/post': no template Themes/default/layouts/new-layouts/post.mustache (known: 'page')",
                "Content/e/_index.md:1:1: error: two pages have the URL '/e/'",
                "Content/e/index.md:1:1: error: two pages have the URL '/e/'",
            ], "\(later.description)")
    }

    @Test("at most 100 errors are shown, then how many more and how to see them; --all-errors shows every one")
    func hundred() {
        let error = SectionSiteError(
            (1...130).map { Diagnostic(.error, "bad \($0)", at: SourceLocation(file: "Content/p\($0).md")) })
        let lines = error.description.split(separator: "\n")
        #expect(lines.count == 101)
        #expect(lines.last == "and 30 more errors (--all-errors shows every one)")
        #expect(error.description(showing: nil).split(separator: "\n").count == 130)
    }
}
