/// What one stage finds wrong, an enum `<Stage>Problem` whose cases carry the values and whose words are written
/// once; a case's identifier is the stage and the case's name in kebab-case (`SiteProblem.urlTaken` is
/// `site.url-taken`), so that renaming either renames the identifier: each stage's tests list them.
package protocol Problem: Sendable {
    /// Whether it stops the build; an error unless the enum says otherwise.
    var severity: Diagnostic.Severity { get }
    /// What went wrong, in one sentence without a trailing period.
    var message: String { get }
}

extension Problem {
    package var severity: Diagnostic.Severity { .error }

    /// What tests and tools match, whatever the wording: a run of capitals is one word (`noIDColumn` is `no-id-column`).
    package var id: Diagnostic.ID {
        let name = Mirror(reflecting: self).children.first?.label ?? String(describing: self)
        let words = name.replacing(/([a-z0-9])([A-Z])/) { "\($0.1)-\($0.2)" }.replacing(/([A-Z])([A-Z][a-z])/) {
            "\($0.1)-\($0.2)"
        }
        return Diagnostic.ID(
            rawValue: String(describing: Self.self).replacing("Problem", with: ".").lowercased() + words.lowercased())
    }

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
