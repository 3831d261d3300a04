/// What an author may do to a section's items in the preview's edit mode, as a data source's `canMoveRowAt` and
/// `canEditRowAt` answer for a table: move them (within the section, or into another section of the same file that
/// allows moves), delete them, and change the named fields. A section's `edit:` setting, else the site's.
///
/// `edit: true` allows moves, deletions and every field of text or number; `edit: {move: true, fields: [title]}`
/// allows what it names; `edit: false` nothing. Nothing is editable unless a site says so, and nothing of it
/// reaches a built site.
package struct EditRules: Sendable, Hashable {
    /// Items may be moved.
    package var move = false
    /// Items may be deleted.
    package var delete = false
    /// The fields that may be changed; nil for every field of text or number.
    package var fields: [String]? = []

    /// Nothing allowed.
    package static let none = EditRules()
    /// Moves, deletions and every field.
    package static let all = EditRules(move: true, delete: true, fields: nil)

    package init(move: Bool = false, delete: Bool = false, fields: [String]? = []) {
        (self.move, self.delete, self.fields) = (move, delete, fields)
    }

    /// Whether anything at all is allowed.
    package var allowsAnything: Bool { move || delete || fields != [] }

    /// The fields of an item (its data) that may be changed: those named, else every field of text or number the
    /// item has; never its `id` or `cell`. What the page is offered and what an edit is checked against.
    package func editableFields(of item: [String: Value]) -> [String] {
        (fields ?? item.filter(\.value.isTextOrNumber).keys.sorted()).filter { $0 != "id" && $0 != "cell" }
    }
}
