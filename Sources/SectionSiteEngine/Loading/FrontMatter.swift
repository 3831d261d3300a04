/// A Markdown file split into its YAML front matter and its body.
struct FrontMatter: Equatable {
    /// The YAML between the `---` lines, empty when the file has none.
    var yaml: String
    /// The file line on which the YAML starts (2 when the file opens with `---`).
    var yamlFirstLine: Int
    /// The Markdown after the closing `---`.
    var body: String
    /// The file line on which the body starts.
    var bodyFirstLine: Int

    /// Splits `text`; a front matter block that is opened and never closed is an error at its opening line.
    ///
    /// - Complexity: O(n) over the UTF-8 bytes, looking at line starts only.
    static func split(_ text: String, path: String) throws -> FrontMatter {
        let bytes = text.utf8
        var start = bytes.startIndex
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = bytes.index(start, offsetBy: 3) }
        guard let firstEnd = lineEnd(bytes, from: start), isFence(bytes[start..<firstEnd]) else {
            return FrontMatter(yaml: "", yamlFirstLine: 1, body: text, bodyFirstLine: 1)
        }
        var line = 2
        var lineStart = bytes.index(after: firstEnd)
        let yamlStart = lineStart
        while lineStart < bytes.endIndex {
            let end = lineEnd(bytes, from: lineStart) ?? bytes.endIndex
            let content = bytes[lineStart..<end]
            if isFence(content) || content.elementsEqual("...".utf8) {
                let bodyStart = end < bytes.endIndex ? bytes.index(after: end) : end
                return FrontMatter(
                    yaml: String(text[yamlStart..<lineStart]), yamlFirstLine: 2, body: String(text[bodyStart...]),
                    bodyFirstLine: line + 1)
            }
            line += 1
            lineStart = end < bytes.endIndex ? bytes.index(after: end) : end
        }
        throw SectionSiteError(
            "front matter is never closed: add a line '---' after it", at: SourceLocation(file: path, line: 1))
    }

    private static func lineEnd(_ bytes: String.UTF8View, from start: String.Index) -> String.Index? {
        bytes[start...].firstIndex(of: 10) ?? (start < bytes.endIndex ? bytes.endIndex : nil)
    }

    /// `---` with nothing after it but spaces or a carriage return.
    private static func isFence(_ line: Substring.UTF8View) -> Bool {
        line.starts(with: "---".utf8) && line.allSatisfy { $0 == 45 || $0 == 32 || $0 == 13 } && line.count < 80
    }
}
