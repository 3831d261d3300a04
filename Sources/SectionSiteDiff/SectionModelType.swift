/// A section of a page: a list of items, as RxDataSources' `SectionModelType`.
public protocol SectionModelType {
    /// The element type of the section's items.
    associatedtype Item
    /// The items, in display order.
    var items: [Item] { get }
    /// A copy of `original` holding `items` instead of its own.
    init(original: Self, items: [Item])
}

/// A section whose changes can be animated: it and its items have identities, and can be compared.
///
/// As in RxDataSources, so that the same models serve an app's table view and a site. What a patch calls changed is
/// decided from each item's drawn HTML (its content hash), not from `==`: an item whose value differs but draws the
/// same is left alone.
public typealias AnimatableSectionModelType = SectionModelType & IdentifiableType & Equatable

/// A ready-made section model: an identity, a header value and items, for callers who need nothing more.
public struct SectionModel<Identity: Hashable & Sendable, Header: Equatable & Sendable, Item: Sendable>: Sendable {
    /// The section's identity.
    public var identity: Identity
    /// Whatever describes the section itself (a title, say), for the data source's closures to draw.
    public var model: Header
    /// The items.
    public var items: [Item]

    /// Creates a section.
    public init(identity: Identity, model: Header, items: [Item]) {
        self.identity = identity
        self.model = model
        self.items = items
    }
}

extension SectionModel: SectionModelType, IdentifiableType {
    /// A copy with other items.
    public init(original: SectionModel, items: [Item]) {
        self.init(identity: original.identity, model: original.model, items: items)
    }
}

extension SectionModel: Equatable where Item: Equatable {}
