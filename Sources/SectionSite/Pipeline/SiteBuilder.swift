import Foundation

/// `sectionsite build`: renders the site, makes the patch feed against the previous build, and swaps the new
/// output in atomically.
public struct SiteBuilder: Sendable {
    /// The options.
    public var options: BuildOptions

    /// Creates a builder.
    public init(options: BuildOptions) {
        self.options = options
    }

    /// Builds; on error nothing of the previous output or state changes.
    public func build(progress: @escaping @Sendable (BuildProgress) -> Void = { _ in }) throws -> BuildReport {
        let start = Date()
        let writer = SiteWriter(out: options.out)
        try writer.checkSafe(site: options.site)
        let site = try Site(options: options, progress: progress)
        let steps = Site.stepNames.count
        let warnings = Warnings()
        let state = BuildState(folder: options.site.appendingPathComponent(".sectionsite"))
        let feed = PatchFeed(keep: site.config.feedKeep, state: state, previousOut: options.out)
        let pages = site.pages.values.sorted { $0.url < $1.url }
        let total = pages.count
        progress(BuildProgress(step: 5, steps: steps, name: Site.stepNames[4], done: 0, total: total))
        let patches = try feed.make(pages: pages, history: state.loadHistory(warnings: warnings)) { done in
            progress(BuildProgress(step: 5, steps: steps, name: Site.stepNames[4], done: done, total: total))
        }
        let files = site.outputFiles() + patches.files
        try SiteWriter.checkConflicts(files)
        progress(BuildProgress(step: 6, steps: steps, name: Site.stepNames[5], done: 0, total: files.count))
        try writer.write(files) { done in
            progress(BuildProgress(step: 6, steps: steps, name: Site.stepNames[5], done: done, total: files.count))
        }
        progress(BuildProgress(step: 6, steps: steps, name: "Saving .sectionsite/ for the next build"))
        do {
            try state.save(patches.history, pages: pages)
            try site.highlighter.save(to: Site.highlightCache(options.site))
        } catch {
            warnings.warn("could not save .sectionsite/ for the next build's patches: \(error.localizedDescription)")
        }
        return BuildReport(
            pageCount: pages.count, fileCount: files.count, changedPages: patches.changed,
            warnings: site.warnings + warnings.all, seconds: Date().timeIntervalSince(start))
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

    /// `Built 12 pages (3 changed, 40 files) in 0.05 s into _site`.
    public func summary(out: String) -> String {
        let time = String(format: "%.2f", seconds)
        return "Built \(pageCount) pages (\(changedPages) changed, \(fileCount) files) in \(time) s into \(out)"
    }
}
