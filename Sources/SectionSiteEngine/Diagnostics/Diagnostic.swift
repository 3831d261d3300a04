/// One message for the user: an error that stops the build or a warning that does not.
public struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
    /// How serious the message is.
    public enum Severity: String, Sendable, Equatable {
        case error
        case warning
    }

    /// Whether this stops the build.
    public var severity: Severity
    /// Where the user's input is to blame, when a file is.
    public var location: SourceLocation?
    /// What went wrong, in one sentence without a trailing period.
    public var message: String
    /// Further places that take part (the first of two duplicate ids, say).
    public var notes: [Note]
    /// What kind of problem this is, whatever the wording (`site.url-taken`): what tests and tools match. Nil for a
    /// message no stage has named yet.
    public var id: ID?

    /// A kind of problem, stable across changes to its message: `<stage>.<problem>`.
    public struct ID: RawRepresentable, Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
        public let rawValue: String

        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        public init(stringLiteral rawValue: String) {
            self.rawValue = rawValue
        }

        public var description: String { rawValue }
    }

    /// A secondary place attached to a diagnostic.
    public struct Note: Sendable, Equatable {
        /// Where.
        public var location: SourceLocation
        /// What happens there.
        public var message: String

        /// Creates a note.
        public init(location: SourceLocation, message: String) {
            self.location = location
            self.message = message
        }
    }

    /// Creates a diagnostic.
    public init(
        _ severity: Severity, _ message: String, at location: SourceLocation? = nil, notes: [Note] = [], id: ID? = nil
    ) {
        self.severity = severity
        self.location = location
        self.message = message
        self.notes = notes
        self.id = id
    }

    /// The same message, place, notes and kind as an error: what `--strict` makes of a warning.
    public var asError: Diagnostic { Diagnostic(.error, message, at: location, notes: notes, id: id) }

    /// The order errors are printed in: by file, then line, then column; those without a place first.
    public static func inFileOrder(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
        let (left, right) = (lhs.location, rhs.location)
        return (left?.file ?? "", left?.line ?? 0, left?.column ?? 0, lhs.message)
            < (right?.file ?? "", right?.line ?? 0, right?.column ?? 0, rhs.message)
    }

    /// `path:line:column: error: message`, then one `note:` line per note.
    public var description: String {
        var text = location.map { "\($0): " } ?? ""
        text += "\(severity.rawValue): \(message)"
        for note in notes {
            text += "\n\(note.location): note: \(note.message)"
        }
        return text
    }
}
