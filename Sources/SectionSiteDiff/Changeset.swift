/// The difference between two lists of sections, as ordered steps that turn the old list into the new one when
/// applied one after another, each anchored on identities, never on indexes.
///
/// The steps come in stages, and the order matters:
/// 1. items that leave a section that stays are deleted;
/// 2. the list of sections is put in order: new sections are inserted (holding only their new items), kept ones that
///    are out of place move;
/// 3. each section's items are put in order, one section after another: items from another section move in (one
///    step, never a delete and an insert), kept ones that are out of place move, new ones are inserted;
/// 4. sections that are gone are deleted, with whatever items were left in them;
/// 5. sections and items whose content changed are updated.
/// Moves are minimal: in each list, kept elements minus a longest increasing subsequence of their old positions.
public struct Changeset<Section: AnimatableSectionModelType>
where Section.Item: IdentifiableType & Equatable {
    /// One step.
    public enum Change {
        /// Remove an item from the section that holds it.
        case deleteItem(Section.Item.Identity, section: Section.Identity)
        /// Insert a section, holding only the items that are new on the page, before a section (nil: at the end).
        case insertSection(Section, before: Section.Identity?)
        /// Move a section before another (nil: to the end).
        case moveSection(Section.Identity, before: Section.Identity?)
        /// Insert a new item into a section before another item (nil: at the end).
        case insertItem(Section.Item, section: Section.Identity, before: Section.Item.Identity?)
        /// Move an item, from wherever it is, into a section before another item (nil: at the end).
        case moveItem(Section.Item.Identity, section: Section.Identity, before: Section.Item.Identity?)
        /// Remove a section and what it still holds.
        case deleteSection(Section.Identity)
        /// A kept section's own content changed (what it is, apart from its items); carries the new section.
        case updateSection(Section)
        /// A kept item's content changed; carries the new item.
        case updateItem(Section.Item, section: Section.Identity)
    }

    /// The steps, in the order they apply.
    public var changes: [Change]

    /// A changeset of these steps.
    @inlinable
    public init(changes: [Change]) {
        self.changes = changes
    }

    /// Whether nothing changed.
    public var isEmpty: Bool { changes.isEmpty }

    /// How many steps are moves of sections or items.
    public var moveCount: Int {
        changes.count(where: {
            switch $0 {
            case .moveSection, .moveItem: true
            default: false
            }
        })
    }
}

extension Changeset.Change: Equatable {}
extension Changeset: Equatable {}
extension Changeset.Change: Sendable
where Section: Sendable, Section.Item: Sendable, Section.Identity: Sendable, Section.Item.Identity: Sendable {}
extension Changeset: Sendable
where Section: Sendable, Section.Item: Sendable, Section.Identity: Sendable, Section.Item.Identity: Sendable {}
