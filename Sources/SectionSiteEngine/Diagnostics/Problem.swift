/// What one stage finds wrong, an enum `<Stage>Problem` whose cases carry the values and whose words are written
/// once. Each case names its identifier in full (`SiteProblem.urlTaken` is `site.url-taken`), beside its words, so
/// that renaming a case never changes an identifier programs match; `Tests/diagnostics.py` writes the documentation's
/// list from the cases and their comments, and each stage's tests list the identifiers.
package protocol Problem: Sendable {
    /// Whether it stops the build; an error unless the enum says otherwise.
    var severity: Diagnostic.Severity { get }
    /// The kind's identifier, `<stage>.<kind>` in kebab-case, and what went wrong, in one sentence without a
    /// trailing period.
    var identified: (id: Diagnostic.ID, message: String) { get }
}

extension Problem {
    package var severity: Diagnostic.Severity { .error }

    /// What tests and tools match, whatever the wording.
    package var id: Diagnostic.ID { identified.id }

    /// What went wrong.
    package var message: String { identified.message }

    /// The problem at a place.
    package func at(_ location: SourceLocation?, notes: [Diagnostic.Note] = []) -> Diagnostic {
        Diagnostic(severity, message, at: location, notes: notes, id: id)
    }

    /// The problem as the error to throw.
    package func error(at location: SourceLocation? = nil, notes: [Diagnostic.Note] = []) -> SectionSiteError {
        SectionSiteError(at(location, notes: notes))
    }

    /// What `body` returns; when the system refuses it, the problem `problem` makes of the reason, at `location`.
    package static func attempt<T>(
        _ problem: (String) -> Self, at location: SourceLocation?, _ body: () throws -> T
    ) throws -> T {
        do { return try body() } catch { throw problem(SystemReason.of(error)).error(at: location) }
    }
}
