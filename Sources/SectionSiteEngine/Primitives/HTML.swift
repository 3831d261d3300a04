/// Escaping for text and attribute values in the HTML that SectionSite writes itself.
public enum HTML {
    /// Escapes `&`, `<`, `>`, `"` and `'`.
    ///
    /// - Complexity: O(n).
    public static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 38 || $0 == 60 || $0 == 62 || $0 == 34 || $0 == 39 }) else {
            return text
        }
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count + 16)
        for character in text.unicodeScalars {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }

    /// An attribute value as the browser reads it: character references undone (`&amp;`, `&lt;`, `&gt;`, `&quot;`,
    /// `&#39;`, `&apos;`, `&#NN;`, `&#xHH;`); any other `&` stays as written.
    ///
    /// - Complexity: O(n); a value without `&` is returned as it is.
    package static func unescape(_ value: String) -> String {
        guard value.utf8.contains(38) else { return value }
        var result = ""
        var rest = Substring(value)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            guard let semicolon = after.prefix(10).firstIndex(of: ";") else {
                result += "&"
                rest = after
                continue
            }
            let name = after[..<semicolon]
            var decoded: String?
            switch name {
            case "amp": decoded = "&"
            case "lt": decoded = "<"
            case "gt": decoded = ">"
            case "quot": decoded = "\""
            case "apos": decoded = "'"
            default:
                if name.hasPrefix("#x") || name.hasPrefix("#X") {
                    decoded = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String($0) }
                } else if name.hasPrefix("#") {
                    decoded = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init).map { String($0) }
                }
            }
            if let decoded {
                result += decoded
                rest = after[after.index(after: semicolon)...]
            } else {
                result += "&"
                rest = after
            }
        }
        return result + rest
    }

    /// Appends `element` to `html` with ` name="value"` added to its first tag (`<p>` becomes `<p data-ss-key="b:1">`);
    /// text that does not start with a tag is appended as it is.
    static func append(_ element: String, adding name: String, _ value: String, to html: inout String) {
        let bytes = element.utf8
        guard bytes.first == 60,  // <
            let end = bytes.firstIndex(where: { $0 == 62 || $0 == 32 || $0 == 47 || $0 == 10 })  // > space / newline
        else {
            html += element
            return
        }
        html += element[..<end]
        html += " \(name)=\"\(escape(value))\""
        html += element[end...]
    }
}
