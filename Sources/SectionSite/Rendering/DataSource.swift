/// Renders sections to keyed HTML from closures, as RxDataSources' `RxTableViewSectionedAnimatedDataSource`:
/// `configureCell` draws an item, `configureSupplementaryView` a header or footer, and the title closures give
/// plain headers and footers when no custom view is drawn.
///
/// The data source writes the keyed wrappers of the patch contract itself (`s:`, `h:`, `f:`, `i:` keys and the
/// `data-ss-children` lists), so whatever the closures return, the page can be patched.
public struct SectionedDataSource<Section: SectionModelType & IdentifiableType>
where Section.Item: IdentifiableType {
    /// A rendered cell: its kind (written as `data-ss-cell`) and its inner HTML.
    public struct Cell: Sendable, Equatable {
        /// The cell kind.
        public var kind: String
        /// The cell's HTML.
        public var html: String

        /// Creates a cell.
        public init(kind: String, html: String) {
            self.kind = kind
            self.html = html
        }
    }

    /// A header or a footer.
    public enum SupplementaryKind: String, Sendable {
        case header, footer
    }

    /// A rendered supplementary view: its kind and inner HTML.
    public struct SupplementaryView: Sendable, Equatable {
        /// The view kind (`header`, `hero`, ...).
        public var kind: String
        /// The view's HTML.
        public var html: String

        /// Creates a view.
        public init(kind: String, html: String) {
            self.kind = kind
            self.html = html
        }
    }

    /// Draws one item of a section.
    public var configureCell: (Section, Section.Item) throws -> Cell
    /// Draws a header or footer, or returns nil for none (then the title closures are asked).
    public var configureSupplementaryView: (Section, SupplementaryKind) throws -> SupplementaryView?
    /// A plain header title.
    public var titleForHeaderInSection: (Section) -> String?
    /// A plain footer title.
    public var titleForFooterInSection: (Section) -> String?
    /// The section kind written as `data-ss-kind`, for themes to style by.
    public var kindForSection: (Section) -> String?

    /// Creates a data source; only `configureCell` is required.
    public init(
        configureCell: @escaping (Section, Section.Item) throws -> Cell,
        configureSupplementaryView: @escaping (Section, SupplementaryKind) throws -> SupplementaryView? = { _, _ in nil },
        titleForHeaderInSection: @escaping (Section) -> String? = { _ in nil },
        titleForFooterInSection: @escaping (Section) -> String? = { _ in nil },
        kindForSection: @escaping (Section) -> String? = { _ in nil }
    ) {
        self.configureCell = configureCell
        self.configureSupplementaryView = configureSupplementaryView
        self.titleForHeaderInSection = titleForHeaderInSection
        self.titleForFooterInSection = titleForFooterInSection
        self.kindForSection = kindForSection
    }

    /// The keyed list of all sections: `<div class="ss-sections" data-ss-children="page">...</div>`.
    ///
    /// - Complexity: O(n) in the number of items, plus what the closures cost.
    public func render(_ sections: [Section]) throws -> String {
        var html = #"<div class="ss-sections" \#(PatchContract.childrenAttribute)="\#(PatchContract.pageList)">"#
        for section in sections {
            html += try render(section)
        }
        return html + "</div>"
    }

    /// One keyed section: its header, its item list and its footer.
    public func render(_ section: Section) throws -> String {
        let id = HTML.escape("\(section.identity)")
        let key = PatchContract.keyAttribute
        var html = #"<section class="ss-section" \#(key)="\#(PatchContract.Kind.section.key(id))""#
        if let kind = kindForSection(section) { html += #" \#(PatchContract.kindAttribute)="\#(HTML.escape(kind))""# }
        html += ">"
        if let header = try supplementary(section, .header) {
            html += #"<header class="ss-header" \#(key)="\#(PatchContract.Kind.header.key(id))" \#(PatchContract.supplementaryAttribute)="\#(HTML.escape(header.kind))">"#
            html += header.html + "</header>"
        }
        html += #"<div class="ss-items" \#(PatchContract.childrenAttribute)="\#(PatchContract.Kind.section.key(id))">"#
        for item in section.items {
            let cell = try configureCell(section, item)
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

    private func supplementary(_ section: Section, _ kind: SupplementaryKind) throws -> SupplementaryView? {
        if let view = try configureSupplementaryView(section, kind) { return view }
        let title = kind == .header ? titleForHeaderInSection(section) : titleForFooterInSection(section)
        return title.map {
            SupplementaryView(kind: kind.rawValue, html: kind == .header ? "<h2>\(HTML.escape($0))</h2>" : "<p>\(HTML.escape($0))</p>")
        }
    }
}
