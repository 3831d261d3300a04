/// Why two lists of sections cannot be diffed: an identity used twice, which would make the patch ambiguous.
public enum DiffError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Two sections of one list share an identity (positions from 0).
    case duplicateSection(identity: String, first: Int, second: Int, inNew: Bool)
    /// Two items of one list share an identity (section and item positions from 0).
    case duplicateItem(identity: String, first: ItemPosition, second: ItemPosition, inNew: Bool)

    /// Where an item stands.
    public struct ItemPosition: Sendable, Equatable, CustomStringConvertible {
        /// The section's position.
        public var section: Int
        /// The item's position in the section.
        public var item: Int

        /// Creates a position.
        public init(section: Int, item: Int) {
            self.section = section
            self.item = item
        }

        public var description: String { "section \(section + 1), item \(item + 1)" }
    }

    public var description: String {
        switch self {
        case .duplicateSection(let id, let first, let second, let inNew):
            "duplicate section identity '\(id)' in the \(inNew ? "new" : "old") list: sections \(first + 1) and "
                + "\(second + 1)"
        case .duplicateItem(let id, let first, let second, let inNew):
            "duplicate item identity '\(id)' in the \(inNew ? "new" : "old") list: \(first) and \(second)"
        }
    }
}
