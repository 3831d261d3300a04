/// A value with an identity that stays the same across builds, as in RxDataSources.
///
/// Identity says *which* element this is; `Equatable` says whether its content changed.
public protocol IdentifiableType {
    /// The type of the identity.
    associatedtype Identity: Hashable
    /// The identity: from an `id` or a source path, never a position or content.
    var identity: Identity { get }
}
