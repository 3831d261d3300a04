/// The keyed-HTML contract of SPEC §4 in one place: the attributes, the key kinds and the list names that the
/// renderer writes, the patch builder reads and the browser runtime patches. `RuntimeContractTests` checks that the
/// runtime's constants are these.
enum PatchContract {
    /// The attribute that keys an element: `data-ss-key="i:classic"`.
    static let keyAttribute = "data-ss-key"
    /// The attribute that marks a keyed list: `data-ss-children="page"`.
    static let childrenAttribute = "data-ss-children"
    /// The section kind a theme styles by.
    static let kindAttribute = "data-ss-kind"
    /// An item's cell kind.
    static let cellAttribute = "data-ss-cell"
    /// A header's or footer's view kind.
    static let supplementaryAttribute = "data-ss-supplementary"
    /// The list of sections.
    static let pageList = "page"
    /// The list of body blocks.
    static let bodyList = "body"
    /// The list of the head's elements, each keyed by its `HeadKey` rather than by an attribute.
    static let headList = "head"
    /// The keys of the document's root elements in an `attrs` operation.
    static let rootKeys = ["html", "body"]

    /// What a key names; the key is the kind's prefix and an identity: `s:menu`, `i:classic`, `b:1f2e3d4c`.
    enum Kind: String, CaseIterable, Sendable {
        case section = "s:"
        case header = "h:"
        case footer = "f:"
        case item = "i:"
        case block = "b:"
        case region = "r:"

        /// The key of `id` (not escaped for HTML).
        func key(_ id: String) -> String { rawValue + id }

        /// Whether `key` is of this kind.
        func matches(_ key: String) -> Bool { key.hasPrefix(rawValue) }
    }
}
