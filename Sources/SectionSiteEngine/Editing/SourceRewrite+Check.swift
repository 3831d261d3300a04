/// The rewrite's safety net: the new text, read with the engine's own readers, must be the old text's model with
/// the edit made to the model directly, every list's ids in order and every item's fields.
extension SourceRewrite {
    /// What the engine reads in a file: a page's front matter and body, or a data file's whole value.
    struct FileModel: Equatable {
        var front: Value
        var body = ""
    }

    /// The model of the file at `path`.
    static func model(of text: String, path: SourcePath) throws -> FileModel {
        guard path.isMarkdown else {
            return FileModel(front: try DataFile.parse(text, path: path).value)
        }
        let split = try FrontMatter.split(text, path: path)
        let reader = YAMLReader(path: path, firstLine: split.yamlFirstLine)
        let yaml =
            split.format == .toml
            ? try TOMLFrontMatter.yaml(split.yaml, path: path, firstLine: split.yamlFirstLine) : split.yaml
        return FileModel(front: try reader.compose(yaml).map(reader.value) ?? .null, body: split.body)
    }

    /// Throws unless `new` reads as `old` with `edit` made to its model (`value` being what a set field reads as).
    static func check(
        _ new: String, against old: String, edit: ItemEdit, from list: ItemList, value: Value?, path: SourcePath,
        at place: SourceLocation
    ) throws {
        var expected = withItems(try model(of: old, path: path))
        switch edit {
        case .move(let item, let to, let before):
            var moved: Value?
            update(&expected.front, list) { items in
                moved = items.firstIndex { id($0) == item }.map { items.remove(at: $0) }
            }
            update(&expected.front, to) { items in
                guard let moved else { return }
                items.insert(
                    moved, at: before.flatMap { before in items.firstIndex { id($0) == before } } ?? items.count)
            }
        case .delete(let item):
            update(&expected.front, list) { items in items.removeAll { id($0) == item } }
        case .set(let item, let field, _):
            update(&expected.front, list) { items in
                for index in items.indices where id(items[index]) == item {
                    if case .map(var fields) = items[index] {
                        fields[field] = value
                        items[index] = .map(fields)
                    }
                }
            }
        }
        guard (try? model(of: new, path: path)).map(withItems) == expected else {
            throw EditProblem.notReadBack(item: edit.item, path: path).error(at: place)
        }
    }

    /// The model with `items: []` in each section that has no items, as the engine reads such a section (a TOML
    /// section whose last `[[sections.items]]` went has none).
    private static func withItems(_ model: FileModel) -> FileModel {
        guard case .map(var front) = model.front, case .list(let sections)? = front["sections"] else { return model }
        front["sections"] = .list(
            sections.map { section in
                guard case .map(var fields) = section, fields["items"] == nil, fields["from"] == nil,
                    fields["data"] == nil
                else { return section }
                fields["items"] = .list([])
                return .map(fields)
            })
        return FileModel(front: .map(front), body: model.body)
    }

    private static func id(_ item: Value) -> String? {
        guard case .map(let fields) = item else { return nil }
        return fields["id"]?.scalarText
    }

    /// Runs `body` on the items of `list` inside `root`.
    private static func update(_ root: inout Value, _ list: ItemList, _ body: (inout [Value]) -> Void) {
        switch list {
        case .records:
            guard case .list(var items) = root else { return }
            body(&items)
            root = .list(items)
        case .section(let sectionID):
            guard case .map(var front) = root, case .list(var sections)? = front["sections"],
                let index = sections.firstIndex(where: {
                    if case .map(let section) = $0 { section["id"] == .string(sectionID) } else { false }
                }),
                case .map(var section) = sections[index], case .list(var items)? = section["items"]
            else { return }
            body(&items)
            section["items"] = .list(items)
            sections[index] = .map(section)
            front["sections"] = .list(sections)
            root = .map(front)
        }
    }
}
