import Foundation
import Testing

@testable import SectionSiteEngine

/// Edits written back into YAML, TOML and JSON front matter and YAML, JSON and CSV data files: each result exact to
/// the byte (so every untouched byte is checked) and read back by the engine's readers.
@Suite("Source rewrite")
struct SourceRewriteTests {
    /// `text` with `edit` made to it, after checking that the engine reads the result with `list`'s ids as `ids`.
    /// `text` with `edit` made to it, which the engine's page or data file reader must read without an error.
    func rewrite(
        _ text: String, _ edit: ItemEdit, from list: ItemList = .section("mains"), path: String = "Content/menu.md"
    ) throws -> String {
        let result = try SourceRewrite.apply(edit, from: list, to: text, path: SourcePath(path))
        try Self.read(result, path: path)
        return result
    }

    /// Reads `text` as the build does.
    static func read(_ text: String, path: String) throws {
        let text = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text  // as `SourceText` reads a file
        if path.hasSuffix(".md") {
            _ = try PageParser(path: SourcePath(path)).parse(text)
        } else {
            _ = try DataFile.parse(text, path: SourcePath(path))
        }
    }

    /// The ids of `list` as the engine reads them in `text`.
    func ids(_ text: String, _ list: ItemList = .section("mains"), path: String = "Content/menu.md") throws -> [String]
    {
        SourceRewriteTests.items(try SourceRewrite.model(of: text, path: SourcePath(path)).front, list).compactMap {
            SourceRewriteTests.field("id", $0)?.scalarText
        }
    }

    static func field(_ key: String, _ value: Value) -> Value? {
        guard case .map(let fields) = value else { return nil }
        return fields[key]
    }

    static func items(_ front: Value, _ list: ItemList) -> [Value] {
        switch list {
        case .records:
            guard case .list(let items) = front else { return [] }
            return items
        case .section(let id):
            guard case .list(let sections)? = field("sections", front),
                let section = sections.first(where: { field("id", $0) == .string(id) }),
                case .list(let items)? = field("items", section)
            else { return [] }
            return items
        }
    }

    // MARK: YAML block

    let yaml = """
        ---
        title: Menu   # the page
        sections:
          - id: mains
            header: Mains
            items:
              # burgers first
              - id: burger
                title: Burger
                price: 9
              - id: fries   # crispy
                title: "Fries"
                note: |
                  Salted.
                  # not a comment

              - id: salad
                title: Salad
          - id: sides
            items:
            - id: bread
              price: 2
        ---
        Body text.

        """

    @Test("a YAML block item moves as whole lines, to the end of its list")
    func yamlMoveToEnd() throws {
        let result = try rewrite(yaml, .move(item: "fries", to: .section("mains"), before: nil))
        #expect(
            result
                == yaml.replacingOccurrences(
                    of: """
                              - id: fries   # crispy
                                title: "Fries"
                                note: |
                                  Salted.
                                  # not a comment

                              - id: salad
                                title: Salad

                        """,
                    with: """

                              - id: salad
                                title: Salad
                              - id: fries   # crispy
                                title: "Fries"
                                note: |
                                  Salted.
                                  # not a comment

                        """))
        #expect(try ids(result) == ["burger", "salad", "fries"])
    }

    @Test("a YAML block item moves within its list before another")
    func yamlMoveBefore() throws {
        let result = try rewrite(yaml, .move(item: "salad", to: .section("mains"), before: "burger"))
        #expect(
            result
                == yaml.replacingOccurrences(of: "      - id: salad\n        title: Salad\n", with: "")
                .replacingOccurrences(
                    of: "      # burgers first\n",
                    with: "      # burgers first\n      - id: salad\n        title: Salad\n"))
        #expect(try ids(result) == ["salad", "burger", "fries"])
    }

    @Test("a YAML block item moved into another section is indented as that list")
    func yamlMoveToSection() throws {
        let result = try rewrite(yaml, .move(item: "fries", to: .section("sides"), before: "bread"))
        #expect(
            result
                == yaml.replacingOccurrences(
                    of: """
                              - id: fries   # crispy
                                title: "Fries"
                                note: |
                                  Salted.
                                  # not a comment

                        """, with: ""
                ).replacingOccurrences(
                    of: "    items:\n    - id: bread",
                    with: """
                            items:
                            - id: fries   # crispy
                              title: "Fries"
                              note: |
                                Salted.
                                # not a comment
                            - id: bread
                        """))
        #expect(try ids(result) == ["burger", "salad"])
        #expect(try ids(result, .section("sides")) == ["fries", "bread"])
    }

    @Test(
        "deleting a YAML block item takes its lines only",
        arguments: [
            ("burger", "      - id: burger\n        title: Burger\n        price: 9\n", ["fries", "salad"]),
            (
                "fries",
                "      - id: fries   # crispy\n        title: \"Fries\"\n        note: |\n          Salted.\n          # not a comment\n",
                ["burger", "salad"]
            ),
            ("salad", "      - id: salad\n        title: Salad\n", ["burger", "fries"]),
        ])
    func yamlDelete(_ item: String, _ lines: String, _ left: [String]) throws {
        let result = try rewrite(yaml, .delete(item: item))
        #expect(result == yaml.replacingOccurrences(of: lines, with: ""))
        #expect(try ids(result) == left)
    }

    @Test("deleting the only item of a YAML block list leaves an empty list")
    func yamlDeleteOnly() throws {
        let result = try rewrite(yaml, .delete(item: "bread"), from: .section("sides"))
        #expect(
            result
                == yaml.replacingOccurrences(
                    of: "    items:\n    - id: bread\n      price: 2\n", with: "    items: []\n"))
        #expect(try ids(result, .section("sides")) == [])
    }

    @Test(
        "setting a YAML field keeps its kind, quotes where needed, and adds a line for a new field",
        arguments: [
            ("burger", "price", "10", "        price: 9\n", "        price: 10\n"),
            ("burger", "price", "ten", "        price: 9\n", "        price: ten\n"),
            ("burger", "price", "9.5", "        price: 9\n", "        price: 9.5\n"),
            ("burger", "title", "Burger: large", "        title: Burger\n", "        title: \"Burger: large\"\n"),
            ("burger", "title", "12", "        title: Burger\n", "        title: \"12\"\n"),
            ("burger", "title", "Bürger 🍔", "        title: Burger\n", "        title: Bürger 🍔\n"),
            ("fries", "title", "Frites", "        title: \"Fries\"\n", "        title: Frites\n"),
            (
                "fries", "note", "Salted \"well\"", "        note: |\n          Salted.\n          # not a comment\n",
                "        note: Salted \"well\"\n"
            ),
            (
                "fries", "note", "Salted: \"well\"", "        note: |\n          Salted.\n          # not a comment\n",
                "        note: \"Salted: \\\"well\\\"\"\n"
            ),
            ("burger", "spicy", "mild", "        price: 9\n", "        price: 9\n        spicy: mild\n"),
        ])
    func yamlSet(_ item: String, _ field: String, _ value: String, _ old: String, _ new: String) throws {
        let result = try rewrite(yaml, .set(item: item, field: field, value: value))
        #expect(result == yaml.replacingOccurrences(of: old, with: new))
    }

    @Test(
        "YAML 1.1's booleans and their cases are quoted, so that other readers of the file see text too",
        arguments: ["Yes", "yes", "NO", "on", "Off", "y", "N"])
    func yamlOldBooleans(_ value: String) throws {
        let result = try rewrite(yaml, .set(item: "burger", field: "title", value: value))
        #expect(
            result == yaml.replacingOccurrences(of: "        title: Burger\n", with: "        title: \"\(value)\"\n"))
    }

    @Test(
        "a byte-order mark stays at the start of the file, out of every item",
        arguments: ["Data/nav.yml", "Data/nav.json", "Data/nav.csv"])
    func byteOrderMark(_ path: String) throws {
        let text: String =
            switch path {
            case "Data/nav.yml": "\u{FEFF}- id: a\n  title: A\n- id: b\n  title: B\n"
            case "Data/nav.json": "\u{FEFF}[\n  {\"id\": \"a\"},\n  {\"id\": \"b\"}\n]\n"
            default: "\u{FEFF}id,title\na,A\nb,B\n"
            }
        let result = try rewrite(text, .move(item: "b", to: .records, before: "a"), from: .records, path: path)
        #expect(result.unicodeScalars.first == "\u{FEFF}" && result.utf8.count == text.utf8.count)
        #expect(try ids(String(result.dropFirst()), .records, path: path) == ["b", "a"])
    }

    @Test("a YAML anchor moved after its alias is refused, and the file is not returned")
    func yamlAnchor() throws {
        let text =
            "---\nsections:\n  - id: mains\n    items:\n      - id: one\n        tags: &t [a, b]\n      - id: two\n        tags: *t\n---\n"
        #expect(throws: SectionSiteError.self) {
            try rewrite(text, .move(item: "one", to: .section("mains"), before: nil))
        }
        do {
            _ = try rewrite(text, .move(item: "one", to: .section("mains"), before: nil))
        } catch let error as SectionSiteError {
            #expect(
                error.description
                    == "Content/menu.md:5:1: error: the edit of item 'one' would not read back as intended (an anchor after its alias, or a shape edit mode does not handle), so Content/menu.md was left as it was"
            )
        }
        let deleted = try rewrite(text, .delete(item: "two"))
        #expect(deleted == "---\nsections:\n  - id: mains\n    items:\n      - id: one\n        tags: &t [a, b]\n---\n")
    }

    @Test("a YAML block item moved into an empty list makes it a list of lines")
    func yamlIntoEmpty() throws {
        let text = yaml.replacingOccurrences(
            of: "    items:\n    - id: bread\n      price: 2\n", with: "    items: []\n")
        let result = try rewrite(text, .move(item: "salad", to: .section("sides"), before: nil))
        #expect(
            result
                == text.replacingOccurrences(of: "      - id: salad\n        title: Salad\n", with: "")
                .replacingOccurrences(
                    of: "    items: []\n", with: "    items:\n      - id: salad\n        title: Salad\n"))
        let back = try rewrite(
            result, .move(item: "salad", to: .section("mains"), before: "burger"), from: .section("sides"))
        #expect(try ids(back) == ["salad", "burger", "fries"] && ids(back, .section("sides")) == [])
    }

    @Test("an item does not move between a list of lines and a list in brackets")
    func mixedLayouts() throws {
        let text = yaml.replacingOccurrences(
            of: "    items:\n    - id: bread\n      price: 2\n", with: "    items: [{id: bread}]\n")
        do {
            _ = try rewrite(text, .move(item: "burger", to: .section("sides"), before: nil))
            Issue.record("a block item was moved into a flow list")
        } catch let error as SectionSiteError {
            #expect(
                error.diagnostic.message
                    == "cannot move item 'burger' between a list written one item a line and a list written in brackets"
            )
        }
    }

    @Test("every kind of edit problem has its own identifier, edit.kebab-case")
    func identifiers() {
        let problems: [(EditProblem, Diagnostic.ID)] = [
            (.notEditable(path: "a"), "edit.not-editable"), (.wrongList("x", path: "a"), "edit.wrong-list"),
            (.noSection("s", path: "a"), "edit.no-section"), (.noItems(section: "s", path: "a"), "edit.no-items"),
            (.notInList("i", list: "l", path: "a"), "edit.not-in-list"),
            (.noColumn("c", header: [], path: "a"), "edit.no-column"),
            (.notOneValue(field: "f", item: "i"), "edit.not-one-value"),
            (.mixedLayouts(item: "i"), "edit.mixed-layouts"),
            (.shape("s"), "edit.shape"), (.notReadBack(item: "i", path: "a"), "edit.not-read-back"),
        ]
        ReadingProblemTests.check(problems.map { ($0.id, $1, $0.message) }, stage: "edit")
    }

    @Test("what is not in the file is an error that names it")
    func missing() throws {
        let cases: [(ItemEdit, ItemList, String)] = [
            (.delete(item: "fries"), .section("sides"), "item 'fries' is not in section 'sides' of Content/menu.md"),
            (.delete(item: "fries"), .section("drinks"), "there is no section 'drinks' in Content/menu.md"),
            (
                .move(item: "fries", to: .section("sides"), before: "cake"), .section("mains"),
                "item 'cake' is not in section 'sides' of Content/menu.md"
            ),
            (
                .set(item: "burger", field: "tags", value: "x"), .section("mains"),
                "field 'tags' of item 'burger' is a list or a map; edit mode sets only single values"
            ),
        ]
        let text = yaml.replacingOccurrences(of: "        price: 9\n", with: "        price: 9\n        tags: [a]\n")
        for (edit, list, message) in cases {
            #expect(throws: SectionSiteError.self) { try rewrite(text, edit, from: list) }
            do { _ = try rewrite(text, edit, from: list) } catch let error as SectionSiteError {
                #expect(error.diagnostic.message == message)
            }
        }
        let files: [(String, ItemList, String)] = [
            (
                "Static/notes.txt", .records,
                "Static/notes.txt: error: edit mode writes back only Markdown pages and Data files in YAML, JSON or CSV, not Static/notes.txt"
            ),
            ("Content/menu.md", .records, "Content/menu.md: error: Content/menu.md has no list of records"),
            ("Data/sides.csv", .section("mains"), "Data/sides.csv: error: Data/sides.csv has no sections"),
        ]
        for (path, list, description) in files {
            do {
                _ = try rewrite(path.hasSuffix(".csv") ? csv : text, .delete(item: "bread"), from: list, path: path)
                Issue.record("\(path) was rewritten")
            } catch let error as SectionSiteError {
                #expect(error.description == description)
            }
        }
    }

    @Test("CRLF line breaks stay, in moved lines and in added ones")
    func yamlCRLF() throws {
        let text = yaml.replacingOccurrences(of: "\n", with: "\r\n")
        let moved = try rewrite(text, .move(item: "salad", to: .section("sides"), before: nil))
        #expect(
            moved
                == text.replacingOccurrences(of: "      - id: salad\r\n        title: Salad\r\n", with: "")
                .replacingOccurrences(
                    of: "      price: 2\r\n", with: "      price: 2\r\n    - id: salad\r\n      title: Salad\r\n"))
        let added = try rewrite(text, .set(item: "salad", field: "price", value: "4"))
        #expect(
            added
                == text.replacingOccurrences(
                    of: "        title: Salad\r\n", with: "        title: Salad\r\n        price: \"4\"\r\n"))
    }

    // MARK: YAML flow and Unicode

    let flow = """
        ---
        title: "Ünïcödé 👩‍👩‍👧 menu"
        sections:
          - id: mains   # 日本語 🎉
            items: [{id: burger, price: 9}, {id: frites, title: "Frites – große 🍟"}, {id: café, t: e\u{301}}]
          - id: sides
            items: [ {id: bread} ]
        ---

        """

    @Test("a flow list's item texts change places and the separators stay")
    func flowMove() throws {
        let moved = try rewrite(flow, .move(item: "burger", to: .section("mains"), before: nil))
        let expected = flow.replacingOccurrences(
            of: "[{id: burger, price: 9}, {id: frites, title: \"Frites – große 🍟\"}, {id: café, t: e\u{301}}]",
            with: "[{id: frites, title: \"Frites – große 🍟\"}, {id: café, t: e\u{301}}, {id: burger, price: 9}]")
        #expect(moved.utf8.elementsEqual(expected.utf8))  // to the byte: `==` on strings would let é match e + ◌́
        #expect(moved.contains("t: e\u{301}}") && !moved.utf8.elementsEqual(flow.utf8))
        #expect(
            try rewrite(flow, .move(item: "café", to: .section("mains"), before: "burger"))
                == flow.replacingOccurrences(
                    of: "[{id: burger, price: 9}, {id: frites, title: \"Frites – große 🍟\"}, {id: café, t: e\u{301}}]",
                    with: "[{id: café, t: e\u{301}}, {id: burger, price: 9}, {id: frites, title: \"Frites – große 🍟\"}]"
                ))
        let across = try rewrite(flow, .move(item: "frites", to: .section("sides"), before: "bread"))
        #expect(
            across
                == flow.replacingOccurrences(of: "{id: frites, title: \"Frites – große 🍟\"}, ", with: "")
                .replacingOccurrences(
                    of: "[ {id: bread} ]", with: "[ {id: frites, title: \"Frites – große 🍟\"}, {id: bread} ]"))
        #expect(try ids(across, .section("sides")) == ["frites", "bread"])
    }

    @Test(
        "deleting from a flow list takes one item and one separator",
        arguments: [
            ("burger", "[{id: frites, title: \"Frites – große 🍟\"}, {id: café, t: e\u{301}}]"),
            ("frites", "[{id: burger, price: 9}, {id: café, t: e\u{301}}]"),
            ("café", "[{id: burger, price: 9}, {id: frites, title: \"Frites – große 🍟\"}]"),
        ])
    func flowDelete(_ item: String, _ list: String) throws {
        #expect(
            try rewrite(flow, .delete(item: item))
                == flow.replacingOccurrences(
                    of: "[{id: burger, price: 9}, {id: frites, title: \"Frites – große 🍟\"}, {id: café, t: e\u{301}}]",
                    with: list))
    }

    @Test(
        "setting a field of a flow map, after multi-byte text on its line",
        arguments: [
            ("café", "t", "ü", "{id: café, t: e\u{301}}", "{id: café, t: ü}"),
            ("café", "n", "a, b", "{id: café, t: e\u{301}}", "{id: café, t: e\u{301}, \"n\": \"a, b\"}"),
            ("frites", "title", "Frites", "{id: frites, title: \"Frites – große 🍟\"}", "{id: frites, title: Frites}"),
            ("burger", "price", "11", "{id: burger, price: 9}", "{id: burger, price: 11}"),
        ])
    func flowSet(_ item: String, _ field: String, _ value: String, _ old: String, _ new: String) throws {
        #expect(
            try rewrite(flow, .set(item: item, field: field, value: value))
                == flow.replacingOccurrences(of: old, with: new))
    }

    @Test("inline maps in a block list move as lines; a boolean stays a boolean")
    func inlineMapsInBlockList() throws {
        let text = "---\nsections:\n  - id: mains\n    items:\n      - {id: a, hot: true}   # ✓\n      - {id: b}\n---\n"
        #expect(
            try rewrite(text, .move(item: "a", to: .section("mains"), before: nil))
                == "---\nsections:\n  - id: mains\n    items:\n      - {id: b}\n      - {id: a, hot: true}   # ✓\n---\n"
        )
        #expect(
            try rewrite(text, .set(item: "a", field: "hot", value: "false"))
                == text.replacingOccurrences(of: "hot: true", with: "hot: false"))
        #expect(
            try rewrite(text, .set(item: "a", field: "hot", value: "maybe"))
                == text.replacingOccurrences(of: "hot: true", with: "hot: maybe"))
        #expect(
            try rewrite(text, .set(item: "b", field: "hot", value: "true"))
                == text.replacingOccurrences(of: "{id: b}", with: "{id: b, hot: \"true\"}"))
    }

    // MARK: TOML

    let toml = """
        +++
        title = "Menu"

        [[sections]]
        id = "mains"

          # the burger
          [[sections.items]]
          id = "burger"
          price = 9

          [[sections.items]]
          id = "fries"
          title = 'Fries'

        [[sections]]
        id = "sides"

        [[sections.items]]
        id = "bread"
        +++
        Body

        """

    @Test("TOML multi-line strings anywhere in the front matter do not stop edits, and one can be set")
    func tomlMultiline() throws {
        let text =
            "+++\ntitle = \"\"\"A \"quoted\"\nmenu\"\"\"\n[[sections]]\nid = \"mains\"\ncell = \"dish\"\n[[sections.items]]\n"
            + "id = \"soup\"\nnote = '''\nhot\n'''\n[[sections.items]]\nid = \"bread\"\n+++\n"
        let moved = try rewrite(text, .move(item: "bread", to: .section("mains"), before: "soup"))
        #expect(try ids(moved) == ["bread", "soup"])
        let set = try rewrite(text, .set(item: "soup", field: "note", value: "cold"))
        #expect(set == text.replacingOccurrences(of: "note = '''\nhot\n'''", with: "note = \"cold\""))
    }

    @Test("a TOML item table moves as whole lines, re-indented into another section")
    func tomlMove() throws {
        let burger = "  [[sections.items]]\n  id = \"burger\"\n  price = 9\n"
        let toEnd = try rewrite(toml, .move(item: "burger", to: .section("mains"), before: nil))
        #expect(
            toEnd
                == toml.replacingOccurrences(of: burger, with: "").replacingOccurrences(
                    of: "  title = 'Fries'\n", with: "  title = 'Fries'\n" + burger))
        #expect(try ids(toEnd) == ["fries", "burger"])
        let across = try rewrite(toml, .move(item: "burger", to: .section("sides"), before: "bread"))
        #expect(
            across
                == toml.replacingOccurrences(of: burger, with: "")
                .replacingOccurrences(
                    of: "[[sections.items]]\nid = \"bread\"",
                    with: "[[sections.items]]\nid = \"burger\"\nprice = 9\n[[sections.items]]\nid = \"bread\""))
        let last = try rewrite(toml, .move(item: "fries", to: .section("sides"), before: nil))
        #expect(
            last
                == toml.replacingOccurrences(
                    of: "  [[sections.items]]\n  id = \"fries\"\n  title = 'Fries'\n", with: ""
                )
                .replacingOccurrences(
                    of: "id = \"bread\"\n",
                    with: "id = \"bread\"\n[[sections.items]]\nid = \"fries\"\ntitle = 'Fries'\n"))
        #expect(try ids(last, .section("sides")) == ["bread", "fries"])
    }

    @Test("a TOML section without items takes one after its lines")
    func tomlIntoEmpty() throws {
        let text = toml.replacingOccurrences(of: "+++\nBody", with: "\n[[sections]]\nid = \"drinks\"\n+++\nBody")
        let result = try rewrite(text, .move(item: "fries", to: .section("drinks"), before: nil))
        #expect(
            result
                == text.replacingOccurrences(
                    of: "  [[sections.items]]\n  id = \"fries\"\n  title = 'Fries'\n", with: ""
                )
                .replacingOccurrences(
                    of: "id = \"drinks\"\n",
                    with: "id = \"drinks\"\n[[sections.items]]\nid = \"fries\"\ntitle = 'Fries'\n"))
        #expect(try ids(result, .section("drinks")) == ["fries"])
    }

    @Test("deleting and setting in TOML tables")
    func tomlDeleteAndSet() throws {
        #expect(
            try rewrite(toml, .delete(item: "fries"))
                == toml.replacingOccurrences(
                    of: "  [[sections.items]]\n  id = \"fries\"\n  title = 'Fries'\n", with: ""))
        #expect(
            try rewrite(toml, .set(item: "burger", field: "price", value: "10"))
                == toml.replacingOccurrences(of: "price = 9", with: "price = 10"))
        #expect(
            try rewrite(toml, .set(item: "fries", field: "title", value: "Frites \"maison\""))
                == toml.replacingOccurrences(of: "title = 'Fries'", with: "title = \"Frites \\\"maison\\\"\""))
        #expect(
            try rewrite(toml, .set(item: "burger", field: "spicy", value: "mild"))
                == toml.replacingOccurrences(of: "  price = 9\n", with: "  price = 9\n  spicy = \"mild\"\n"))
    }

    let inline = """
        +++
        [[sections]]
        id = "mains"
        items = [
          {id = "burger", price = 9},
          {id = "fries"},
        ]
        +++

        """

    @Test("a TOML inline array reorders item texts and keeps its separators")
    func tomlInline() throws {
        #expect(
            try rewrite(inline, .move(item: "burger", to: .section("mains"), before: nil))
                == inline.replacingOccurrences(
                    of: "  {id = \"burger\", price = 9},\n  {id = \"fries\"},",
                    with: "  {id = \"fries\"},\n  {id = \"burger\", price = 9},"))
        #expect(
            try rewrite(inline, .delete(item: "burger"))
                == inline.replacingOccurrences(of: "  {id = \"burger\", price = 9},\n", with: ""))
        #expect(
            try rewrite(inline, .set(item: "burger", field: "price", value: "10"))
                == inline.replacingOccurrences(of: "price = 9", with: "price = 10"))
        #expect(
            try rewrite(inline, .set(item: "fries", field: "note", value: "crisp"))
                == inline.replacingOccurrences(of: "{id = \"fries\"}", with: "{id = \"fries\", note = \"crisp\"}"))
    }

    // MARK: JSON

    let json = """
        {
          "title": "Menu",
          "sections": [
            {
              "id": "mains",
              "items": [
                {"id": "burger", "price": 9},
                {"id": "fries", "price": 3.5}
              ]
            },
            {"id": "sides", "items": []}
          ]
        }
        Body

        """

    @Test("JSON front matter: a move into an empty list, a deletion, fields set and added")
    func jsonFrontMatter() throws {
        let moved = try rewrite(json, .move(item: "fries", to: .section("sides"), before: nil))
        #expect(
            moved
                == json.replacingOccurrences(of: ",\n        {\"id\": \"fries\", \"price\": 3.5}", with: "")
                .replacingOccurrences(of: "\"items\": []", with: "\"items\": [{\"id\": \"fries\", \"price\": 3.5}]"))
        #expect(try ids(moved, .section("sides")) == ["fries"])
        #expect(
            try rewrite(json, .delete(item: "burger"))
                == json.replacingOccurrences(of: "{\"id\": \"burger\", \"price\": 9},\n        ", with: ""))
        #expect(
            try rewrite(json, .set(item: "fries", field: "price", value: "4.25"))
                == json.replacingOccurrences(of: "3.5", with: "4.25"))
        #expect(
            try rewrite(json, .set(item: "burger", field: "price", value: "cheap"))
                == json.replacingOccurrences(of: "\"price\": 9", with: "\"price\": \"cheap\""))
        #expect(
            try rewrite(json, .set(item: "burger", field: "note", value: "new"))
                == json.replacingOccurrences(of: "\"price\": 9}", with: "\"price\": 9, \"note\": \"new\"}"))
    }

    let jsonDataText = "[\n  {\"id\": \"a\", \"n\": 1},\n  {\"id\": \"b\", \"n\": 2},\n  {\"id\": \"c\", \"n\": 3}\n]"

    @Test(
        "a JSON data file without a final newline keeps it so",
        arguments: [
            (
                ItemEdit.move(item: "a", to: .records, before: nil),
                "[\n  {\"id\": \"b\", \"n\": 2},\n  {\"id\": \"c\", \"n\": 3},\n  {\"id\": \"a\", \"n\": 1}\n]"
            ),
            (.delete(item: "a"), "[\n  {\"id\": \"b\", \"n\": 2},\n  {\"id\": \"c\", \"n\": 3}\n]"),
            (.delete(item: "b"), "[\n  {\"id\": \"a\", \"n\": 1},\n  {\"id\": \"c\", \"n\": 3}\n]"),
            (.delete(item: "c"), "[\n  {\"id\": \"a\", \"n\": 1},\n  {\"id\": \"b\", \"n\": 2}\n]"),
            (
                .set(item: "b", field: "n", value: "20"),
                "[\n  {\"id\": \"a\", \"n\": 1},\n  {\"id\": \"b\", \"n\": 20},\n  {\"id\": \"c\", \"n\": 3}\n]"
            ),
        ])
    func jsonData(_ edit: ItemEdit, _ expected: String) throws {
        #expect(try rewrite(jsonDataText, edit, from: .records, path: "Data/menu.json") == expected)
    }

    // MARK: YAML data

    let yamlDataText =
        "# sides\n- id: bread\n  price: 2\n  note: >\n    Warm.\n- id: soup\n  price: 4.5\n- id: olives\n  price: 3"

    @Test("a YAML data file's records, the last one without a final newline")
    func yamlData() throws {
        let path = "Data/sides.yml"
        #expect(
            try rewrite(yamlDataText, .move(item: "olives", to: .records, before: "bread"), from: .records, path: path)
                == "# sides\n- id: olives\n  price: 3\n- id: bread\n  price: 2\n  note: >\n    Warm.\n- id: soup\n  price: 4.5"
        )
        #expect(
            try rewrite(yamlDataText, .move(item: "soup", to: .records, before: nil), from: .records, path: path)
                == "# sides\n- id: bread\n  price: 2\n  note: >\n    Warm.\n- id: olives\n  price: 3\n- id: soup\n  price: 4.5"
        )
        #expect(
            try rewrite(yamlDataText, .delete(item: "olives"), from: .records, path: path)
                == "# sides\n- id: bread\n  price: 2\n  note: >\n    Warm.\n- id: soup\n  price: 4.5")
        #expect(
            try rewrite(yamlDataText, .set(item: "bread", field: "note", value: "Cold"), from: .records, path: path)
                == "# sides\n- id: bread\n  price: 2\n  note: Cold\n- id: soup\n  price: 4.5\n- id: olives\n  price: 3")
        #expect(try rewrite("- id: a\n", .delete(item: "a"), from: .records, path: path) == "[]\n")
        // At the end of a file without a final newline, `Warm.` would lose its line break: refused, not returned.
        #expect(throws: SectionSiteError.self) {
            try rewrite(yamlDataText, .move(item: "bread", to: .records, before: nil), from: .records, path: path)
        }
    }

    // MARK: CSV

    let csv =
        "id,title,price\r\nbread,Bread,2\r\nsoup,\"Soup, hot\",4\r\npie,\"Pie \"\"deluxe\"\"\r\nwith cream\",5\r\n"

    @Test(
        "CSV records with quoted fields and line breaks in them",
        arguments: [
            (
                ItemEdit.move(item: "pie", to: .records, before: "bread"),
                "id,title,price\r\npie,\"Pie \"\"deluxe\"\"\r\nwith cream\",5\r\nbread,Bread,2\r\nsoup,\"Soup, hot\",4\r\n"
            ),
            (
                .move(item: "bread", to: .records, before: nil),
                "id,title,price\r\nsoup,\"Soup, hot\",4\r\npie,\"Pie \"\"deluxe\"\"\r\nwith cream\",5\r\nbread,Bread,2\r\n"
            ),
            (
                .delete(item: "soup"),
                "id,title,price\r\nbread,Bread,2\r\npie,\"Pie \"\"deluxe\"\"\r\nwith cream\",5\r\n"
            ),
            (
                .set(item: "bread", field: "title", value: "Bread, \"warm\""),
                "id,title,price\r\nbread,\"Bread, \"\"warm\"\"\",2\r\nsoup,\"Soup, hot\",4\r\npie,\"Pie \"\"deluxe\"\"\r\nwith cream\",5\r\n"
            ),
            (
                .set(item: "pie", field: "price", value: "5.5"),
                "id,title,price\r\nbread,Bread,2\r\nsoup,\"Soup, hot\",4\r\npie,\"Pie \"\"deluxe\"\"\r\nwith cream\",5.5\r\n"
            ),
        ])
    func csvEdits(_ edit: ItemEdit, _ expected: String) throws {
        let result = try rewrite(csv, edit, from: .records, path: "Data/sides.csv")
        #expect(result == expected)
        #expect(try ids(result, .records, path: "Data/sides.csv") == ids(expected, .records, path: "Data/sides.csv"))
    }

    @Test("a CSV file without a final newline, and a column it does not have")
    func csvEnds() throws {
        let text = "id,n\na,1\nb,2"
        #expect(
            try rewrite(text, .move(item: "b", to: .records, before: "a"), from: .records, path: "Data/x.csv")
                == "id,n\nb,2\na,1")
        #expect(
            try rewrite(text, .move(item: "a", to: .records, before: nil), from: .records, path: "Data/x.csv")
                == "id,n\nb,2\na,1")
        do {
            _ = try rewrite(text, .set(item: "a", field: "color", value: "red"), from: .records, path: "Data/x.csv")
            Issue.record("a missing column was written")
        } catch let error as SectionSiteError {
            #expect(
                error.description
                    == "Data/x.csv:2:1: error: Data/x.csv has no column 'color' (columns: id, n); add it to the header line first"
            )
        }
    }
}
