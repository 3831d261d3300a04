extension Changeset {
    /// Applies the steps one by one to `sections`, as the browser applies a patch to the DOM; returns nil when a
    /// step names an identity that is not there.
    ///
    /// This is the reference meaning of a changeset, for tests and tools; the browser runtime mirrors it.
    /// - Complexity: O(c · n) for c changes on n elements; meant for checking, not for hot paths.
    public func applied(to sections: [Section]) -> [Section]? {
        var list = sections
        func sectionIndex(_ id: Section.Identity) -> Int? { list.firstIndex { $0.identity == id } }
        func findItem(_ id: Section.Item.Identity) -> (Int, Int)? {
            for (s, section) in list.enumerated() {
                if let i = section.items.firstIndex(where: { $0.identity == id }) { return (s, i) }
            }
            return nil
        }
        func insert(_ item: Section.Item, into section: Int, before: Section.Item.Identity?) -> Bool {
            var items = list[section].items
            if let before {
                guard let at = items.firstIndex(where: { $0.identity == before }) else { return false }
                items.insert(item, at: at)
            } else {
                items.append(item)
            }
            list[section] = Section(original: list[section], items: items)
            return true
        }
        func remove(_ place: (Int, Int)) -> Section.Item {
            var items = list[place.0].items
            let item = items.remove(at: place.1)
            list[place.0] = Section(original: list[place.0], items: items)
            return item
        }
        func place(_ section: Section, before: Section.Identity?) -> Bool {
            if let before {
                guard let at = sectionIndex(before) else { return false }
                list.insert(section, at: at)
            } else {
                list.append(section)
            }
            return true
        }

        for change in changes {
            switch change {
            case .deleteItem(let id, let sectionID):
                guard let at = findItem(id), list[at.0].identity == sectionID else { return nil }
                _ = remove(at)
            case .insertSection(let section, let before):
                guard sectionIndex(section.identity) == nil, place(section, before: before) else { return nil }
            case .moveSection(let id, let before):
                guard let at = sectionIndex(id) else { return nil }
                let section = list.remove(at: at)
                guard place(section, before: before) else { return nil }
            case .insertItem(let item, let sectionID, let before):
                guard findItem(item.identity) == nil, let target = sectionIndex(sectionID),
                    insert(item, into: target, before: before)
                else { return nil }
            case .moveItem(let id, let sectionID, let before):
                guard let at = findItem(id) else { return nil }
                let item = remove(at)
                guard let target = sectionIndex(sectionID), insert(item, into: target, before: before) else {
                    return nil
                }
            case .deleteSection(let id):
                guard let at = sectionIndex(id) else { return nil }
                list.remove(at: at)
            case .updateSection(let section):
                guard let at = sectionIndex(section.identity) else { return nil }
                list[at] = Section(original: section, items: list[at].items)
            case .updateItem(let item, _):
                guard let at = findItem(item.identity) else { return nil }
                var items = list[at.0].items
                items[at.1] = item
                list[at.0] = Section(original: list[at.0], items: items)
            }
        }
        return list
    }
}
