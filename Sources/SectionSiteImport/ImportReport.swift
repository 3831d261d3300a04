import Foundation

/// What an import wrote and what it left as written: each leftover at its place in the source site, with what it is.
public struct ImportReport: Sendable, Equatable {
    /// Something the importer could not convert.
    public struct Leftover: Sendable, Equatable {
        /// What it is, in a few words (`Liquid tag 'include'`); the summary counts by it.
        public var kind: String
        /// The file in the source site, and the line and column there, from 1.
        public var file: String, line: Int, column: Int
        /// The text as written, cut to a line.
        public var text: String

        public init(kind: String, file: String, line: Int = 1, column: Int = 1, text: String = "") {
            self.kind = kind
            self.file = file
            self.line = line
            self.column = column
            self.text = text
        }

        /// A leftover at `index` of `text`, a body whose first line is line `firstLine` of `file`.
        init(kind: String, file: String, text: String, at index: String.Index, firstLine: Int, written: String) {
            let before = text[..<index]
            let line = firstLine + before.count(where: { $0 == "\n" })
            let lineStart = before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex
            self.init(
                kind: kind, file: file, line: line, column: before.distance(from: lineStart, to: before.endIndex) + 1,
                text: String(written.prefix(80)))
        }

        /// `path:line:column: note: kind: text`.
        public var description: String { "\(file):\(line):\(column): note: \(kind)\(text.isEmpty ? "" : ": \(text)")" }
    }

    /// The files written, relative to the new site.
    public var written: [String] = []
    /// What was left as written, sorted by file and place.
    public var leftovers: [Leftover] = []
    /// How the source's template tags (shortcodes, Liquid tags and includes) were drawn: by the common vocabulary,
    /// by the site's own template translated, or by the neutral fallback.
    public var mappedTags = 0, translatedTags = 0, neutralTags = 0
    /// The names of the tags drawn by the neutral fallback with a body, written as directives of their own names,
    /// which the new site's settings map to `block`.
    var neutralDirectives = Set<String>()

    /// `directives:` for the new site's settings: each neutral tag's directive drawn as a plain block.
    func directiveSettings(theme directives: Set<String>) -> [(String, String)] {
        guard directives.contains("block") else { return [] }
        return neutralDirectives.compactMap { ImportComponent.directiveName($0)?.lowercased() }
            .filter { !directives.contains($0) && $0 != "comment" }.reduce(into: Set<String>()) { $0.insert($1) }
            .sorted().map { ($0, "block") }
    }

    /// Takes in what converting one body's template tags found.
    mutating func add(_ leftovers: [Leftover], uses: ImportComponent.Uses, neutral names: Set<String>) {
        self.leftovers += leftovers
        componentUses.mapped += uses.mapped
        componentUses.translated += uses.translated
        componentUses.neutral += uses.neutral
        neutralDirectives.formUnion(names)
    }

    var componentUses: ImportComponent.Uses {
        get { .init(mapped: mappedTags, translated: translatedTags, neutral: neutralTags) }
        set { (mappedTags, translatedTags, neutralTags) = (newValue.mapped, newValue.translated, newValue.neutral) }
    }

    /// `Template tags: 12 by the common vocabulary, 3 by the site's own templates, 1 by the neutral fallback.`
    public var tagsLine: String? {
        let total = mappedTags + translatedTags + neutralTags
        guard total > 0 else { return nil }
        return
            "Template tags: \(total), \(mappedTags) drawn by the common vocabulary, \(translatedTags) by the site's "
            + "own "
            + "templates translated, \(neutralTags) by the neutral fallback."
    }

    /// How many leftovers of each kind, most first.
    public var summary: [(kind: String, count: Int)] {
        Dictionary(grouping: leftovers, by: \.kind).map { ($0.key, $0.value.count) }
            .sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }
    }

    /// The report as a text file: a line per leftover, then the summary.
    public var text: String {
        var lines = ["# What the import left as written (\(leftovers.count))", ""]
        lines += leftovers.map(\.description)
        lines += ["", "# By kind", ""]
        lines += summary.map { "\($0.count) \($0.kind)" }
        if let tagsLine { lines += ["", tagsLine] }
        return lines.joined(separator: "\n") + "\n"
    }

    public static func == (lhs: ImportReport, rhs: ImportReport) -> Bool {
        lhs.written == rhs.written && lhs.leftovers == rhs.leftovers && lhs.componentUses == rhs.componentUses
    }
}
