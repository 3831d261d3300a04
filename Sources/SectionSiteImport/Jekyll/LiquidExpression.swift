import Foundation

/// A Liquid expression read: a value (a literal, a range, a variable with its path) and its filters, or a condition
/// of comparisons joined by `and` and `or`.
enum LiquidExpression {
    /// What a reading does not know, in a few words (`filter 'where_exp'`).
    struct Unsupported: Error, Equatable {
        var what: String
    }

    indirect enum Term: Equatable {
        case literal(SourceValue)
        /// A variable and its path: `site.data.team[0].name` is `site` and `data`, `team`, `0`, `name`.
        case variable(String, [Term])
        case range(Term, Term)
    }

    struct Filter: Equatable {
        var name: String
        var arguments: [Term]
    }

    /// `value | filter: a, b | filter`.
    static func filtered(_ markup: String) throws -> (Term, [Filter]) {
        let parts = split(markup, on: "|")
        guard let first = parts.first else { throw Unsupported(what: "an empty output") }
        let head = try term(first)
        var filters: [Filter] = []
        for part in parts.dropFirst() {
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            let name: String, rest: String
            if let colon = trimmed.firstIndex(of: ":") {
                name = trimmed[..<colon].trimmingCharacters(in: .whitespaces)
                rest = String(trimmed[trimmed.index(after: colon)...])
            } else {
                (name, rest) = (trimmed, "")
            }
            let arguments = try split(rest, on: ",").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map {
                argument in
                // A named argument (`truncate: 20, "…"` has none; `where: "x", y` neither): its value.
                let trimmed = argument.trimmingCharacters(in: .whitespaces)
                if let named = trimmed.firstMatch(of: /^[A-Za-z_][\w-]*\s*:/) {
                    return try term(String(trimmed[named.range.upperBound...]))
                }
                return try term(trimmed)
            }
            filters.append(Filter(name: name, arguments: arguments))
        }
        return (head, filters)
    }

    /// A literal, a range or a variable.
    static func term(_ text: String) throws -> Term {
        let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let first = text.first else { throw Unsupported(what: "an empty value") }
        if first == "\"" || first == "'" {
            guard text.count >= 2, text.last == first else { throw Unsupported(what: "a text that is not closed") }
            return .literal(.string(String(text.dropFirst().dropLast())))
        }
        if first == "(", text.last == ")", let dots = text.range(of: "..") {
            return .range(
                try term(String(text[text.index(after: text.startIndex)..<dots.lowerBound])),
                try term(String(text[dots.upperBound..<text.index(before: text.endIndex)])))
        }
        switch text {
        case "true": return .literal(.bool(true))
        case "false": return .literal(.bool(false))
        case "nil", "null": return .literal(.null)
        case "empty", "blank": return .literal(.string(""))
        default: break
        }
        if let number = Double(text) { return .literal(.number(number)) }
        // A path: names joined by `.`, indexes in brackets.
        var parts: [Term] = []
        var name = ""
        var index = text.startIndex
        var root: String?
        func flush() {
            guard !name.isEmpty else { return }
            if root == nil { root = name } else { parts.append(.literal(.string(name))) }
            name = ""
        }
        while index < text.endIndex {
            let character = text[index]
            if character == "." {
                flush()
            } else if character == "[" {
                flush()
                guard let close = text[index...].firstIndex(of: "]") else { throw Unsupported(what: "'[' without ']'") }
                parts.append(try term(String(text[text.index(after: index)..<close])))
                index = close
            } else if character.isLetter || character.isNumber || character == "_" || character == "-"
                || character == "?"
            {
                name.append(character)
            } else {
                throw Unsupported(what: "'\(text)'")
            }
            index = text.index(after: index)
        }
        flush()
        guard let root else { throw Unsupported(what: "'\(text)'") }
        return .variable(root, parts)
    }

    /// A condition: comparisons joined by `and` and `or` (read from the right, as Liquid does).
    indirect enum Condition: Equatable {
        case value(Term)
        case compare(Term, String, Term)
        case and(Condition, Condition)
        case or(Condition, Condition)
    }

    static func condition(_ markup: String) throws -> Condition {
        let words = split(markup, on: " ")
        if let index = words.firstIndex(where: { $0 == "or" || $0 == "and" }) {
            let left = try condition(words[..<index].joined(separator: " "))
            let right = try condition(words[(index + 1)...].joined(separator: " "))
            return words[index] == "or" ? .or(left, right) : .and(left, right)
        }
        for op in ["==", "!=", "<>", ">=", "<=", ">", "<", "contains"] {
            if let index = words.firstIndex(of: op) {
                return .compare(
                    try term(words[..<index].joined(separator: " ")), op == "<>" ? "!=" : op,
                    try term(words[(index + 1)...].joined(separator: " ")))
            }
        }
        return .value(try term(words.joined(separator: " ")))
    }

    /// `text` split at `separator` outside quotes and brackets, pieces kept as written (empty ones dropped for `" "`).
    static func split(_ text: String, on separator: Character) -> [String] {
        var parts: [String] = []
        var current = ""
        var quote: Character?
        var depth = 0
        for character in text {
            if let open = quote {
                current.append(character)
                if character == open { quote = nil }
                continue
            }
            switch character {
            case "\"", "'": quote = character
            case "(", "[": depth += 1
            case ")", "]": depth -= 1
            default: break
            }
            if character == separator && depth == 0 {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current)
        if separator == " " { return parts.filter { !$0.isEmpty } }
        return parts
    }
}
