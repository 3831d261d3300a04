import Foundation

/// What changed between two outputs of a site, page by page and inside each page section by section and item by
/// item: what `sectionsite changes` and `build --changes` report, as Markdown, JSON or an HTML page.
///
/// It has no diff of its own. The files that changed are those whose hashes differ in the two manifests; inside a
/// page that changed, the changes are the operations of the patch between the two versions (`PatchBuilder`), read
/// back as sections, items and blocks added, removed, moved and edited: a moved item is one move, as readers'
/// browsers get it.
package struct ChangeReport: Sendable, Equatable {
    /// One page added, removed or changed.
    package struct PageChange: Sendable, Equatable {
        package enum Status: String, Sendable { case added, removed, changed }
        package var url: PageURL
        package var status: Status
        /// The page's title (the new one, or the old for a page removed).
        package var title: String
        /// The keyed changes inside a changed page, in the patch's order.
        package var changes: [Change] = []
        /// Why a changed page changed as a whole (its layout changed outside every keyed element); nil else.
        package var wholePage: String?
        /// The sections a change is in, in order, each once, with their HTML before and after: what the HTML
        /// page shows and marks.
        package var sections: [SectionVersions] = []
        /// The `id` of the first changed section that has one, for a link straight to it.
        package var anchor: String?

        /// How many changes of a part and action the page has.
        package func count(_ part: Change.Part, _ action: Change.Action) -> Int {
            changes.count { $0.part == part && $0.action == action }
        }
    }

    /// A changed section's HTML in each version (nil where it is not).
    package struct SectionVersions: Sendable, Equatable {
        package var key: String
        package var before: String?
        package var after: String?
    }

    /// One keyed change inside a page.
    package struct Change: Sendable, Equatable {
        package enum Action: String, Sendable { case added, removed, moved, edited }
        package enum Part: String, Sendable { case section, header, footer, item, block, region, title, head }
        package var action: Action
        package var part: Part
        /// The element's key (`i:release-57`, `meta name=description`, `html`); empty for the title.
        package var key: String
        /// The key of the section it is in (`s:releases`): the section itself for a section, its header or footer.
        package var section: String?
        /// Its text before and after, tags dropped and spaces folded; nil where it was not, or is not, there.
        package var before: String?
        package var after: String?
        /// Its HTML before and after, for the HTML page.
        package var beforeHTML: String?
        package var afterHTML: String?
    }

    /// The kinds of file besides pages that a change touches.
    package enum FileKind: String, Sendable, CaseIterable {
        case feed, sitemap, search, patchFeed = "patch-feed", other
    }

    /// Pages added, removed and changed, by URL.
    package var pages: [PageChange] = []
    /// Every file added, removed or changed, by path.
    package var files = OutputManifest.FileChanges()
    /// The URL of every file added, removed or changed, as a path in the output (`/posts/a/`), sorted: what a CDN
    /// purge needs, under the site's base URL (`urlList(baseURL:)`).
    package var urls: [String] = []
    /// The files of each kind touched (added, removed or changed), sorted.
    package var touched: [FileKind: [OutputPath]] = [:]

    /// The report between the outputs in `old` and `new` (manifests read where they are, files hashed where not).
    /// An `old` folder that is not there is an empty output: every page is added.
    package static func make(old: URL, new: URL) throws -> ChangeReport {
        let manager = FileManager.default
        for folder in [old, new] where manager.fileExists(atPath: folder.path) || folder == new {
            guard manager.fileExists(atPath: folder.appendingPathComponent("_sectionsite").path) else {
                throw OutputProblem.noOutputOfOurs(SiteWriter.shown(folder.path)).error()
            }
        }
        let before =
            manager.fileExists(atPath: old.path)
            ? OutputManifest(of: old) ?? OutputManifest(hashing: old) : OutputManifest()
        let after = OutputManifest(of: new) ?? OutputManifest(hashing: new)
        return try make(old: old, new: new, files: before.changes(to: after))
    }

    /// The output folder `out` as it is now, kept in a folder beside it by hard links (a build replaces each file
    /// it writes by renaming a new one over it, so the links keep the old bytes; copies where the output is a
    /// file system of its own): what `build --changes` compares the new output with. Nil when there is no output yet.
    /// The caller removes the folder.
    package static func keep(_ out: URL) throws -> URL? {
        guard FileManager.default.fileExists(atPath: out.appendingPathComponent("_sectionsite").path) else {
            return nil
        }
        let prefix = ".\(out.lastPathComponent).before-"
        let kept = out.deletingLastPathComponent().appendingPathComponent(prefix + "\(getpid())")
        StagingLeftovers.remove(in: out.deletingLastPathComponent(), prefixes: [prefix])  // of a build interrupted
        let files = FileTree.files(under: out)
        do {
            try FileManager.default.createDirectory(at: kept, withIntermediateDirectories: true)
            try SiteWriter.makeFolders(for: files, under: kept.path + "/")
            try files.parallelForEach { file in
                guard link(out.path + "/" + file, kept.path + "/" + file) != 0 else { return }
                // An output folder that is a mount of its own (a container's volume) cannot be linked from beside.
                guard errno == EXDEV else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
                try SiteWriter.copyFile(out.path + "/" + file, to: kept.path + "/" + file)
            }
        } catch {
            try? FileManager.default.removeItem(at: kept)
            throw OutputProblem.cannotKeepPrevious(SiteWriter.shown(kept.path), reason: SystemReason.of(error)).error()
        }
        return kept
    }

    /// The report of `files`, which differ between `old` and `new`.
    static func make(old: URL, new: URL, files: OutputManifest.FileChanges) throws -> ChangeReport {
        var report = ChangeReport(files: files)
        let added = Set(files.added)
        let removed = Set(files.removed)
        let paths = files.all
        report.pages = try paths.filter { $0.page != nil }.parallelMap { path -> PageChange in
            let url = path.page!
            let oldHTML = removed.contains(path) || !added.contains(path) ? try read(old, path) : nil
            let newHTML = added.contains(path) || !removed.contains(path) ? try read(new, path) : nil
            return page(url, old: oldHTML, new: newHTML)
        }.sorted { $0.url < $1.url }
        report.urls = paths.map { path in path.page?.rawValue ?? URLPath.encoded("/" + path.rawValue) }.sorted()
        for path in paths where path.page == nil { report.touched[kind(of: path), default: []].append(path) }
        return report
    }

    /// The kind of a file that is no page, by its path.
    static func kind(of path: OutputPath) -> FileKind {
        let name = path.rawValue.split(separator: "/").last.map(String.init) ?? ""
        if path.rawValue.hasPrefix(PatchFeed.root) { return .patchFeed }
        if name == "feed.xml" { return .feed }
        if name.hasPrefix("sitemap"), name.hasSuffix(".xml") { return .sitemap }
        if path.rawValue.split(separator: "/").prefix(2).contains("search") || name == "search.json" { return .search }
        return .other
    }

    private static func read(_ folder: URL, _ path: OutputPath) throws -> String {
        do {
            return try String(contentsOf: folder.appendingPathComponent(path.rawValue), encoding: .utf8)
        } catch {
            throw StorageProblem.cannotRead(
                SiteWriter.shown(folder.path + "/" + path.rawValue), reason: SystemReason.of(error)
            ).error()
        }
    }

    /// A page's change: added or removed, or the operations of its patch read back as changes.
    static func page(_ url: PageURL, old: String?, new: String?) -> PageChange {
        guard let old, let new else {
            let title =
                (try? KeyedDocument(new ?? old ?? "")).flatMap { document in
                    document.title.map { Entities.decode(document.text($0)) }
                } ?? ""
            return PageChange(url: url, status: new == nil ? .removed : .added, title: title)
        }
        do {
            return page(url, before: try KeyedDocument(old), after: try KeyedDocument(new))
        } catch {
            return PageChange(url: url, status: .changed, title: "", wholePage: "\(error)")
        }
    }

    /// A page's change between two documents read as keyed.
    static func page(_ url: PageURL, before: KeyedDocument, after: KeyedDocument) -> PageChange {
        let title = after.title.map { Entities.decode(after.text($0)) } ?? ""
        var change = PageChange(url: url, status: .changed, title: title)
        let patch = PatchBuilder.patch(
            page: url, from: before, version: PageVersion(""), to: after, version: PageVersion(""))
        guard !patch.isReload else {
            change.wholePage = patch.reloadReason ?? "the page changed outside every keyed element"
            return change
        }
        let reading = OpReading(old: before, new: after)
        change.changes = reading.changes(patch.ops)
        var seen = Set<String>()
        for key in change.changes.compactMap(\.section) where seen.insert(key).inserted {
            let was = before.elements[key].map { before.text($0.outer) }
            let now = after.elements[key].map { after.text($0.outer) }
            change.sections.append(SectionVersions(key: key, before: was, after: now))
            if change.anchor == nil {
                change.anchor = (after.elements[key] ?? before.elements[key])?.attributes.first { $0.name == "id" }.map
                { Entities.decode($0.value) }
            }
        }
        return change
    }
}

extension ChangeReport {
    /// The document with `from` read as `to` in its text (a link into one version's folder read as into another's)
    /// and each body block keyed again from its HTML so changed, as `PageRenderer.body(_:)` keys it: a block is keyed
    /// as a page rendered with that HTML would key it.
    static func relinking(_ keyed: KeyedDocument, from: String, to: String) -> String {
        func relinked(_ text: String) -> String { from.isEmpty ? text : text.replacing(bytesOf: from, with: to) }
        let blocks = keyed.order.filter { PatchContract.Kind.block.matches($0) }.compactMap { keyed.elements[$0] }
            .sorted { $0.outer.lowerBound < $1.outer.lowerBound }
        var result = ""
        var seen: [String: Int] = [:]
        var at = 0
        for block in blocks where block.outer.lowerBound >= at {
            result += relinked(keyed.text(at..<block.outer.lowerBound))
            let outer = relinked(keyed.text(block.outer))
            let attribute = " \(PatchContract.keyAttribute)=\"\(HTML.escape(block.key))\""
            let raw = block.tag == "div" && block.attributes.contains { $0.name == "class" && $0.value == "ss-raw" }
            let html =
                raw
                ? relinked(keyed.text(block.inner)) : outer.replacing(bytesOf: attribute, with: "", maxReplacements: 1)
            let key = PageRenderer.blockKey(html, seen: &seen)
            result += outer.replacing(
                bytesOf: attribute, with: " \(PatchContract.keyAttribute)=\"\(HTML.escape(key))\"", maxReplacements: 1)
            at = block.outer.upperBound
        }
        return result + relinked(keyed.text(at..<keyed.bytes.count))
    }

    /// The page's own content out of a whole document: its title, and the outermost of its sections, body blocks
    /// and items and of the lists that hold them, in document order, in a document of their own; nil when the
    /// document cannot be read as keyed. What the layout draws around them (navigation, switchers, the head) is
    /// left out, so that two versions of one page compare by what they show.
    static func contentDocument(_ html: String) -> String? {
        content(html).map { contentDocument(title: $0.title, body: $0.body) }
    }

    /// A document of a page's title and content (`content`).
    static func contentDocument(title: String, body: String) -> String {
        "<!doctype html>\n<html><head><title>\(title)</title></head><body>\n\(body)</body></html>\n"
    }

    /// The page's title and content (`contentDocument`) as HTML.
    static func content(_ html: String) -> (title: String, body: String)? {
        // Read from the first of them on: what the layout draws before (the head, a long sidebar) is most of a
        // documentation page, and is left out anyway.
        let markers = [
            "\(PatchContract.childrenAttribute)=\"\(PatchContract.pageList)\"",
            "\(PatchContract.childrenAttribute)=\"\(PatchContract.bodyList)\"",
            "\(PatchContract.keyAttribute)=\"\(PatchContract.Kind.section.rawValue)",
            "\(PatchContract.keyAttribute)=\"\(PatchContract.Kind.block.rawValue)",
        ]
        let first = html.firstRange(bytesOfAny: markers)?.lowerBound
        let start = first.flatMap { html[..<$0].lastIndex(of: "<") } ?? html.startIndex
        guard let document = try? KeyedDocument(String(html[start...])) else { return nil }
        var title = ""
        if let open = html.firstRange(bytesOf: "<title"), let end = html[open.upperBound...].firstIndex(of: ">"),
            let close = html[end...].firstRange(bytesOf: "</title>")
        {
            title = String(html[html.index(after: end)..<close.lowerBound])
        }
        let content: Set<ChangeReport.Change.Part> = [.section, .header, .footer, .item, .block]
        func isContent(_ key: String) -> Bool { content.contains(OpReading.part(of: key)) }
        var ranges = document.order.filter(isContent).compactMap { document.elements[$0]?.outer }
        for container in document.containers.values where container.children.contains(where: isContent) {
            ranges.append(container.outer)
        }
        ranges.sort { ($0.lowerBound, -$0.upperBound) < ($1.lowerBound, -$1.upperBound) }
        var body = ""
        var end = 0
        for range in ranges where range.lowerBound >= end {
            body += document.text(range) + "\n"
            end = range.upperBound
        }
        return (title, body)
    }
}

extension ChangeReport.PageChange {
    /// The changes to what the page itself shows: its sections, headers, footers, items, body blocks and title, not
    /// the layout's regions or the head (the same page in two versions differs in its switcher and canonical link).
    var content: Self {
        var change = self
        let kept: Set<ChangeReport.Change.Part> = [.section, .header, .footer, .item, .block, .title]
        change.changes = changes.filter { kept.contains($0.part) }
        let sections = Set(change.changes.compactMap(\.section))
        change.sections = sections.isEmpty ? [] : self.sections.filter { sections.contains($0.key) }
        if change.sections.first?.key != self.sections.first?.key { change.anchor = nil }
        return change
    }

    /// The HTML before the change with `from` read as `to` in its links again (`content` of two versions compares
    /// the older with its version's folder read as the newer's).
    mutating func relink(before from: String, to: String) {
        func relinked(_ html: String?) -> String? { html?.replacing(bytesOf: from, with: to) }
        for index in sections.indices { sections[index].before = relinked(sections[index].before) }
        for index in changes.indices { changes[index].beforeHTML = relinked(changes[index].beforeHTML) }
    }
}

/// The operations of a patch read back as the changes they make, with the elements' text before and after.
private struct OpReading {
    let old: KeyedDocument
    let new: KeyedDocument
    /// The list each key is in, in each version.
    let oldParent: [String: String]
    let newParent: [String: String]

    init(old: KeyedDocument, new: KeyedDocument) {
        self.old = old
        self.new = new
        func parents(_ document: KeyedDocument) -> [String: String] {
            var parents: [String: String] = [:]
            for (list, container) in document.containers { for child in container.children { parents[child] = list } }
            return parents
        }
        oldParent = parents(old)
        newParent = parents(new)
    }

    func changes(_ ops: [PatchOp]) -> [ChangeReport.Change] {
        var changes: [ChangeReport.Change] = []
        for op in ops {
            switch op {
            case .insert(PatchContract.headList, _, let html):
                guard let element = new.head.first(where: { new.text($0.outer) == html }) else { continue }
                changes.append(change(.added, element.key))
            case .insert(_, _, let html):
                guard let key = Self.outerKey(html) else { continue }
                changes.append(change(.added, key))
            case .remove(let key):
                changes.append(change(.removed, key))
            case .move(let key, _, _):
                changes.append(change(.moved, key))
            case .replace(let key, _) where Self.part(of: key) == .head:
                changes.append(change(.edited, key))
            case .replace(let key, let html):
                // A body block edited keeps its old key in the patch; its new one is the HTML's.
                let newKey = Self.outerKey(html) ?? key
                var edited = change(.edited, key)
                edited.after = HTMLText.of(html)
                edited.afterHTML = html
                if newKey != key, let element = new.elements[newKey] { edited.afterHTML = new.text(element.outer) }
                changes.append(edited)
            case .text(let key, _), .html(let key, _), .attrs(let key, _):
                // A key edited twice (its attributes and its text) is one change.
                if changes.last?.key == key && changes.last?.action == .edited { continue }
                changes.append(change(.edited, key))
            case .title(let text):
                let before = old.title.map { Entities.decode(old.text($0)) }
                changes.append(.init(action: .edited, part: .title, key: "", before: before, after: text))
            case .reload:
                continue
            }
        }
        return changes
    }

    /// The change of one keyed element, with its section and its text in each version where it is.
    private func change(_ action: ChangeReport.Change.Action, _ key: String) -> ChangeReport.Change {
        let part = Self.part(of: key)
        let section: String? =
            switch part {
            case .section: key
            case .header, .footer: PatchContract.Kind.section.key(String(key.dropFirst(2)))
            case .item: (newParent[key] ?? oldParent[key]).flatMap { PatchContract.Kind.section.matches($0) ? $0 : nil }
            default: nil
            }
        if part == .head {
            // A head element's text is its HTML (a meta has none other); <html>'s and <body>'s, their attributes.
            func html(_ document: KeyedDocument) -> String? {
                if let root = document.roots[key] {
                    return document.text(root.list).trimmingCharacters(in: .whitespaces)
                }
                return document.head.first { $0.key == key }.map { document.text($0.outer) }
            }
            let (was, now) = (action == .added ? nil : html(old), action == .removed ? nil : html(new))
            return .init(
                action: action, part: part, key: key, before: was, after: now, beforeHTML: was, afterHTML: now)
        }
        let was = action == .added ? nil : old.elements[key]
        let now = action == .removed ? nil : new.elements[key]
        return .init(
            action: action, part: part, key: key, section: section, before: was.map { HTMLText.of(old.text($0.outer)) },
            after: now.map { HTMLText.of(new.text($0.outer)) }, beforeHTML: was.map { old.text($0.outer) },
            afterHTML: now.map { new.text($0.outer) })
    }

    /// The key of the outermost keyed element of some HTML (a section inserted holds its items' keys too).
    static func outerKey(_ html: String) -> String? {
        guard let document = try? KeyedDocument(html) else { return nil }
        return document.order.min { document.elements[$0]!.outer.lowerBound < document.elements[$1]!.outer.lowerBound }
    }

    static func part(of key: String) -> ChangeReport.Change.Part {
        switch PatchContract.Kind.allCases.first(where: { $0.matches(key) }) {
        case .section: .section
        case .header: .header
        case .footer: .footer
        case .item: .item
        case .block: .block
        case .region: .region
        case nil: .head
        }
    }
}
