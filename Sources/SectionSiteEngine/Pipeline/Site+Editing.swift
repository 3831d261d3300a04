import Foundation
import HashTreeCollections
import SystemPackage

/// What the preview's edit mode offers on a page, and an edit carried into the text of the file that holds its item.
/// Pure: the preview writes the file, keeps the undo history and rebuilds.
extension Site {
    /// The editable sections of a page, as the runtime is told them.
    package struct EditablePage: Sendable, Equatable, Encodable {
        /// The version the page is at: an edit names it, and is refused when the page has changed since.
        package var version: PageVersion
        /// The sections whose items may be changed, in page order.
        package var sections: [Section]

        /// One editable section.
        package struct Section: Sendable, Equatable, Encodable {
            package var id: String
            /// Sections of one group share one file and one kind of list: items move between them.
            package var group: String
            /// Whether it takes items moved into it.
            package var move: Bool
            package var items: [Item]
        }

        /// One item: whether it may move and be deleted, and the fields the author may change, with their text now.
        package struct Item: Sendable, Equatable, Encodable {
            package var id: String
            package var move: Bool
            package var delete: Bool
            package var fields: [Field]
        }

        /// A field and its text.
        package struct Field: Sendable, Equatable, Encodable {
            package var name: String
            package var text: String
        }
    }

    /// A section's items as edit mode finds them: where they are written, and their fields.
    private struct EditableList {
        var rules: EditRules
        /// The file, relative to the site.
        var path: SourcePath
        var list: ItemList
        var items: [(id: String, fields: [String: Value])]
        /// Whether the file still holds what the site read: the parsed list, or the data file's hash.
        var isCurrent: (String) -> Bool
    }

    /// What edit mode offers on the page at `url`; nil when nothing there may be edited.
    package func editablePage(_ url: PageURL) -> EditablePage? {
        guard let page = pages[url], let loaded = loaded[page.source] else { return nil }
        // A version read from git: its files are a copy of a commit, not the site's to change.
        if let file = page.source.file, config.versions.isFromGit(file) { return nil }
        if let editing = program[page.source]?.editing { return editablePage(page, loaded.page, editing) }
        let sections = loaded.page.sections.compactMap { section -> EditablePage.Section? in
            guard let list = editableList(section, in: loaded.page), list.rules.allowsAnything else { return nil }
            let items = list.items.map { item in
                let fields = list.rules.editableFields(of: item.fields).compactMap { name -> EditablePage.Field? in
                    // named, not there yet
                    guard let value = item.fields[name] else { return .init(name: name, text: "") }
                    return value.scalarText.map { .init(name: name, text: $0) }
                }
                return EditablePage.Item(id: item.id, move: list.rules.move, delete: list.rules.delete, fields: fields)
            }
            let group = list.list == .records ? "\(list.path)#\(section.id)" : list.path.rawValue
            return .init(id: section.id, group: group, move: list.rules.move, items: items)
        }
        return sections.isEmpty ? nil : EditablePage(version: page.version, sections: sections)
    }

    /// A page a program defines, as its data source's `canMoveItem` and `canEditItem` answered: one group, whose
    /// sections all take moves when any item may move.
    private func editablePage(_ rendered: RenderedPage, _ page: Page, _ editing: ProgramEditing) -> EditablePage {
        let sections = page.sections.compactMap { section -> EditablePage.Section? in
            guard case .items(let items) = section.content else { return nil }  // a data source draws only items
            let editable = items.map { item in
                let names = editing.editable[item.id] ?? []
                let fields = names.compactMap { name in
                    item.fields[name]?.scalarText.map { EditablePage.Field(name: name, text: $0) }
                }
                return EditablePage.Item(
                    id: item.id, move: editing.movable.contains(item.id), delete: editing.editable[item.id] != nil,
                    fields: fields)
            }
            return EditablePage.Section(
                id: section.id, group: rendered.url.rawValue, move: !editing.movable.isEmpty, items: editable)
        }
        return EditablePage(version: rendered.version, sections: sections)
    }

    /// Whether any page of the site has something to edit: else the preview offers no edit mode at all.
    package var hasEditableSections: Bool {
        config.edit.allowsAnything
            || loaded.values.contains { $0.page.sections.contains { $0.edit?.allowsAnything ?? false } }
            || program.hasEditing
    }

    /// The program's own handler carrying out `request` on a page a program defines with edit closures, after the
    /// checks a file's edit gets; nil for any other page.
    package func programCommit(for request: EditRequest) throws -> (@Sendable () async throws -> Void)? {
        guard let page = pages[request.page], let editing = program[page.source]?.editing else { return nil }
        guard page.version == request.version else { throw EditRequestProblem.stale(request.page.rawValue).error() }
        let item = request.edit.item
        switch request.edit {
        case .move:
            guard editing.movable.contains(item) else {
                throw EditRequestProblem.notAllowed("move", section: request.section).error()
            }
        case .delete:
            guard editing.editable[item] != nil else {
                throw EditRequestProblem.notAllowed("delete", section: request.section).error()
            }
        case .set(_, let field, _):
            guard editing.editable[item]?.contains(field) ?? false else {
                throw EditRequestProblem.fieldNotEditable(field, section: request.section).error()
            }
        }
        let (edit, section) = (request.edit, request.section)
        return { try await editing.commit(edit, section) }
    }

    /// A section's list, when its items are written in a file edit mode can change: inline items of a Markdown
    /// file, or the records of a data file; a collection of pages has its order from `sort:` and is never editable.
    private func editableList(_ section: SectionSpec, in page: Page) -> EditableList? {
        let rules = section.edit ?? config.edit
        guard case .file(let path) = page.source else { return nil }
        switch section.content {
        case .items(let items):
            let fields = items.map { item in
                (item.id, item.body.map { item.fields.merging(["body": .string($0)]) { a, _ in a } } ?? item.fields)
            }
            let permalinks = config.permalinks
            return EditableList(rules: rules, path: path, list: .section(section.id), items: fields) { text in
                (try? PageParser(path: path, permalinks: permalinks).parse(text).sections.first { $0.id == section.id })
                    == section
            }
        case .data(let name, _):
            guard let file = data[name], let records = file.records else { return nil }
            return EditableList(
                rules: rules, path: file.path, list: .records, items: records.map { ($0.id, $0.fields) }
            ) { text in
                ContentHash.of(text).digest == file.hash
            }
        case .collection:
            return nil
        }
    }

    /// An edit the author made on the page at `url`, in the section `section`.
    package struct EditRequest: Sendable, Equatable {
        package var page: PageURL
        /// The version the author saw; the edit is refused when the page is at another.
        package var version: PageVersion
        package var section: String
        package var edit: ItemEdit

        package init(page: PageURL, version: PageVersion, section: String, edit: ItemEdit) {
            (self.page, self.version, self.section, self.edit) = (page, version, section, edit)
        }
    }

    /// A file's text before and after an edit.
    package struct SourceChange: Sendable, Equatable {
        /// The file, relative to the site (`Content/menu.md`).
        package var path: SourcePath
        package var before: String
        package var after: String
    }

    /// The change `request` makes to the file holding its item: checked against what the section allows, the
    /// page's version and the file's current text, and written minimally (`SourceRewrite`). Nothing is written here.
    package func sourceChange(for request: EditRequest) throws -> SourceChange {
        func refuse(_ problem: EditRequestProblem) -> SectionSiteError { problem.error(at: nil) }
        guard let page = pages[request.page], let loaded = loaded[page.source] else {
            throw refuse(.noPage(request.page.rawValue))
        }
        guard page.version == request.version else { throw refuse(.stale(request.page.rawValue)) }
        guard let section = loaded.page.sections.first(where: { $0.id == request.section }),
            let list = editableList(section, in: loaded.page), list.rules.allowsAnything
        else { throw refuse(.notEditable(section: request.section)) }
        guard list.items.contains(where: { $0.id == request.edit.item }) else {
            throw refuse(.noItem(request.edit.item, section: request.section))
        }
        var target = list.list
        switch request.edit {
        case .move(_, .section(let id), _):
            guard list.rules.move else { throw refuse(.notAllowed("move", section: request.section)) }
            guard let other = loaded.page.sections.first(where: { $0.id == id }),
                let to = editableList(other, in: loaded.page),
                to.rules.move, to.path == list.path, to.list != .records || id == section.id
            else { throw refuse(.notAllowed("move items into", section: id)) }
            target = to.list
        case .move:
            throw refuse(.notAllowed("move items into", section: request.section))
        case .delete:
            guard list.rules.delete else { throw refuse(.notAllowed("delete", section: request.section)) }
        case .set(let item, let field, _):
            // `edit: true` allows the fields of text or number the item has; a named field may be added.
            let fields = list.items.first { $0.id == item }?.fields ?? [:]
            guard list.rules.editableFields(of: fields).contains(field) else {
                throw refuse(.fieldNotEditable(field, section: request.section))
            }
        }
        // Written only inside the site's own Content/ and Data/, never through a link out of it (even one
        // `readOutside` lets a build read through).
        let file = options.site.appendingPathComponent(list.path.rawValue)
        guard list.path.rawValue.hasPrefix("Content/") || list.path.rawValue.hasPrefix("Data/"),
            SourceBounds(site: options.site).allows(FilePath(file.path))
        else {
            throw refuse(.outside(list.path.rawValue))
        }
        let before = try SourceText.readKeepingByteOrderMark(file, path: list.path.rawValue)
        guard list.isCurrent(before.hasPrefix("\u{FEFF}") ? String(before.dropFirst()) : before) else {
            throw refuse(.stale(request.page.rawValue))
        }
        var edit = request.edit
        if case .move(let item, _, let before) = edit { edit = .move(item: item, to: target, before: before) }
        let after = try SourceRewrite.apply(edit, from: list.list, to: before, path: list.path)
        return SourceChange(path: list.path, before: before, after: after)
    }
}
