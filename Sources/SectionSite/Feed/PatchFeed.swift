import Foundation

/// The patch feed of a deployed site: for each page, `head.json` naming its version and the earlier versions that
/// have a patch, and one `from-<version>.json` per earlier version, straight to the current one.
struct PatchFeed: Sendable {
    /// How many earlier versions keep a patch.
    var keep: Int
    /// The stored versions of earlier builds.
    var state: BuildState
    /// The previous output, whose feed files unchanged pages keep.
    var previousOut: URL

    /// The feed's output files and the history to save, with the number of pages that changed.
    func make(
        pages: [RenderedPage], history: BuildState.History, progress: (@Sendable (Int) -> Void)? = nil
    ) throws -> (files: [OutputFile], history: BuildState.History, changed: Int) {
        let results = try pages.parallelMap(progress: progress) { page in
            feed(for: page, versions: history[page.url] ?? [])
        }
        var files = results.flatMap(\.files)
        var newHistory = history
        for (page, result) in zip(pages, results) { newHistory[page.url] = result.versions }
        let current = Set(pages.map(\.url))
        for url in history.keys.sorted() where !current.contains(url) {
            files.append(OutputFile(path: Self.folder(url) + "head.json", contents: .text(Self.head(url, version: nil, from: [])), origin: "the patch feed"))
        }
        return (files, newHistory, results.count(where: \.changed))
    }

    private func feed(for page: RenderedPage, versions: [String]) -> (files: [OutputFile], versions: [String], changed: Bool) {
        let folder = Self.folder(page.url)
        if versions.last == page.version {
            let previous = previousOut.appendingPathComponent(folder)
            if let head = try? String(contentsOf: previous.appendingPathComponent("head.json"), encoding: .utf8),
                head.contains("\"version\":\"\(page.version)\"")
            {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: previous.path)) ?? []
                let files = names.filter { $0.hasSuffix(".json") }.sorted().map {
                    OutputFile(path: folder + $0, contents: .copy(previous.appendingPathComponent($0)), origin: "the patch feed")
                }
                return (files, versions, false)
            }
            return (patches(page, earlier: Array(versions.dropLast())), versions, false)
        }
        var updated = versions.filter { $0 != page.version } + [page.version]
        updated = Array(updated.suffix(keep + 1))
        return (patches(page, earlier: Array(updated.dropLast())), updated, true)
    }

    private func patches(_ page: RenderedPage, earlier: [String]) -> [OutputFile] {
        let folder = Self.folder(page.url)
        var files: [OutputFile] = []
        var from: [String] = []
        for version in earlier.suffix(keep).reversed() {
            guard let html = state.html(of: version) else { continue }
            let patch = PatchBuilder.patch(
                page: page.url, from: html, version: version, to: page.html, version: page.version, animation: page.animation)
            files.append(OutputFile(path: folder + "from-\(version).json", contents: .text(patch.json), origin: "the patch feed"))
            from.append(version)
        }
        files.append(OutputFile(path: folder + "head.json", contents: .text(Self.head(page.url, version: page.version, from: from)), origin: "the patch feed"))
        return files
    }

    /// The feed folder of a page: `_sectionsite/pages/posts/a/` for `/posts/a/`.
    static func folder(_ url: String) -> String { "_sectionsite/pages" + url }

    /// `head.json`: the page's version (null once the page is gone) and the versions that have a patch, newest first.
    static func head(_ url: String, version: String?, from: [String]) -> String {
        var json = JSONWriter()
        json.object { json in
            json.field("format", "sectionsite-head/1")
            json.field("page", url)
            json.field("version", version)
            json.key("from")
            json.array(from) { json, version in json.stringValue(version) }
        }
        return json.text
    }
}
