import Foundation

/// What one build leaves for the next in `<site>/.sectionsite/`: each page's recent versions, oldest first, and the
/// HTML of every version still listed, so the next build can diff against any of them.
package struct BuildState: Sendable {
    /// The state folder.
    package var folder: URL

    /// The state kept in `folder` (a site's `.sectionsite`).
    package init(folder: URL) {
        self.folder = folder
    }

    /// Each page's versions, oldest first (deleted pages keep theirs).
    package typealias History = [PageURL: [PageVersion]]

    private var historyFile: URL { folder.appendingPathComponent("history.json") }
    private var versions: URL { folder.appendingPathComponent("versions") }
    /// The HTML of every version still listed (and, during a build, of the pages it renders).
    package var pages: PageStore { PageStore(folder: versions) }

    /// The history of the last build, or an empty one (with a warning when the file is unreadable).
    package func loadHistory(warnings: inout Warnings) -> History {
        guard let data = try? Data(contentsOf: historyFile) else { return [:] }
        // Read without Codable, which took a tenth of a second for 10,000 pages.
        guard let file = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            file["format"] as? String == "sectionsite-state/1", let pages = file["pages"] as? [String: [String]]
        else {
            warnings.add(StorageProblem.historyUnreadable.at(nil))
            return [:]
        }
        var history = History(minimumCapacity: pages.count)
        for (url, versions) in pages { history[PageURL(url)] = versions.map { PageVersion(rawValue: $0) } }
        return history
    }

    /// Stores the pages' current versions, then the history (written to a temporary file and renamed, so it is
    /// never half-written), then, when `collect` is on, drops stored versions that no page lists any more (the
    /// preview saves after every edit and leaves that to the next build).
    package func save(_ history: History, pages: [RenderedPage], collect: Bool = true) throws {
        let manager = FileManager.default
        try manager.createDirectory(at: versions, withIntermediateDirectories: true)
        let existing = collect ? Set((try? manager.contentsOfDirectory(atPath: versions.path)) ?? []) : []
        let missing = pages.filter {
            collect
                ? !existing.contains($0.version.rawValue + ".html")
                : access(versions.path + "/\($0.version).html", F_OK) != 0
        }
        let store = self.pages
        try missing.parallelForEach { page in try store.store(page.document(), version: page.version) }
        var json = JSONWriter()
        json.object { json in
            json.field("format", "sectionsite-state/1")
            json.key("pages")
            json.object { json in
                for url in history.keys.sorted() {
                    json.key(url.rawValue)
                    json.array(history[url]!) { json, version in json.stringValue(version.rawValue) }
                }
            }
        }
        let temporary = folder.appendingPathComponent("history.json.tmp")
        try Data(json.text.utf8).write(to: temporary)
        guard rename(temporary.path, historyFile.path) == 0 else {
            throw StorageProblem.cannotReplace(historyFile.path, reason: SystemReason.ofLastCall).error()
        }
        guard collect else { return }
        let listed = Set(history.values.joined().map { $0.rawValue + ".html" })
        for file in existing.union(missing.map { $0.version.rawValue + ".html" }) where !listed.contains(file) {
            try? manager.removeItem(at: versions.appendingPathComponent(file))
        }
    }
}
