import Foundation
import Testing

@testable import SectionSiteEngine

/// Front matter as Hugo writes it: TOML between `+++` lines and JSON objects, with errors located as for YAML; and
/// `_index.md` as a folder's list page.
@Suite("Front matter formats")
struct FrontMatterFormatsTests {
    @Test("TOML front matter gives the same page as the YAML it says, tables and dates included")
    func toml() throws {
        let toml = try PageParser(path: "Content/a.md").parse(
            """
            +++
            title = "Hello"
            date = 2026-01-31
            tags = ["swift", "ios"]
            weight = 3
            draft = false

            [params]
            hue = 200
            +++
            Body.
            """)
        let yaml = try PageParser(path: "Content/a.md").parse(
            """
            ---
            title: Hello
            date: 2026-01-31
            tags: [swift, ios]
            weight: 3
            draft: false
            params: {hue: 200}
            ---
            Body.
            """)
        #expect(
            toml.title == yaml.title && toml.date == yaml.date && toml.tags == yaml.tags && toml.weight == yaml.weight)
        #expect(toml.frontMatter == yaml.frontMatter)
        #expect(toml.body == "Body." && toml.bodyLocation.line == 11)
    }

    @Test("JSON front matter is read as it is, and the body starts after its closing brace")
    func json() throws {
        let page = try PageParser(path: "Content/a.md").parse(
            """
            {
              "title": "Hello",
              "tags": ["a"],
              "weight": 2
            }
            Body.
            """)
        #expect(page.title == "Hello" && page.tags == ["a"] && page.weight == 2)
        #expect(page.body == "Body." && page.bodyLocation.line == 6)
    }

    @Test("pretty-printed JSON front matter: an indented closing brace closes a nested object, not the front matter")
    func nestedJSON() throws {
        let page = try PageParser(path: "Content/a.md").parse(
            "{\n  \"title\": \"T\",\n  \"params\": {\n    \"a\": 1\n  }\n}\nBody.\n")
        #expect(page.title == "T" && page.frontMatter["params"] == .map(["a": .int(1)]) && page.body == "Body.\n")
    }

    @Test(
        "mistakes in TOML and JSON front matter are errors at their line",
        arguments: [
            ("+++\ntitle = \"A\"\nweight = \"heavy\"\n+++\n", "file.not-a-whole-number", "Content/a.md:3:11"),
            ("+++\ntitle = \n+++\n", "file.invalid-toml", "Content/a.md:2:"),
            ("+++\ntitle = \"A\"\n", "page.front-matter-never-closed", "Content/a.md:1:1"),
            ("{\n  \"weight\": \"x\"\n}\n", "file.not-a-whole-number", "Content/a.md:2:13"),
        ])
    func locatedErrors(text: String, id: String, place: String) throws {
        do {
            _ = try PageParser(path: "Content/a.md").parse(text)
            Issue.record("no error for \(text)")
        } catch let error as SectionSiteError {
            #expect(
                error.diagnostic.id?.rawValue == id && "\(error.location!)".hasPrefix(place), "\(error.description)")
        }
    }

    @Test("_index.md is its folder's list page")
    func underscoreIndex() {
        #expect(Page.route("Content/docs/_index.md") == ("/docs/", "docs", true))
        #expect(Page.route("Content/_index.md") == ("/", "", true))
    }
}
