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
        let (report, built) = try make(incremental: incremental, progress: progress)
        Self.release(consume built)
        return report
    }

    /// What a build made and no longer needs: the site, its record and its files.
    private struct Built {
        let start: BuildStart
        let assembly: BuildAssembly
    }

    /// Frees what the build made on a thread of its own: hundreds of thousands of objects at 10,000 pages, a tenth of
    /// the build's wall time and more, which a command that is about to end need not wait for.
    private static func release(_ built: consuming Built) {
        let held = Held(built)
        Thread.detachNewThread { held.value = nil }
    }

    /// A value handed to the thread that frees it, which alone touches it from then on.
    private final class Held: @unchecked Sendable {
        var value: Built?
        init(_ value: Built) { self.value = value }
    }

    /// A build, started again from nothing when a phase finds that the record cannot be trusted after all.
    private func make(
        incremental: Bool, progress: @escaping @Sendable (BuildProgress) -> Void
    ) throws -> (BuildReport, Built) {
        do {
            return try attempt(incremental: incremental, progress: progress)
        } catch is BuildStart.StartOver {
            return try attempt(incremental: false, progress: progress)
        }
    }

    /// One build, phase by phase: started (from the record or from nothing, `BuildStart`), its output assembled
    /// (`BuildAssembly`), its links checked, then written with the record for the next build.
    private func attempt(
        incremental: Bool, progress: @escaping @Sendable (BuildProgress) -> Void
    ) throws -> (BuildReport, Built) {
        var options = self.options
        options.storage = options.state  // this site renders once
        let start = Date()
        let writer = SiteWriter(out: options.out, interruption: interruption)
        try writer.checkSafe(site: options.site)
        let journal = options.state.appendingPathComponent("output-journal")
        SiteWriter.finish(journal: journal, out: options.out)  // an update that was cut short
        let state = BuildState(folder: options.state)
        // The patch feed's history (20 ms of JSON at 10,000 pages) is read while the build starts.
        let history = Background {
            var warnings = Warnings()
            return (state.loadHistory(warnings: &warnings), warnings)
        }
        let begun = try BuildStart(options: options, incremental: incremental, progress: progress)
        let site = begun.site
        let assembly = try BuildAssembly(
            begun, state: state, history: history, options: options, progress: progress)
        let found = try checkedLinks(of: assembly, in: site, progress: progress)
        let files = assembly.files
        var report = BuildReport(
            pageCount: assembly.pages.count, fileCount: files.count, changedPages: 0, warnings: found,
            seconds: 0, incremental: begun.record != nil, renderedPages: assembly.renderedCount,
            startedOver: begun.startedOver)
        if begun.linksOutput, assembly.patches.history == assembly.history,
            Self.sameAsBefore(files, in: options.out)
        {
            // Nothing to write. Files that were read again (touched, not changed) get their new stamps recorded.
            if !assembly.rendered.isEmpty || begun.touched {
                do {
                    try PicturePhase.saveRecord(of: site)
                    try saveRecord(site, assembly, searchInOutput: begun.searchInOutput)
                } catch {
                    // The output is right; the next build only reads those pages again.
                    report.warnings.append(SiteProblem.recordNotSaved(reason: Self.reason(error)).at(nil))
                }
            }
            report.seconds = Date().timeIntervalSince(start)
            return (report, Built(start: begun, assembly: assembly))
        }
        // From here until `.sectionsite/` is saved, SIGINT and SIGTERM wait for a point where both are whole.
        try interruption?.beginWriting()
        defer { interruption?.endWriting() }
        let step = BuildProgress.Step.writing
        progress(BuildProgress(step, done: 0, total: files.count))
        let written = { @Sendable (done: Int) in progress(BuildProgress(step, done: done, total: files.count)) }
        if begun.linksOutput {
            try writer.update(
                files, journal: journal, listing: begun.listing, manifest: begun.manifest, progress: written)
        } else {
            try writer.write(files, progress: written)
        }
        progress(BuildProgress(step, name: "Saving .sectionsite/ for the next build"))
        // The output is written by now: not saving the record is only a warning. Its files are saved side by side:
        // one after the other, they held a 16-core machine on one core for a quarter of a second.
        let saves: [@Sendable () throws -> Void] = [
            { [options] in
                try state.save(assembly.patches.history, pages: assembly.rendered)
                if begun.record == nil { try site.highlighter?.save(to: Site.highlightCache(options.state)) }
                try PicturePhase.saveRecord(of: site)
            },
            { [self] in try saveRecord(site, assembly, searchInOutput: begun.searchInOutput) },
        ]
        let failures = saves.parallelMap { save in Result { try save() } }.compactMap { result -> (any Error)? in
            if case .failure(let error) = result { return error }
            return nil
        }
        if let error = failures.first {
            try? FileManager.default.removeItem(at: SiteSnapshot.file(options.state))
            report.warnings.append(SiteProblem.recordNotSaved(reason: Self.reason(error)).at(nil))
        }
        (report.changedPages, report.reloads, report.patches) =
            (assembly.patches.changed, assembly.patches.reloads, assembly.patches.newest)
        report.seconds = Date().timeIntervalSince(start)
        return (report, Built(start: begun, assembly: assembly))
    }

    /// The warnings of the site and of the links written in the Markdown of the pages rendered (all of them from
    /// nothing), checked against the output as it will be: pages not rendered again are in the output already.
    /// `sectionsite check` also checks what the templates wrote, and every page. A link to a `.md` file that is no
    /// page has its warning already. A strict build with any throws them as errors, before anything is written.
    private func checkedLinks(
        of assembly: BuildAssembly, in site: Site, progress: @Sendable (BuildProgress) -> Void
    ) throws -> [Diagnostic] {
        progress(BuildProgress(.patches, name: "Checking links"))
        let siteWarnings = site.warnings
        let warned = Set(siteWarnings.compactMap(\.location))
        // Only pages read again hold their links: with none rendered there is nothing to check (a build that
        // found nothing changed), and mapping every output path for nothing cost such a build a tenth of its time.
        let brokenLinks =
            !options.keepsLinks || assembly.rendered.isEmpty
            ? []
            : LinkCheck(site).brokenLinks(templates: false, outputs: Set(assembly.siteFiles.map(\.path))).errors
                .filter { !warned.contains($0.location!) }.map {
                    Diagnostic(.warning, $0.message, at: $0.location, id: $0.id)
                }
        let found = siteWarnings + brokenLinks + assembly.warnings.all
        if options.strict || site.config.strict, !found.isEmpty {
            throw SectionSiteError(found.map(\.asError))
        }
        return found
    }

    /// Saves the record of the site just written for the next build, after the bases of its search index (their
    /// generation is the record's; `searchInOutput`: the output held the saved ones' files, which a build that
    /// made no index keeps).
    private func saveRecord(_ site: Site, _ assembly: BuildAssembly, searchInOutput: Bool) throws {
        let record = SiteRecord.snapshot(
            of: site, feed: assembly.from, indexes: assembly.indexes.map(\.path), out: options.out)
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
    package var reloads: [PatchFeed.Reload] = []
    /// With `BuildOptions.keepsPatches`, the patch of each page that changed, from its previous version to this
    /// build's, in URL order: what `PatchPublisher` sends to a push server.
    package var patches: [PatchFeed.Message] = []

    /// `Built 12 pages (3 changed, 40 files) in 0.05 s into _site`; with `, 1 by a reload` after `changed` when the
    /// feed's patch of a changed page from its previous version is a reload.
    public func summary(out: String) -> String {
        let time = String(format: "%.2f", seconds)
        let reloaded = Set(reloads.filter(\.fromPrevious).map(\.page)).count
        let changed = "\(changedPages) changed" + (reloaded == 0 ? "" : ", \(reloaded) by a reload")
        return "Built \(pageCount) pages (\(changed), \(fileCount) files) in \(time) s into \(out)"
    }
}

extension SiteBuilder {
    /// Why saving failed: the error's own words where it is ours, else the system's.
    fileprivate static func reason(_ error: any Error) -> String {
        (error as? SectionSiteError)?.description ?? SystemReason.of(error)
    }
}
