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
    /// Whether an item may be moved in the preview's edit mode, as `canMoveRowAt` answers a table view: within its
    /// section or into another whose items may move. Nil: none may.
    public var canMoveItem: (@Sendable (Section, Section.Item) -> Bool)?
    /// Whether an item may be deleted and its cell's fields changed in the preview's edit mode, as `canEditRowAt`
    /// answers. Nil: none may.
    public var canEditItem: (@Sendable (Section, Section.Item) -> Bool)?
    /// Carries out an author's change made in the preview's edit mode, as `moveRowAt` and `commit editingStyle` do:
    /// it updates the program's model, and the page bound to it (`Website.bind`) patches every open tab from the
    /// sequence's next value. Without it nothing is editable; what it throws is shown to the author.
    public var commitChange: (@Sendable (Change) async throws -> Void)?

    /// An author's change to an item in edit mode, by identities, never positions.
    public enum Change {
        /// The item moved from one section to another (or the same), before an item, or last when `before` is nil.
        case move(Section.Item.Identity, from: Section.Identity, to: Section.Identity, before: Section.Item.Identity?)
        /// The item deleted from its section.
        case delete(Section.Item.Identity, from: Section.Identity)
        /// A field of the item's cell set to the text the author typed.
        case edit(Section.Item.Identity, in: Section.Identity, field: String, value: String)
    }

    /// Creates a data source; only `configureCell` is required, and the edit closures only for edit mode.
    public init(
        configureCell: @escaping @Sendable (Section, Section.Item) throws -> Cell,
        configureSupplementaryView: (@Sendable (Section, SupplementaryKind) throws -> SupplementaryView?)? = nil,
        titleForHeaderInSection: (@Sendable (Section) -> String?)? = nil,
        titleForFooterInSection: (@Sendable (Section) -> String?)? = nil,
        kindForSection: (@Sendable (Section) -> String?)? = nil,
        canMoveItem: (@Sendable (Section, Section.Item) -> Bool)? = nil,
        canEditItem: (@Sendable (Section, Section.Item) -> Bool)? = nil,
        commitChange: (@Sendable (Change) async throws -> Void)? = nil
    ) {
        (self.canMoveItem, self.canEditItem, self.commitChange) = (canMoveItem, canEditItem, commitChange)
        self.configureCell = configureCell
        self.configureSupplementaryView = configureSupplementaryView
        self.titleForHeaderInSection = titleForHeaderInSection
        self.titleForFooterInSection = titleForFooterInSection
        self.kindForSection = kindForSection
    }
}

extension SectionedDataSource.Change: Sendable where Section.Identity: Sendable, Section.Item.Identity: Sendable {}
extension SectionedDataSource.Change: Equatable {}

/// A header or a footer of a section.
public enum SupplementaryKind: String, Sendable {
    /// Above the section's items.
    case header
    /// Below the section's items.
    case footer
}
