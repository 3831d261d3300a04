/// One difference between two versions of a page's file, as a translator needs it to bring a translation up to
/// date: the title, a section, an item or a block of the body, added, removed or changed.
package struct SourceDifference: Sendable, Equatable {
    /// The part of the page that changed.
    package enum Part: String, Sendable, Equatable {
        case title, section, item, block
    }

    /// What happened to it.
    package enum Kind: String, Sendable, Equatable {
        case added, removed, changed
    }

    /// The part of the page.
    package var what: Part
    /// What happened to it.
    package var change: Kind
    /// A section's id, or an item's as `section/item`; nil for the title and body blocks, which have none.
    package var id: String?
    /// Its line in the new version; nil for what was removed, for the title, and for a block whose text is not
    /// found in the file's lines.
    package var line: Int?
    /// The start of its text in the new version (the old one for what was removed), tags stripped.
    package var text: String?

    /// Creates a change.
    package init(_ what: Part, _ change: Kind, id: String? = nil, line: Int? = nil, text: String? = nil) {
        (self.what, self.change, self.id, self.line, self.text) = (what, change, id, line, text)
    }

    /// How many characters of a block's text an excerpt keeps: enough to find the block, short enough for a line.
    static let excerptLength = 60

    /// The changes from `old` to `new`, two versions of one file parsed with the same path: the title, then the
    /// sections and their items in the new version's order (those removed after them), then the body's blocks in
    /// order. `newText` is the new version's file, for the lines of the body's blocks.
    ///
    /// - Complexity: O(n·m) in the numbers of body blocks (`bodyChanges`), O(s + i) in sections and items.
    static func changes(from old: LoadedPage, to new: LoadedPage, newText: String) -> [SourceDifference] {
        var changes: [SourceDifference] = []
        if old.page.title != new.page.title {
            changes.append(SourceDifference(.title, .changed, text: excerpt(new.page.title)))
        }
        changes += sectionChanges(from: old, to: new)
        changes += bodyChanges(from: old.blocks, to: new.blocks, newText: newText, bodyLine: new.page.bodyLocation.line)
        return changes
    }

    /// Sections by id, and within each section kept its items by id: a section added or removed is one change,
    /// not one per item; a section is changed when what it says of itself differs (kind, cell, header, footer, the
    /// collection or data it lists), its items are compared one by one.
    private static func sectionChanges(from old: LoadedPage, to new: LoadedPage) -> [SourceDifference] {
        var changes: [SourceDifference] = []
        let oldSections = Dictionary(old.page.sections.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let newIDs = Set(new.page.sections.map(\.id))
        for section in new.page.sections {
            let text = section.header?.fields["title"]?.scalarText.map { excerpt($0) }
            guard let before = oldSections[section.id] else {
                changes.append(
                    SourceDifference(.section, .added, id: section.id, line: section.location.line, text: text))
                continue
            }
            if !sameOwnParts(before, section) {
                changes.append(
                    SourceDifference(.section, .changed, id: section.id, line: section.location.line, text: text))
            }
            changes += itemChanges(in: section.id, from: (before, old), to: (section, new))
        }
        for section in old.page.sections where !newIDs.contains(section.id) {
            let text = section.header?.fields["title"]?.scalarText.map { excerpt($0) }
            changes.append(SourceDifference(.section, .removed, id: section.id, text: text))
        }
        return changes
    }

    /// Whether two versions of a section say the same of themselves, their items left out. Locations are left out
    /// too: a section that only moved down the file is the same section.
    private static func sameOwnParts(_ old: SectionSpec, _ new: SectionSpec) -> Bool {
        func own(_ section: SectionSpec) -> SectionSpec {
            var section = section
            section.location = SourceLocation(file: "")
            for keyPath in [\SectionSpec.header, \SectionSpec.footer] {
                section[keyPath: keyPath]?.location = SourceLocation(file: "")
            }
            switch section.content {
            case .items: section.content = .items([])
            case .data(let name, _): section.content = .data(name, SourceLocation(file: ""))
            case .collection: break
            }
            return section
        }
        return own(old) == own(new)
    }

    /// The items of one section by id: changed when their cell, fields or body (as HTML) differ.
    private static func itemChanges(
        in section: String, from old: (section: SectionSpec, page: LoadedPage),
        to new: (section: SectionSpec, page: LoadedPage)
    ) -> [SourceDifference] {
        func items(_ section: SectionSpec) -> [ItemSpec] {
            if case .items(let items) = section.content { items } else { [] }
        }
        func text(_ item: ItemSpec, _ page: LoadedPage) -> String? {
            item.fields["title"]?.scalarText.map { excerpt($0) } ?? page.itemBodies[item.id].map { excerpt(html: $0) }
        }
        var changes: [SourceDifference] = []
        let oldItems = Dictionary(items(old.section).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let newIDs = Set(items(new.section).map(\.id))
        for item in items(new.section) {
            let id = section + "/" + item.id
            guard let before = oldItems[item.id] else {
                changes.append(
                    SourceDifference(.item, .added, id: id, line: item.location.line, text: text(item, new.page)))
                continue
            }
            if before.cell != item.cell || before.fields != item.fields || before.html != item.html
                || old.page.itemBodies[item.id] != new.page.itemBodies[item.id]
            {
                changes.append(
                    SourceDifference(.item, .changed, id: id, line: item.location.line, text: text(item, new.page)))
            }
        }
        for item in items(old.section) where !newIDs.contains(item.id) {
            changes.append(SourceDifference(.item, .removed, id: section + "/" + item.id, text: text(item, old.page)))
        }
        return changes
    }

    /// The first `excerptLength` characters of a text, its runs of white space made one space, `…` where cut.
    static func excerpt(_ text: String) -> String {
        let words = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return words.count > excerptLength ? String(words.prefix(excerptLength)) + "…" : words
    }

    /// The excerpt of a piece of HTML: its text as a reader sees it (`HTMLText`).
    static func excerpt(html: String) -> String {
        excerpt(HTMLText.of(html))
    }
}
