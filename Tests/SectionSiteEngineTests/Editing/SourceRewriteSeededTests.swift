import Testing
import TestSupport

@testable import SectionSiteEngine

/// Random moves, deletions and sets on generated files of every shape, each result read back by the engine and
/// compared with the same change made to the model directly.
@Suite("Source rewrite, seeded")
struct SourceRewriteSeededTests {
    /// The ways a file holds item lists.
    enum Shape: String, CaseIterable {
        case yamlBlock, yamlFlow, tomlTables, tomlInline, jsonPage, yamlData, jsonData, csv
    }

    /// One item: its identity and its fields in the order written.
    struct Item {
        var id: String
        var fields: [(key: String, value: Value)]

        var value: Value { .map(Dictionary(uniqueKeysWithValues: fields + [("id", .string(id))])) }
    }

    static let texts = [
        "plain", "two words", "a: b", "x #y", "comma, here", "quote \"q\"", "12", "true", "", "ünï 🎉 e\u{301}",
        "back\\slash", "- dash", "[br]", "line\nbreak",
    ]

    @Test("random edits read back as the model edited directly", arguments: Shape.allCases)
    func series(_ shape: Shape) throws {
        var random = SeededRandom(seed: UInt64(Shape.allCases.firstIndex(of: shape)! + 20))
        let isData = [.yamlData, .jsonData, .csv].contains(shape)
        for file in 0..<6 {
            var number = 0
            var model: [(id: String, items: [Item])] = (0..<(isData ? 1 : 3)).map { section in
                (
                    "s\(section)",
                    (0..<Int.random(in: 1...4, using: &random)).map { _ in
                        number += 1
                        let n: Value = shape == .csv ? .string("\(number)") : .int(number)
                        return Item(
                            id: "i\(number)",
                            fields: [("n", n), ("t", .string(Self.texts.randomElement(using: &random)!))])
                    }
                )
            }
            let path =
                ["yamlData": "Data/x.yml", "jsonData": "Data/x.json", "csv": "Data/x.csv"][shape.rawValue]
                ?? "Content/x.md"
            var text = Self.render(model, shape)
            if file % 2 == 1 && shape != .csv { text = text.replacing("\n", with: "\r\n") }  // CSV is CRLF already
            for step in 0..<20 {
                let lists = model.indices.filter { !model[$0].items.isEmpty }
                guard let from = lists.randomElement(using: &random) else { break }
                let index = Int.random(in: 0..<model[from].items.count, using: &random)
                let item = model[from].items[index]
                let list: (Int) -> ItemList = { isData ? .records : .section(model[$0].id) }
                let edit: ItemEdit
                switch Int.random(in: 0..<3, using: &random) {
                case 0:
                    let to = model.indices.randomElement(using: &random)!  // an emptied list too
                    model[from].items.remove(at: index)
                    let before = model[to].items.indices.randomElement(using: &random).flatMap {
                        Bool.random(using: &random) ? $0 : nil
                    }
                    edit = .move(item: item.id, to: list(to), before: before.map { model[to].items[$0].id })
                    model[to].items.insert(item, at: before ?? model[to].items.count)
                case 1:
                    model[from].items.remove(at: index)
                    edit = .delete(item: item.id)
                default:
                    let field = ["n", "t", shape == .csv ? "t" : "extra"].randomElement(using: &random)!
                    let typed =
                        Bool.random(using: &random)
                        ? String(Int.random(in: -50...500, using: &random)) : Self.texts.randomElement(using: &random)!
                    let old = item.fields.first { $0.key == field }?.value
                    let value: Value =
                        shape != .csv && old.map({ if case .int = $0 { true } else { false } }) == true
                            && Int(typed) != nil ? .int(Int(typed)!) : .string(typed)
                    var changed = item
                    if let position = changed.fields.firstIndex(where: { $0.key == field }) {
                        changed.fields[position].value = value
                    } else {
                        changed.fields.append((field, value))
                    }
                    model[from].items[index] = changed
                    edit = .set(item: item.id, field: field, value: typed)
                }
                let context = "\(shape) file \(file) step \(step): \(edit)\n\(text)"
                do {
                    text = try SourceRewrite.apply(edit, from: list(from), to: text, path: SourcePath(path))
                } catch {
                    Issue.record("\(error)\n\(context)")
                    return
                }
                try SourceRewriteTests.read(text, path: path)
                let front = try SourceRewrite.model(of: text, path: SourcePath(path)).front
                for section in model.indices {
                    let read = SourceRewriteTests.items(front, list(section))
                    #expect(read == model[section].items.map(\.value), "\(context)\n->\n\(text)")
                }
            }
        }
    }

    /// The model written in `shape`, strings always quoted (the edits then write them plain where they may).
    static func render(_ model: [(id: String, items: [Item])], _ shape: Shape) -> String {
        func scalar(_ value: Value) -> String {
            switch value {
            case .string(let text): ValueText.quoted(text)
            default: value.scalarText ?? ""
            }
        }
        func inline(_ item: Item, _ separator: String, key: (String) -> String = { $0 }) -> String {
            "{"
                + ([(key("id"), ValueText.quoted(item.id))] + item.fields.map { (key($0.key), scalar($0.value)) }).map {
                    "\($0)\(separator)\($1)"
                }.joined(separator: ", ") + "}"
        }
        switch shape {
        case .yamlBlock:
            return "---\ntitle: Seeded   # ✓\nsections:\n"
                + model.enumerated().map { number, section in
                    let pad = String(repeating: " ", count: number % 2 == 0 ? 6 : 4)
                    return "  - id: \(section.id)\n    items:\n"
                        + section.items.map { item in
                            "\(pad)- id: \(item.id)\n"
                                + item.fields.map { "\(pad)  \($0.key): \(scalar($0.value))\n" }.joined()
                                + "\(pad)  # ünï ✓\n"
                        }.joined(separator: "\n")
                }.joined() + "---\nBody\n"
        case .yamlFlow:
            return "---\nsections:\n"
                + model.map { section in
                    "  - id: \(section.id)\n    items: ["
                        + section.items.map { inline($0, ": ") }.joined(separator: ", ") + "]\n"
                }.joined() + "---\n"
        case .tomlTables:
            return "+++\ntitle = \"Seeded\"\n\n"
                + model.map { section in
                    "[[sections]]\nid = \"\(section.id)\"\n\n"
                        + section.items.map { item in
                            "  [[sections.items]]\n  id = \"\(item.id)\"\n"
                                + item.fields.map { "  \($0.key) = \(scalar($0.value))\n" }.joined() + "\n"
                        }.joined()
                }.joined() + "+++\n"
        case .tomlInline:
            return "+++\n"
                + model.map { section in
                    "[[sections]]\nid = \"\(section.id)\"\nitems = [\n"
                        + section.items.map { "  " + inline($0, " = ") + ",\n" }.joined() + "]\n"
                }.joined() + "+++\n"
        case .jsonPage:
            return "{\n  \"title\": \"Seeded\",\n  \"sections\": [\n"
                + model.map { section in
                    "    {\"id\": \"\(section.id)\", \"items\": [\n"
                        + section.items.map { "      " + inline($0, ": ", key: ValueText.quoted) }.joined(
                            separator: ",\n") + "\n    ]}"
                }.joined(separator: ",\n") + "\n  ]\n}\nBody\n"
        case .yamlData:
            return model[0].items.map { item in
                "- id: \(item.id)\n" + item.fields.map { "  \($0.key): \(scalar($0.value))\n" }.joined()
            }.joined()
        case .jsonData:
            return "[\n  " + model[0].items.map { inline($0, ": ", key: ValueText.quoted) }.joined(separator: ",\n  ")
                + "\n]"
        case .csv:
            return "id,n,t\r\n"
                + model[0].items.map { item in
                    ([item.id] + item.fields.map { $0.value.scalarText ?? "" }).map {
                        ValueText($0, old: .string(""), format: .csv).text
                    }.joined(separator: ",") + "\r\n"
                }.joined()
        }
    }
}
