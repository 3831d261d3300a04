/// A Markdown file split into its front matter and its body. Front matter is YAML between `---` lines, TOML between
/// `+++` lines (as Hugo writes it), or a JSON object whose `{` opens the file and whose `}` stands alone on a line.
struct FrontMatter: Equatable {
    /// The language of the front matter.
    enum Format: Equatable {
        case yaml, toml, json
    }

    /// The front matter's text (for JSON, the whole object), empty when the file has none.
    var yaml: String
    /// The file line on which the YAML starts (2 when the file opens with `---`).
    var yamlFirstLine: Int
    /// The Markdown after the closing `---`.
    var body: String
    /// The file line on which the body starts.
    var bodyFirstLine: Int
    /// YAML unless the file says otherwise.
    var format = Format.yaml

    /// Splits `text`; a front matter block that is opened and never closed is an error at its opening line.
    ///
    /// - Complexity: O(n) over the UTF-8 bytes, looking at line starts only.
    static func split(_ text: String, path: SourcePath) throws -> FrontMatter {
        let bytes = text.utf8
        var start = bytes.startIndex
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = bytes.index(start, offsetBy: 3) }
        guard let firstEnd = lineEnd(bytes, from: start) else {
            return FrontMatter(yaml: "", yamlFirstLine: 1, body: text, bodyFirstLine: 1)
        }
        let first = bytes[start..<firstEnd]
        let format: Format
        if isFence(first, "-") {
            format = .yaml
        } else if isFence(first, "+") {
            format = .toml
        } else if trimmed(first).elementsEqual("{".utf8) {
            format = .json
        } else {
            return FrontMatter(yaml: "", yamlFirstLine: 1, body: text, bodyFirstLine: 1)
        }
        var line = 2
        var lineStart = bytes.index(after: firstEnd)
        let frontStart = format == .json ? start : lineStart
        while lineStart < bytes.endIndex {
            let end = lineEnd(bytes, from: lineStart) ?? bytes.endIndex
            let content = bytes[lineStart..<end]
            let closes =
                switch format {
                case .yaml: isFence(content, "-") || content.elementsEqual("...".utf8)
                case .toml: isFence(content, "+")
                // at the line's start: an indented one closes a nested object
                case .json: content.first == 125 && trimmed(content).elementsEqual("}".utf8)
                }
            if closes {
                let bodyStart = end < bytes.endIndex ? bytes.index(after: end) : end
                let frontEnd = format == .json ? end : lineStart
                return FrontMatter(
                    yaml: String(text[frontStart..<frontEnd]), yamlFirstLine: format == .json ? 1 : 2,
                    body: String(text[bodyStart...]), bodyFirstLine: line + 1, format: format)
            }
            line += 1
            lineStart = end < bytes.endIndex ? bytes.index(after: end) : end
        }
        let closing = ["---", "+++", "}"][[Format.yaml, .toml, .json].firstIndex(of: format)!]
        throw PageProblem.frontMatterNeverClosed(closing: closing).error(at: SourceLocation(path, line: 1))
    }

    /// A line without the spaces and carriage return around it.
    private static func trimmed(_ line: Substring.UTF8View) -> Substring.UTF8View {
        var line = line
        while let last = line.last, last == 32 || last == 13 || last == 9 { line = line.dropLast() }
        while let first = line.first, first == 32 || first == 9 { line = line.dropFirst() }
        return line
    }

    private static func lineEnd(_ bytes: String.UTF8View, from start: String.Index) -> String.Index? {
        bytes[start...].firstIndex(of: 10) ?? (start < bytes.endIndex ? bytes.endIndex : nil)
    }

    /// `---` (or `+++`) with nothing after it but spaces or a carriage return.
    private static func isFence(_ line: Substring.UTF8View, _ mark: Character) -> Bool {
        let byte = mark.asciiValue!
        return line.starts(with: [byte, byte, byte]) && line.allSatisfy { $0 == byte || $0 == 32 || $0 == 13 }
            && line.count < 80
    }
}
