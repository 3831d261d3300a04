/// A section of a page: a list of items, as RxDataSources' `SectionModelType`.
public protocol SectionModelType {
    /// The element type of the section's items.
    associatedtype Item
    /// The items, in display order.
    var items: [Item] { get }
    /// A copy of `original` holding `items` instead of its own.
    init(original: Self, items: [Item])
}

/// A section whose changes can be animated: it and its items have identities, and items tell when they changed.
public typealias AnimatableSectionModelType = SectionModelType & IdentifiableType & Equatable

/// A ready-made section model: an identity, a header value and items, for callers who need nothing more.
public struct SectionModel<Identity: Hashable & Sendable, Header: Equatable & Sendable, Item: Sendable>: Sendable {
    /// The section's identity.
    public var identity: Identity
    /// Whatever describes the section itself (a title, say); compared to detect a changed section.
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
