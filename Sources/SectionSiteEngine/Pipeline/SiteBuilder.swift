import Foundation
import HashTreeCollections

/// `sectionsite build`: renders the site, makes the patch feed against the previous build, and swaps the new
/// output in atomically.
package struct SiteBuilder: Sendable {
    /// The options.
    package var options: BuildOptions
    /// Where SIGINT and SIGTERM are honoured, so that they never leave a half-written output (see `Interruption`).
    package var interruption: Interruption?

    /// Creates a builder.
    package init(options: BuildOptions) {
        self.options = options
    }

    /// Builds; on error nothing of the previous output or state changes.
    ///
    /// When `.sectionsite/site.state` describes the output folder as it is, the build starts from that record:
    /// it reads only the Markdown files whose stamps changed, renders only the pages that depend on what changed,
    /// and links every other file from the previous output into the new one instead of writing it again. The
    /// output is the same, byte for byte, as a build from nothing with the same `.sectionsite/` history.
    @discardableResult
    package func build(
        incremental: Bool = true, progress: @escaping @Sendable (BuildProgress) -> Void = { _ in }
    ) throws -> BuildReport {
        let (report, site) = try make(incremental: incremental, progress: progress)
        Self.release(consume site)
        return report
    }

    /// Frees the site's memory on a thread of its own: hundreds of thousands of objects at 10,000 pages, a tenth of
    /// the build's wall time and more, which a command that is about to end need not wait for.
    private static func release(_ site: consuming Site) {
        let held = Locked<Site?>(site)
        Thread.detachNewThread { held.withLock { $0 = nil } }
    }

    private func make(
        incremental: Bool, progress: @escaping @Sendable (BuildProgress) -> Void
    ) throws -> (BuildReport, Site) {
        var options = self.options
        options.storage = options.state  // this site renders once
        let start = Date()
        let writer = SiteWriter(out: options.out, interruption: interruption)
        try writer.checkSafe(site: options.site)
        let journal = options.state.appendingPathComponent("output-journal")
        SiteWriter.finish(journal: journal, out: options.out)  // an update that was cut short
        // The record the site starts from, when there is one that fits this build; nil for a build from nothing,
        // with why in `startedOver` when there was a record.
        var snapshot: SiteSnapshot?
        var startedOver: String?
        let recordName = SiteWriter.shown(SiteSnapshot.file(options.state).path)
        if incremental {
            switch SiteSnapshot.read(options.state) {
            case .none: break
            case .unusable(let why): startedOver = "\(recordName) \(why)"
            case .loaded(let record): snapshot = record
            }
        }
        let state = BuildState(folder: options.state)
        // Whether the output folder is the one the record describes, whose files unchanged pages keep; when it is
        // not (gone, moved, restored by a CI cache with new times), every file is written again, the pages not
        // rendered again copied from the versions the state folder keeps.
        let describesOutput = snapshot.map(describesOutput) ?? false
        var site: Site
        var unchanged = false  // nothing changed since the record: the sitemap, feeds and search index are as written
        var misfit: String?
        var standing = Set<ObjectIdentifier>()  // pages written from their stored versions, not rendered
        var restamped = false  // files touched, not changed: their new stamps are worth a record
        var searchInOutput = false  // the output holds the search files of the saved bases
        if let record = snapshot, var previous = try SiteRecord.restore(record, options: options, misfit: &misfit),
            let stood = describesOutput ? [] : SiteRecord.stand(&previous, from: state.pages)
        {
            site = previous
            standing = stood
            progress(BuildProgress(step: 2, steps: Site.stepNames.count, name: "Loading changed pages"))
            let found = SiteRecord.changes(in: &site, since: record)
            restamped = found.restamped
            let changes = found.changes
            unchanged = changes.isEmpty && describesOutput
            // The search index is updated from the one the previous build saved; a build that finds nothing
            // changed makes none, and reads it only to save it again with the record.
            if !unchanged || restamped {
                let saved = SearchShards.Saved.read(options.state)
                site.searchBase = saved?.bases ?? [:]
                searchInOutput = describesOutput && saved?.generation == record.takenAt
            }
            _ = try site.apply(changes)
        } else {
            if snapshot != nil {
                startedOver =
                    "\(recordName) "
                    + (misfit
                        ?? "lists page versions that \(SiteWriter.shown(options.state.path))/versions/ no longer holds")
            }
            snapshot = nil
            site = try Site(options: options, progress: progress)
        }
        if snapshot != nil, !describesOutput, site.pages.values.contains(where: { !$0.isComplete }) {
            // A page that neither stands for its stored version nor was rendered would be linked from an output
            // that is not there: no such page is known, but a build from nothing is the safe way on.
            return try make(incremental: false, progress: progress)
        }
        let restored = snapshot != nil
        let linksOutput = restored && describesOutput  // unchanged files are linked from the previous output
        let steps = Site.stepNames.count
        var warnings = Warnings()
        var feed = PatchFeed(keep: site.config.feedKeep, state: state, previousOut: options.out)
        feed.keepsNewest = options.keepsPatches
        let pages = site.pages.values.sorted { $0.url < $1.url }
        let rendered = pages.filter(\.isComplete)
        let renderedCount = rendered.count { !standing.contains(ObjectIdentifier($0)) }
        progress(BuildProgress(step: 6, steps: steps, name: Site.stepNames[5], done: 0, total: rendered.count))
        let history = state.loadHistory(warnings: &warnings)
        let patches = try feed.make(pages: rendered, current: Set(site.pages.keys), history: history) { done in
            progress(BuildProgress(step: 6, steps: steps, name: Site.stepNames[5], done: done, total: rendered.count))
        }
        var from = patches.from
        // The sitemap, feeds and search index: as the record lists them when nothing changed, else made.
        if !unchanged {
            progress(BuildProgress(step: 6, steps: steps, name: "Making the sitemap, feeds and search index"))
        }
        let indexes =
            unchanged
            ? snapshot!.indexes.map { OutputFile(path: $0, contents: .unchanged, origin: "the indexes") }
            : SiteOutput(site).indexes()
        let siteFiles = SiteOutput(site).files(indexes: indexes)
        var files = siteFiles + patches.files
        for page in pages where !page.isComplete {
            let versions = snapshot?.feed[page.url] ?? []
            from[page.url] = versions
            files += PatchFeed.unchangedFiles(url: page.url, from: versions)
        }
        if let snapshot, describesOutput {
            // Pages rendered again to the same version (their navigation's inputs changed, not what they show)
            // are in the output already.
            let versions = Dictionary(snapshot.rendered.map { ($0.url, $0.version) }) { first, _ in first }
            var same = Set(rendered.filter { versions[$0.url] == $0.version }.map { OutputPath(page: $0.url) })
            // So are the search files an update left as they were.
            if searchInOutput { same.formUnion(SiteOutput(site).searchFilesAsBefore()) }
            files = files.map { file in
                if same.contains(file.path), file.contents != .unchanged {
                    return OutputFile(path: file.path, contents: .unchanged, origin: file.origin)
                }
                guard case .copy(let source) = file.contents, let stamp = snapshot.copies[file.path],
                    FileStamp.of(source) == stamp, stamp.modified < snapshot.takenAt - 2_000_000_000
                else { return file }  // changed, or stamped too recently to tell: copied again
                return OutputFile(path: file.path, contents: .unchanged, origin: file.origin)
            }
            // The previous output must still hold what it is said to: else start again from nothing.
            let out = options.out.path + "/"
            if files.contains(where: { $0.contents == .unchanged && access(out + $0.path.rawValue, F_OK) != 0 }) {
                return try make(incremental: false, progress: progress)
            }
        }
        try SiteWriter.check(
            files, bounds: site.config.sourceBounds(site: options.site), out: options.out, state: options.state)
        // The links written in the Markdown of the pages rendered (all of them from nothing), checked against the
        // output as it will be: pages not rendered again are in the output already and stay as they are.
        // `sectionsite check` also checks what the templates wrote, and every page. A link to a `.md` file that
        // is no page has its warning already. The paths are those listed above (working them out again would make
        // the search index twice).
        progress(BuildProgress(step: 6, steps: steps, name: "Checking links"))
        let siteWarnings = site.warnings
        let warned = Set(siteWarnings.compactMap(\.location))
        // Only pages read again hold their links: with none rendered there is nothing to check (a build that
        // found nothing changed), and mapping every output path for nothing cost such a build a tenth of its time.
        let brokenLinks =
            !options.keepsLinks || rendered.isEmpty
            ? []
            : LinkCheck(site).brokenLinks(templates: false, outputs: Set(siteFiles.map(\.path))).errors.filter {
                !warned.contains($0.location!)
            }.map {
                Diagnostic(.warning, $0.message, at: $0.location)
            }
        let found = siteWarnings + brokenLinks + warnings.all
        if options.strict || site.config.strict, !found.isEmpty {
            // Before anything is written: a strict build that fails leaves the output as it was.
            throw SectionSiteError(found.map(\.asError))
        }
        let fileCount = files.count
        if linksOutput, patches.history == history, Self.sameAsBefore(files, in: options.out) {
            // Nothing to write. Files that were read again (touched, not changed) get their new stamps recorded.
            var unsaved: [Diagnostic] = []
            if !rendered.isEmpty || restamped {
                do {
                    try PicturePhase.saveRecord(of: site)
                    try saveRecord(site, feed: from, indexes: indexes, searchInOutput: searchInOutput)
                } catch {
                    // The output is right; the next build only reads those pages again.
                    unsaved.append(SiteProblem.recordNotSaved(reason: Self.reason(error)).at(nil))
                }
            }
            let report = BuildReport(
                pageCount: pages.count, fileCount: fileCount, changedPages: 0, warnings: found + unsaved,
                seconds: Date().timeIntervalSince(start), incremental: true, renderedPages: renderedCount,
                startedOver: startedOver)
            return (report, site)
        }
        // From here until `.sectionsite/` is saved, SIGINT and SIGTERM wait for a point where both are whole.
        try interruption?.beginWriting()
        defer { interruption?.endWriting() }
        progress(BuildProgress(step: 7, steps: steps, name: Site.stepNames[6], done: 0, total: fileCount))
        let written = { @Sendable (done: Int) in
            progress(BuildProgress(step: 7, steps: steps, name: Site.stepNames[6], done: done, total: fileCount))
        }
        if linksOutput {
            try writer.update(files, journal: journal, progress: written)
        } else {
            try writer.write(files, progress: written)
        }
        progress(BuildProgress(step: 7, steps: steps, name: "Saving .sectionsite/ for the next build"))
        var unsaved: [Diagnostic] = []  // the output is written by now: not saving the record is only a warning
        do {
            try state.save(patches.history, pages: rendered)
            if !restored { try site.highlighter?.save(to: Site.highlightCache(options.state)) }
            try PicturePhase.saveRecord(of: site)
            try saveRecord(site, feed: from, indexes: indexes, searchInOutput: searchInOutput)
        } catch {
            try? FileManager.default.removeItem(at: SiteSnapshot.file(options.state))
            unsaved.append(SiteProblem.recordNotSaved(reason: Self.reason(error)).at(nil))
        }
        let report = BuildReport(
            pageCount: pages.count, fileCount: files.count, changedPages: patches.changed,
            warnings: found + unsaved, seconds: Date().timeIntervalSince(start), incremental: restored,
            renderedPages: renderedCount, startedOver: startedOver, reloads: patches.reloads, patches: patches.newest)
        return (report, site)
    }

    /// Saves the record of the site just written for the next build, after the bases of its search index (their
    /// generation is the record's; `searchInOutput`: the output held the saved ones' files, which a build that
    /// made no index keeps).
    private func saveRecord(
        _ site: Site, feed: [PageURL: [PageVersion]], indexes: [OutputFile], searchInOutput: Bool
    ) throws {
        let record = SiteRecord.snapshot(of: site, feed: feed, indexes: indexes.map(\.path), out: options.out)
        let bases = SiteOutput(site).searchBases(carried: searchInOutput)
        if bases.isEmpty {
            unlink(SearchShards.Saved.file(options.state).path)
        } else {
            try SearchShards.Saved(generation: record.takenAt, bases: bases).save(options.state)
        }
        try record.save(options.state)
    }

    /// Whether every file is unchanged or holds the text the output already has (the sitemap and feed, say).
    private static func sameAsBefore(_ files: [OutputFile], in out: URL) -> Bool {
        files.allSatisfy { file in
            let target = out.path + "/" + file.path.rawValue
            return switch file.contents {
            case .unchanged: true
            case .copy(let source): SiteWriter.holds(target, sameAs: source)
            case .text(let text): SiteWriter.holds(target, text)
            case .made(let maker): SiteWriter.holds(target, maker.text)
            }
        }
    }

    /// Whether the snapshot describes this build's output folder as it is now.
    private func describesOutput(_ snapshot: SiteSnapshot) -> Bool {
        snapshot.out == options.out.path && snapshot.outStamp != nil
            && FileStamp.of(options.out.path) == snapshot.outStamp
    }
}

/// What a build did, for the closing line.
public struct BuildReport: Sendable, Equatable {
    /// Pages written.
    public var pageCount: Int
    /// Files written in all.
    public var fileCount: Int
    /// Pages whose content changed since the previous build.
    public var changedPages: Int
    /// Warnings.
    public var warnings: [Diagnostic]
    /// Wall time.
    public var seconds: Double
    /// Whether the build started from the previous build's record rather than from nothing.
    public var incremental = false
    /// How many pages this build rendered (a build from nothing: all of them).
    public var renderedPages = 0
    /// Why a build started from nothing although the state folder held a record, as a sentence:
    /// `.sectionsite/site.state was written by SectionSite 0.1.0 (macos arm64), not ...`.
    public var startedOver: String?
    /// The `reload` patches of the feed with their reasons, for `SECTIONSITE_TRACE`.
    public var reloads: [String] = []
    /// With `BuildOptions.keepsPatches`, the patch of each page that changed, from its previous version to this
    /// build's, in URL order: what `PatchPublisher` sends to a push server.
    package var patches: [PatchFeed.Message] = []

    /// `Built 12 pages (3 changed, 40 files) in 0.05 s into _site`.
    public func summary(out: String) -> String {
        let time = String(format: "%.2f", seconds)
        return "Built \(pageCount) pages (\(changedPages) changed, \(fileCount) files) in \(time) s into \(out)"
    }
}

extension SiteBuilder {
    /// Why saving failed: the error's own words where it is ours, else the system's.
    fileprivate static func reason(_ error: any Error) -> String {
        (error as? SectionSiteError)?.description ?? SystemReason.of(error)
    }
}
