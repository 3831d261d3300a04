/// The item lists of one file's text, in one format: where each list's items are written, and how one field of an
/// item is set.
protocol ItemLists {
    /// Where the items of `list` are written.
    func spans(_ list: ItemList) throws -> ElementSpans
    /// The splice that sets `field` of `item` (in `list`) to the text `typed`, and the value the reader will see.
    func set(_ item: String, field: String, to typed: String, in list: ItemList) throws -> (Splice, Value)
}
