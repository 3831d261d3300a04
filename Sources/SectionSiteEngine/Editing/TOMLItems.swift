/// The item lists of TOML front matter: `[[sections]]` tables whose items are `[[sections.items]]` tables or an
/// inline `items = [{...}, ...]`. The identities come from the parsed front matter, in order; the places from a
/// scan of the lines, tables and keys.
struct TOMLItems: ItemLists {
    /// A table of the text: its header's name and place, its own keys, and where its lines end.
    struct Table {
        var name: String
        var isArray: Bool
        /// The header line's start (0 for the keys before any header).
        var start: Int
        var keys: [(key: String, value: Range<Int>, line: Int)] = []
        /// The end of its last line that is not blank or a comment.
        var end: Int
    }

    var text: EditText
    /// The front matter as the engine reads it.
    var model: Value
    var path: SourcePath
    var firstLine: Int
    private(set) var tables: [Table] = []

    init(_ text: EditText, model: Value, path: SourcePath, firstLine: Int) throws {
        (self.text, self.model, self.path, self.firstLine) = (text, model, path, firstLine)
        tables = [Table(name: "", isArray: false, start: 0, end: 0)]
        var line = 0
        while line < text.bytes.count {
            let start = line + text.indent(line)
            if text.isBlank(line) || text.isComment(line) {
                line = text.nextLine(line)
            } else if text.bytes[start] == 91 {
                let header = String(decoding: text.bytes[start..<text.nextLine(start)], as: UTF8.self)
                let name = String(header.drop { $0 == "[" }.prefix { $0 != "]" }.filter { !" \t\"'".contains($0) })
                tables.append(Table(name: name, isArray: header.hasPrefix("[["), start: line, end: text.nextLine(line)))
                line = text.nextLine(line)
            } else {
                let keyEnd =
                    (text.bytes[start] == 34 || text.bytes[start] == 39 ? FlowScan.quotedEnd(text, at: start) : nil)
                    ?? start
                guard let equals = text.bytes[keyEnd...].firstIndex(of: 61) else { throw shape(line) }
                var value = equals + 1
                while text.byte(value) == 32 || text.byte(value) == 9 { value += 1 }
                guard let end = Self.multilineEnd(text, at: value) ?? FlowScan.valueEnd(text, at: value) else {
                    throw shape(line)
                }
                let key = String(decoding: text.bytes[start..<text.trimmedEnd(equals, from: start)], as: UTF8.self)
                    .filter { $0 != "\"" && $0 != "'" }
                tables[tables.count - 1].keys.append((key, value..<end, line))
                line = text.nextLine(max(end - 1, line))
                tables[tables.count - 1].end = line
            }
        }
    }

    /// The end of a multi-line string (`\"\"\"...\"\"\"` or `'''...'''`) that opens at `start`: after its closing
    /// quotes, with the one or two quotes before them that belong to the string; nil for any other value.
    static func multilineEnd(_ text: EditText, at start: Int) -> Int? {
        let bytes = text.bytes
        guard start + 2 < bytes.count, bytes[start] == 34 || bytes[start] == 39, bytes[start + 1] == bytes[start],
            bytes[start + 2] == bytes[start]
        else {
            return nil
        }
        let quote = bytes[start]
        var index = start + 3
        while index + 2 < bytes.count {
            if quote == 34, bytes[index] == 92 {  // an escape in a basic string
                index += 2
            } else if bytes[index] == quote, bytes[index + 1] == quote, bytes[index + 2] == quote {
                var end = index + 3
                while end < bytes.count, bytes[end] == quote, end - index < 5 { end += 1 }
                return end
            } else {
                index += 1
            }
        }
        return nil
    }

    /// The list `list` and, for items written as tables, the index of each item's table.
    func list(_ list: ItemList) throws -> (spans: ElementSpans, tables: [Int]) {
        guard case .section(let id) = list else {
            throw EditProblem.wrongList("list of records", path: path).error(at: .file(path))
        }
        let sections = tables.indices.filter { tables[$0].isArray && tables[$0].name == "sections" }
        guard case .map(let front) = model, case .list(let models)? = front["sections"], models.count == sections.count
        else {
            throw EditProblem.shape("its sections are not all written as [[sections]] tables").error(at: .file(path))
        }
        guard let index = models.firstIndex(where: { Self.field("id", of: $0) == .string(id) }) else {
            throw EditProblem.noSection(id, path: path).error(at: .file(path))
        }
        // A section of tables with no items yet takes them after its last line.
        guard case .map(let section) = models[index], section["from"] == nil, section["data"] == nil,
            case .list(let items) = section["items"] ?? .list([])
        else {
            throw EditProblem.noItems(section: id, path: path).error(at: location(tables[sections[index]].start))
        }
        let ids = items.map { Self.field("id", of: $0)?.scalarText ?? "" }
        let region =
            sections[
                index]..<(tables.indices.dropFirst(sections[index] + 1).first {
                !tables[$0].name.hasPrefix("sections.")
            } ?? tables.count)
        if let inline = tables[sections[index]].keys.first(where: { $0.key == "items" }) {
            guard let (spans, close) = FlowScan.elements(text, open: inline.value.lowerBound), spans.count == ids.count
            else { throw shape(inline.line) }
            return (ElementSpans(layout: .flow, ids: ids, spans: spans, end: close, name: list.name), [])
        }
        let heads = region.filter { tables[$0].isArray && tables[$0].name == "sections.items" }
        guard heads.count == ids.count else { throw shape(tables[sections[index]].start) }
        let spans = heads.map { head in
            let last =
                region.dropFirst(head - region.lowerBound + 1).prefix { tables[$0].name.hasPrefix("sections.items.") }
                .last ?? head
            return tables[head].start..<tables[last].end
        }
        let indent = heads.first.map { text.indent(tables[$0].start) } ?? text.indent(tables[sections[index]].start)
        return (
            ElementSpans(
                layout: .lines(indent: indent), ids: ids, spans: spans, end: tables[region.upperBound - 1].end,
                name: list.name), heads
        )
    }

    func spans(_ list: ItemList) throws -> ElementSpans { try self.list(list).spans }

    /// The splice that sets `field` of `item` (in `list`) to `typed`, and the value it will read back as.
    func set(_ item: String, field: String, to typed: String, in list: ItemList) throws -> (Splice, Value) {
        let (spans, heads) = try self.list(list)
        let span = try spans.span(of: item, path: path)
        let position = spans.ids.firstIndex(of: item)!
        guard case .map(let front) = model, case .list(let sections)? = front["sections"],
            case .map(let section)? = sections.first(where: { Self.field("id", of: $0) == .string(list.sectionID) }),
            case .list(let items)? = section["items"], case .map(let fields) = items[position]
        else { throw shape(span.lowerBound) }
        if let old = fields[field], old.scalarText == nil {
            throw EditProblem.notOneValue(field: field, item: item).error(at: location(span.lowerBound))
        }
        let written = ValueText(typed, old: fields[field], format: .toml)
        let key = field.wholeMatch(of: /[A-Za-z0-9_-]+/) != nil ? field : ValueText.quoted(field)
        guard !heads.isEmpty else {
            guard
                let splice = FlowScan.set(
                    text, map: span.lowerBound, field: field, value: written.text, member: "\(key) = \(written.text)")
            else {
                throw shape(span.lowerBound)
            }
            return (splice, written.value)
        }
        let table = tables[heads[position]]
        if let found = table.keys.first(where: { $0.key == field }) {
            return (Splice(range: found.value, bytes: Array(written.text.utf8)), written.value)
        }
        let indent = Array(repeating: UInt8(32), count: text.indent(table.keys.last?.line ?? table.start))
        return (
            Splice(range: table.end..<table.end, bytes: indent + Array("\(key) = \(written.text)".utf8) + text.newline),
            written.value
        )
    }

    private func location(_ offset: Int) -> SourceLocation {
        SourceLocation(path, line: text.line(of: offset) + firstLine - 1)
    }
    private func shape(_ offset: Int) -> SectionSiteError {
        EditProblem.shape("the TOML at line \(location(offset).line) is not written as expected").error(
            at: location(offset))
    }

    static func field(_ key: String, of value: Value) -> Value? {
        guard case .map(let fields) = value else { return nil }
        return fields[key]
    }
}

extension ItemList {
    /// The section's identity; empty for a data file's records.
    var sectionID: String {
        if case .section(let id) = self { return id }
        return ""
    }
}
