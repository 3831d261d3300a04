/// What keeps a section's items from being filled: an item with no cell to draw it, data that is not there or not
/// records, a collection folder that does not exist, or two sections that paginate.
enum SectionProblem: Problem {
    /// An item with no `cell:`, in a section with none.
    case itemWithoutCell(String)
    /// A record of a data file with no `cell` field, in a section with no `cell:`.
    case recordWithoutCell(String, section: String)
    /// `data:` names no file of `Data/`; `known` lists those there are.
    case noDataFile(String, known: String)
    /// The data file `data:` names is not a list of records with ids.
    case dataNotRecords(path: String, why: String, name: String)
    /// `from:` names a folder of `Content/` that does not exist.
    case noCollectionFolder(String)
    /// A section that lists pages (`from:`) with no `cell:` to draw them.
    case collectionWithoutCell(String)
    /// Two sections of one page have `paginate:`.
    case paginatedTwice

    var identified: (id: Diagnostic.ID, message: String) {
        switch self {
        case .itemWithoutCell(let id):
            ("section.item-without-cell", "item '\(id)' has no cell kind: give it 'cell:' or give its section one")
        case .recordWithoutCell(let id, let section):
            (
                "section.record-without-cell",
                "record '\(id)' has no cell kind: give it a 'cell' field or give section '\(section)' a 'cell:'"
            )
        case .noDataFile(let name, let known):
            (
                "section.no-data-file",
                "no data file '\(name)': looked for Data/\(name).yml, .yaml, .json and .csv (known: "
                    + "\(known.isEmpty ? "none" : known))"
            )
        case .dataNotRecords(let path, let why, let name):
            (
                "section.data-not-records",
                "\(path) \(why), so it cannot be a section's items (templates still see it as site.data.\(name))"
            )
        case .noCollectionFolder(let folder):
            ("section.no-collection-folder", "collection folder 'Content/\(folder)/' does not exist")
        case .collectionWithoutCell(let id):
            ("section.collection-without-cell", "section '\(id)' lists pages but has no 'cell:' to draw them")
        case .paginatedTwice: ("section.paginated-twice", "only one section of a page may paginate")
        }
    }
}
