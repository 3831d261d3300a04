import SectionSiteDiff
/// Draws a program's sections, as RxDataSources' `RxTableViewSectionedAnimatedDataSource` does a table view's:
/// `configureCell` draws an item, `configureSupplementaryView` a header or footer, and the title closures give
/// plain headers and footers (the theme's `header` and `footer` views) when no view is drawn.
///
/// A `SitePage` runs it over its sections; the pipeline then writes the keyed wrappers of the patch contract around
/// whatever the closures draw (`s:`, `h:`, `f:`, `i:` keys from the identities, the `data-ss-children` lists), so
/// every page can be patched.
public struct SectionedDataSource<Section: SectionModelType & IdentifiableType>: Sendable
where Section.Item: IdentifiableType {
    /// A drawn cell: its kind (written as `data-ss-cell`) and either its inner HTML or the data for the theme's
    /// `cells/<kind>.mustache` template, as `dequeueReusableCell(withIdentifier:)` picks a cell by identifier.
    public struct Cell: Sendable, Equatable {
        /// The cell kind.
        public var kind: String
        /// The cell's HTML; empty for a cell the theme draws.
        public var html: String
        /// The template's data, for a cell the theme draws.
        var fields: [String: Value]?

        /// A cell whose HTML the program makes itself (escape what it did not write: `HTML.escape`).
        public init(kind: String, html: String) {
            self.kind = kind
            self.html = html
        }

        /// A cell the theme draws with `cells/<kind>.mustache`, which sees `data`'s properties as fields (encoded
        /// as JSON would encode them: dates as ISO 8601 text).
        public static func template(_ kind: String, _ data: some Encodable) throws -> Cell {
            var cell = Cell(kind: kind, html: "")
            cell.fields = try Value.fields(of: data)
            return cell
        }
    }

    /// A header or a footer.
    public typealias SupplementaryKind = SectionSiteEngine.SupplementaryKind

    /// A drawn header or footer: its kind and either its inner HTML or the data for the theme's
    /// `supplementary/<kind>.mustache` template.
    public struct SupplementaryView: Sendable, Equatable {
        /// The view kind (`header`, `hero`, ...).
        public var kind: String
        /// The view's HTML; empty for a view the theme draws.
        public var html: String
        /// The template's data, for a view the theme draws.
        var fields: [String: Value]?

        /// A view whose HTML the program makes itself.
        public init(kind: String, html: String) {
            self.kind = kind
            self.html = html
        }

        /// A view the theme draws with `supplementary/<kind>.mustache`, which sees `data`'s properties as fields.
        public static func template(_ kind: String, _ data: some Encodable) throws -> SupplementaryView {
            var view = SupplementaryView(kind: kind, html: "")
            view.fields = try Value.fields(of: data)
            return view
        }
    }

    /// Draws one item of a section.
    public var configureCell: @Sendable (Section, Section.Item) throws -> Cell
    /// Draws a header or footer, or returns nil for none (then the title closures are asked).
    public var configureSupplementaryView: (@Sendable (Section, SupplementaryKind) throws -> SupplementaryView?)?
    /// A plain header title, drawn by the theme's `header` view.
    public var titleForHeaderInSection: (@Sendable (Section) -> String?)?
    /// A plain footer title, drawn by the theme's `footer` view.
    public var titleForFooterInSection: (@Sendable (Section) -> String?)?
    /// The section kind written as `data-ss-kind`, for themes to style by.
    public var kindForSection: (@Sendable (Section) -> String?)?

    /// Creates a data source; only `configureCell` is required.
    public init(
        configureCell: @escaping @Sendable (Section, Section.Item) throws -> Cell,
        configureSupplementaryView: (@Sendable (Section, SupplementaryKind) throws -> SupplementaryView?)? = nil,
        titleForHeaderInSection: (@Sendable (Section) -> String?)? = nil,
        titleForFooterInSection: (@Sendable (Section) -> String?)? = nil,
        kindForSection: (@Sendable (Section) -> String?)? = nil
    ) {
        self.configureCell = configureCell
        self.configureSupplementaryView = configureSupplementaryView
        self.titleForHeaderInSection = titleForHeaderInSection
        self.titleForFooterInSection = titleForFooterInSection
        self.kindForSection = kindForSection
    }
}

/// A header or a footer of a section.
public enum SupplementaryKind: String, Sendable {
    /// Above the section's items.
    case header
    /// Below the section's items.
    case footer
}

/// Writes sections as the keyed HTML of the patch contract, from closures that draw each cell and view: what the
/// pipeline renders every page's sections with.
struct SectionHTML<Section: SectionModelType & IdentifiableType> where Section.Item: IdentifiableType {
    /// A drawn cell or view: its kind and inner HTML.
    typealias Drawn = (kind: String, html: String)

    /// Draws one item of a section.
    var cell: (Section, Section.Item) throws -> Drawn
    /// Draws a header or footer, or nil for none.
    var supplementary: (Section, SupplementaryKind) throws -> Drawn?
    /// The section kind written as `data-ss-kind`.
    var kind: (Section) -> String?

    /// The keyed list of all sections: `<div class="ss-sections" data-ss-children="page">...</div>`.
    ///
    /// - Complexity: O(n) in the number of items, plus what the closures cost.
    func render(_ sections: [Section]) throws -> String {
        var html = #"<div class="ss-sections" \#(PatchContract.childrenAttribute)="\#(PatchContract.pageList)">"#
        for section in sections {
            html += try render(section)
        }
        return html + "</div>"
    }

    /// One keyed section: its header, its item list and its footer.
    func render(_ section: Section) throws -> String {
        let id = HTML.escape("\(section.identity)")
        let key = PatchContract.keyAttribute
        var html = #"<section class="ss-section" \#(key)="\#(PatchContract.Kind.section.key(id))""#
        if let kind = kind(section) { html += #" \#(PatchContract.kindAttribute)="\#(HTML.escape(kind))""# }
        html += ">"
        if let header = try supplementary(section, .header) {
            html += #"<header class="ss-header" \#(key)="\#(PatchContract.Kind.header.key(id))" \#(PatchContract.supplementaryAttribute)="\#(HTML.escape(header.kind))">"#
            html += header.html + "</header>"
        }
        html += #"<div class="ss-items" \#(PatchContract.childrenAttribute)="\#(PatchContract.Kind.section.key(id))">"#
        for item in section.items {
            let cell = try cell(section, item)
            let itemKey = HTML.escape(PatchContract.Kind.item.key("\(item.identity)"))
            html += #"<div class="ss-item" \#(key)="\#(itemKey)" \#(PatchContract.cellAttribute)="\#(HTML.escape(cell.kind))">"#
            html += cell.html + "</div>"
        }
        html += "</div>"
        if let footer = try supplementary(section, .footer) {
            html += #"<footer class="ss-footer" \#(key)="\#(PatchContract.Kind.footer.key(id))" \#(PatchContract.supplementaryAttribute)="\#(HTML.escape(footer.kind))">"#
            html += footer.html + "</footer>"
        }
        return html + "</section>"
    }
}
