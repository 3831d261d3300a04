/// Where the items of one list are written in a file: each item's bytes, in order, and how the list is laid out. A
/// move or a deletion becomes splices of those bytes only.
struct ElementSpans {
    /// How the items follow each other.
    enum Layout: Equatable {
        /// Whole lines each (a block YAML item, a TOML table, a CSV record), their first line at this indentation.
        case lines(indent: Int)
        /// Inside brackets, with separators between them that stay where they are.
        case flow
    }

    var layout: Layout
    /// The items' identities, in order.
    var ids: [String]
    /// Each item's bytes: for `lines`, from its first line's start to the end of its last line's break.
    var spans: [Range<Int>]
    /// Where an item added at the end goes: after the last item's lines, or at the closing bracket.
    var end: Int
    /// The list as errors name it: `section 'sides'`, `the records`.
    var name: String
    /// What replaces the only item of a block YAML list so that the list reads as empty (`items: []`), not null.
    var emptied: Splice?
    /// For an empty YAML `items: []`, the ` []` that a moved block item replaces, and the indentation it takes.
    var filled: (range: Range<Int>, indent: Int)?

    /// The bytes of item `id`, or what to throw.
    func span(of id: String, path: SourcePath) throws -> Range<Int> {
        guard let index = ids.firstIndex(of: id) else {
            throw EditProblem.notInList(id, list: name, path: path).error(at: .file(path))
        }
        return spans[index]
    }

    /// The splices that move `id` from this list into `target` before `before` (at its end when nil).
    func move(
        _ id: String, to target: ElementSpans, before: String?, in text: EditText, path: SourcePath
    ) throws -> [Splice] {
        let source = try span(of: id, path: path)
        let place = try before.map { try target.span(of: $0, path: path).lowerBound } ?? target.end
        var order = ids.filter { $0 != id }
        order.insert(id, at: before.flatMap { order.firstIndex(of: $0) } ?? order.count)
        if before == id || target.spans == spans && order == ids { return [] }
        switch (layout, target.layout) {
        case (.lines(let from), .lines(let to)):
            return [
                (ids.count == 1 ? emptied : nil) ?? Splice(range: source, bytes: []),
                Splice(range: place..<place, bytes: Self.indented(text.bytes[source], by: to - from)),
            ]
        case (.lines(let from), .flow) where target.ids.isEmpty && target.filled != nil:
            // `items: []` becomes `items:` and the item's lines; the line break after `[]` ends the last of them.
            var lines = Self.indented(text.bytes[source], by: target.filled!.indent - from)
            if lines.last == 10 { lines.removeLast(lines.count > 1 && lines[lines.count - 2] == 13 ? 2 : 1) }
            return [
                (ids.count == 1 ? emptied : nil) ?? Splice(range: source, bytes: []),
                Splice(range: target.filled!.range, bytes: text.newline + lines),
            ]
        case (.flow, .flow) where target.spans == spans:
            // The item texts change places and every separator stays where it was.
            var bytes: [UInt8] = []
            for (index, item) in order.enumerated() {
                if index > 0 { bytes += text.bytes[spans[index - 1].upperBound..<spans[index].lowerBound] }
                bytes += text.bytes[spans[ids.firstIndex(of: item)!]]
            }
            return [Splice(range: spans[0].lowerBound..<spans[spans.count - 1].upperBound, bytes: bytes)]
        case (.flow, .flow):
            let separator = target.separator(in: text) ?? self.separator(in: text) ?? Array(", ".utf8)
            let item = Array(text.bytes[source])
            let insert =
                before != nil ? item + separator : target.spans.last.map { _ in separator + item } ?? item
            let at = before != nil || target.spans.isEmpty ? place : target.spans[target.spans.count - 1].upperBound
            return try delete(id, in: text, path: path) + [Splice(range: at..<at, bytes: insert)]
        default:
            throw EditProblem.mixedLayouts(item: id).error(at: .file(path))
        }
    }

    /// The splice that deletes `id`: its lines, or its text and one separator next to it.
    func delete(_ id: String, in text: EditText, path: SourcePath) throws -> [Splice] {
        let source = try span(of: id, path: path)
        if let emptied, ids.count == 1 { return [emptied] }
        guard layout == .flow, spans.count > 1, let index = spans.firstIndex(of: source) else {
            var end = source.upperBound  // the only item of a list in brackets takes its trailing comma along
            while let byte = text.byte(end), [32, 9, 10, 13].contains(byte) { end += 1 }
            return [
                Splice(
                    range: source.lowerBound..<(layout == .flow && text.byte(end) == 44 ? end + 1 : source.upperBound),
                    bytes: [])
            ]
        }
        let range =
            index + 1 < spans.count
            ? source.lowerBound..<spans[index + 1].lowerBound : spans[index - 1].upperBound..<source.upperBound
        return [Splice(range: range, bytes: [])]
    }

    /// What stands between the first two items of a list in brackets.
    private func separator(in text: EditText) -> [UInt8]? {
        layout == .flow && spans.count > 1 ? Array(text.bytes[spans[0].upperBound..<spans[1].lowerBound]) : nil
    }

    /// Lines shifted right (or left, as far as their spaces allow) by `shift` spaces; blank lines stay as they are.
    private static func indented(_ lines: ArraySlice<UInt8>, by shift: Int) -> [UInt8] {
        guard shift != 0 else { return Array(lines) }
        var result: [UInt8] = []
        for line in lines.split(separator: 10, omittingEmptySubsequences: false).dropLast(lines.last == 10 ? 1 : 0) {
            let spaces = line.prefix { $0 == 32 }.count
            if line.count > spaces, line[line.startIndex + spaces] != 13 {
                result +=
                    shift > 0 ? Array(repeating: 32, count: shift) + line : Array(line.dropFirst(min(spaces, -shift)))
            } else {
                result += line
            }
            result.append(10)
        }
        if lines.last != 10 { result.removeLast() }
        return result
    }
}
