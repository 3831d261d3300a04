/// What keeps an edit from being written back into its source file, in words the author can act on; the file is then
/// left as it was.
enum EditProblem: Problem {
    /// A file edit mode does not write back (not a Markdown page, nor a YAML, JSON or CSV data file).
    case notEditable(path: SourcePath)
    /// The file has no list of the kind the edit names.
    case wrongList(String, path: SourcePath)
    /// The page has no section of that id.
    case noSection(String, path: SourcePath)
    /// The section's items are not written in the page (they come from `data:` or `from:`).
    case noItems(section: String, path: SourcePath)
    /// The item is not in the list.
    case notInList(String, list: String, path: SourcePath)
    /// A CSV file without a column for the field set.
    case noColumn(String, header: [String], path: SourcePath)
    /// A field that is a list or a map; edit mode sets single values.
    case notOneValue(field: String, item: String)
    /// A move between a block list and a flow list.
    case mixedLayouts(item: String)
    /// A file whose shape cannot be rewritten without touching other text.
    case shape(String)
    /// An edit that would not read back as intended.
    case notReadBack(item: String, path: SourcePath)

    var identified: (id: Diagnostic.ID, message: String) {
        switch self {
        case .notEditable(let path):
            (
                "edit.not-editable",
                "edit mode writes back only Markdown pages and Data files in YAML, JSON or CSV, not \(path)"
            )
        case .wrongList(let list, let path): ("edit.wrong-list", "\(path) has no \(list)")
        case .noSection(let id, let path): ("edit.no-section", "there is no section '\(id)' in \(path)")
        case .noItems(let section, let path):
            ("edit.no-items", "section '\(section)' of \(path) has no 'items' written in the page")
        case .notInList(let item, let list, let path):
            ("edit.not-in-list", "item '\(item)' is not in \(list) of \(path)")
        case .noColumn(let field, let header, let path):
            (
                "edit.no-column",
                "\(path) has no column '\(field)' (columns: \(header.joined(separator: ", "))); add it to the header "
                    + "line first"
            )
        case .notOneValue(let field, let item):
            (
                "edit.not-one-value",
                "field '\(field)' of item '\(item)' is a list or a map; edit mode sets only single values"
            )
        case .mixedLayouts(let item):
            (
                "edit.mixed-layouts",
                "cannot move item '\(item)' between a list written one item a line and a list written in brackets"
            )
        case .shape(let why): ("edit.shape", "cannot rewrite this file without touching other text: \(why)")
        case .notReadBack(let item, let path):
            (
                "edit.not-read-back",
                "the edit of item '\(item)' would not read back as intended (an anchor after its alias, or a shape "
                    + "edit mode does not handle), so \(path) was left as it was"
            )
        }
    }
}
