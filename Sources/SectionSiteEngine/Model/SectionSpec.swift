/// A section as written in front matter: identity, supplementary views, and items or a collection query.
package struct SectionSpec: Sendable, Equatable {
    /// Unique in the page; letters, digits, `-`, `_`.
    package var id: String
    /// The optional section kind, for themes to style by.
    package var kind: String?
    /// The header view.
    package var header: SupplementarySpec?
    /// The footer view.
    package var footer: SupplementarySpec?
    /// The default cell kind of the items.
    package var cell: String?
    /// Inline items or a collection.
    package var content: Content
    /// Where the section starts in its file.
    package var location: SourceLocation
    /// What edit mode allows on its items (`edit:`); nil when the section says nothing, so the site's rule holds.
    package var edit: EditRules?

    /// Creates a section.
    package init(
        id: String, kind: String? = nil, header: SupplementarySpec? = nil, footer: SupplementarySpec? = nil,
        cell: String? = nil, content: Content, location: SourceLocation
    ) {
        (self.id, self.kind, self.header, self.footer, self.cell) = (id, kind, header, footer, cell)
        (self.content, self.location) = (content, location)
    }

    /// Where a section's items come from.
    package enum Content: Sendable, Equatable {
        case items([ItemSpec])
        case collection(CollectionQuery)
        /// The records of a file under `Data/`, by its name without extension, and where `data:` is written.
        case data(String, SourceLocation)
    }
}

/// An inline item: its identity, cell kind, data and optional Markdown.
package struct ItemSpec: Sendable, Equatable {
    /// Unique in the whole page.
    package var id: String
    /// Overrides the section's cell kind.
    package var cell: String?
    /// Markdown, rendered for the cell as `{{{body}}}`.
    package var body: String?
    /// The other keys: the cell's data.
    package var fields: [String: Value]
    /// Where the item starts in its file.
    package var location: SourceLocation
    /// HTML a Swift program made for the cell itself, drawn instead of the cell's template.
    package var html: String? = nil

    /// Creates an item.
    package init(
        id: String, cell: String? = nil, body: String? = nil, fields: [String: Value] = [:], location: SourceLocation,
        html: String? = nil
    ) {
        (self.id, self.cell, self.body, self.fields, self.location, self.html) = (
            id, cell, body, fields, location, html
        )
    }
}

/// A header or footer: a kind that names its template, and its data.
package struct SupplementarySpec: Sendable, Equatable {
    /// The template under `supplementary/`; `header` or `footer` for a plain title.
    package var kind: String
    /// The data (`title` for a plain string).
    package var fields: [String: Value]
    /// Where it is written.
    package var location: SourceLocation
    /// HTML a Swift program made for the view itself, drawn instead of the kind's template.
    package var html: String? = nil

    /// Creates a view.
    package init(kind: String, fields: [String: Value] = [:], location: SourceLocation, html: String? = nil) {
        (self.kind, self.fields, self.location, self.html) = (kind, fields, location, html)
    }
}

/// Items taken from pages: a folder, a sort order, a tag filter, a limit and an optional page size.
package struct CollectionQuery: Sendable, Equatable {
    /// How a collection is ordered.
    package enum Sort: String, Sendable, Equatable, CaseIterable {
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
