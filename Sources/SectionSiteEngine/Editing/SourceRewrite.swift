/// Writes an `ItemEdit` back into the text of the file that holds the item, changing only the text of the items
/// concerned: every other byte, comments and formatting included, stays as it was.
package enum SourceRewrite {
    /// `text`, the file at `path` (`Content/....md` or `Data/....yml`), with `edit` applied to its item, which is in
    /// `list`.
    ///
    /// - Throws: `SectionSiteError` at `path` when the item or list is not found, or when the file's shape cannot be
    ///   rewritten without touching other text; the file is then left as it was.
    package static func apply(_ edit: ItemEdit, from list: ItemList, to text: String, path: String) throws -> String {
        throw SectionSiteError("edit mode cannot rewrite this file yet", at: SourceLocation(file: path))
    }
}
