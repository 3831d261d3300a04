import SectionSiteDiff

/// What edit mode may do on a page a program defines, from its data source's `canMoveItem` and `canEditItem`, and
/// the data source's `commitChange`, which carries an edit out on the program's model.
package struct ProgramEditing: Sendable, Equatable {
    /// The items that may move, by identity.
    package var movable: Set<String>
    /// The items that may be deleted and edited, by identity, with the fields of their cells that hold text or a
    /// number.
    package var editable: [String: [String]]
    /// Carries out an edit of an item of the section with this identity.
    package let commit: @Sendable (ItemEdit, _ section: String) async throws -> Void

    /// The same rules; the closure is not compared.
    package static func == (lhs: ProgramEditing, rhs: ProgramEditing) -> Bool {
        lhs.movable == rhs.movable && lhs.editable == rhs.editable
    }

    /// The rules of `dataSource` over `sections`; nil when it has no `commitChange` or allows nothing.
    init?<Section: SectionModelType & IdentifiableType>(
        _ sections: [Section], dataSource: SectionedDataSource<Section>,
        cells: [String: SectionedDataSource<Section>.Cell]
    ) where Section.Item: IdentifiableType {
        guard let commitChange = dataSource.commitChange else { return nil }
        var (movable, editable) = (Set<String>(), [String: [String]]())
        let identities = Identities<Section>(commitChange)
        for section in sections {
            identities.sections["\(section.identity)"] = section.identity
            for item in section.items {
                let id = "\(item.identity)"
                identities.items[id] = item.identity
                if dataSource.canMoveItem?(section, item) ?? false { movable.insert(id) }
                if dataSource.canEditItem?(section, item) ?? false {
                    editable[id] = EditRules.all.editableFields(of: cells[id]?.fields ?? [:])
                }
            }
        }
        guard !movable.isEmpty || !editable.isEmpty else { return nil }
        (self.movable, self.editable) = (movable, editable)
        commit = identities.commit
    }
}

/// The program's identities by the text the page keys them with, and its handler. Written once, before the page
/// exists, and only read after: the identities are plain values (`Hashable`) the protocol does not declare
/// `Sendable`.
private final class Identities<Section: SectionModelType & IdentifiableType>: @unchecked Sendable
where Section.Item: IdentifiableType {
    var sections: [String: Section.Identity] = [:]
    var items: [String: Section.Item.Identity] = [:]
    let commitChange: @Sendable (SectionedDataSource<Section>.Change) async throws -> Void

    init(_ commitChange: @escaping @Sendable (SectionedDataSource<Section>.Change) async throws -> Void) {
        self.commitChange = commitChange
    }

    /// Carries out `edit` of an item of the section keyed `section`, in the program's identities.
    @Sendable func commit(_ edit: ItemEdit, section: String) async throws {
        guard let from = sections[section], let item = items[edit.item] else {
            throw PageProblem.noSuchItem(edit.item, section: section).error()
        }
        switch edit {
        case .move(_, .section(let id), let before):
            guard let to = sections[id] else { throw PageProblem.noSuchItem(edit.item, section: id).error() }
            try await commitChange(.move(item, from: from, to: to, before: before.flatMap { items[$0] }))
        case .move(_, .records, _):
            throw PageProblem.noSuchItem(edit.item, section: section).error()
        case .delete: try await commitChange(.delete(item, from: from))
        case .set(_, let field, let value): try await commitChange(.edit(item, in: from, field: field, value: value))
        }
    }
}
