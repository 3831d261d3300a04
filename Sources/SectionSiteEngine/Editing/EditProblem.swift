/// What keeps an edit from being written back into its source file, in words the author can act on; the file is then
/// left as it was.
enum EditProblem: Problem {
    case notEditable(path: String), wrongList(String, path: String), noSection(String, path: String)
    case noItems(section: String, path: String), notInList(String, list: String, path: String)
    case noColumn(String, header: [String], path: String), notOneValue(field: String, item: String)
    case mixedLayouts(item: String), shape(String), notReadBack(item: String, path: String)

    var message: String {
        switch self {
        case .notEditable(let path):
            "edit mode writes back only Markdown pages and Data files in YAML, JSON or CSV, not \(path)"
        case .wrongList(let list, let path): "\(path) has no \(list)"
        case .noSection(let id, let path): "there is no section '\(id)' in \(path)"
        case .noItems(let section, let path): "section '\(section)' of \(path) has no 'items' written in the page"
        case .notInList(let item, let list, let path): "item '\(item)' is not in \(list) of \(path)"
        case .noColumn(let field, let header, let path):
            "\(path) has no column '\(field)' (columns: \(header.joined(separator: ", "))); add it to the header line first"
        case .notOneValue(let field, let item):
            "field '\(field)' of item '\(item)' is a list or a map; edit mode sets only single values"
        case .mixedLayouts(let item):
            "cannot move item '\(item)' between a list written one item a line and a list written in brackets"
        case .shape(let why): "cannot rewrite this file without touching other text: \(why)"
        case .notReadBack(let item, let path):
            "the edit of item '\(item)' would not read back as intended (an anchor after its alias, or a shape edit mode does not handle), so \(path) was left as it was"
        }
    }
}
