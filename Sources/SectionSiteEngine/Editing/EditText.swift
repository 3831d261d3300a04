/// A file's text as UTF-8 bytes and its line starts: every edit works on byte offsets, so multi-byte characters,
/// emoji and combining marks shift nothing.
struct EditText {
    /// The text.
    var bytes: [UInt8]
    /// The offset of each line's first byte, line 1 first.
    let lineStarts: [Int]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        lineStarts = [0] + bytes.indices.filter { bytes[$0] == 10 }.map { $0 + 1 }
    }

    /// The line break the file uses.
    var newline: [UInt8] { bytes.firstIndex(of: 10).map { $0 > 0 && bytes[$0 - 1] == 13 } == true ? [13, 10] : [10] }

    /// The offset of a place given as YAML marks it: line and column from 1, the column counted in code points.
    func offset(line: Int, column: Int) -> Int {
        var offset = lineStarts[min(max(line, 1), lineStarts.count) - 1]
        var left = column - 1
        while left > 0, offset < bytes.count, bytes[offset] != 10 {
            offset += 1
            while offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
            left -= 1
        }
        return offset
    }

    /// The line (from 1) that holds `offset`.
    func line(of offset: Int) -> Int {
        var (low, high) = (0, lineStarts.count - 1)
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low + 1
    }

    /// The start of the line that holds `offset`.
    func lineStart(_ offset: Int) -> Int { lineStarts[line(of: offset) - 1] }

    /// The start of the line after the one that holds `offset` (the end of the text on the last line).
    func nextLine(_ offset: Int) -> Int {
        let line = line(of: offset)
        return line < lineStarts.count ? lineStarts[line] : bytes.count
    }

    /// How many spaces open the line starting at `start`.
    func indent(_ start: Int) -> Int {
        var end = start
        while end < bytes.count, bytes[end] == 32 { end += 1 }
        return end - start
    }

    /// Whether the line starting at `start` holds nothing but spaces, or a comment after them.
    func isBlank(_ start: Int) -> Bool { [nil, 10, 13].contains(byte(start + indent(start))) }
    func isComment(_ start: Int) -> Bool { byte(start + indent(start)) == 35 }

    /// The byte at `offset`, nil past the end.
    func byte(_ offset: Int) -> UInt8? { offset >= 0 && offset < bytes.count ? bytes[offset] : nil }

    /// The offset after the last byte before `offset` that is not a space or a tab.
    func trimmedEnd(_ offset: Int, from start: Int) -> Int {
        var end = offset
        while end > start, bytes[end - 1] == 32 || bytes[end - 1] == 9 { end -= 1 }
        return end
    }
}

/// One replacement of a range of bytes.
struct Splice {
    var range: Range<Int>
    var bytes: [UInt8]
}

extension [UInt8] {
    /// The bytes with `splices`, which must not overlap, carried out from the last to the first.
    func spliced(_ splices: [Splice]) -> [UInt8] {
        var result = self
        for splice in splices.sorted(by: {
            ($0.range.lowerBound, $0.range.upperBound) > ($1.range.lowerBound, $1.range.upperBound)
        }) {
            result.replaceSubrange(splice.range, with: splice.bytes)
        }
        return result
    }
}
