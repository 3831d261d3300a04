/// What keeps a user file from reading as text, YAML or TOML, or a value in it from having the shape its key takes
/// (settings, front matter and data files alike), each kind's words written here once.
enum FileProblem: Problem {
    case unreadable(reason: String), invalidUTF8, invalidYAML(String), invalidTOML(String), unreadableTOML, aliasBomb
    /// `what` names the mapping (`front matter`, `'feed'`).
    case notAMap(what: String)
    case duplicateKey(String), notOneValue(key: String), notTrueOrFalse(key: String), notAWholeNumber(key: String)
    case notAStringList(key: String)

    var message: String {
        switch self {
        case .unreadable(let reason): "cannot read the file: \(reason)"
        case .invalidUTF8: "invalid UTF-8 in file"
        case .invalidYAML(let problem): "invalid YAML: \(problem)"
        case .invalidTOML(let problem): "invalid TOML: \(problem)"
        case .unreadableTOML: "TOML front matter could not be read"
        case .aliasBomb:
            "YAML aliases expand this document past 10,000 nodes (the limit); refused, as an alias "
                + "bomb would be: write the values out, or use fewer aliases"
        case .notAMap(let what): "\(what) must be a map of keys to values"
        case .duplicateKey(let key): "duplicate key '\(key)'"
        case .notOneValue(let key): "'\(key)' must be a single value, not a list or map"
        case .notTrueOrFalse(let key): "'\(key)' must be true or false"
        case .notAWholeNumber(let key): "'\(key)' must be a whole number"
        case .notAStringList(let key): "'\(key)' must be a list of strings"
        }
    }

    /// A key given twice, at its second place, with a note at its first.
    static func duplicateKey(_ key: String, at place: SourceLocation, first: SourceLocation) -> Diagnostic {
        duplicateKey(key).at(place, notes: [.init(location: first, message: "'\(key)' first given here")])
    }
}
