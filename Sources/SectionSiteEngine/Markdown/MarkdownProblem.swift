/// What is wrong in a Markdown body: a directive's syntax or arguments, or a picture it cannot draw. A problem is at
/// its line and column in the file; in an item's body, at the item.
enum MarkdownProblem: Problem, Equatable {
    /// `@Name` names no template of the theme's `directives/`; `known` lists those there are.
    case unknownDirective(String, template: String, known: String)
    /// A directive's arguments open with `(` and never close.
    case unclosedArguments(String)
    /// Text after a directive's arguments other than `{`.
    case unexpectedAfterArguments(String, directive: String)
    /// A directive's body opened by `{` with no line of only `}` to close it.
    case unclosedBody(String)
    /// A `"` inside an unquoted argument value.
    case unexpectedQuote
    /// An argument label that is not a name.
    case notALabel(String)
    /// Text after a quoted argument value.
    case unexpectedAfterQuote(Character)
    /// An argument with a label and no value.
    case argumentWithoutValue
    /// An argument given twice.
    case argumentGivenTwice(String, directive: String)
    /// An argument the directive's template does not declare; `known` lists those it does.
    case unknownArgument(String, directive: String, known: String)
    /// A `number` argument that is not one.
    case notANumber(String, directive: String, value: String)
    /// A `required` argument not given.
    case missingArgument(String, directive: String)
    /// A picture that cannot be found or read: drawn as written (a warning).
    case pictureUnusable(String, path: SourcePath, reason: String)
    /// A picture refused (outside the site, past `images.maxBytes` or `maxPixels`).
    case pictureRefused(String, path: SourcePath, reason: String)

    var severity: Diagnostic.Severity {
        if case .pictureUnusable = self { .warning } else { .error }
    }

    var identified: (id: Diagnostic.ID, message: String) {
        switch self {
        case .unknownDirective(let name, let template, let known):
            ("markdown.unknown-directive", "unknown directive '@\(name)': no template \(template) (known: \(known))")
        case .unclosedArguments(let name): ("markdown.unclosed-arguments", "'@\(name)(' has no closing ')'")
        case .unexpectedAfterArguments(let text, let name):
            (
                "markdown.unexpected-after-arguments",
                "unexpected '\(text)' after '@\(name)': a directive's line ends after its arguments or with '{'"
            )
        case .unclosedBody(let name):
            ("markdown.unclosed-body", "'@\(name) {' is not closed: no line with only '}' ends it")
        case .unexpectedQuote: ("markdown.unexpected-quote", "unexpected '\"' in an argument")
        case .notALabel(let name): ("markdown.not-a-label", "'\(name)' is no argument label")
        case .unexpectedAfterQuote(let character):
            ("markdown.unexpected-after-quote", "unexpected '\(character)' after a quoted value")
        case .argumentWithoutValue: ("markdown.argument-without-value", "an argument has no value")
        case .argumentGivenTwice(let label, let name):
            ("markdown.argument-given-twice", "'@\(name)' is given '\(label)' twice")
        case .unknownArgument(let what, let name, let known):
            ("markdown.unknown-argument", "'@\(name)' takes \(what) (it takes \(known.isEmpty ? "none" : known))")
        case .notANumber(let label, let name, let value):
            ("markdown.not-a-number", "'\(label)' of '@\(name)' must be a number, not '\(value)'")
        case .missingArgument(let what, let name): ("markdown.missing-argument", "'@\(name)' needs \(what)")
        case .pictureUnusable(let destination, let path, let reason):
            ("markdown.picture-unusable", "image '\(destination)' (\(path)) \(reason)")
        case .pictureRefused(let destination, let path, let reason):
            ("markdown.picture-refused", "image '\(destination)' (\(path)) \(reason)")
        }
    }
}
