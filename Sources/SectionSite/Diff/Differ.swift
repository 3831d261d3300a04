/// Computes the changeset between two lists of sections, by identity and content.
public enum Differ {
    /// The steps that turn `old` into `new`; see `Changeset` for their order.
    ///
    /// Identities must be unique: sections among sections, items across the whole list (an item that changes
    /// section is one move). A duplicate throws `DiffError` rather than guessing; callers fall back to a reload.
    ///
    /// - Complexity: O((s + n) log (s + n)) for s sections and n items, with one `==` per kept item and per kept
    ///   section, and hashing of every identity twice.
    public static func changeset<Section: AnimatableSectionModelType>(
        from old: [Section], to new: [Section]
    ) throws -> Changeset<Section> where Section.Item: IdentifiableType & Equatable {
        typealias Change = Changeset<Section>.Change
        let oldSections = try sectionIndex(old, inNew: false)
        let newSections = try sectionIndex(new, inNew: true)
        let oldItems = try itemIndex(old, inNew: false)
        let newItems = try itemIndex(new, inNew: true)
        var changes: [Change] = []

        // 1. Items that leave a section that stays. Items of deleted sections leave with their section.
        for section in old where newSections[section.identity] != nil {
            for item in section.items where newItems[item.identity] == nil {
                changes.append(.deleteItem(item.identity, section: section.identity))
            }
        }

        // 2. The list of sections.
        let keptSectionPositions = new.compactMap { oldSections[$0.identity] }
        var keptSectionIsStable = LongestIncreasingSubsequence.members(of: keptSectionPositions)[...]
        var sectionSteps: [Change] = []
        for index in new.indices.reversed() {
            let section = new[index]
            let before = index + 1 < new.count ? new[index + 1].identity : nil
            if oldSections[section.identity] == nil {
                let fresh = section.items.filter { oldItems[$0.identity] == nil }
                sectionSteps.append(.insertSection(Section(original: section, items: fresh), before: before))
            } else if keptSectionIsStable.popLast() == false {
                sectionSteps.append(.moveSection(section.identity, before: before))
            }
        }
        changes += sectionSteps

        // 3. Each section's items. In a new section the inserted shell already holds the new items, in order.
        for section in new {
            let isNewSection = oldSections[section.identity] == nil
            let oldSectionIndex = oldSections[section.identity]
            var positions: [Int] = []
            var kind: [UInt8] = []  // 0 kept here, 1 moves in from another section, 2 inserted
            positions.reserveCapacity(section.items.count)
            kind.reserveCapacity(section.items.count)
            for (index, item) in section.items.enumerated() {
                if let place = oldItems[item.identity] {
                    if place.section == oldSectionIndex {
                        positions.append(place.item)
                        kind.append(0)
                    } else {
                        kind.append(1)
                    }
                } else if isNewSection {
                    positions.append(index)
                    kind.append(0)
                } else {
                    kind.append(2)
                }
            }
            var stable = LongestIncreasingSubsequence.members(of: positions)[...]
            var itemSteps: [Change] = []
            for index in section.items.indices.reversed() {
                let item = section.items[index]
                let before = index + 1 < section.items.count ? section.items[index + 1].identity : nil
                switch kind[index] {
                case 0:
                    if stable.popLast() == false {
                        itemSteps.append(.moveItem(item.identity, section: section.identity, before: before))
                    }
                case 1:
                    itemSteps.append(.moveItem(item.identity, section: section.identity, before: before))
                default:
                    itemSteps.append(.insertItem(item, section: section.identity, before: before))
                }
            }
            changes += itemSteps
        }

        // 4. Sections that are gone.
        for section in old where newSections[section.identity] == nil {
            changes.append(.deleteSection(section.identity))
        }

        // 5. Content.
        for section in new {
            guard let oldIndex = oldSections[section.identity] else { continue }
            if Section(original: old[oldIndex], items: []) != Section(original: section, items: []) {
                changes.append(.updateSection(Section(original: section, items: [])))
            }
        }
        for section in new {
            for item in section.items {
                guard let place = oldItems[item.identity] else { continue }
                if old[place.section].items[place.item] != item {
                    changes.append(.updateItem(item, section: section.identity))
                }
            }
        }
        return Changeset(changes: changes)
    }

    private static func sectionIndex<Section: IdentifiableType>(
        _ sections: [Section], inNew: Bool
    ) throws -> [Section.Identity: Int] {
        var index: [Section.Identity: Int] = [:]
        index.reserveCapacity(sections.count)
        for (position, section) in sections.enumerated() {
            if let first = index.updateValue(position, forKey: section.identity) {
                throw DiffError.duplicateSection(
                    identity: "\(section.identity)", first: first, second: position, inNew: inNew)
            }
        }
        return index
    }

    private static func itemIndex<Section: SectionModelType>(
        _ sections: [Section], inNew: Bool
    ) throws -> [Section.Item.Identity: (section: Int, item: Int)] where Section.Item: IdentifiableType {
        var index: [Section.Item.Identity: (section: Int, item: Int)] = [:]
        index.reserveCapacity(sections.reduce(0) { $0 + $1.items.count })
        for (sectionPosition, section) in sections.enumerated() {
            for (itemPosition, item) in section.items.enumerated() {
                if let first = index.updateValue((sectionPosition, itemPosition), forKey: item.identity) {
                    throw DiffError.duplicateItem(
                        identity: "\(item.identity)",
                        first: .init(section: first.section, item: first.item),
                        second: .init(section: sectionPosition, item: itemPosition), inNew: inNew)
                }
            }
        }
        return index
    }
}
