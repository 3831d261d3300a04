import Foundation
import SectionSiteEngine

/// A site as a Swift program sees it: a folder (`sectionsite.yml`, `Content/`, `Data/`, `Themes/`, `Static/`, all
/// optional) and the pages the program defines beside those of `Content/`, some of them bound to sequences of values.
///
/// The `sectionsite` command is a `Website` without pages of its own; a program's site goes through the same
/// pipeline: `build` and `check` here, `serve` with `SectionSitePreview`, and the whole command line with `main()` from
/// `SectionSiteCommands`. A program that only builds links neither the server nor the command line.
///
/// ```swift
/// var site = Website(folder: URL(fileURLWithPath: "Site"))
/// site.pages.append(try SitePage(url: "/menu/", title: "Menu", sections: menu, dataSource: dataSource))
/// site.bind(board.updates) { try SitePage(url: "/board/", title: "Board", sections: $0, dataSource: dataSource) }
/// await site.main()  // swift run MySite build | serve | check
/// ```
public struct Website: Sendable {
    /// The site folder.
    public var folder: URL
    /// Pages defined in Swift. Their URLs must differ from each other's and from those of `Content/`.
    public var pages: [SitePage]
    /// Highlights fenced code: `Highlighter.kate` from `SectionSiteHighlight`, or one of the program's own; nil
    /// (the default) leaves code plain. `main()` uses KSyntaxHighlighting when this is nil.
    public var highlighter: Highlighter?
    /// Processes local pictures into responsive files without their metadata: `ImageProcessor.vips` from
    /// `SectionSiteImages`, or one of the program's own; nil (the default) leaves images as written. `main()` uses
    /// libvips when this is nil.
    public var imageProcessor: ImageProcessor?
    /// Makes the API reference's pages when `sectionsite.yml` has `api:`: `APIReader.symbolGraphs` from
    /// `SectionSiteAPI`; nil (the default) makes `api:` an error. `main()` uses SymbolKit when this is nil.
    public var apiReader: APIReader?
    package var bindings: [PageBinding] = []

    /// A site in `folder`, the current directory when nil.
    ///
    /// - Parameters:
    ///   - folder: the site folder; it needs no file when every page is defined in Swift, but its theme.
    ///   - pages: pages defined in Swift.
    public init(folder: URL? = nil, pages: [SitePage] = []) {
        self.folder =
            (folder ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true))
            .standardizedFileURL
        self.pages = pages
    }

    /// Binds a page to a sequence of values, as `bind(to:)` binds a relay to a table view: the page exists from the
    /// sequence's first value on, and each later value makes it anew. In `serve`, every open tab of the page is
    /// patched (animated per the page's `animation`); in `build --follow`, the page and its feed entry are
    /// written again, so deployed pages can follow it (`feed.poll`). `build` and `serve` wait for each bound
    /// sequence's first value before they start.
    ///
    /// - Parameters:
    ///   - values: the values; a value that makes the same HTML as the last changes nothing.
    ///   - page: makes a value the page; it must keep the page's URL.
    public mutating func bind<Values: AsyncSequence & Sendable>(
        _ values: Values, to page: @escaping @Sendable (Values.Element) throws -> SitePage
    ) where Values.Element: Sendable {
        bindings.append(PageBinding(values, page: page))
    }

    /// Builds the site into `out` once each bound page has its first value, as `sectionsite build` does:
    /// incrementally when the previous build's record fits, the output swapped in whole, the broken links of the
    /// Markdown it rendered among the report's warnings.
    ///
    /// - Parameters:
    ///   - out: the output folder; `_site` in the site folder when nil (the command's `--out` is relative to the
    ///     working directory instead).
    ///   - baseURL: where the site is deployed, over `sectionsite.yml`'s `baseURL` (the command's `--base-url`).
    ///   - drafts: publishes pages marked draft.
    ///   - publish: a push server's publisher location (nchan's), to which the patch of each page that changed is
    ///     sent for readers whose pages subscribe with `feed: {live: URL}`; the build returns once they are sent.
    ///     A server that does not take them is a warning of the report, not a failure.
    /// - Returns: what was built, with the warnings.
    /// - Throws: `SectionSiteError` for bad input; the previous output stays as it was.
    @discardableResult
    public func build(
        into out: URL? = nil, baseURL: String? = nil, drafts: Bool = false, publish: URL? = nil
    ) async throws -> BuildReport {
        var report: BuildReport?
        let options = self.options(out: out, baseURL: baseURL, drafts: drafts, checksLinks: true)
        let said = Locked<[String]>([])
        let publisher = try publish.map {
            try PatchPublisher(endpoint: $0, log: { line in said.withLock { $0.append(line) } })
        }
        try await build(options, follow: false, publisher: publisher, log: { _ in }) { report = $0 }
        await publisher?.finish()
        // What the publisher says of one build is a warning: that the server did not take its patches.
        report!.warnings += said.withLock { $0 }.map {
            WebsiteProblem.patchesNotTaken(String($0.trimmingPrefix("warning: "))).at(nil)
        }
        return report!
    }

    /// Builds the site into `out`, then again each time a bound page has a new value, until every bound sequence
    /// ends or the task is cancelled, as `sectionsite build --follow` does.
    ///
    /// - Parameters:
    ///   - out: the output folder; `_site` in the site folder when nil.
    ///   - baseURL: where the site is deployed, over `sectionsite.yml`'s `baseURL`.
    ///   - drafts: publishes pages marked draft.
    ///   - publish: a push server's publisher location (nchan's): each build's patches are sent there, page by
    ///     page, for readers whose pages subscribe with `feed: {live: URL}`. Builds do not wait for it; a server
    ///     that does not take them is told to `log`, and readers catch up from the static feed.
    ///   - built: told each build's report.
    ///   - log: told what goes wrong after the first build (a build that fails, keeping the last good output; a
    ///     bound sequence that throws, keeping its page as it was; a push server that does not take patches), as
    ///     lines `sectionsite build` would print.
    /// - Throws: what makes the first build fail.
    public func follow(
        into out: URL? = nil, baseURL: String? = nil, drafts: Bool = false, publish: URL? = nil,
        built: @escaping @Sendable (BuildReport) -> Void, log: @escaping @Sendable (String) -> Void = { _ in }
    ) async throws {
        let options = self.options(out: out, baseURL: baseURL, drafts: drafts, checksLinks: true)
        let publisher = try publish.map { try PatchPublisher(endpoint: $0, log: log) }
        try await build(options, follow: true, publisher: publisher, log: log, built: built)
        await publisher?.finish()
    }

    /// Builds the site in memory and reports every internal link or anchor that leads nowhere, as
    /// `sectionsite check` does.
    ///
    /// - Parameter drafts: checks pages marked draft too.
    /// - Returns: one error per broken link, sorted by place.
    public func check(drafts: Bool = false) async throws -> [Diagnostic] {
        try await LinkCheck(site(options(drafts: drafts, checksLinks: true))).brokenLinks().errors
    }

    /// The site built in memory with `options` and each bound page's first value; the bound sequences are
    /// stopped once those are in.
    package func site(
        _ options: BuildOptions, progress: @escaping @Sendable (BuildProgress) -> Void = { _ in }
    ) async throws -> Site {
        var options = options
        let bound = try await PageBinding.start(bindings, then: { _ in }, log: { _ in })
        bound.task.cancel()
        options.pages += bound.first
        return try Site(options: options, progress: progress)
    }

    /// The build options of this site.
    package func options(
        site: URL? = nil, out: URL? = nil, baseURL: String? = nil, drafts: Bool = false, checksLinks: Bool = false
    ) -> BuildOptions {
        var options = BuildOptions(site: site ?? folder, out: out, baseURL: baseURL, drafts: drafts)
        options.pages = pages
        options.highlighter = highlighter
        options.imageProcessor = imageProcessor
        options.apiReader = apiReader
        options.keepsLinks = checksLinks
        return options
    }

    /// One build, and with `follow` one more for each batch of new values of bound pages; each build's patches go
    /// to `publisher` (the caller waits for it to finish).
    package func build(
        _ options: BuildOptions, follow: Bool, verify: Bool = false, publisher: PatchPublisher? = nil,
        interruption: Interruption? = nil, progress: @escaping @Sendable (BuildProgress) -> Void = { _ in },
        log: @escaping @Sendable (String) -> Void, built: (BuildReport) -> Void
    ) async throws {
        let queue = RebuildQueue()
        let bound = try await PageBinding.start(bindings, then: { queue.add($0) }, log: log)
        defer { bound.task.cancel() }
        var builder = SiteBuilder(options: options)
        builder.options.pages += bound.first
        builder.options.keepsPatches = publisher != nil
        builder.interruption = interruption
        let first = try builder.build(progress: progress)
        built(first)
        publisher?.publish(first.patches)
        if verify {
            let start = Date()
            try builder.verify(progress: progress)
            log(
                String(
                    format: "Verified: the output equals a build from nothing (%.2f s)", Date().timeIntervalSince(start)
                ))
        }
        guard follow, !bindings.isEmpty else { return }
        // The bound sequences end: the queue is told nothing more, and the loop stops at the next wait.
        let ended = Task {
            await bound.task.value
            queue.cancel()
        }
        defer { ended.cancel() }
        while let batch = await queue.next() {
            var latest = Dictionary(builder.options.pages.map { ($0.url, $0) }) { _, newer in newer }
            latest.merge(batch.pages) { _, newer in newer }
            builder.options.pages = latest.values.sorted { $0.url < $1.url }
            do {
                let report = try builder.build(progress: progress)
                built(report)
                publisher?.publish(report.patches)
            } catch {
                // The output stays as the last good build left it; the next value may mend it.
                log((error as? SectionSiteError)?.description ?? "error: \(error)")
            }
        }
    }
}
