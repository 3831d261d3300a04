import Foundation

/// The patch feed of a deployed site: for each page, `head.json` naming its version and the earlier versions that
/// have a patch, and one `from-<version>.json` per earlier version, straight to the current one.
package struct PatchFeed: Sendable {
    /// How many earlier versions keep a patch.
    var keep: Int
    /// The stored versions of earlier builds.
    var state: BuildState
    /// The previous output, whose feed files unchanged pages keep.
    var previousOut: URL

    /// Keeps each changed page's newest patch in `Result.newest`, for a push server (`BuildOptions.keepsPatches`).
    var keepsNewest = false

    /// A page's patch from its previous version to this build's, as a push server sends it: the same JSON as the
    /// feed's `from-<version>.json`, without the patch's operations kept in memory.
    package struct Message: Sendable, Equatable {
        /// The page's URL.
        package var page: PageURL
        /// The version the patch applies to.
        package var from: PageVersion
        /// The version it makes.
        package var to: PageVersion
        /// The patch's JSON.
        package var json: String
    }

    /// What `make` returns.
    /// A patch of the feed that is a `reload`, and why.
    package struct Reload: Sendable, Equatable, CustomStringConvertible {
        package var page: PageURL
        package var from: PageVersion
        package var reason: String
        /// Whether `from` is the page's previous version: what a tab open on the last build gets.
        package var fromPrevious: Bool

        /// `/a/ from 1f2e...: the page changed outside every keyed element`.
        package var description: String { "\(page) from \(from): \(reason)" }
    }

    struct Result {
        /// The feed's files.
        var files: [OutputFile]
        /// The history to save.
        var history: BuildState.History
        /// The versions that have a patch, by URL, for the pages made here.
        var from: [PageURL: [PageVersion]]
        /// How many pages changed.
        var changed: Int
        /// Each `reload` patch made, with its reason.
        var reloads: [Reload]
        /// With `keepsNewest`, the patch of each page that changed, from its previous version to this one, in URL
        /// order: what a push server sends readers who are on the previous version.
        var newest: [Message]
    }

    /// The feed files of `pages` (the pages this build rendered) and of the pages that are gone: every URL in
    /// `history` that is not in `current`, the URLs of every page of the site.
    func make(
        pages: [RenderedPage], current: Set<PageURL>, history: BuildState.History,
        progress: (@Sendable (Int) -> Void)? = nil
    ) throws -> Result {
        let results = try pages.parallelMap(progress: progress) { page in
            try feed(for: page, versions: history[page.url] ?? [])
        }
        var files = results.flatMap(\.files)
        var newHistory = history
        var from: [PageURL: [PageVersion]] = [:]
        for (page, result) in zip(pages, results) {
            newHistory[page.url] = result.versions
            from[page.url] = result.from
        }
        for url in history.keys.sorted() where !current.contains(url) {
            files.append(
                OutputFile(
                    path: OutputPath(Self.folder(url) + "head.json"),
                    contents: .text(Self.head(url, version: nil, from: [])), origin: "the patch feed"))
        }
        return Result(
            files: files, history: newHistory, from: from, changed: results.count(where: \.changed),
            reloads: results.flatMap(\.reloads), newest: results.compactMap(\.newest))
    }

    /// The feed files of a page that did not change, as the previous build wrote them.
    static func unchangedFiles(url: PageURL, from: [PageVersion]) -> [OutputFile] {
        let folder = Self.folder(url)
        return from.map {
            OutputFile(path: OutputPath(folder + "from-\($0).json"), contents: .unchanged, origin: "the patch feed")
        }
            + [OutputFile(path: OutputPath(folder + "head.json"), contents: .unchanged, origin: "the patch feed")]
    }

    private func feed(
        for page: RenderedPage, versions: [PageVersion]
    ) throws -> (
        files: [OutputFile], versions: [PageVersion], from: [PageVersion], changed: Bool, reloads: [Reload],
        newest: Message?
    ) {
        let folder = Self.folder(page.url)
        if versions.last == page.version {
            let previous = previousOut.path + "/" + folder  // a path, not a URL: this is done for every page
            if Self.headVersion(previous + "head.json") == page.version {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: previous)) ?? []
                let files = names.filter { $0.hasSuffix(".json") }.sorted().map {
                    OutputFile(path: OutputPath(folder + $0), contents: .copy(previous + $0), origin: "the patch feed")
                }
                let from = names.filter { $0.hasPrefix("from-") && $0.hasSuffix(".json") }
                    .map { PageVersion(String($0.dropFirst("from-".count).dropLast(".json".count))) }
                return (files, versions, Self.fromOrder(from, versions: versions), false, [], nil)
            }
            let (files, from, reloads, _) = try patches(page, earlier: Array(versions.dropLast()))
            return (files, versions, from, false, reloads, nil)
        }
        let updated = Self.appending(page.version, to: versions, keep: keep)
        let (files, from, reloads, newest) = try patches(page, earlier: Array(updated.dropLast()))
        return (files, updated, from, true, reloads, newest)
    }

    /// A page's history, oldest first, with `version` as its newest: a version seen before moves to the end (a page
    /// edited back to an earlier state), and only the newest `keep` earlier ones stay, the ones patches start from.
    /// The feed of a build and the preview's record of `.sectionsite/` keep their histories by this one rule.
    package static func appending(_ version: PageVersion, to versions: [PageVersion], keep: Int) -> [PageVersion] {
        Array((versions.filter { $0 != version } + [version]).suffix(keep + 1))
    }

    /// The `version` a `head.json` file names; nil when there is none, it is gone, or it is no head of this format.
    static func headVersion(_ file: String) -> PageVersion? {
        struct Head: Decodable {
            var format: String
            var version: PageVersion?
        }
        guard access(file, R_OK) == 0, let data = FileManager.default.contents(atPath: file),
            let head = try? JSONDecoder().decode(Head.self, from: data),
            head.format == "sectionsite-head/1"
        else { return nil }
        return head.version
    }

    /// Versions in the order `head.json` lists them: newest first.
    private static func fromOrder(_ versions: [PageVersion], versions history: [PageVersion]) -> [PageVersion] {
        history.reversed().filter(versions.contains)
    }

    /// The page's patches from each of the `earlier` versions that has one, and the one from the newest of them.
    private func patches(
        _ page: RenderedPage, earlier: [PageVersion]
    ) throws -> (files: [OutputFile], from: [PageVersion], reloads: [Reload], newest: Message?) {
        let folder = Self.folder(page.url)
        var files: [OutputFile] = []
        var from: [PageVersion] = []
        var reloads: [Reload] = []
        var reloading: [PageVersion] = []
        var newest: Message?
        let document = earlier.isEmpty ? "" : try page.document()
        for version in earlier.suffix(keep).reversed() {
            guard let html = state.pages.html(of: version) else { continue }
            let patch = PatchBuilder.patch(
                page: page.url, from: html, version: version, to: document, version: page.version,
                animation: page.animation)
            let json = patch.json
            files.append(
                OutputFile(
                    path: OutputPath(folder + "from-\(version).json"), contents: .text(json), origin: "the patch feed"))
            if keepsNewest, version == earlier.last {
                newest = Message(page: page.url, from: version, to: page.version, json: json)
            }
            from.append(version)
            if let reason = patch.reloadReason {
                reloads.append(
                    Reload(page: page.url, from: version, reason: reason, fromPrevious: version == earlier.last))
                reloading.append(version)
            }
        }
        files.append(
            OutputFile(
                path: OutputPath(folder + "head.json"),
                contents: .text(Self.head(page.url, version: page.version, from: from, reload: reloading)),
                origin: "the patch feed"))
        return (files, from, reloads, newest)
    }

    /// The folder of every page's feed.
    static let root = "_sectionsite/pages/"
    /// The feed folder of a page: `_sectionsite/pages/posts/a/` for `/posts/a/`.
    static func folder(_ url: PageURL) -> String { "_sectionsite/pages" + URLPath.decoded(url.rawValue) }

    /// `head.json`: the page's version (null once the page is gone), the versions that have a patch, newest first,
    /// and those of them whose patch is a reload, when there are any.
    static func head(_ url: PageURL, version: PageVersion?, from: [PageVersion], reload: [PageVersion] = []) -> String {
        var json = JSONWriter()
        json.object { json in
            json.field("format", "sectionsite-head/1")
            json.field("page", url.rawValue)
            json.field("version", version?.rawValue)
            json.key("from")
            json.array(from) { json, version in json.stringValue(version.rawValue) }
            if !reload.isEmpty {
                json.key("reload")
                json.array(reload) { json, version in json.stringValue(version.rawValue) }
            }
        }
        return json.text
    }
}
