/// Computes the changeset between two lists of sections, by identity and content.
public enum Differ {
    /// The steps that turn `old` into `new`; see `Changeset` for their order.
    ///
    /// Identities must be unique: sections among sections, items across the whole list (an item that changes
    /// section is one move). A duplicate throws `DiffError` rather than guessing; callers fall back to a reload.
    ///
    /// The old items are hashed once; every new item is looked up once, and from then on the two lists are joined
    /// through flat arrays of positions, so the work is one hash insert per old item, one lookup per new item, one
    /// `==` per kept item, and an O(k log k) longest increasing subsequence per list of k kept elements.
    ///
    /// - Complexity: O((s + n) log (s + n)) for s sections and n items.
    @inlinable
    public static func changeset<Section: AnimatableSectionModelType>(
        from old: [Section], to new: [Section]
    ) throws -> Changeset<Section> where Section.Item: IdentifiableType & Equatable {
        typealias Change = Changeset<Section>.Change

        // Sections: old position of each new section, or -1.
        var oldSectionIndex: [Section.Identity: Int] = [:]
        oldSectionIndex.reserveCapacity(old.count)
        for (position, section) in old.enumerated() {
            if let first = oldSectionIndex.updateValue(position, forKey: section.identity) {
                throw DiffError.duplicateSection(
                    identity: "\(section.identity)", first: first, second: position, inNew: false)
            }
        }
        var newSectionOld = [Int](repeating: -1, count: new.count)
        var oldSectionKept = [Bool](repeating: false, count: old.count)
        var seenNewSections: [Section.Identity: Int] = [:]
        for (position, section) in new.enumerated() {
            if let oldPosition = oldSectionIndex[section.identity] {
                if oldSectionKept[oldPosition] {
                    let first = newSectionOld.firstIndex(of: oldPosition)!
                    throw DiffError.duplicateSection(
                        identity: "\(section.identity)", first: first, second: position, inNew: true)
                }
                oldSectionKept[oldPosition] = true
                newSectionOld[position] = oldPosition
            } else if let first = seenNewSections.updateValue(position, forKey: section.identity) {
                throw DiffError.duplicateSection(
                    identity: "\(section.identity)", first: first, second: position, inNew: true)
            }
        }

        // Items, flattened: old flat position of each new item, and new flat position of each old item, or -1.
        var oldStart = [Int]()
        oldStart.reserveCapacity(old.count + 1)
        var oldTotal = 0
        for section in old {
            oldStart.append(oldTotal)
            oldTotal += section.items.count
        }
        oldStart.append(oldTotal)
        var oldItemSection = [Int](repeating: 0, count: oldTotal)
        var oldItemIndex: [Section.Item.Identity: Int] = [:]
        oldItemIndex.reserveCapacity(oldTotal)
        for (sectionPosition, section) in old.enumerated() {
            var flat = oldStart[sectionPosition]
            for item in section.items {
                if let first = oldItemIndex.updateValue(flat, forKey: item.identity) {
                    throw duplicate(item.identity, first, flat, starts: oldStart, inNew: false)
                }
                oldItemSection[flat] = sectionPosition
                flat += 1
            }
        }
        var newStart = [Int]()
        newStart.reserveCapacity(new.count + 1)
        var newTotal = 0
        for section in new {
            newStart.append(newTotal)
            newTotal += section.items.count
        }
        newStart.append(newTotal)
        var newItemOld = [Int](repeating: -1, count: newTotal)
        var oldItemNew = [Int](repeating: -1, count: oldTotal)
        var freshItems: [Section.Item.Identity: Int] = [:]
        for (sectionPosition, section) in new.enumerated() {
            var flat = newStart[sectionPosition]
            for item in section.items {
                if let oldFlat = oldItemIndex[item.identity] {
                    if oldItemNew[oldFlat] >= 0 {
                        throw duplicate(item.identity, oldItemNew[oldFlat], flat, starts: newStart, inNew: true)
                    }
                    oldItemNew[oldFlat] = flat
                    newItemOld[flat] = oldFlat
                } else if let first = freshItems.updateValue(flat, forKey: item.identity) {
                    throw duplicate(item.identity, first, flat, starts: newStart, inNew: true)
                }
                flat += 1
            }
        }

        var changes: [Change] = []

        // 1. Items that leave a section that stays. Items of deleted sections leave with their section.
        for (sectionPosition, section) in old.enumerated() where oldSectionKept[sectionPosition] {
            var flat = oldStart[sectionPosition]
            for item in section.items {
                if oldItemNew[flat] < 0 { changes.append(.deleteItem(item.identity, section: section.identity)) }
                flat += 1
            }
        }

        // 2. The list of sections, right to left, so that each anchor is already in place.
        let keptSectionPositions = newSectionOld.filter { $0 >= 0 }
        var sectionIsStable = LongestIncreasingSubsequence.members(of: keptSectionPositions)[...]
        for position in new.indices.reversed() {
            let section = new[position]
            let before = position + 1 < new.count ? new[position + 1].identity : nil
            if newSectionOld[position] < 0 {
                let start = newStart[position]
                var fresh: [Section.Item] = []
                for (offset, item) in section.items.enumerated() where newItemOld[start + offset] < 0 {
                    fresh.append(item)
                }
                changes.append(.insertSection(Section(original: section, items: fresh), before: before))
            } else if sectionIsStable.popLast() == false {
                changes.append(.moveSection(section.identity, before: before))
            }
        }

        // 3. Each section's items, right to left. A new section's shell already holds its new items, in order.
        var positions: [Int] = []
        for (sectionPosition, section) in new.enumerated() {
            let oldPosition = newSectionOld[sectionPosition]
            let start = newStart[sectionPosition]
            let count = section.items.count
            positions.removeAll(keepingCapacity: true)
            for offset in 0..<count {
                let oldFlat = newItemOld[start + offset]
                if oldFlat >= 0 {
                    if oldItemSection[oldFlat] == oldPosition { positions.append(oldFlat) }
                } else if oldPosition < 0 {
                    positions.append(offset)
                }
            }
            var stable = LongestIncreasingSubsequence.members(of: positions)[...]
            for offset in (0..<count).reversed() {
                let oldFlat = newItemOld[start + offset]
                let item = section.items[offset]
                let before = offset + 1 < count ? section.items[offset + 1].identity : nil
                if oldFlat >= 0 {
                    if oldItemSection[oldFlat] != oldPosition || stable.popLast() == false {
                        changes.append(.moveItem(item.identity, section: section.identity, before: before))
                    }
                } else if oldPosition < 0 {
                    _ = stable.popLast()
                } else {
                    changes.append(.insertItem(item, section: section.identity, before: before))
                }
            }
        }

        // 4. Sections that are gone, with whatever they still hold.
        for (position, section) in old.enumerated() where !oldSectionKept[position] {
            changes.append(.deleteSection(section.identity))
        }

        // 5. Content: one comparison per kept section and per kept item.
        for (position, section) in new.enumerated() {
            let oldPosition = newSectionOld[position]
            guard oldPosition >= 0 else { continue }
            let bare = Section(original: section, items: [])
            if Section(original: old[oldPosition], items: []) != bare { changes.append(.updateSection(bare)) }
        }
        for (sectionPosition, section) in new.enumerated() {
            var flat = newStart[sectionPosition]
            for item in section.items {
                let oldFlat = newItemOld[flat]
                if oldFlat >= 0 {
                    let oldSection = oldItemSection[oldFlat]
                    if old[oldSection].items[oldFlat - oldStart[oldSection]] != item {
                        changes.append(.updateItem(item, section: section.identity))
                    }
                }
                flat += 1
            }
        }
        return Changeset(changes: changes)
    }

    @inlinable
    static func duplicate<Identity>(
        _ identity: Identity, _ first: Int, _ second: Int, starts: [Int], inNew: Bool
    ) -> DiffError {
        func place(_ flat: Int) -> DiffError.ItemPosition {
            var section = 0
            while starts[section + 1] <= flat { section += 1 }
            return DiffError.ItemPosition(section: section, item: flat - starts[section])
        }
        let (a, b) = (min(first, second), max(first, second))
        return .duplicateItem(identity: "\(identity)", first: place(a), second: place(b), inNew: inNew)
    }
}
