/// A section as written in front matter: identity, supplementary views, and items or a collection query.
struct SectionSpec: Sendable, Equatable {
    /// Unique in the page; letters, digits, `-`, `_`.
    var id: String
    /// The optional section kind, for themes to style by.
    var kind: String?
    /// The header view.
    var header: SupplementarySpec?
    /// The footer view.
    var footer: SupplementarySpec?
    /// The default cell kind of the items.
    var cell: String?
    /// Inline items or a collection.
    var content: Content
    /// Where the section starts in its file.
    var location: SourceLocation

    /// Where a section's items come from.
    enum Content: Sendable, Equatable {
        case items([ItemSpec])
        case collection(CollectionQuery)
        /// The records of a file under `Data/`, by its name without extension, and where `data:` is written.
        case data(String, SourceLocation)
    }
}

/// An inline item: its identity, cell kind, data and optional Markdown.
struct ItemSpec: Sendable, Equatable {
    /// Unique in the whole page.
    var id: String
    /// Overrides the section's cell kind.
    var cell: String?
    /// Markdown, rendered for the cell as `{{{body}}}`.
    var body: String?
    /// The other keys: the cell's data.
    var fields: [String: Value]
    /// Where the item starts in its file.
    var location: SourceLocation
    /// HTML a Swift program made for the cell itself, drawn instead of the cell's template.
    var html: String? = nil
}

/// A header or footer: a kind that names its template, and its data.
struct SupplementarySpec: Sendable, Equatable {
    /// The template under `supplementary/`; `header` or `footer` for a plain title.
    var kind: String
    /// The data (`title` for a plain string).
    var fields: [String: Value]
    /// Where it is written.
    var location: SourceLocation
    /// HTML a Swift program made for the view itself, drawn instead of the kind's template.
    var html: String? = nil
}

/// Items taken from pages: a folder, a sort order, a tag filter, a limit and an optional page size.
struct CollectionQuery: Sendable, Equatable {
    /// How a collection is ordered.
    enum Sort: String, Sendable, Equatable, CaseIterable {
        case date, newestFirst = "-date", title, weight
    }

    /// The folder under `Content/`, `.` for all pages.
    var from: String
    /// The order; `-date` when not given.
    var sort: Sort
    /// At most this many items.
    var limit: Int?
    /// Keep pages that have any of these tags.
    var tags: [String]
    /// Items per page; the rest go to `page/2/` and on.
    var paginate: Int?
}
