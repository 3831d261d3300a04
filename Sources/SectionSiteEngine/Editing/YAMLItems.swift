import Yams

/// The lists of a YAML or JSON text (front matter, or a whole data file), found through the nodes the engine's YAML
/// reader composes, each node's mark giving its place in the text.
struct YAMLItems: ItemLists {
    var text: EditText
    var root: Node
    var format: ValueText.Format
    var path: SourcePath
    /// The file line of the text's first line.
    var firstLine: Int

    init(_ text: EditText, format: ValueText.Format, path: SourcePath, firstLine: Int) throws {
        self.text = text
        self.format = format
        self.path = path
        self.firstLine = firstLine
        root =
            try YAMLReader(path: path, firstLine: firstLine).compose(String(decoding: text.bytes, as: UTF8.self))
            ?? .scalar(.init(""))
    }

    /// The list `list` and its items' nodes.
    func list(_ list: ItemList) throws -> (spans: ElementSpans, items: [Node]) {
        let node: Node
        var keyNode: Node?
        switch list {
        case .records:
            guard case .sequence = root else {
                throw EditProblem.wrongList("list of records", path: path).error(at: .file(path))
            }
            node = root
        case .section(let id):
            guard
                let section = Self.field("sections", of: root)?.sequence?.first(where: {
                    Self.field("id", of: $0)?.string == id
                })
            else {
                throw EditProblem.noSection(id, path: path).error(at: .file(path))
            }
            guard let (key, items) = section.mapping?.first(where: { $0.key.string == "items" }), case .sequence = items
            else {
                throw EditProblem.noItems(section: id, path: path).error(at: location(section))
            }
            (node, keyNode) = (items, key)
        }
        let items = Array(node.sequence!)
        let ids = items.map { Self.field("id", of: $0)?.string ?? "" }
        let name = list.name
        if text.byte(offset(node)) == 91 {
            guard let (spans, close) = FlowScan.elements(text, open: offset(node)), spans.count == items.count else {
                throw EditProblem.shape("the list at line \(location(node).line) is not written as expected").error(
                    at: location(node))
            }
            var list = ElementSpans(layout: .flow, ids: ids, spans: spans, end: close, name: name)
            if let key = keyNode, spans.isEmpty, format == .yaml {
                list.filled = (colon(after: key)..<close + 1, offset(key) - text.lineStart(offset(key)) + 2)
            }
            return (list, items)
        }
        var spans: [Range<Int>] = []
        var indent = 0
        for item in items {
            let start = text.lineStart(offset(item))
            indent = text.indent(start)
            guard text.byte(start + indent) == 45 else {
                throw EditProblem.shape(
                    "item '\(Self.field("id", of: item)?.string ?? "")' does not start on its '- ' line"
                ).error(at: location(item))
            }
            spans.append(start..<lines(after: start, deeperThan: indent))
        }
        var list = ElementSpans(
            layout: .lines(indent: indent), ids: ids, spans: spans, end: spans.last?.upperBound ?? offset(node),
            name: name)
        if let only = spans.first, spans.count == 1 {
            let end = only.upperBound - (text.bytes[..<only.upperBound].last == 10 ? text.newline.count : 0)
            if let key = keyNode {
                list.emptied = Splice(range: colon(after: key)..<end, bytes: Array(" []".utf8))
            } else {
                list.emptied = Splice(range: only.lowerBound..<end, bytes: Array("[]".utf8))
            }
        }
        return (list, items)
    }

    func spans(_ list: ItemList) throws -> ElementSpans { try self.list(list).spans }

    /// The splice that sets `field` of `item` (in `list`) to `typed`, and the value it will read back as.
    func set(_ item: String, field: String, to typed: String, in list: ItemList) throws -> (Splice, Value) {
        let (spans, items) = try self.list(list)
        _ = try spans.span(of: item, path: path)
        let node = items[spans.ids.firstIndex(of: item)!]
        guard let mapping = node.mapping else {
            throw EditProblem.notOneValue(field: "id", item: item).error(at: location(node))
        }
        let inFlow = text.byte(offset(node)) == 123
        guard let (keyNode, valueNode) = mapping.first(where: { $0.key.string == field }) else {
            let written = ValueText(typed, old: nil, format: format, inFlow: inFlow)
            let key = format == .json || !ValueText.isPlain(field, inFlow: inFlow) ? ValueText.quoted(field) : field
            let member = Array("\(key): \(written.text)".utf8)
            if inFlow {
                guard
                    let splice = FlowScan.set(
                        text, map: offset(node), field: field, value: "",
                        member: String(decoding: member, as: UTF8.self))
                else { throw shape(node) }
                return (splice, written.value)
            }
            let end = spans.spans[spans.ids.firstIndex(of: item)!].upperBound
            let indent = Array(
                repeating: UInt8(32), count: offset(mapping.first!.key) - text.lineStart(offset(mapping.first!.key)))
            let newline = end > 0 && text.bytes[end - 1] == 10 ? [] : text.newline
            return (Splice(range: end..<end, bytes: newline + indent + member + text.newline), written.value)
        }
        guard let scalar = valueNode.scalar else {
            throw EditProblem.notOneValue(field: field, item: item).error(at: location(valueNode))
        }
        let old = YAMLReader(path: path, firstLine: 1).value(valueNode)
        let written = ValueText(typed, old: old, format: format, inFlow: inFlow)
        let range: Range<Int>
        if scalar.style == .plain && scalar.string.isEmpty {
            let end = colon(after: keyNode)
            return (Splice(range: end..<end, bytes: Array(" \(written.text)".utf8)), written.value)
        } else if scalar.style == .literal || scalar.style == .folded {
            let keyStart = offset(keyNode)
            let end = lines(after: text.lineStart(offset(valueNode)), deeperThan: keyStart - text.lineStart(keyStart))
            range = offset(valueNode)..<(end > 0 && text.bytes[end - 1] == 10 ? end - (text.newline.count) : end)
        } else if inFlow {
            guard let splice = FlowScan.set(text, map: offset(node), field: field, value: written.text, member: "")
            else { throw shape(node) }
            return (splice, written.value)
        } else {
            guard let end = FlowScan.valueEnd(text, at: offset(valueNode)) else { throw shape(valueNode) }
            range = offset(valueNode)..<end
        }
        return (Splice(range: range, bytes: Array(written.text.utf8)), written.value)
    }

    /// The end of the lines that belong with the line at `start`: those after it indented deeper than `indent`,
    /// with the blank lines and comments among them, not those after the last.
    private func lines(after start: Int, deeperThan indent: Int) -> Int {
        var (line, end) = (text.nextLine(start), text.nextLine(start))
        while line < text.bytes.count {
            let blank = text.isBlank(line) || text.isComment(line) && text.indent(line) <= indent
            if !blank && text.indent(line) <= indent { break }
            line = text.nextLine(line)
            if !blank { end = line }
        }
        return end
    }

    /// The offset after the `:` that ends a key.
    private func colon(after key: Node) -> Int {
        var index = offset(key)
        if text.byte(index) == 34 || text.byte(index) == 39 { index = FlowScan.quotedEnd(text, at: index) ?? index }
        while let byte = text.byte(index), byte != 58 { index += 1 }
        return index + 1
    }

    private func offset(_ node: Node) -> Int { node.mark.map { text.offset(line: $0.line, column: $0.column) } ?? 0 }
    private func location(_ node: Node) -> SourceLocation {
        SourceLocation(path, line: (node.mark?.line ?? 1) + firstLine - 1)
    }
    private func shape(_ node: Node) -> SectionSiteError {
        EditProblem.shape("the value at line \(location(node).line) is not written as expected").error(
            at: location(node))
    }

    /// A map's value for `key`.
    static func field(_ key: String, of node: Node) -> Node? { node.mapping?.first { $0.key.string == key }?.value }
}

extension ItemList {
    /// The list as errors name it.
    var name: String {
        switch self {
        case .section(let id): "section '\(id)'"
        case .records: "the records"
        }
    }
}
