import Foundation

/// What a template tag of the source site (a Hugo shortcode, a Liquid tag or include) becomes in the new site: one
/// of the default theme's components, Markdown, or nothing. Both importers write these, so a note is the same box
/// whether it came from `{{< note >}}` or `{% include note.html %}`.
enum ImportComponent: Equatable {
    /// Markdown written where the tag was (a link, a value, a fenced block, an image).
    case markdown(String)
    /// A box with a kind (`note`, `tip`, `important`, `warning`, `caution`) and a title: `@Callout`.
    case callout(kind: String, title: String?, body: String)
    /// A collapsible part with its summary: `@Details`.
    case details(summary: String, body: String)
    /// Tabs, each a title and a body: `@TabNavigator` and its `@Tab`s.
    case tabs([Tab])
    /// The site's own HTML around the body, written only where the site lets raw HTML through.
    case html(before: String, after: String, body: String?)
    /// A tag with no equivalent: its body in a plain block named after it (`@Block`), or nothing without a body.
    case neutral(name: String, body: String?)
    /// Nothing at all.
    case nothing

    struct Tab: Equatable {
        var title: String
        var body: String
    }

    /// How many uses each way of converting a tag took, for the import report.
    struct Uses: Equatable, Sendable {
        /// By the common vocabulary (notes, tabs, figures, links ...).
        var mapped = 0
        /// By the site's own template, translated.
        var translated = 0
        /// By the neutral fallback.
        var neutral = 0
    }

    /// The component written in Markdown: as blocks of directives when the tag stood alone on its lines (`block`)
    /// and the theme draws them (`directives`, by lowercased name), else as Markdown any theme draws (an alert, a
    /// bold title), else, inside a line, as inline text.
    ///
    /// A block indented under a list item (`indent` spaces before its tag) is written as that Markdown, each line
    /// indented alike, so that it stays in the item: directives are read at the margin only.
    func written(block: Bool, directives: Set<String> = Self.defaultDirectives, indent: Int = 0) -> String {
        if block, indent > 0 {
            let text = plain([]) ?? written(block: true, directives: directives)
            let margin = String(repeating: " ", count: indent)
            return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                .map { $0.offset == 0 || $0.element.isEmpty ? String($0.element) : margin + $0.element }.joined(
                    separator: "\n")
        }
        // A directive's body ends at the first line that is only `}`, even inside indented code: a body with such a
        // line of its own (the directives written inside it end with marked ones) is written as the Markdown any
        // theme draws.
        if block,
            bodies.contains(where: {
                $0.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == "}" }
            }),
            let plain = plain([])
        {
            return plain
        }
        if block, let plain = plain(directives) { return plain }
        switch self {
        case .markdown(let text):
            return text
        case .nothing:
            return ""
        case .callout(let kind, let title, let body):
            guard block else { return Self.inline(body) }
            return Self.directive("Callout", [("kind", kind)] + (title.map { [("title", $0)] } ?? []), body: body)
        case .details(let summary, let body):
            guard block else { return summary + " " + Self.inline(body) }
            return Self.directive("Details", [("summary", summary)], body: body)
        case .tabs(let tabs):
            guard block else { return tabs.map { Self.inline($0.body) }.joined(separator: " ") }
            let inner = tabs.map { Self.directive("Tab", [(nil, $0.title)], body: $0.body) }.joined(separator: "\n")
            return Self.mark + "@TabNavigator {\n" + inner + "\n" + Self.mark + "}"
        case .html(let before, let after, let body):
            guard block else { return before + (body.map(Self.inline) ?? "") + after }
            // An HTML block ends at a blank line: the site's HTML on lines of its own, the body as Markdown between.
            let open = Self.oneBlock(before), close = Self.oneBlock(after)
            guard let body else { return open + (close.isEmpty ? "" : "\n" + close) }
            return [open, Self.trimmedLines(body), close].filter { !$0.isEmpty }.joined(separator: "\n\n")
        case .neutral(let name, let body):
            guard let body else { return "" }
            guard block else { return Self.inline(body) }
            // Under its own name, which `directives:` in sectionsite.yml maps to `block` (and an author to another
            // component), unless the name is no directive's or is one the theme draws already.
            if let own = Self.directiveName(name), !directives.contains(own.lowercased()), own.lowercased() != "comment"
            {
                return Self.directive(own, [], body: body)
            }
            return Self.directive("Block", [("kind", name)], body: body)
        }
    }

    /// A tag's name as a directive's (`blocks/cover` is `blocks-cover`), nil when it cannot be one.
    static func directiveName(_ name: String) -> String? {
        let written = String(
            name.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") ? $0 : "-" })
        guard let first = written.first, first.isLetter else { return nil }
        return written
    }

    /// The Markdown bodies the component writes into directives.
    private var bodies: [String] {
        switch self {
        case .callout(_, _, let body), .details(_, let body): [body]
        case .tabs(let tabs): tabs.map(\.body)
        case .neutral(_, let body?): [body]
        default: []
        }
    }

    /// Marks the directives components write, so that escaping the source's own directive-like lines
    /// (`ImportMarkdown.escapingDirectives`, once tags are converted and code is fenced) passes them by;
    /// `unmarked` takes it out.
    static let mark = "\u{E002}"

    /// `text` with the marks of written directives taken out.
    static func unmarked(_ text: String) -> String { text.replacingOccurrences(of: mark, with: "") }

    /// The directives of the default theme that components use.
    static let defaultDirectives: Set<String> = ["callout", "details", "tabnavigator", "tab", "block"]

    /// The directives a theme's files draw (`Themes/<name>/directives/<directive>.mustache`).
    static func directives(in paths: [String]) -> Set<String> {
        Set(
            paths.compactMap { path in
                guard let range = path.range(of: "/directives/"), path.hasSuffix(".mustache") else { return nil }
                return String(path[range.upperBound...].dropLast(".mustache".count)).lowercased()
            })
    }

    /// The component as Markdown every theme draws, where the theme lacks its directive; nil when it has it.
    private func plain(_ directives: Set<String>) -> String? {
        switch self {
        case .callout(let kind, let title, let body) where !directives.contains("callout"):
            // The alert is titled with its kind already: a title that says the same is not repeated.
            let own = title.flatMap { $0.lowercased() == kind.lowercased() ? nil : $0 }
            let lines =
                (own.map { ["**\($0)**", ""] } ?? [])
                + Self.trimmedLines(body).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            return (["[!\(kind.uppercased())]"] + lines).map { $0.isEmpty ? ">" : "> " + $0 }.joined(separator: "\n")
        case .details(let summary, let body) where !directives.contains("details"):
            return "**\(summary)**\n\n" + Self.trimmedLines(body)
        case .tabs(let tabs) where !directives.contains("tabnavigator"):
            return tabs.map { "**\($0.title)**\n\n" + Self.trimmedLines($0.body) }.joined(separator: "\n\n")
        case .neutral(let name, let body?) where !directives.contains("block"):
            _ = name
            return Self.trimmedLines(body)
        default:
            return nil
        }
    }

    /// How many spaces stand before `tag` on its line of `text`.
    static func indent(of tag: Range<String.Index>, in text: String) -> Int {
        let lineStart = text[..<tag.lowerBound].lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
        return text[lineStart..<tag.lowerBound].prefix { $0 == " " }.count
    }

    /// Whether a tag of `text` (opening at `open`, its content ending at `end`) stands on lines of its own: at most
    /// three spaces before it, nothing after its end on that line; such a tag is written as blocks.
    static func standsAlone(_ open: Range<String.Index>, end: String.Index, in text: String) -> Bool {
        let lineStart = text[..<open.lowerBound].lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
        let before = text[lineStart..<open.lowerBound]
        guard before.count <= 3, before.allSatisfy({ $0 == " " }) else { return false }
        return text[end...].prefix { $0 != "\n" }.allSatisfy(\.isWhitespace)
    }

    /// `@Name(label: "value", ...) {`, the body, `}`; without braces when the body is empty.
    static func directive(_ name: String, _ arguments: [(String?, String)], body: String) -> String {
        let list = arguments.map { label, value in
            let quoted =
                "\""
                + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                .replacingOccurrences(of: "\n", with: " ") + "\""
            return (label.map { $0 + ": " } ?? "") + quoted
        }
        let head = Self.mark + "@" + name + (list.isEmpty ? "" : "(" + list.joined(separator: ", ") + ")")
        let inner = trimmedLines(body)
        return inner.isEmpty ? head : head + " {\n" + inner + "\n" + Self.mark + "}"
    }

    /// `text` without the blank lines that open and close it.
    static func trimmedLines(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        while let first = lines.first, first.allSatisfy(\.isWhitespace) { lines.removeFirst() }
        while let last = lines.last, last.allSatisfy(\.isWhitespace) { lines.removeLast() }
        // The spaces every line has (a body written under a list item) are taken off, relative ones kept.
        let margin = lines.filter { !$0.allSatisfy(\.isWhitespace) }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
        return lines.map { $0.allSatisfy(\.isWhitespace) ? "" : String($0.dropFirst(margin)) }.joined(separator: "\n")
    }

    /// A body written inside a line: its lines joined.
    static func inline(_ text: String) -> String {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(
            separator: " ")
    }

    /// HTML as one HTML block: its blank lines taken out (a blank line would end it), its first line at the margin
    /// (where an HTML block must start), the others as written (a `<pre>` keeps its indentation).
    static func oneBlock(_ html: String) -> String {
        let lines = html.split(separator: "\n").filter { !$0.allSatisfy(\.isWhitespace) }
        guard let first = lines.first else { return "" }
        return ([first.drop { $0 == " " || $0 == "\t" }] + lines.dropFirst()).joined(separator: "\n")
    }

    // MARK: The common vocabulary

    /// The alert kind a word names (`info` is a note, `danger` a caution), nil for a word that names none.
    static func alertKind(_ word: String) -> String? {
        switch word.lowercased() {
        case "note", "notes", "info", "information", "primary", "secondary", "pageinfo", "notice", "hint", "todo",
            "abstract",
            "summary", "example", "question", "faq", "light", "dark", "remember", "aside", "see-also", "seealso":
            "note"
        case "tip", "tips", "success", "hint-tip", "good", "check", "done", "help":
            "tip"
        case "important", "attention", "key", "highlight":
            "important"
        case "warning", "warn", "alert", "deprecated", "deprecation", "experimental", "beta", "feature-state":
            "warning"
        case "caution", "danger", "error", "bug", "failure", "fail", "critical", "security", "stop":
            "caution"
        default:
            nil
        }
    }

    /// Names that are boxes of some kind without saying which.
    static let boxWords: Set<String> = [
        "alert", "callout", "admonition", "notice", "box", "aside", "panel", "message", "note",
    ]

    /// Names of collapsible parts.
    static let detailsWords: Set<String> = [
        "details", "collapsible", "collapse", "expand", "expander", "accordion", "spoiler", "toggle", "reveal",
    ]

    /// Names of a set of tabs, and of one tab.
    static let tabsWords: Set<String> = [
        "tabs", "tabpane", "tabset", "codetabs", "code-tabs", "tabbed", "tab-group", "tabgroup",
    ]
    static let tabWords: Set<String> = ["tab", "tabitem", "tab-item", "codetab", "code-tab"]

    /// The title a tag's arguments give (`title`, `header` ...), nil when none.
    static func title(in arguments: [String: String]) -> String? {
        for key in ["title", "header", "heading", "label", "name", "summary", "caption"] {
            if let value = arguments[key], !value.isEmpty { return value }
        }
        return nil
    }

    /// The kind a tag's arguments give (`type="warning"`, `color="danger"`, or a first positional `warning`).
    static func kind(in arguments: [String: String]) -> String? {
        for key in ["kind", "type", "color", "level", "variant", "severity", "style", "class", "state", "0"] {
            if let value = arguments[key], let kind = alertKind(value) { return kind }
        }
        return nil
    }
}
