/// The one error the library throws to its callers: every stage's failure, as a diagnostic.
public struct SectionSiteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong and where (the first of `diagnostics`).
    public var diagnostic: Diagnostic { diagnostics[0] }
    /// Every error the run found, at least one.
    public var diagnostics: [Diagnostic]

    /// Wraps a diagnostic, which must be an error.
    public init(_ diagnostic: Diagnostic) {
        self.init([diagnostic])
    }

    /// Wraps every error a run found, in the order to print them; there must be one at least.
    public init(_ diagnostics: [Diagnostic]) {
        precondition(!diagnostics.isEmpty, "a SectionSiteError carries an error")
        precondition(
            diagnostics.allSatisfy { $0.severity == .error }, "a SectionSiteError carries errors, not warnings")
        self.diagnostics = diagnostics
    }

    /// Every error of `errors` in file order, each told once: a template error that many pages meet is one error
    /// at its place.
    package init(inFileOrder errors: [Diagnostic]) {
        var unique: [Diagnostic] = []
        for error in errors.sorted(by: Diagnostic.inFileOrder) where unique.last != error { unique.append(error) }
        self.init(unique)
    }

    /// An error at a location.
    public init(_ message: String, at location: SourceLocation? = nil, notes: [Diagnostic.Note] = []) {
        self.init(Diagnostic(.error, message, at: location, notes: notes))
    }

    /// The file the error names, when there is one.
    public var location: SourceLocation? { diagnostic.location }

    /// How many errors `description` shows before it says how many more there are.
    public static let shownErrors = 100

    /// What the user reads: `path:line:column: error: message`, a line (and its notes) per error, the first 100,
    /// then `and N more errors`.
    public var description: String { description(showing: Self.shownErrors) }

    /// The first `limit` errors (all of them when nil), then how many more there are and how to see them: a site
    /// with thousands of errors of one kind is real, and each one must be findable.
    public func description(showing limit: Int?) -> String {
        let shown = limit ?? diagnostics.count
        var lines = diagnostics.prefix(shown).map(\.description)
        if diagnostics.count > shown {
            let more = diagnostics.count - shown
            lines.append("and \(more) more error\(more == 1 ? "" : "s") (--all-errors shows every one)")
        }
        return lines.joined(separator: "\n")
    }
}

extension SectionSiteError {
    /// The values of `results` that were made, and the diagnostics of every one that failed, each in order: for a
    /// phase that goes on with what it could make and reports the rest at once.
    package static func partition<Value>(
        _ results: [Result<Value, SectionSiteError>]
    ) -> (values: [Value], diagnostics: [Diagnostic]) {
        var values: [Value] = []
        var diagnostics: [Diagnostic] = []
        values.reserveCapacity(results.count)
        for result in results {
            switch result {
            case .success(let value): values.append(value)
            case .failure(let error): diagnostics += error.diagnostics
            }
        }
        return (values, diagnostics)
    }
}
