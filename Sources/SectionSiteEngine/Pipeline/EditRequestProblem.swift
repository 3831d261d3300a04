/// Why the preview refuses an edit an author made on the page (`Site.sourceChange(for:)`); the file stays as it was.
enum EditRequestProblem: Problem {
    case noPage(String), stale(String), notEditable(section: String), noItem(String, section: String)
    case notAllowed(String, section: String), fieldNotEditable(String, section: String), outside(String)

    var message: String {
        switch self {
        case .noPage(let url): "there is no page \(url) to edit"
        case .stale(let url): "\(url) changed since this page was loaded (in another tab or an editor); it has caught up: try again"
        case .notEditable(let section): "section '\(section)' is not editable: give it 'edit:' in its settings"
        case .noItem(let item, let section): "item '\(item)' is not in section '\(section)'"
        case .notAllowed(let action, let section): "section '\(section)' does not allow to \(action) its items (its 'edit:' setting)"
        case .fieldNotEditable(let field, let section): "field '\(field)' of section '\(section)' is not editable (its 'edit:' setting names the fields)"
        case .outside(let path): "\(path) is outside the site's folders"
        }
    }
}
