/// Why the preview refuses an edit an author made on the page (`Site.sourceChange(for:)`); the file stays as it was.
enum EditRequestProblem: Problem {
    case noPage(String), stale(String), notEditable(section: String), noItem(String, section: String)
    case notAllowed(String, section: String), fieldNotEditable(String, section: String), outside(String)

    var message: String {
        switch self {
        case .noPage(let url): "there is no page \(url) to edit"
        case .stale(let url):
            "\(url) changed since this page was loaded (in another tab or an editor); it has caught up: try again"
        case .notEditable(let section): "section '\(section)' is not editable: give it 'edit:' in its settings"
        case .noItem(let item, let section): "item '\(item)' is not in section '\(section)'"
        case .notAllowed(let action, let section):
            "section '\(section)' does not allow to \(action) its items (its 'edit:' setting)"
        case .fieldNotEditable(let field, let section):
            "field '\(field)' is not editable in section '\(section)': edit mode changes the fields of text or number its 'edit:' allows, never 'id' or 'cell'"
        case .outside(let path):
            "\(path) leads out of the site's Content/ and Data/ folders: edit mode writes only inside them"
        }
    }
}
