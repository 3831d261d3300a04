/// Why the preview refuses an edit an author made on the page (`Site.sourceChange(for:)`); the file stays as it was.
enum EditRequestProblem: Problem {
    /// No page at the edit's URL.
    case noPage(String)
    /// The page changed since the tab loaded it.
    case stale(String)
    /// A section without `edit:`.
    case notEditable(section: String)
    /// The item is not in the section.
    case noItem(String, section: String)
    /// An action the section's `edit:` does not allow.
    case notAllowed(String, section: String)
    /// A field the section's `edit:` does not allow, or `id` or `cell`.
    case fieldNotEditable(String, section: String)
    /// A file outside `Content/` and `Data/`.
    case outside(String)

    var identified: (id: Diagnostic.ID, message: String) {
        switch self {
        case .noPage(let url): ("editrequest.no-page", "there is no page \(url) to edit")
        case .stale(let url):
            (
                "editrequest.stale",
                "\(url) changed since this page was loaded (in another tab or an editor); it has caught up: try again"
            )
        case .notEditable(let section):
            ("editrequest.not-editable", "section '\(section)' is not editable: give it 'edit:' in its settings")
        case .noItem(let item, let section): ("editrequest.no-item", "item '\(item)' is not in section '\(section)'")
        case .notAllowed(let action, let section):
            (
                "editrequest.not-allowed",
                "section '\(section)' does not allow to \(action) its items (its 'edit:' setting)"
            )
        case .fieldNotEditable(let field, let section):
            (
                "editrequest.field-not-editable",
                "field '\(field)' is not editable in section '\(section)': edit mode changes the fields of text or "
                    + "number its 'edit:' allows, never 'id' or 'cell'"
            )
        case .outside(let path):
            (
                "editrequest.outside",
                "\(path) leads out of the site's Content/ and Data/ folders: edit mode writes only inside them"
            )
        }
    }
}
