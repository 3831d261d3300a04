import SectionSiteEngine

/// What the preview refuses or cannot do for an author: an edit request it cannot read, an undo that would lose a
/// newer change, a file it cannot write back, or files it cannot watch.
enum PreviewProblem: Problem {
    /// An edit request without the page, version, section and item it acts on.
    case incompleteRequest
    /// A `set` request without a field or a value.
    case setWithoutValue
    /// An action other than move, delete, set and undo.
    case unknownAction(String)
    /// An undo with no edit left to undo.
    case nothingToUndo
    /// An undo of a file that changed since the edit.
    case changedSinceEdit(String)
    /// An edit's file could not be written.
    case cannotWrite(String, reason: String)
    /// The system gave no way to watch the site's files.
    case cannotWatch(reason: String)

    var identified: (id: Diagnostic.ID, message: String) {
        switch self {
        case .incompleteRequest:
            ("preview.incomplete-request", "the request needs 'page', 'version', 'section' and 'item'")
        case .setWithoutValue: ("preview.set-without-value", "'set' needs 'field' and 'value'")
        case .unknownAction(let action):
            ("preview.unknown-action", "unknown action '\(action)' (known: move, delete, set, undo)")
        case .nothingToUndo: ("preview.nothing-to-undo", "there is nothing to undo")
        case .changedSinceEdit(let path):
            (
                "preview.changed-since-edit",
                "\(path) changed since the edit: undo would lose that change, so it was not undone"
            )
        case .cannotWrite(let path, let reason): ("preview.cannot-write", "cannot write \(path): \(reason)")
        case .cannotWatch(let reason): ("preview.cannot-watch", "cannot watch files: \(reason)")
        }
    }
}
