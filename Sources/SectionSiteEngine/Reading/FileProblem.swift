/// What keeps a user file from reading as text, YAML or TOML, or a value in it from having the shape its key takes
/// (settings, front matter and data files alike), each kind's words written here once.
enum FileProblem: Problem {
    /// The system refused to read the file.
    case unreadable(reason: String)
    /// A byte that is not UTF-8, at its line and column.
    case invalidUTF8
    /// YAML that does not parse, at the place the parser stopped.
    case invalidYAML(String)
    /// TOML that does not parse, at the place the parser stopped.
    case invalidTOML(String)
    /// TOML front matter that parses but cannot be read as values.
    case unreadableTOML
    /// YAML aliases that expand past 10,000 nodes.
    case aliasBomb
    /// Front matter, a settings table or an item that is not a map of keys to values (`what` names it).
    case notAMap(what: String)
    /// A key given twice in one map (a note points at the first).
    case duplicateKey(String)
    /// A list or a map where a key takes one value.
    case notOneValue(key: String)
    /// A key that takes `true` or `false`, given something else.
    case notTrueOrFalse(key: String)
    /// A key that takes a whole number, given something else.
    case notAWholeNumber(key: String)
    /// A key that takes a list of strings, given something else.
    case notAStringList(key: String)

    var identified: (id: Diagnostic.ID, message: String) {
        switch self {
        case .unreadable(let reason): ("file.unreadable", "cannot read the file: \(reason)")
        case .invalidUTF8: ("file.invalid-utf8", "invalid UTF-8 in file")
        case .invalidYAML(let problem): ("file.invalid-yaml", "invalid YAML: \(problem)")
        case .invalidTOML(let problem): ("file.invalid-toml", "invalid TOML: \(problem)")
        case .unreadableTOML: ("file.unreadable-toml", "TOML front matter could not be read")
        case .aliasBomb:
            (
                "file.alias-bomb",
                "YAML aliases expand this document past 10,000 nodes (the limit); refused, as an alias "
                    + "bomb would be: write the values out, or use fewer aliases"
            )
        case .notAMap(let what): ("file.not-a-map", "\(what) must be a map of keys to values")
        case .duplicateKey(let key): ("file.duplicate-key", "duplicate key '\(key)'")
        case .notOneValue(let key): ("file.not-one-value", "'\(key)' must be a single value, not a list or map")
        case .notTrueOrFalse(let key): ("file.not-true-or-false", "'\(key)' must be true or false")
        case .notAWholeNumber(let key): ("file.not-a-whole-number", "'\(key)' must be a whole number")
        case .notAStringList(let key): ("file.not-a-string-list", "'\(key)' must be a list of strings")
        }
    }

    /// A key given twice, at its second place, with a note at its first.
    static func duplicateKey(_ key: String, at place: SourceLocation, first: SourceLocation) -> Diagnostic {
        duplicateKey(key).at(place, notes: [.init(location: first, message: "'\(key)' first given here")])
    }
}
