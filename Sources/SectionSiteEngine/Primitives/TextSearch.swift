extension StringProtocol {
    /// Where `part` first occurs, compared byte for byte in UTF-8, as Foundation's `range(of:)` compares without
    /// options. Foundation answers that on Linux through NSString and UTF-16, and the standard library's generic
    /// `firstRange(of:)` is slower still: link checking and heading ids spent a tenth of their time there.
    func firstRange(bytesOf part: String) -> Range<String.Index>? {
        var part = part
        let offsets = part.withUTF8 { needle in
            utf8.withContiguousStorageIfAvailable { Self.firstOffsets(of: needle, in: $0) }
                ?? Self.firstOffsets(of: needle, in: Array(utf8))
        }
        guard let offsets else { return nil }
        let start = utf8.index(utf8.startIndex, offsetBy: offsets.lowerBound)
        return start..<utf8.index(start, offsetBy: offsets.count)
    }

    /// Where the first of `parts` to occur starts (the longest of those starting there), compared byte for byte,
    /// in one pass over the text: the first occurrence of each of them, one after the other, reads the text once for
    /// each that is absent.
    func firstRange(bytesOfAny parts: [String]) -> Range<String.Index>? {
        let needles = parts.filter { !$0.isEmpty }.map { Array($0.utf8) }
        guard !needles.isEmpty else { return nil }
        func first(in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
            var starts = [Bool](repeating: false, count: 256)
            for needle in needles { starts[Int(needle[0])] = true }
            var offset = 0
            while offset < bytes.count {
                if starts[Int(bytes[offset])] {
                    let found = needles.filter { needle in
                        needle.count <= bytes.count - offset
                            && needle.indices.allSatisfy { bytes[offset + $0] == needle[$0] }
                    }
                    if let longest = found.map(\.count).max() { return offset..<offset + longest }
                }
                offset += 1
            }
            return nil
        }
        let offsets =
            utf8.withContiguousStorageIfAvailable(first)
            ?? Array(utf8).withUnsafeBufferPointer(first)
        guard let offsets else { return nil }
        let start = utf8.index(utf8.startIndex, offsetBy: offsets.lowerBound)
        return start..<utf8.index(start, offsetBy: offsets.count)
    }

    /// Whether `part` occurs, compared byte for byte (see `firstRange(bytesOf:)`).
    func contains(bytesOf part: String) -> Bool {
        firstRange(bytesOf: part) != nil
    }

    private static func firstOffsets(
        of needle: UnsafeBufferPointer<UInt8>, in bytes: some RandomAccessCollection<UInt8>
    ) -> Range<Int>? {
        guard let first = needle.first else { return 0..<0 }
        guard bytes.count >= needle.count else { return nil }
        var offset = 0
        var index = bytes.startIndex
        let last = bytes.count - needle.count
        while offset <= last {
            if bytes[index] == first {
                var matched = 1
                var other = bytes.index(after: index)
                while matched < needle.count, bytes[other] == needle[matched] {
                    matched += 1
                    other = bytes.index(after: other)
                }
                if matched == needle.count { return offset..<offset + needle.count }
            }
            offset += 1
            index = bytes.index(after: index)
        }
        return nil
    }
}

extension String {
    /// The text with every occurrence of `part` replaced by `replacement`, compared byte for byte in UTF-8 (see
    /// `firstRange(bytesOf:)`): Foundation's `replacingOccurrences` goes through NSString and UTF-16, and the
    /// standard library's generic `replacing` was a tenth of making the pages of what changed between versions.
    func replacing(bytesOf part: String, with replacement: String, maxReplacements: Int = .max) -> String {
        guard !part.isEmpty, firstRange(bytesOf: part) != nil else { return self }
        var result = ""
        var rest = self[...]
        var count = 0
        while count < maxReplacements, let range = rest.firstRange(bytesOf: part) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
            count += 1
        }
        return result + rest
    }
}
