import Foundation
import Testing
import Yams

import SectionSiteEngine
@testable import SectionSiteImport
import SiteTestSupport

/// Settings and front matter an import writes come from YAML's emitter: whatever a value holds (a newline, a long
/// line, `: ` or `#`), the written file reads back as the same values.
@Suite("Import: YAML written")
struct ImportYAMLTests {
    /// Plain words past the emitter's 80 columns: the old writer folded them onto lines that left the mapping.
    static let long = String(repeating: "A description that goes on and on ", count: 8) + "to its end"
    /// `: ` and `#` in a long value too.
    static let marked = String(repeating: "A description that goes on: #not a comment, 'quoted' and more. ", count: 3)

    static func settings(_ folder: URL) throws -> [String: Any] {
        let text = try String(contentsOf: folder.appendingPathComponent("sectionsite.yml"), encoding: .utf8)
        return try #require(try Yams.load(yaml: text) as? [String: Any], "\(text)")
    }

    @Test("Jekyll: a permalink with a newline and a long description read back as written")
    func jekyllSettings() throws {
        let jekyll = try TestSite(
            plugins: .command,
            [
                "_config.yml":
                    "title: \"Notes: #1\"\ndescription: \"\(Self.marked)\"\npermalink: \"/news\\nnotes/:title/\"\n",
                "_posts/2018-01-19-forums.md": "---\ntitle: Forums\n---\nHello.\n",
            ])
        let out = jekyll.folder.appendingPathComponent("imported")
        _ = try ImportRun.jekyll(jekyll, into: out)
        let settings = try Self.settings(out)
        #expect(settings["title"] as? String == "Notes: #1")
        #expect(settings["description"] as? String == Self.marked)
        // A first word with a newline names no folder: the posts go to posts/, with the pattern as written.
        #expect(settings["permalinks"] as? [String: String] == ["posts": "/news\nnotes/:slug/"])
        #expect(settings["strict"] == nil && settings["theme"] as? String == "starter")
        let list = try String(contentsOf: out.appendingPathComponent("Content/posts/index.md"), encoding: .utf8)
        let front = try #require(try Yams.load(yaml: String(list.dropFirst(4).dropLast(4))) as? [String: Any])
        #expect((front["sections"] as? [[String: Any]])?.first?["from"] as? String == "posts")
    }

    @Test("Hugo: a permalink and a menu entry with newlines, a long language description, read back as written")
    func hugoSettings() throws {
        let hugo = try TestSite(
            plugins: .command,
            [
                "hugo.toml": """
                title = "Docs"
                defaultContentLanguage = "en"
                [permalinks]
                  posts = "/:year/\\nstrict: true/:slug/"
                [[menus.main]]
                  name = "Guide\\nstrict: true"
                  pageRef = "/guide"
                [languages.en]
                  weight = 1
                  [languages.en.params]
                    description = "\(Self.long)"
                [languages.fr]
                  weight = 2
                  title = "true"
                """,
                "content/_index.md": "---\ntitle: Home\n---\n",
            ])
        let out = hugo.folder.appendingPathComponent("imported")
        _ = try ImportRun.hugo(hugo, into: out)
        let settings = try Self.settings(out)
        #expect(settings["permalinks"] as? [String: String] == ["posts": "/:year/\nstrict: true/:slug/"])
        #expect(settings["strict"] == nil)
        #expect(settings["menu"] as? [[String: String]] == [["title": "Guide\nstrict: true", "url": "guide/"]])
        let languages = try #require(settings["languages"] as? [String: [String: Any]])
        #expect(languages["en"]?["description"] as? String == Self.long)
        #expect(languages["fr"]?["title"] as? String == "true")  // a string, not a boolean
    }

    @Test("a value the report shows reads the same in every run: a map's keys in order (scala-docs' sections)")
    func shownInOrder() {
        let value: [String: Any] = ["title": "First", "links": [["icon": "fa", "desc": "d"], "x"], "b": true, "a": 1]
        #expect(ImportFiles.shown(value) == "{a: 1, b: true, links: [{desc: d, icon: fa}, x], title: First}")
    }
}
