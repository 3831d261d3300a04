/// What is wrong with a theme: one that is not there, a template that does not parse or includes itself without
/// end, a kind no template draws, a component declared badly, or a text a language lacks.
enum ThemeProblem: Problem, Error {
    /// `theme:` names no folder of `Themes/` and no built-in theme; `known` lists those there are.
    case noSuchTheme(String, path: String, known: String)
    /// A template of the theme does not parse, at the place the parser stopped.
    case templateDoesNotParse(reason: String)
    /// A partial includes itself, through others, with no section around the include to stop it.
    case endlessPartial(String, loop: String)
    /// One of SectionSite's own templates does not parse: a bug to report.
    case builtInDoesNotParse(String, reason: String)
    /// A built-in theme could not be written into `.sectionsite/`.
    case cannotWriteBuiltIn(String, path: String, reason: String)
    /// A cell, header, footer or layout kind that no template of the theme draws; `known` lists those it draws.
    case unknownKind(what: String, kind: String, template: String, known: String)
    /// A layout without `</head>`, where the runtime's tags go.
    case layoutWithoutHead
    /// `directives:` maps a name to a directive the theme does not draw.
    case unknownDirective(String, target: String, theme: String, known: String)
    /// A directive's `{{! arguments: ... }}` comment that does not read.
    case badArguments(String)
    /// A language's `i18n` file lacks a text the main language has (a warning: the main language's is shown).
    case missingText(String, language: String, main: String, text: String)

    var severity: Diagnostic.Severity {
        if case .missingText = self { .warning } else { .error }
    }

    var identified: (id: Diagnostic.ID, message: String) {
        switch self {
        case .noSuchTheme(let name, let path, let known):
            ("theme.no-such-theme", "theme '\(name)' does not exist: looked for \(path)/ (\(known))")
        case .templateDoesNotParse(let reason): ("theme.template-does-not-parse", "template does not parse: \(reason)")
        case .endlessPartial(let name, let loop):
            (
                "theme.endless-partial",
                "partial '\(name)' is included without end (\(loop)): no section around the include stops it; put it "
                    + "inside one that ends with the data, like {{#children}}...{{/children}}"
            )
        case .builtInDoesNotParse(let name, let reason):
            (
                "theme.built-in-does-not-parse",
                "SectionSite's own template '\(name)' does not parse: \(reason); please report it"
            )
        case .cannotWriteBuiltIn(let name, let path, let reason):
            ("theme.cannot-write-built-in", "cannot write the built-in theme '\(name)' into \(path): \(reason)")
        case .unknownKind(let what, let kind, let template, let known):
            (
                "theme.unknown-kind",
                "unknown \(what) '\(kind)': no template \(template).mustache (known: \(known.isEmpty ? "none" : known))"
            )
        case .layoutWithoutHead: ("theme.layout-without-head", "layout has no </head>, where the runtime's tags go")
        case .unknownDirective(let name, let target, let theme, let known):
            (
                "theme.unknown-directive",
                "'directives' maps '\(name)' to '\(target)', which \(theme) does not draw (known: \(known))"
            )
        case .badArguments(let problem): ("theme.bad-arguments", "'arguments:' comment: \(problem)")
        case .missingText(let key, let language, let main, let text):
            ("theme.missing-text", "no '\(key)' in \(language): the \(main) text '\(text)' is shown")
        }
    }
}
