/// What one stage finds wrong, an enum `<Stage>Problem` whose cases carry the values and whose words are written
/// once; a case's identifier is the stage and the case's name in kebab-case (`SiteProblem.urlTaken` is
/// `site.url-taken`), so that renaming either renames the identifier: each stage's tests list them.
protocol Problem: Sendable {
    /// Whether it stops the build; an error unless the enum says otherwise.
    var severity: Diagnostic.Severity { get }
    /// What went wrong, in one sentence without a trailing period.
    var message: String { get }
}

extension Problem {
    var severity: Diagnostic.Severity { .error }

    /// What tests and tools match, whatever the wording: a run of capitals is one word (`noIDColumn` is `no-id-column`).
    var id: Diagnostic.ID {
        let name = Array(Mirror(reflecting: self).children.first?.label ?? String(describing: self))
        var kebab = String(describing: Self.self).replacing("Problem", with: ".").lowercased()
        for (index, letter) in name.enumerated() {
            let (before, after) = (index > 0 ? name[index - 1] : nil, index + 1 < name.count ? name[index + 1] : nil)
            if letter.isUppercase, let before, !before.isUppercase || after?.isLowercase == true { kebab += "-" }
            kebab += letter.lowercased()
        }
        return Diagnostic.ID(rawValue: kebab)
    }

    /// The problem at a place.
    func at(_ location: SourceLocation?, notes: [Diagnostic.Note] = []) -> Diagnostic {
        Diagnostic(severity, message, at: location, notes: notes, id: id)
    }

    /// The problem as the error to throw.
    func error(at location: SourceLocation? = nil, notes: [Diagnostic.Note] = []) -> SectionSiteError {
        SectionSiteError(at(location, notes: notes))
    }
}
