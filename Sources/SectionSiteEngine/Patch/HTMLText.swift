/// The text a reader sees of some HTML, for the excerpts that reports show: what changed in a page
/// (`ChangeReport`), in a translation's source (`SourceDifference`).
enum HTMLText {
    /// The text a reader sees of some HTML: tags dropped (with what `<script>` and `<style>` hold), a block's
    /// tags read as a space and an inline one's as nothing (`Span<T>` highlighted token by token stays one
    /// word), entities decoded, runs of white space one space.
    static func of(_ html: String) -> String {
        // Read as UTF-8 bytes: every byte that starts or ends a tag is ASCII, and a Character at a time cost most of
        // a page of changes.
        let bytes = Array(html.utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count)
        var inTag = false
        var skipping: [UInt8]?
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if let end = skipping {
                if bytes[index...].starts(with: end) {
                    (skipping, inTag) = (nil, false)
                    index += end.count
                    continue
                }
            } else if inTag {
                if byte == UInt8(ascii: ">") { inTag = false }
            } else if byte == UInt8(ascii: "<") {
                inTag = true
                var next = index + 1
                let closing = next < bytes.count && bytes[next] == UInt8(ascii: "/")
                while next < bytes.count, bytes[next] == UInt8(ascii: "/") { next += 1 }
                var name = ""
                while next < bytes.count, let letter = Self.nameCharacter(bytes[next]) {
                    name.unicodeScalars.append(letter)
                    next += 1
                }
                if !closing, name == "script" || name == "style" { skipping = Array("</\(name)>".utf8) }
                if !inline.contains(name) { text.append(UInt8(ascii: " ")) }
            } else {
                text.append(byte)
            }
            index += 1
        }
        var words = ""
        var space = false
        for scalar in Entities.decode(String(decoding: text, as: UTF8.self)).unicodeScalars {
            if scalar.isASCII
                ? scalar == " " || (0x09...0x0D).contains(scalar.value) : scalar.properties.isWhitespace
            {
                space = true
                continue
            }
            if space, !words.isEmpty { words.unicodeScalars.append(" ") }
            space = false
            words.unicodeScalars.append(scalar)
        }
        return words
    }

    /// A letter or digit of a tag's name, lowercased; nil for any other byte.
    private static func nameCharacter(_ byte: UInt8) -> Unicode.Scalar? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): Unicode.Scalar(byte + 32)
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): Unicode.Scalar(byte)
        default: nil
        }
    }

    /// The elements that flow within a line.
    private static let inline: Set<String> = [
        "a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "del", "dfn", "em", "i", "ins", "kbd", "mark", "q", "s",
        "samp", "small", "span", "strong", "sub", "sup", "time", "u", "var",
    ]
}
