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
