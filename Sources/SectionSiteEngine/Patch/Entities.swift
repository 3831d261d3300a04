/// The few HTML character references SectionSite's own escaping writes, and numeric ones.
enum Entities {
    /// Decodes `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&#39;`, `&apos;`, `&nbsp;` and numeric references; returns nil when
    /// the text holds any other named reference, which only a browser knows how to read.
    static func decodeStrictly(_ text: String) -> String? {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        var result = ""
        var rest = Substring(text)
        while let amp = rest.utf8.firstIndex(of: UInt8(ascii: "&")) {
            result += rest[..<amp]
            guard let semicolon = rest.utf8[amp...].prefix(11).firstIndex(of: UInt8(ascii: ";")) else { return nil }
            let name = rest[rest.index(after: amp)..<semicolon]
            switch name {
            case "amp": result += "&"
            case "lt": result += "<"
            case "gt": result += ">"
            case "quot": result += "\""
            case "apos": result += "'"
            case "nbsp": result += "\u{00A0}"
            default:
                guard name.first == "#" else { return nil }
                let digits = name.dropFirst()
                let value =
                    digits.first == "x" || digits.first == "X"
                    ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
                guard let value, let scalar = Unicode.Scalar(value) else { return nil }
                result.unicodeScalars.append(scalar)
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }

    /// Decodes what it can and leaves the rest as written.
    static func decode(_ text: String) -> String {
        decodeStrictly(text) ?? text
    }
}
