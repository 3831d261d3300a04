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

    /// Inserts ` name="value"` into the first tag of `html` (`<p>` becomes `<p data-ss-key="b:1">`).
    static func addingAttribute(_ name: String, _ value: String, to html: String) -> String {
        guard html.first == "<", let end = html.firstIndex(where: { $0 == ">" || $0 == " " || $0 == "/" || $0 == "\n" })
        else { return html }
        var result = html
        result.insert(contentsOf: " \(name)=\"\(escape(value))\"", at: end)
        return result
    }
}
