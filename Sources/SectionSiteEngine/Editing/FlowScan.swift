/// Where values written inline end: the elements of a bracketed list or map (YAML flow, JSON, TOML inline), a quoted
/// string, a plain value on its line. One scanner for the three formats, which quote and nest alike.
enum FlowScan {
    /// The elements of the collection whose `[` or `{` is at `open`, each without the spaces and comments around
    /// it, and the offset of its closing bracket; nil when it never closes.
    static func elements(_ text: EditText, open: Int) -> (spans: [Range<Int>], close: Int)? {
        let bytes = text.bytes
        guard open < bytes.count, bytes[open] == 91 || bytes[open] == 123 else { return nil }
        var (depth, index, previous) = (0, open + 1, bytes[open])
        var (start, end): (Int?, Int) = (nil, open + 1)
        var spans: [Range<Int>] = []
        while index < bytes.count {
            let byte = bytes[index]
            if [32, 9, 10, 13].contains(byte) {
                index += 1
                continue
            }
            if byte == 35, [32, 9, 10, 13].contains(bytes[index - 1]) {  // a comment, to the end of the line
                index = text.nextLine(index)
                continue
            }
            if byte == 34 || byte == 39, [91, 123, 44, 58, 61].contains(previous) {
                guard let after = quotedEnd(text, at: index) else { return nil }
                (start, end, previous, index) = (start ?? index, after, byte, after)
                continue
            }
            if depth == 0, byte == 44 || byte == 93 || byte == 125 {
                if let start { spans.append(start..<end) }
                if byte != 44 { return (spans, index) }
                (start, previous, index) = (nil, byte, index + 1)
                continue
            }
            if byte == 91 || byte == 123 { depth += 1 }
            if byte == 93 || byte == 125 { depth -= 1 }
            (start, end, previous, index) = (start ?? index, index + 1, byte, index + 1)
        }
        return nil
    }

    /// The offset after the string whose opening quote is at `open`: `"` with backslash escapes, `'` with `''`.
    static func quotedEnd(_ text: EditText, at open: Int) -> Int? {
        let (bytes, quote) = (text.bytes, text.bytes[open])
        var index = open + 1
        while index < bytes.count {
            if quote == 34, bytes[index] == 92 {
                index += 2
            } else if bytes[index] == quote {
                guard quote == 39, index + 1 < bytes.count, bytes[index + 1] == 39 else { return index + 1 }
                index += 2
            } else {
                index += 1
            }
        }
        return nil
    }

    /// The offset after a value that starts at `start` outside brackets: a quoted string, a bracketed collection,
    /// or plain text to the end of its line or a comment.
    static func valueEnd(_ text: EditText, at start: Int) -> Int? {
        switch text.byte(start) {
        case 34, 39: return quotedEnd(text, at: start)
        case 91, 123: return elements(text, open: start).map { $0.close + 1 }
        default:
            var end = start
            while let byte = text.byte(end), byte != 10, byte != 13,
                !(byte == 35 && [32, 9].contains(text.bytes[end - 1]))
            { end += 1 }
            return text.trimmedEnd(end, from: start)
        }
    }

    /// The key and the value's range of one member of an inline map (`key: value`, `"key": value`, `key = value`).
    static func member(_ text: EditText, _ span: Range<Int>) -> (key: String, value: Range<Int>)? {
        var index = span.lowerBound
        let quoted = text.byte(index) == 34 || text.byte(index) == 39
        let keyEnd = quoted ? quotedEnd(text, at: index) : nil
        index = keyEnd ?? index
        while index < span.upperBound, text.bytes[index] != 58, text.bytes[index] != 61 { index += 1 }
        guard index < span.upperBound else { return nil }
        var key = String(
            decoding: text.bytes[span.lowerBound..<text.trimmedEnd(index, from: span.lowerBound)], as: UTF8.self)
        if quoted, key.count >= 2 { key = String(key.dropFirst().dropLast()) }
        var value = index + 1
        while value < span.upperBound, [32, 9, 10, 13].contains(text.bytes[value]) { value += 1 }
        return (key, value..<span.upperBound)
    }

    /// The splice that sets `field` of the inline map whose `{` is at `open` to `value`, or adds `member` after its
    /// last member with the separator its members have; nil when the map is not written as expected.
    static func set(_ text: EditText, map open: Int, field: String, value: String, member added: String) -> Splice? {
        guard let (members, close) = elements(text, open: open) else { return nil }
        if let found = members.lazy.compactMap({ member(text, $0) }).first(where: { $0.key == field }) {
            return Splice(range: found.value, bytes: Array(value.utf8))
        }
        guard let last = members.last else { return Splice(range: close..<close, bytes: Array(added.utf8)) }
        let separator =
            members.count > 1 ? Array(text.bytes[members[0].upperBound..<members[1].lowerBound]) : Array(", ".utf8)
        return Splice(range: last.upperBound..<last.upperBound, bytes: separator + Array(added.utf8))
    }
}
