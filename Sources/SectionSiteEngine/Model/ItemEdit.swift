/// One change an author makes to items on the preview page in edit mode, by identities, never positions: what a
/// table view's data source receives as `moveRowAt`, a deletion or an edit.
package enum ItemEdit: Sendable, Hashable {
    /// Moves `item` into the list `to`, before the item `before`, or at the end when `before` is nil.
    case move(item: String, to: ItemList, before: String?)
    /// Deletes `item`.
    case delete(item: String)
    /// Sets `field` of `item` to `value`, text as the author typed it.
    case set(item: String, field: String, value: String)

    /// The item the edit is about.
    package var item: String {
        switch self {
        case .move(let item, _, _), .delete(let item), .set(let item, _, _): item
        }
    }
}

/// Where a list of items is written in a source file.
package enum ItemList: Sendable, Hashable {
    /// The `items` of the section with this id in a Markdown file's front matter (YAML, TOML or JSON).
    case section(String)
    /// The records of a file under `Data/` (YAML, JSON or CSV): the file's top-level list.
    case records
}
