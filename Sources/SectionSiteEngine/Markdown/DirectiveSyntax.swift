import Foundation

/// DocC's directive syntax, read out of a Markdown text before libcmark-gfm sees it:
///
/// ```text
/// @Row {                                   a block directive: its body is Markdown, nested directives too
///   @Column { One line of Markdown }
///   @Column(size: 2) {
///     Several lines.
///   }
/// }
/// @Video(source: "intro.mp4", poster: "intro.jpg")    a leaf directive: arguments, no body
/// @Tab("Swift") { ... }                    an unlabeled argument
/// ```
///
/// A directive starts a line (after at most three spaces, outside fenced code) with `@`, a name, and then `(`, `{`
/// or the end of the line; `@name said` stays text. Its body ends at a line that is only `}`; between the braces,
/// lines opening a directive of their own with `{` nest. Each directive is replaced in the text by an ATX heading
/// holding a marker (`###### ` + U+E000 (a private-use character) + its number + U+FDD0) on its first line and blank
/// lines for the rest, so that libcmark-gfm parses the text around it as written (a heading interrupts a paragraph),
/// line numbers stay those of the file, and the renderer swaps the marker's heading for the directive's HTML.
///
/// libcmark-gfm has no extension point for block syntax of this shape (its extensions are tables, strikethrough and
/// the like, written in C against its internals); swift-markdown reads directives but is a second Markdown parser
/// with other output, which would give two renderings of one page.
struct DirectiveSyntax: Sendable, Equatable {
    /// One `label: value` or unlabeled `value` argument.
    struct Argument: Sendable, Equatable {
        /// The label, nil for the unlabeled argument.
        var label: String?
        /// The value, quotes and escapes removed.
        var value: String
        /// Where the argument starts, from 1 in the text given.
        var line: Int, column: Int
    }

    /// A directive as written.
    struct Directive: Sendable, Equatable {
        /// The name as written (`Row`).
        var name: String
        /// The arguments in order.
        var arguments: [Argument]
        /// The body, read as a text of its own (its nested directives replaced by markers); nil for a leaf.
        var body: DirectiveSyntax?
        /// Where the `@` is, from 1 in the text given.
        var line: Int, column: Int
        /// The directive's text as written, from `@` to its closing brace: what its identity hashes.
        var source: String
    }

    /// A mistake in the syntax, where it is in the text given.
    typealias Problem = Markdown.Problem

    /// The text with each directive replaced by its marker, for libcmark-gfm.
    var text: String
    /// The directives, in order: the marker numbered `n` stands for `directives[n]`.
    var directives: [Directive]
    /// Syntax errors, in order.
    var problems: [Problem]
    /// The line of the text given that the first line of `text` is (1 for a page body; a body's own line in its file
    /// otherwise), and how many columns its lines were moved left: to turn libcmark-gfm's positions into the file's.
    var firstLine: Int, indent: Int

    /// The marker that stands for directive `number` in `text`.
    static func marker(_ number: Int) -> String { "\u{E000}\(number)\u{E000}" }

    /// For a heading's text, the number of the directive whose marker it is.
    static func number(inMarker text: String) -> Int? {
        guard text.count > 2, text.first == "\u{E000}", text.last == "\u{E000}" else { return nil }
        return Int(text.dropFirst().dropLast())
    }

    /// Whether a text could hold a directive at all: the common case, a body without `@` at the start of a line,
    /// costs one scan.
    static func mayHoldDirectives(_ text: String) -> Bool {
        // Most bodies have no `@` at all: memchr says so at memory speed, where the loop below went a byte at a time.
        let hasAt = text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.baseAddress.map { memchr($0, Int32(UInt8(ascii: "@")), bytes.count) != nil } ?? false
        }
        if hasAt == false { return false }
        var atLineStart = true
        var spaces = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\n") {
                atLineStart = true
                spaces = 0
            } else if atLineStart && byte == UInt8(ascii: " ") && spaces < 3 {
                spaces += 1
            } else {
                if atLineStart && byte == UInt8(ascii: "@") { return true }
                atLineStart = false
            }
        }
        return false
    }

    /// Reads `text`, whose first line is line `firstLine` of its file and whose lines were moved `indent` columns
    /// left.
    ///
    /// - Complexity: O(n) in the length of `text`, for each level of nesting.
    init(_ text: String, firstLine: Int = 1, indent: Int = 0) {
        self.firstLine = firstLine
        self.indent = indent
        self.directives = []
        self.problems = []
        self.text = text
        guard Self.mayHoldDirectives(text) else { return }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var output: [Substring] = []
        output.reserveCapacity(lines.count)
        var fence = Fence()
        var index = 0
        while index < lines.count {
            let line = lines[index]
            if fence.isOpen || Fence.opening(line) != nil {
                fence.read(line)
                output.append(line)
                index += 1
                continue
            }
            guard let opening = Opening(line) else {
                output.append(line)
                index += 1
                continue
            }
            let (directive, next) = read(opening, at: index, in: lines)
            let marker = "###### " + Self.marker(directives.count)
            directives.append(directive)
            output.append(Substring(marker))
            output.append(contentsOf: repeatElement("", count: next - index - 1))
            index = next
        }
        self.text = output.joined(separator: "\n")
    }

    /// Reads the directive that `opening` starts at line `index`; returns it and the index of the line after it.
    private mutating func read(_ opening: Opening, at index: Int, in lines: [Substring]) -> (Directive, Int) {
        let fileLine = firstLine + index
        var directive = Directive(
            name: opening.name, arguments: [], body: nil, line: fileLine, column: opening.column + indent, source: "")
        // Arguments, which may go on over several lines.
        var rest = opening.rest
        var lineIndex = index
        var restColumn = opening.restColumn
        if rest.first == "(" {
            var arguments = ArgumentReader(line: fileLine, column: restColumn + indent)
            var text = rest.dropFirst()
            arguments.column += 1
            while true {
                if let after = arguments.read(text) {
                    restColumn = arguments.column - indent
                    rest = after
                    break
                }
                lineIndex += 1
                guard lineIndex < lines.count else {
                    problems.append(
                        Problem(kind: .unclosedArguments(opening.name), line: fileLine, column: directive.column))
                    return (directive, lines.count)
                }
                text = lines[lineIndex]
                arguments.line = firstLine + lineIndex
                arguments.column = 1 + indent
            }
            directive.arguments = arguments.arguments
            problems += arguments.problems
        }
        let afterArguments = rest.drop(while: { $0 == " " || $0 == "\t" })
        restColumn += rest.count - afterArguments.count
        guard let brace = afterArguments.first else {
            directive.source = lines[index...lineIndex].joined(separator: "\n")
            return (directive, lineIndex + 1)
        }
        guard brace == "{" else {
            problems.append(
                Problem(
                    kind: .unexpectedAfterArguments(String(afterArguments.prefix(20)), directive: opening.name),
                    line: firstLine + lineIndex, column: restColumn + indent))
            directive.source = lines[index...lineIndex].joined(separator: "\n")
            return (directive, lineIndex + 1)
        }
        let inner = afterArguments.dropFirst()
        let trimmed = inner.trimmingTrailingSpaces()
        if trimmed.last == "}" {  // `@Column { one line }`
            let content = trimmed.dropLast().drop(while: { $0 == " " || $0 == "\t" })
            let column = restColumn + 1 + (inner.count - inner.drop(while: { $0 == " " || $0 == "\t" }).count) + indent
            directive.body = DirectiveSyntax(
                String(content.trimmingTrailingSpaces()), firstLine: firstLine + lineIndex, indent: column)
            directive.source = lines[index...lineIndex].joined(separator: "\n")
            return (directive, lineIndex + 1)
        }
        // A body over the lines that follow, up to the `}` that closes it.
        let startsOnOpeningLine = !trimmed.allSatisfy { $0 == " " || $0 == "\t" }
        var (bodyLines, end) = Self.body(in: lines, after: lineIndex)
        if startsOnOpeningLine { bodyLines.insert(inner.drop(while: { $0 == " " }), at: 0) }
        guard end < lines.count else {
            problems.append(
                Problem(kind: .unclosedBody(opening.name), line: fileLine, column: directive.column))
            return (directive, lines.count)
        }
        let firstBodyLine = firstLine + lineIndex + (startsOnOpeningLine ? 0 : 1)
        let shift =
            bodyLines.filter { !$0.allSatisfy { $0 == " " || $0 == "\t" } }
            .map { $0.prefix(while: { $0 == " " }).count }.min() ?? 0
        let dedented = bodyLines.map { $0.allSatisfy({ $0 == " " || $0 == "\t" }) ? "" : $0.dropFirst(shift) }
        directive.body = DirectiveSyntax(
            dedented.joined(separator: "\n"), firstLine: firstBodyLine, indent: indent + shift)
        directive.source = lines[index...end].joined(separator: "\n")
        return (directive, end + 1)
    }

    /// The lines of a body that starts after line `opening`, up to the line with only the `}` that closes it (the
    /// index of that line; `lines.count` when none does). Braces in fenced code and in nested directives' lines are
    /// the code's and theirs.
    private static func body(in lines: [Substring], after opening: Int) -> (lines: [Substring], end: Int) {
        var bodyLines: [Substring] = []
        var depth = 0
        var fence = Fence()
        var end = opening + 1
        while end < lines.count {
            let line = lines[end]
            if fence.isOpen || Fence.opening(line) != nil {
                fence.read(line)
            } else {
                let content = line.drop(while: { $0 == " " || $0 == "\t" }).trimmingTrailingSpaces()
                if content == "}" {
                    if depth == 0 { break }
                    depth -= 1
                } else if content.first == "@", content.last == "{", Opening(content) != nil {
                    depth += 1
                }
            }
            bodyLines.append(line)
            end += 1
        }
        return (bodyLines, end)
    }

    /// The start of a directive's line: `@Name` and what follows it.
    private struct Opening {
        var name: String
        /// From 1: the column of the `@`.
        var column: Int
        /// What follows the name, and its column.
        var rest: Substring
        var restColumn: Int

        /// Nil unless the line is `@` and a name (a letter, then letters, digits, `_` and `-`) followed by `(`, `{`,
        /// spaces or nothing, after at most three spaces.
        init?(_ line: Substring) {
            let spaces = line.prefix(while: { $0 == " " }).count
            guard spaces <= 3 else { return nil }
            var rest = line.dropFirst(spaces)
            guard rest.first == "@" else { return nil }
            rest = rest.dropFirst()
            guard let first = rest.first, first.isASCII, first.isLetter else { return nil }
            let name = rest.prefix(while: { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") })
            let after = rest.dropFirst(name.count)
            let next = after.drop(while: { $0 == " " || $0 == "\t" }).first
            guard after.first == "(" || next == nil || next == "{" else { return nil }
            self.name = String(name)
            self.column = spaces + 1
            self.rest = after
            self.restColumn = spaces + 2 + name.count
        }
    }

    /// Reads `label: value, "value"` up to the closing `)`, over as many lines as it takes.
    private struct ArgumentReader {
        var arguments: [Argument] = []
        var problems: [Problem] = []
        /// Where the reader is in the file.
        var line: Int, column: Int
        private var label: String?
        private var labelStart: (line: Int, column: Int)?
        private var value = ""
        private var started: (line: Int, column: Int)?
        private var quoted = false
        private var inQuotes = false
        private var escaped = false
        private var afterColon = false

        init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }

        /// Reads one line's worth; returns what follows the `)` when it is on this line.
        mutating func read(_ text: Substring) -> Substring? {
            var index = text.startIndex
            while index < text.endIndex {
                let character = text[index]
                defer {
                    column += 1
                    index = text.index(after: index)
                }
                if inQuotes {
                    if escaped {
                        value.append(character == "n" ? "\n" : character)
                        escaped = false
                    } else if character == "\\" {
                        escaped = true
                    } else if character == "\"" {
                        inQuotes = false
                    } else {
                        value.append(character)
                    }
                    continue
                }
                switch character {
                case "\"":
                    if started == nil { started = (line, column) }
                    if quoted || !value.trimmingCharacters(in: .whitespaces).isEmpty {
                        problems.append(Problem(kind: .unexpectedQuote, line: line, column: column))
                    }
                    quoted = true
                    inQuotes = true
                    value = ""
                case ":" where label == nil && !quoted && !afterColon:
                    let name = value.trimmingCharacters(in: .whitespaces)
                    if name.isEmpty || !name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
                        problems.append(Problem(kind: .notALabel(name), line: line, column: column))
                    }
                    label = name
                    labelStart = started
                    value = ""
                    started = nil
                    afterColon = true
                case ",":
                    finish(at: (line, column))
                case ")":
                    finish(at: (line, column), closing: true)
                    return text[text.index(after: index)...]
                default:
                    if character != " " && character != "\t" && started == nil { started = (line, column) }
                    if quoted && character != " " && character != "\t" {
                        problems.append(
                            Problem(kind: .unexpectedAfterQuote(character), line: line, column: column))
                    }
                    value.append(character)
                }
            }
            if inQuotes { value.append("\n") }
            return nil
        }

        private mutating func finish(at place: (line: Int, column: Int), closing: Bool = false) {
            defer {
                label = nil
                labelStart = nil
                value = ""
                started = nil
                quoted = false
                afterColon = false
            }
            let trimmed = quoted ? value : value.trimmingCharacters(in: .whitespaces)
            if !quoted && trimmed.isEmpty {
                if label != nil || !closing || !arguments.isEmpty {
                    problems.append(
                        Problem(kind: .argumentWithoutValue, line: place.line, column: place.column))
                }
                return
            }
            let start = labelStart ?? started ?? place
            arguments.append(Argument(label: label, value: trimmed, line: start.line, column: start.column))
        }
    }

    /// Fenced code, whose lines are never directives.
    private struct Fence {
        private var marker: (character: Character, count: Int)?
        var isOpen: Bool { marker != nil }

        /// The fence a line opens: three or more backticks or tildes after at most three spaces.
        static func opening(_ line: Substring) -> (character: Character, count: Int)? {
            let spaces = line.prefix(while: { $0 == " " }).count
            guard spaces <= 3, let first = line.dropFirst(spaces).first, first == "`" || first == "~" else {
                return nil
            }
            let count = line.dropFirst(spaces).prefix(while: { $0 == first }).count
            return count >= 3 ? (first, count) : nil
        }

        mutating func read(_ line: Substring) {
            guard let fence = Self.opening(line) else { return }
            if let open = marker {
                let rest = line.drop(while: { $0 == " " }).dropFirst(fence.count)
                if fence.character == open.character, fence.count >= open.count,
                    rest.allSatisfy({ $0 == " " || $0 == "\t" })
                {
                    marker = nil
                }
            } else {
                marker = fence
            }
        }
    }
}

extension Substring {
    /// The text without the spaces and tabs at its end.
    fileprivate func trimmingTrailingSpaces() -> Substring {
        var end = endIndex
        while end > startIndex, self[index(before: end)] == " " || self[index(before: end)] == "\t" {
            end = index(before: end)
        }
        return self[startIndex..<end]
    }
}
