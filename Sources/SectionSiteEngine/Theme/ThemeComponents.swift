import Foundation

/// What a theme gives Markdown: the directives it draws (`directives/<name>.mustache`) and the render hooks that
/// replace how an element is drawn (`hooks/link`, `hooks/image`, `hooks/heading`, `hooks/codeblock`,
/// `hooks/codeblock-<language>`).
struct ThemeComponents: Sendable {
    /// A directive's template, and the arguments it declares.
    struct Directive: Sendable, Equatable {
        /// The template (`directives/row`).
        var template: String
        /// The arguments the template declares in a first-line comment (`{{! arguments: source (image, required),
        /// alt }}`); nil when it declares none, and then any argument is taken.
        var arguments: [Argument]?
    }

    /// A declared argument.
    struct Argument: Sendable, Equatable {
        /// What a value must be.
        enum Kind: String, Sendable, Equatable, CaseIterable {
            /// Any text.
            case text
            /// A number (`2`, `0.5`).
            case number
            /// A link: a relative one is resolved against the page's file, as Markdown links are, and checked.
            case url
            /// A local raster image, processed like a Markdown image, or any other URL.
            case image
        }

        /// The label; `value` is the unlabeled argument.
        var name: String
        var kind: Kind
        var isRequired: Bool
    }

    /// The directives by lowercased name.
    var directives: [String: Directive]
    /// The hooks the theme has (`link`, `codeblock-swift`).
    var hooks: Set<String>
    /// The directive every theme has: `@Comment { ... }` is dropped from the output.
    static let comment = "comment"

    /// The components among `texts`, a theme's templates by name; a malformed declaration is an error at its line.
    init(texts: [String: String], themePath: String) throws {
        var directives: [String: Directive] = [:]
        var hooks = Set<String>()
        var problems: [Diagnostic] = []
        for (name, text) in texts {
            if name.hasPrefix("hooks/") {
                hooks.insert(String(name.dropFirst("hooks/".count)))
            } else if name.hasPrefix("directives/"), !name.dropFirst("directives/".count).contains("/") {
                let key = name.dropFirst("directives/".count).lowercased()
                do {
                    directives[key] = Directive(template: name, arguments: try Self.declaredArguments(text))
                } catch let problem as ThemeProblem {
                    problems.append(
                        problem.at(SourceLocation(file: "\(themePath)/\(name).mustache", line: 1, column: 1)))
                }
            }
        }
        if !problems.isEmpty { throw SectionSiteError(problems.sorted { $0.description < $1.description }) }
        self.directives = directives
        self.hooks = hooks
    }

    /// The arguments a template declares in a Mustache comment that opens it:
    /// `{{! arguments: source (image, required), alt, size (number) }}`.
    static func declaredArguments(_ text: String) throws -> [Argument]? {
        let start = text.drop(while: { $0.isWhitespace })
        guard start.hasPrefix("{{!"), let end = start.range(of: "}}") else { return nil }
        let comment = start[start.index(start.startIndex, offsetBy: 3)..<end.lowerBound].trimmingCharacters(
            in: .whitespacesAndNewlines)
        guard comment.hasPrefix("arguments:") else { return nil }
        var arguments: [Argument] = []
        var rest = Substring(comment.dropFirst("arguments:".count))
        while !rest.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            rest = rest.drop(while: { $0.isWhitespace || $0 == "," })
            let name = rest.prefix(while: { $0.isLetter || $0.isNumber || $0 == "_" })
            guard !name.isEmpty else {
                throw ThemeProblem.badArguments("expected an argument name at '\(rest.prefix(20))'")
            }
            rest = rest.dropFirst(name.count).drop(while: { $0.isWhitespace })
            var argument = Argument(name: String(name), kind: .text, isRequired: false)
            if rest.first == "(" {
                guard let close = rest.firstIndex(of: ")") else {
                    throw ThemeProblem.badArguments("'(' without ')'")
                }
                for word in rest[rest.index(after: rest.startIndex)..<close].split(separator: ",") {
                    let word = word.trimmingCharacters(in: .whitespaces)
                    if word == "required" {
                        argument.isRequired = true
                    } else if let kind = Argument.Kind(rawValue: word) {
                        argument.kind = kind
                    } else {
                        throw ThemeProblem.badArguments(
                            "'\(word)' is not 'required' or a kind ("
                                + Argument.Kind.allCases.map(\.rawValue).joined(separator: ", ") + ")")
                    }
                }
                rest = rest[rest.index(after: close)...]
            }
            arguments.append(argument)
        }
        return arguments
    }
}
