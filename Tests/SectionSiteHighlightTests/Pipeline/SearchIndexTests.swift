import Foundation
import Testing

import SectionSiteDiff
import SectionSiteEngine
import SiteTestSupport

@Suite("Search index")
struct SearchIndexTests {
    static func files(settings: String = "baseURL: /blog/\n") -> [String: String] {
        var files = TestSite.theme
        files["sectionsite.yml"] = settings
        files["Content/guide.md"] = """
            ---
            title: The "guide"
            ---
            First *paragraph* with a [link](https://example.org/).

            ## Set up

            - one
            - two

            ```swift
            let hidden = "code is not indexed"
            ```

            > A quote.
            """
        files["Content/draft.md"] = "---\ntitle: Draft\ndraft: true\n---\nSecret.\n"
        files["Content/list.md"] =
            "---\ntitle: List\nsections:\n  - id: all\n    cell: b\n    from: .\n    paginate: 1\n---\n"
        return files
    }

    @Test("search.json holds each published page's link, title, headings and plain text, sorted by URL")
    func index() throws {
        let site = try TestSite(plugins: .kate, Self.files())
        try site.build()
        let json = try site.output("search.json")
        #expect(
            json == """
                {"format":"sectionsite-search/1","pages":[\
                {"url":"/blog/guide/","title":"The \\"guide\\"","headings":[{"id":"set-up","text":"Set up"}],\
                "text":"First paragraph with a link. one two A quote."},\
                {"url":"/blog/list/","title":"List","headings":[],"text":""}]}

                """)
    }

    @Test("the text is cut at a word within the limit; 'all' keeps it whole; search: false writes no index")
    func limits() throws {
        let site = try TestSite(plugins: .kate, Self.files(settings: "search:\n  text: 12\n"))
        try site.build()
        #expect(try site.output("search.json").contains(#""text":"First""#))
        try site.write(["sectionsite.yml": "search:\n  text: all\n"])
        try site.build()
        #expect(try site.output("search.json").contains(#""text":"First paragraph with a link. one two A quote.""#))
        try site.write(["sectionsite.yml": "search: false\n"])
        try site.build()
        #expect(!FileManager.default.fileExists(atPath: site.out.appendingPathComponent("search.json").path))
        try site.write(["sectionsite.yml": "search:\n  text: -1\n"])
        #expect(
            site.buildError()?.description
                == "sectionsite.yml:2:9: error: 'text' must be how many characters of each page to index (0 or more), or 'all'"
        )
    }

    @Test("an incremental build writes the index a build from nothing writes")
    func incremental() throws {
        let site = try TestSite(plugins: .kate, Self.files())
        try site.build()
        try site.write([
            "Content/guide.md": "---\ntitle: Guide\n---\n## Other\n\nNew words.\n", "Content/more.md": "More.\n",
        ])
        #expect(try site.build().incremental)
        let incremental = try site.output("search.json")
        #expect(
            incremental.contains(
                #"{"url":"/blog/guide/","title":"Guide","headings":[{"id":"other","text":"Other"}],"text":"New words."}"#
            ))
        // A build that finds nothing changed does not make the index again, but one taken away is written again.
        try FileManager.default.removeItem(at: site.out.appendingPathComponent("search.json"))
        _ = try site.build()
        #expect(try site.output("search.json") == incremental)
        let fresh = try TestSite(
            plugins: .kate,
            Self.files().merging([
                "Content/guide.md": "---\ntitle: Guide\n---\n## Other\n\nNew words.\n", "Content/more.md": "More.\n",
            ]) { $1 })
        try fresh.build()
        #expect(try fresh.output("search.json") == incremental)
    }
}
