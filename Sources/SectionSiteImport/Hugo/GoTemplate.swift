import Foundation

/// The part of Go's `text/template` that a site's small Hugo shortcodes use, read and run at import time so that
/// what a shortcode draws can be written as a component of the new site (`ShortcodeTranslation`).
///
/// Why our own: no Swift package here reads Go templates, and the subset is small (text, actions with pipes,
/// `if`/`with`/`range`/`else`, variables, a few dozen of Hugo's functions). Anything outside it throws
/// `Unsupported` naming what it met, and the shortcode falls back to the neutral component.
struct GoTemplate {
    /// What this reader does not run, in a few words (`function 'resources.Get'`).
    struct Unsupported: Error, Equatable {
        var what: String
    }

    indirect enum Node {
        case text(String)
        case action(Pipeline)
        /// `if` and `else if` branches, then `else`.
        case conditional(branches: [(Pipeline, [Node])], otherwise: [Node])
        case with(Pipeline, [Node], otherwise: [Node])
        case range(key: String?, value: String?, Pipeline, [Node], otherwise: [Node])
        case assign(name: String, Pipeline)
    }

    /// Commands joined by `|`: each command's value is the last argument of the next.
    struct Pipeline {
        var commands: [[Operand]]
    }

    indirect enum Operand {
        case literal(Value)
        /// A chain of fields from dot (`.Site.Params.x`), a variable (`$x.y`), or a function's name (`site.Params`).
        case chain(base: Base, fields: [String])
        case group(Pipeline, fields: [String])

        enum Base: Equatable {
            case dot
            case variable(String)
            case identifier(String)
        }
    }

    typealias Value = SourceValue

    var nodes: [Node]

    /// Reads `text`; throws `Unsupported` for what this reader does not know (`define`, `template`, `block`).
    init(_ text: String) throws {
        var parser = Parser(tokens: try Self.lex(text))
        nodes = try parser.nodes(until: [])
        guard parser.index == parser.tokens.count else { throw Unsupported(what: "'{{ end }}' without a block") }
    }

    // MARK: Reading

    enum Token {
        case text(String)
        case action(String)
    }

    /// Text and actions, with `{{-` and `-}}` trimming the spaces beside them and comments dropped.
    static func lex(_ text: String) throws -> [Token] {
        var tokens: [Token] = []
        var rest = Substring(text)
        var trimNext = false
        while let open = rest.range(of: "{{") {
            var before = String(rest[..<open.lowerBound])
            if trimNext { before = String(before.drop(while: \.isWhitespace)) }
            var inner = rest[open.upperBound...]
            let trimBefore = inner.hasPrefix("- ") || inner.hasPrefix("-\n") || inner.hasPrefix("-\t")
            if trimBefore {
                inner = inner.dropFirst()
                while let last = before.last, last.isWhitespace { before.removeLast() }
            }
            if !before.isEmpty { tokens.append(.text(before)) }
            // A comment ends at `*/` and the braces after it, whatever it holds (examples with `}}` in them).
            let afterSpaces = inner.drop(while: \.isWhitespace)
            if afterSpaces.hasPrefix("/*"), let close = afterSpaces.range(of: "*/"),
                let end = afterSpaces[close.upperBound...].firstMatch(of: /^\s*(-?)\s*\}\}/)
            {
                trimNext = !end.output.1.isEmpty
                rest = afterSpaces[end.range.upperBound...]
                continue
            }
            // The end of the action, outside quotes.
            var index = inner.startIndex
            var quote: Character?
            var end: Substring.Index?
            while index < inner.endIndex {
                let character = inner[index]
                if let open = quote {
                    if character == "\\" && open == "\"" {
                        index = inner.index(after: index)
                    } else if character == open {
                        quote = nil
                    }
                } else if character == "\"" || character == "`" {
                    quote = character
                } else if inner[index...].hasPrefix("}}") {
                    end = index
                    break
                }
                if index < inner.endIndex { index = inner.index(after: index) }
            }
            guard let end else { throw Unsupported(what: "an action that is not closed") }
            var action = inner[..<end]
            trimNext = false
            if action.hasSuffix(" -") || action.hasSuffix("\n-") || action.hasSuffix("\t-") {
                action = action.dropLast()
                trimNext = true
            }
            let body = action.trimmingCharacters(in: .whitespacesAndNewlines)
            if !(body.hasPrefix("/*") && body.hasSuffix("*/")) { tokens.append(.action(body)) }
            rest = inner[inner.index(end, offsetBy: 2)...]
        }
        var tail = String(rest)
        if trimNext { tail = String(tail.drop(while: \.isWhitespace)) }
        if !tail.isEmpty { tokens.append(.text(tail)) }
        return tokens
    }

    struct Parser {
        var tokens: [Token]
        var index = 0

        /// Nodes up to one of `ends` (`end`, `else`), which is left to read.
        mutating func nodes(until ends: Set<String>) throws -> [Node] {
            var nodes: [Node] = []
            while index < tokens.count {
                switch tokens[index] {
                case .text(let text):
                    nodes.append(.text(text))
                    index += 1
                case .action(let action):
                    let words = Words(action)
                    let keyword = words.first
                    if ends.contains(keyword) { return nodes }
                    index += 1
                    switch keyword {
                    case "if":
                        nodes.append(try conditional(words.rest))
                    case "with":
                        // `with $x := pipeline`: the variable is set, then tested.
                        var rest = words.rest
                        if rest.hasPrefix("$"), let assign = rest.range(of: ":=") {
                            let name = rest[..<assign.lowerBound].trimmingCharacters(in: .whitespaces)
                            let value = String(rest[assign.upperBound...])
                            nodes.append(.assign(name: name, try Words.pipeline(value)))
                            rest = name
                        }
                        let pipeline = try Words.pipeline(rest)
                        let body = try self.nodes(until: ["else", "end"])
                        let otherwise = try elseBranch()
                        nodes.append(.with(pipeline, body, otherwise: otherwise))
                    case "range":
                        var rest = words.rest
                        var key: String?, value: String?
                        if let assign = rest.range(of: ":="), rest.hasPrefix("$") {
                            let names = rest[..<assign.lowerBound].split(separator: ",").map {
                                $0.trimmingCharacters(in: .whitespaces)
                            }
                            if names.count == 2 { (key, value) = (names[0], names[1]) } else { value = names.first }
                            rest = String(rest[assign.upperBound...])
                        }
                        let pipeline = try Words.pipeline(rest)
                        let body = try self.nodes(until: ["else", "end"])
                        let otherwise = try elseBranch()
                        nodes.append(.range(key: key, value: value, pipeline, body, otherwise: otherwise))
                    case "define", "template", "block", "break", "continue", "try":
                        throw Unsupported(what: "'\(keyword)'")
                    case "end", "else":
                        throw Unsupported(what: "'{{ \(keyword) }}' without a block")
                    default:
                        if action.hasPrefix("$"), let assign = action.range(of: ":=") ?? action.range(of: " = ") {
                            let name = action[..<assign.lowerBound].trimmingCharacters(in: .whitespaces)
                            guard name.wholeMatch(of: /\$\w+/) != nil else {
                                throw Unsupported(what: "assignment to '\(name)'")
                            }
                            nodes.append(.assign(name: name, try Words.pipeline(String(action[assign.upperBound...]))))
                        } else {
                            nodes.append(.action(try Words.pipeline(action)))
                        }
                    }
                }
            }
            guard ends.isEmpty else { throw Unsupported(what: "a block without '{{ end }}'") }
            return nodes
        }

        mutating func conditional(_ condition: String) throws -> Node {
            guard !condition.hasPrefix("$") || !condition.contains(":=") else {
                throw Unsupported(what: "'if' with an assignment")
            }
            var branches = [(try Words.pipeline(condition), try nodes(until: ["else", "end"]))]
            var otherwise: [Node] = []
            while index < tokens.count, case .action(let action) = tokens[index] {
                index += 1
                let words = Words(action)
                if words.first == "end" { break }
                let rest = Words(words.rest)
                if rest.first == "if" {
                    branches.append((try Words.pipeline(rest.rest), try nodes(until: ["else", "end"])))
                } else {
                    otherwise = try nodes(until: ["end"])
                    index += 1
                    break
                }
            }
            return .conditional(branches: branches, otherwise: otherwise)
        }

        mutating func elseBranch() throws -> [Node] {
            guard index < tokens.count, case .action(let action) = tokens[index] else {
                throw Unsupported(what: "a block without '{{ end }}'")
            }
            index += 1
            guard Words(action).first == "else" else { return [] }
            guard Words(Words(action).rest).first.isEmpty else { throw Unsupported(what: "'else with'") }
            let otherwise = try nodes(until: ["end"])
            index += 1
            return otherwise
        }
    }

    /// An action's first word and the rest.
    struct Words {
        var first: String
        var rest: String

        init(_ action: String) {
            let trimmed = action.trimmingCharacters(in: .whitespacesAndNewlines)
            let word = trimmed.prefix { !$0.isWhitespace }
            first = String(word)
            rest = trimmed.dropFirst(word.count).trimmingCharacters(in: .whitespacesAndNewlines)
        }

        static func pipeline(_ text: String) throws -> Pipeline {
            var scanner = Scanner(Array(text))
            let pipeline = try scanner.pipeline()
            scanner.skipSpaces()
            guard scanner.atEnd else { throw Unsupported(what: "'\(text)'") }
            return pipeline
        }
    }

    struct Scanner {
        var characters: [Character]
        var index = 0

        init(_ characters: [Character]) { self.characters = characters }

        var atEnd: Bool { index >= characters.count }

        mutating func skipSpaces() {
            while index < characters.count, characters[index].isWhitespace { index += 1 }
        }

        mutating func pipeline() throws -> Pipeline {
            var commands: [[Operand]] = []
            var command: [Operand] = []
            while true {
                skipSpaces()
                guard index < characters.count else { break }
                let character = characters[index]
                if character == ")" { break }
                if character == "|" {
                    guard !command.isEmpty else { throw Unsupported(what: "an empty command") }
                    commands.append(command)
                    command = []
                    index += 1
                    continue
                }
                command.append(try operand())
            }
            guard !command.isEmpty else { throw Unsupported(what: "an empty command") }
            commands.append(command)
            return Pipeline(commands: commands)
        }

        mutating func operand() throws -> Operand {
            let character = characters[index]
            if character == "\"" || character == "`" {
                index += 1
                var text = ""
                while index < characters.count, characters[index] != character {
                    if character == "\"", characters[index] == "\\", index + 1 < characters.count {
                        index += 1
                        switch characters[index] {
                        case "n": text.append("\n")
                        case "t": text.append("\t")
                        default: text.append(characters[index])
                        }
                    } else {
                        text.append(characters[index])
                    }
                    index += 1
                }
                guard index < characters.count else { throw Unsupported(what: "a text that is not closed") }
                index += 1
                return .literal(.string(text))
            }
            if character == "(" {
                index += 1
                let inner = try pipeline()
                guard index < characters.count, characters[index] == ")" else {
                    throw Unsupported(what: "'(' without ')'")
                }
                index += 1
                return .group(inner, fields: fields())
            }
            let start = index
            while index < characters.count, !characters[index].isWhitespace, !"|()".contains(characters[index]) {
                index += 1
            }
            let word = String(characters[start..<index])
            if word == "true" || word == "false" { return .literal(.bool(word == "true")) }
            if word == "nil" { return .literal(.null) }
            if let number = Double(word) { return .literal(.number(number)) }
            if word == "." { return .chain(base: .dot, fields: []) }
            if word.hasPrefix(".") {
                return .chain(base: .dot, fields: word.dropFirst().split(separator: ".").map(String.init))
            }
            let parts = word.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            if word.hasPrefix("$") { return .chain(base: .variable(parts[0]), fields: Array(parts.dropFirst())) }
            guard let first = parts.first, first.first?.isLetter == true else { throw Unsupported(what: "'\(word)'") }
            // `strings.TrimSpace` is one function's name; `site.Params.x` is a function and its fields.
            if parts.count > 1, Self.namespaces.contains(first) {
                return .chain(base: .identifier(parts[0] + "." + parts[1]), fields: Array(parts.dropFirst(2)))
            }
            return .chain(base: .identifier(first), fields: Array(parts.dropFirst()))
        }

        /// `.a.b` right after a group.
        mutating func fields() -> [String] {
            let start = index
            while index < characters.count, !characters[index].isWhitespace, !"|()".contains(characters[index]) {
                index += 1
            }
            return String(characters[start..<index]).split(separator: ".").map(String.init)
        }

        static let namespaces: Set<String> = [
            "strings", "math", "collections", "transform", "urls", "safe", "fmt", "lang", "time", "cast", "hugo",
            "resources", "images",
            "os", "path", "crypto", "encoding", "compare", "inflect", "js", "css", "partials", "templates", "openapi3",
            "diagrams",
            "data", "debug", "reflect", "hash",
        ]
    }
}
