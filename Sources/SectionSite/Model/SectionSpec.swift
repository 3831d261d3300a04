/// A section as written in front matter: identity, supplementary views, and items or a collection query.
public struct SectionSpec: Sendable, Equatable {
    /// Unique in the page; letters, digits, `-`, `_`.
    public var id: String
    /// The optional section kind, for themes to style by.
    public var kind: String?
    /// The header view.
    public var header: SupplementarySpec?
    /// The footer view.
    public var footer: SupplementarySpec?
    /// The default cell kind of the items.
    public var cell: String?
    /// Inline items or a collection.
    public var content: Content
    /// Where the section starts in its file.
    public var location: SourceLocation

    /// Where a section's items come from.
    public enum Content: Sendable, Equatable {
        case items([ItemSpec])
        case collection(CollectionQuery)
        /// The records of a file under `Data/`, by its name without extension, and where `data:` is written.
        case data(String, SourceLocation)
    }
}

/// An inline item: its identity, cell kind, data and optional Markdown.
public struct ItemSpec: Sendable, Equatable {
    /// Unique in the whole page.
    public var id: String
    /// Overrides the section's cell kind.
    public var cell: String?
    /// Markdown, rendered for the cell as `{{{body}}}`.
    public var body: String?
    /// The other keys: the cell's data.
    public var fields: [String: Value]
    /// Where the item starts in its file.
    public var location: SourceLocation
    /// HTML a Swift program made for the cell itself, drawn instead of the cell's template.
    public var html: String? = nil
}

/// A header or footer: a kind that names its template, and its data.
public struct SupplementarySpec: Sendable, Equatable {
    /// The template under `supplementary/`; `header` or `footer` for a plain title.
    public var kind: String
    /// The data (`title` for a plain string).
    public var fields: [String: Value]
    /// Where it is written.
    public var location: SourceLocation
    /// HTML a Swift program made for the view itself, drawn instead of the kind's template.
    public var html: String? = nil
}

/// Items taken from pages: a folder, a sort order, a tag filter, a limit and an optional page size.
public struct CollectionQuery: Sendable, Equatable {
    /// How a collection is ordered.
    public enum Sort: String, Sendable, Equatable, CaseIterable {
        case date, newestFirst = "-date", title, weight
    }

    /// The folder under `Content/`, `.` for all pages.
    public var from: String
    /// The order; `-date` when not given.
    public var sort: Sort
    /// At most this many items.
    public var limit: Int?
    /// Keep pages that have any of these tags.
    public var tags: [String]
    /// Items per page; the rest go to `page/2/` and on.
    public var paginate: Int?
}
