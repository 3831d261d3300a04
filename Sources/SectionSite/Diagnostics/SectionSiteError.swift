/// The one error the library throws to its callers: every stage's failure, as a diagnostic.
public struct SectionSiteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong and where.
    public var diagnostic: Diagnostic

    /// Wraps a diagnostic, which must be an error.
    public init(_ diagnostic: Diagnostic) {
        precondition(diagnostic.severity == .error, "a SectionSiteError carries an error, not a warning")
        self.diagnostic = diagnostic
    }

    /// An error at a location.
    public init(_ message: String, at location: SourceLocation? = nil, notes: [Diagnostic.Note] = []) {
        self.diagnostic = Diagnostic(.error, message, at: location, notes: notes)
    }

    /// The file the error names, when there is one.
    public var location: SourceLocation? { diagnostic.location }

    /// What the user reads: `path:line:column: error: message`.
    public var description: String { diagnostic.description }
}
