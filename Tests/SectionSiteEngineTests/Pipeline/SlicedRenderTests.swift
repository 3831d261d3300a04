import Foundation
import Testing

@testable import SectionSiteEngine
import SiteTestSupport

/// A site resolves and renders its pages a slice of source files at a time (512 of them): what must hold across
/// slices holds, and a build that keeps pages on disk gives back their search text and links.
@Suite("Sliced rendering")
struct SlicedRenderTests {
    /// 600 filler pages between `Content/a/` and `Content/z/`, so that those two fall in different slices.
    static func site(_ pages: [String: String]) -> [String: String] {
        var files = TestSite.theme
        for number in 0..<600 {
            files["Content/m/p\(number).md"] = "---\ntitle: Page \(number)\n---\nText \(number).\n"
        }
        files.merge(pages) { $1 }
        return files
    }

    @Test("two pages in different slices may not take one URL: an error at each")
    func duplicateAcrossSlices() throws {
        let site = try TestSite(
            Self.site([
                "Content/a/x.md": "---\ntitle: X\nurl: /same/\n---\nX.\n",
                "Content/z/y.md": "---\ntitle: Y\nurl: /same/\n---\nY.\n",
            ]))
        let error = try #require(site.buildError())
        #expect(
            error.diagnostics.map { String($0.description.split(separator: "\n")[0]) } == [
                "Content/a/x.md:1:1: error: two pages have the URL '/same/'",
                "Content/z/y.md:1:1: error: two pages have the URL '/same/'",
            ])
        #expect(error.diagnostics.map(\.id) == ["site.url-taken", "site.url-taken"])
        #expect(!FileManager.default.fileExists(atPath: site.out.path))
    }

    @Test("every slice is resolved, so one run tells the mistakes of pages in different slices")
    func errorsOfEverySlice() throws {
        let list = "sections:\n  - id: s\n    cell: a\n    data: nope\n"
        let site = try TestSite(
            Self.site([
                "Content/a/x.md": "---\ntitle: X\n\(list)---\n",
                "Content/z/y.md": "---\ntitle: Y\n\(list)---\n",
            ]))
        let error = try #require(site.buildError())
        #expect(error.diagnostics.map(\.location?.file) == ["Content/a/x.md", "Content/z/y.md"])
        #expect(error.diagnostics.allSatisfy { $0.message.hasPrefix("no data file 'nope'") })
    }

    @Test("a URL handed from a page of a later slice to one of an earlier slice in one build is kept")
    func urlMovesAcrossSlices() throws {
        let site = try TestSite(
            Self.site([
                "Content/a/x.md": "---\ntitle: X\nurl: /one/\n---\nX.\n",
                "Content/z/y.md": "---\ntitle: Y\nurl: /same/\n---\nY.\n",
            ]))
        try site.build()
        // Y gives up /same/ and X takes it; the layout changes too, so every page is rendered again, X's slice first.
        let layout = try #require(TestSite.theme["Themes/default/layouts/page.mustache"])
        try site.write([
            "Content/a/x.md": "---\ntitle: X\nurl: /same/\n---\nX.\n",
            "Content/z/y.md": "---\ntitle: Y\nurl: /two/\n---\nY.\n",
            "Themes/default/layouts/page.mustache": layout.replacingOccurrences(
                of: "<body>", with: "<body class=\"again\">"),
        ])
        let report = try site.build()
        #expect(report.incremental)
        #expect(try site.output("same/index.html").contains("<title>X</title>"))
        #expect(try site.output("two/index.html").contains("<title>Y</title>"))
        #expect(!FileManager.default.fileExists(atPath: site.out.appendingPathComponent("one/index.html").path))
        #expect(try site.output("sitemap.xml").contains("/same/"))
    }

    @Test("a URL one page gives up and another takes in the same edit is changed, not gone")
    func urlHandedOverIsNotRemoved() throws {
        let site = try TestSite(
            TestSite.theme.merging([
                "Content/a.md": "---\ntitle: A\nurl: /one/\n---\nA.\n",
                "Content/b.md": "---\ntitle: B\nurl: /same/\n---\nB.\n",
            ]) { $1 })
        var live = try Site(options: site.options)
        try site.write([
            "Content/a.md": "---\ntitle: A\nurl: /same/\n---\nA.\n",
            "Content/b.md": "---\ntitle: B\nurl: /two/\n---\nB.\n",
        ])
        let update = try live.apply(["Content/a.md", "Content/b.md"])
        #expect(update.removed == ["/one/"])  // the preview reloads and closes the tabs of a URL that is gone
        #expect(update.changed.contains("/same/") && update.changed.contains("/two/"))
        #expect(live.pages["/same/"]?.title == "A")
    }

    @Test("a page whose body, summary, headings, text and links wait in the scratch file gives them back")
    func storedParts() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sectionsite-store-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try BodyStore(folder: folder)
        let link = LoadedPage.Link(
            destination: "/b/", written: "b.md", location: SourceLocation(file: "Content/a.md", line: 3, column: 5))
        let heading = Markdown.Heading(level: 2, id: "héé", text: "Héé")
        let page = LoadedPage(
            page: try PageParser(path: "Content/a.md").parse("# A\n"),
            blocks: [Markdown.Block(html: "<p>Hé</p>", isRawHTML: false)],
            summary: "Hé", headings: [heading], links: [link], text: "Hé, a text.",
            sourceHash: ContentHash.of("h").digest)
        let stored = try page.storingBody(in: store)
        #expect(stored.blocks.isEmpty && stored.body.isStored)
        #expect(
            [
                stored.keptSummary.isStored, stored.keptHeadings.isStored, stored.keptText.isStored,
                stored.keptLinks.isStored,
            ] == [true, true, true, true])
        #expect(try stored.bodyBlocks() == page.blocks)
        #expect(
            stored.summary == "Hé" && stored.headings == [heading] && stored.text == "Hé, a text."
                && stored.links == [link])
        guard case .stored(_, let place) = stored.keptText else { return }
        #expect(try store.value(at: place) == "Hé, a text.")  // a record of its own
        let rendered = stored.withoutBody()
        #expect(!rendered.body.isStored && rendered.blocks.isEmpty)
        #expect(
            rendered.summary == "Hé" && rendered.headings == [heading] && rendered.text == "Hé, a text."
                && rendered.links == [link])
    }
}
