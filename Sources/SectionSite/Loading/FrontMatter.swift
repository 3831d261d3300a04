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
    static func split(_ text: String, path: String) throws -> FrontMatter {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if let first = lines.first, first.hasPrefix("\u{FEFF}") { lines[0] = first.dropFirst() }
        guard let first = lines.first, isFence(first) else {
            return FrontMatter(yaml: "", yamlFirstLine: 1, body: text, bodyFirstLine: 1)
        }
        guard let close = lines.indices.dropFirst().first(where: { isFence(lines[$0]) || lines[$0] == "..." }) else {
            throw SectionSiteError(
                "front matter is never closed: add a line '---' after it", at: SourceLocation(file: path, line: 1))
        }
        return FrontMatter(
            yaml: lines[1..<close].joined(separator: "\n"),
            yamlFirstLine: 2,
            body: lines[(close + 1)...].joined(separator: "\n"),
            bodyFirstLine: close + 2
        )
    }

    private static func isFence(_ line: Substring) -> Bool {
        line.hasPrefix("---") && line.allSatisfy { $0 == "-" || $0 == " " || $0 == "\r" } && line.count < 80
    }
}
