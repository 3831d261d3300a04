import SectionSiteDiff
/// Makes the patch between two rendered versions of a page: reads both as keyed documents, diffs sections, items
/// and body blocks by identity and content, and turns each change into the smallest operation that does it.
///
/// Anything it cannot express as keyed operations (a change outside every keyed element, a key used twice) becomes
/// a single `reload`.
package enum PatchBuilder {
    /// The patch from `old` (version `from`) to `new` (version `to`) of the page at `page`.
    ///
    /// - Complexity: O(n log n) in the size of the two documents.
    package static func patch(
        page: PageURL, from old: String, version from: PageVersion, to new: String, version to: PageVersion,
        animation: AnimationConfiguration? = nil
    ) -> Patch {
        do {
            return patch(
                page: page, from: try KeyedDocument(old), version: from, to: try KeyedDocument(new), version: to,
                animation: animation)
        } catch {
            var patch = Patch(page: page, from: from, to: to, ops: [.reload], animation: animation)
            patch.reloadReason = "\(error)"
            return patch
        }
    }

    /// The patch between two versions already read as keyed documents.
    static func patch(
        page: PageURL, from old: KeyedDocument, version from: PageVersion, to new: KeyedDocument,
        version to: PageVersion, animation: AnimationConfiguration? = nil
    ) -> Patch {
        do {
            let ops = try Builder(old: old, new: new).ops()
            return Patch(page: page, from: from, to: to, ops: ops, animation: animation)
        } catch {
            var patch = Patch(page: page, from: from, to: to, ops: [.reload], animation: animation)
            patch.reloadReason = "\(error)"
            return patch
        }
    }
}

/// The node of a keyed list, identified by its key, compared by its HTML.
struct KeyedNode: IdentifiableType, Equatable {
    var identity: String
    var html: String
}

/// A section read from a keyed document: its key, its own HTML with the item list emptied, and its items.
struct KeyedSection: SectionModelType, IdentifiableType, Equatable {
    var identity: String
    var own: String
    var items: [KeyedNode]

    init(identity: String, own: String, items: [KeyedNode]) {
        self.identity = identity
        self.own = own
        self.items = items
    }

    init(original: KeyedSection, items: [KeyedNode]) {
        self.init(identity: original.identity, own: original.own, items: items)
    }
}

/// Why a change cannot be keyed operations, for the reason a `reload` patch keeps.
private struct Unpatchable: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

private struct Builder {
    let old: KeyedDocument
    let new: KeyedDocument

    func ops() throws -> [PatchOp] {
        guard skeleton(old) == skeleton(new) else {
            throw Unpatchable("the page changed outside every keyed element")
        }
        var ops = try headOps()
        for name in PatchContract.rootKeys {
            guard let before = old.roots[name], let after = new.roots[name] else { continue }
            let changes = attributeChanges(before.attributes, after.attributes)
            if !changes.isEmpty { ops.append(.attrs(key: name, attrs: changes)) }
        }
        let sections = try Differ.changeset(from: try self.sections(of: old), to: try self.sections(of: new))
        for change in sections.changes { ops += try self.ops(for: change) }
        let oldBody = try bodySection(of: old)
        let body = try Differ.changeset(from: [oldBody], to: [bodySection(of: new)])
        ops += try bodyOps(body.changes, old: oldBody.items.map(\.identity))
        for key in new.order where PatchContract.Kind.region.matches(key) {
            guard let before = old.elements[key], let after = new.elements[key] else {
                throw Unpatchable("the keyed element '\(key)' of the layout is in only one version")
            }
            ops += update(key, before, after)
        }
        if let before = old.title, let after = new.title, old.text(before) != new.text(after) {
            ops.append(.title(text: Entities.decode(new.text(after))))
        }
        return ops
    }

    /// The body's operations, where an edited block (a block removed and a new one inserted in its place, between
    /// the same neighbours) becomes one `replace` instead of a remove and an insert: smaller, and it keeps its place.
    private func bodyOps(_ changes: [Changeset<KeyedSection>.Change], old: [String]) throws -> [PatchOp] {
        var nextOld: [String: String?] = [:]
        for (index, key) in old.enumerated() { nextOld[key] = index + 1 < old.count ? old[index + 1] : nil }
        var moved = Set<String>()
        var deleted: [String?: String] = [:]  // the old successor of a deleted block -> the block
        for change in changes {
            if case .moveItem(let key, _, _) = change { moved.insert(key) }
            if case .deleteItem(let key, _) = change, let next = nextOld[key] {
                if next == nil
                    || !changes.contains(where: { if case .deleteItem(next!, _) = $0 { true } else { false } })
                {
                    deleted[next] = key
                }
            }
        }
        var replaced: [String: String] = [:]  // deleted block -> new HTML
        var replacing = Set<String>()  // the inserted blocks that replace one
        for change in changes {
            guard case .insertItem(let node, _, let before) = change, before.map({ !moved.contains($0) }) ?? true,
                let victim = deleted.removeValue(forKey: before)
            else { continue }
            replaced[victim] = node.html
            replacing.insert(node.identity)
        }
        var ops: [PatchOp] = []
        for change in changes {
            switch change {
            case .deleteItem(let key, _) where replaced[key] != nil:
                ops.append(.replace(key: key, html: replaced[key]!))
            case .insertItem(let node, _, _) where replacing.contains(node.identity):
                continue
            default:
                ops += try self.ops(for: change)
            }
        }
        return ops
    }

    /// The head's operations: its elements diffed as a keyed list (`HeadKey`). An element a patch cannot bring
    /// (`HeadKey.isPatchable`: a script, which must run) makes the whole patch a reload that names it.
    private func headOps() throws -> [PatchOp] {
        func list(_ document: KeyedDocument) -> KeyedSection {
            KeyedSection(
                identity: PatchContract.headList, own: "",
                items: document.head.map { KeyedNode(identity: $0.key, html: document.text($0.outer)) })
        }
        let (before, after) = (list(old), list(new))
        guard before != after else { return [] }
        let oldHead = Dictionary(uniqueKeysWithValues: old.head.map { ($0.key, $0) })
        let newHead = Dictionary(uniqueKeysWithValues: new.head.map { ($0.key, $0) })
        func bring(_ element: KeyedDocument.Element, _ what: String) throws {
            guard HeadKey.isPatchable(tag: element.tag, attributes: element.attributes) else {
                throw Unpatchable("the page's head has \(element.key) \(what), which a patch cannot bring: it must run")
            }
        }
        var ops: [PatchOp] = []
        for change in try Differ.changeset(from: [before], to: [after]).changes {
            switch change {
            case .deleteItem(let key, _):
                ops.append(.remove(key: key))
            case .insertItem(let node, _, let next):
                try bring(newHead[node.identity]!, "added")
                ops.append(.insert(parent: PatchContract.headList, before: next, html: node.html))
            case .moveItem(let key, _, let next):
                ops.append(.move(key: key, parent: PatchContract.headList, before: next))
            case .updateItem(let node, _):
                let (was, now) = (oldHead[node.identity]!, newHead[node.identity]!)
                try bring(was, "changed")
                try bring(now, "changed")
                // A stylesheet at a new address is a new element, which the runtime loads before the old one goes.
                let href = { (element: KeyedDocument.Element) in element.attributes.first { $0.name == "href" }?.value }
                if node.identity.hasPrefix("stylesheet "), href(was) != href(now) {
                    ops.append(.replace(key: node.identity, html: node.html))
                } else {
                    ops += update(node.identity, was, now)
                }
            case .insertSection, .deleteSection, .moveSection, .updateSection:
                throw Unpatchable("the page's head changed in a way no operation expresses")
            }
        }
        for op in ops {
            let named: [String?]
            switch op {
            case .insert(_, let before, _): named = [before]
            case .move(let key, _, let before): named = [key, before]
            default: named = [op.key]
            }
            for key in named.compactMap({ $0 }) {
                let (document, element) = oldHead[key].map { (old, $0) } ?? (new, newHead[key]!)
                let startTag = document.text(element.outer.lowerBound..<element.inner.lowerBound)
                if HeadKey.isHashed(tag: element.tag, attributes: element.attributes),
                    Entities.decodeStrictly(startTag) == nil
                {
                    throw Unpatchable(
                        "the page's head has \(key) changed, whose attributes hold a character reference by name")
                }
            }
        }
        return ops
    }

    /// The document with every patchable part blanked (the head's inside, the attributes of `<html>` and `<body>`,
    /// the keyed lists and regions, the title): when two skeletons differ, only a reload can do.
    private func skeleton(_ document: KeyedDocument) -> [UInt8] {
        var holes: [Range<Int>] = document.roots.values.map(\.list)
        if let inner = document.headInner { holes.append(inner) }
        for list in [PatchContract.pageList, PatchContract.bodyList] {
            if let container = document.containers[list] { holes.append(container.inner) }
        }
        for key in document.order where PatchContract.Kind.region.matches(key) {
            holes.append(document.elements[key]!.inner)
        }
        if let title = document.title { holes.append(title) }
        if let version = document.versionContent { holes.append(version) }
        holes.sort { $0.lowerBound < $1.lowerBound }
        var result: [UInt8] = []
        result.reserveCapacity(document.bytes.count / 4)
        var cursor = 0
        for hole in holes where hole.lowerBound >= cursor {
            result += document.bytes[cursor..<hole.lowerBound]
            result.append(0)
            cursor = hole.upperBound
        }
        result += document.bytes[cursor...]
        return result
    }

    private func sections(of document: KeyedDocument) throws -> [KeyedSection] {
        guard let page = document.containers[PatchContract.pageList] else { return [] }
        return try page.children.map { key in
            guard PatchContract.Kind.section.matches(key), let element = document.elements[key],
                let list = document.containers[key]
            else {
                throw Unpatchable("the page list holds '\(key)', which is no section with an item list")
            }
            guard element.outer.lowerBound <= list.inner.lowerBound, list.inner.upperBound <= element.outer.upperBound
            else {
                throw Unpatchable("the item list of section '\(key)' is not inside the section")
            }
            let own =
                document.text(element.outer.lowerBound..<list.inner.lowerBound)
                + document.text(list.inner.upperBound..<element.outer.upperBound)
            return KeyedSection(identity: key, own: own, items: try nodes(list.children, in: document))
        }
    }

    private func bodySection(of document: KeyedDocument) throws -> KeyedSection {
        KeyedSection(
            identity: PatchContract.bodyList, own: "",
            items: try nodes(document.containers[PatchContract.bodyList]?.children ?? [], in: document))
    }

    private func nodes(_ keys: [String], in document: KeyedDocument) throws -> [KeyedNode] {
        try keys.map { key in
            guard let element = document.elements[key] else {
                throw Unpatchable("the list holds '\(key)', which is no keyed element")
            }
            return KeyedNode(identity: key, html: document.text(element.outer))
        }
    }

    private func ops(for change: Changeset<KeyedSection>.Change) throws -> [PatchOp] {
        switch change {
        case .deleteItem(let key, _), .deleteSection(let key):
            return [.remove(key: key)]
        case .insertSection(let section, let before):
            guard let element = new.elements[section.identity], let list = new.containers[section.identity] else {
                throw Unpatchable("a new section arrives without its item list")
            }
            let html =
                new.text(element.outer.lowerBound..<list.inner.lowerBound) + section.items.map(\.html).joined()
                + new.text(list.inner.upperBound..<element.outer.upperBound)
            return [.insert(parent: PatchContract.pageList, before: before, html: html)]
        case .moveSection(let key, let before):
            return [.move(key: key, parent: PatchContract.pageList, before: before)]
        case .insertItem(let node, let section, let before):
            return [.insert(parent: section, before: before, html: node.html)]
        case .moveItem(let key, let section, let before):
            return [.move(key: key, parent: section, before: before)]
        case .updateItem(let node, _):
            guard let before = old.elements[node.identity], let after = new.elements[node.identity] else {
                throw Unpatchable("an item changed in a way no operation expresses")
            }
            return update(node.identity, before, after)
        case .updateSection(let section):
            return try updateSection(section.identity)
        }
    }

    /// A kept section whose own parts changed: its attributes, header or footer.
    private func updateSection(_ key: String) throws -> [PatchOp] {
        guard let before = old.elements[key], let after = new.elements[key] else {
            throw Unpatchable("'\(key)' is in only one version")
        }
        var ops: [PatchOp] = []
        guard before.tag == after.tag else {
            throw Unpatchable("'\(key)' changed its tag from <\(before.tag)> to <\(after.tag)>")
        }
        let attributes = attributeChanges(before.attributes, after.attributes)
        if !attributes.isEmpty { ops.append(.attrs(key: key, attrs: attributes)) }
        let id = key.dropFirst(2)
        for supplementary in [PatchContract.Kind.header.key(String(id)), PatchContract.Kind.footer.key(String(id))] {
            switch (old.elements[supplementary], new.elements[supplementary]) {
            case (nil, nil): break
            case (let was?, nil):
                _ = was
                ops.append(.remove(key: supplementary))
            case (nil, let added?): ops.append(.insert(parent: key, before: nil, html: new.text(added.outer)))
            case (let was?, let now?): ops += update(supplementary, was, now)
            }
        }
        if let list = (old.containers[key], new.containers[key]) as? (KeyedDocument.Container, KeyedDocument.Container),
            old.text(list.0.outer.lowerBound..<list.0.inner.lowerBound)
                != new.text(list.1.outer.lowerBound..<list.1.inner.lowerBound)
        {
            throw Unpatchable("the opening tag of a section's item list changed")
        }
        return ops
    }

    /// The smallest operation that turns one version of a kept element into the other.
    private func update(_ key: String, _ before: KeyedDocument.Element, _ after: KeyedDocument.Element) -> [PatchOp] {
        let oldInner = old.text(before.inner)
        let newInner = new.text(after.inner)
        let attributes = attributeChanges(before.attributes, after.attributes)
        if before.tag != after.tag || (!attributes.isEmpty && oldInner != newInner) {
            return [.replace(key: key, html: new.text(after.outer))]
        }
        var ops: [PatchOp] = []
        if !attributes.isEmpty { ops.append(.attrs(key: key, attrs: attributes)) }
        if oldInner != newInner {
            if !newInner.contains("<"), let text = Entities.decodeStrictly(newInner) {
                ops.append(.text(key: key, text: text))
            } else {
                ops.append(.html(key: key, html: newInner))
            }
        }
        return ops
    }

    private func attributeChanges(
        _ before: [(name: String, value: String)], _ after: [(name: String, value: String)]
    ) -> [PatchOp.Attribute] {
        var old: [String: String] = [:]
        for attribute in before where old[attribute.name] == nil { old[attribute.name] = attribute.value }
        var new: [String: String] = [:]
        for attribute in after where new[attribute.name] == nil { new[attribute.name] = attribute.value }
        var changes: [PatchOp.Attribute] = []
        for name in Set(old.keys).union(new.keys).sorted() where old[name] != new[name] {
            changes.append(.init(name: name, value: new[name]))
        }
        return changes
    }
}
