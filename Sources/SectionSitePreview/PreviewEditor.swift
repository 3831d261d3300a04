import Foundation
import SectionSite
import SectionSiteEngine

/// Edit mode's server half, owned by one actor: tells a page what may be edited on it, writes an author's edit into
/// the file that holds the item (`Site.sourceChange(for:)` decides the text), keeps what each edit replaced for
/// undo, and has the site rebuilt, so every open tab gets the ordinary patch. A site without edit settings has none
/// of it (`PreviewRoutes` answers 404).
actor PreviewEditor {
    /// What a page's requests must carry, given with the page's edit settings to pages of this preview only.
    let token: String
    private let hub: PreviewHub
    /// The site's folder.
    private let folder: URL
    /// Has the site rebuilt after a file was written (without waiting for the file watcher).
    private let rebuild: @Sendable (SiteChange) -> Void
    /// The edits made, last one last, for undo, each with its batch: the fields one form saved are undone at once.
    private var history: [(change: Site.SourceChange, batch: Int?)] = []
    /// At most this many edits are kept for undo.
    private let keep = 100

    init(
        hub: PreviewHub, folder: URL, token: String = UUID().uuidString,
        rebuild: @escaping @Sendable (SiteChange) -> Void
    ) {
        (self.hub, self.folder, self.token, self.rebuild) = (hub, folder, token, rebuild)
    }

    /// What a request to the edit endpoint says: an action on an item, or `undo`.
    struct Request: Decodable {
        var action: String
        var page: String?
        var version: String?
        var section: String?
        var item: String?
        /// For a move: the section it goes to, and the item it goes before (none: the end).
        var to: String?
        var before: String?
        /// For `set`: the field and its new text.
        var field: String?
        var value: String?
        /// Edits of one batch (the fields of one form) are undone together.
        var batch: Int?
    }

    /// What edit mode offers on the page at `url`, with the token its requests carry; nil when nothing.
    func settings(for url: PageURL) async -> Data? {
        guard let page = await hub.site.editablePage(url) else { return nil }
        struct Settings: Encodable {
            var token: String
            var page: Site.EditablePage
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try? encoder.encode(Settings(token: token, page: page))
    }

    /// Carries out one request; the error's words are what the author is shown.
    func perform(_ request: Request) async throws {
        if request.action == "undo" { return try undo() }
        guard let page = request.page, let version = request.version, let section = request.section,
            let item = request.item
        else {
            throw PreviewProblem.incompleteRequest.error()
        }
        let edit: ItemEdit
        switch request.action {
        case "move": edit = .move(item: item, to: .section(request.to ?? section), before: request.before)
        case "delete": edit = .delete(item: item)
        case "set":
            guard let field = request.field, let value = request.value else {
                throw PreviewProblem.setWithoutValue.error()
            }
            edit = .set(item: item, field: field, value: value)
        default: throw PreviewProblem.unknownAction(request.action).error()
        }
        let site = await hub.site
        let batch = request.batch
        let request = Site.EditRequest(page: PageURL(page), version: PageVersion(version), section: section, edit: edit)
        // the program's model: no file, no undo
        if let commit = try site.programCommit(for: request) { return try await commit() }
        let change = try site.sourceChange(for: request)
        guard change.after != change.before else { return }
        try write(change.after, to: change.path)
        history.append((change, batch))
        if history.count > keep { history.removeFirst() }
    }

    /// Puts back the text the last edit (or batch of edits, one after the other in one file) replaced, when its
    /// file still holds what the edit wrote.
    private func undo() throws {
        guard let (last, batch) = history.last else { throw PreviewProblem.nothingToUndo.error() }
        let current = try? String(contentsOf: folder.appendingPathComponent(last.path.rawValue), encoding: .utf8)
        guard current == last.after else {
            // what else was undone there would overwrite the newer text
            history.removeAll { $0.change.path == last.path }
            throw PreviewProblem.changedSinceEdit(last.path.rawValue).error()
        }
        var first = history.count - 1
        while let batch, first > 0, history[first - 1].batch == batch, history[first - 1].change.path == last.path {
            first -= 1
        }
        try write(history[first].change.before, to: last.path)
        history.removeSubrange(first...)
    }

    /// Writes the whole file at once (a reader never sees half of it) and has the site rebuilt.
    private func write(_ text: String, to path: SourcePath) throws {
        do {
            // The file a link inside the site leads to, so that the link stays a link.
            try Data(text.utf8).write(
                to: folder.appendingPathComponent(path.rawValue).resolvingSymlinksInPath(), options: .atomic)
        } catch {
            throw PreviewProblem.cannotWrite(path.rawValue, reason: SystemReason.of(error)).error()
        }
        rebuild(.file(path))
    }
}
