import Foundation
import SystemPackage

/// What a build writes, its second-to-last phase: the patch feed made against the stored history, the sitemap,
/// feeds and search index, and every output file, those that the previous output holds already marked unchanged.
struct BuildAssembly {
    /// Every page, by URL.
    let pages: [RenderedPage]
    /// The pages rendered (or written from their stored version) in this build.
    let rendered: [RenderedPage]
    /// How many of them this build rendered.
    let renderedCount: Int
    /// The patch feed's history as the previous build left it.
    let history: BuildState.History
    /// The patches made, and the history to save.
    let patches: PatchFeed.Result
    /// Each page's versions that have a patch, for the record.
    let from: [PageURL: [PageVersion]]
    /// The sitemap, feeds and search index.
    let indexes: [OutputFile]
    /// Every output file but the patch feed's.
    let siteFiles: [OutputFile]
    /// Every file to write.
    let files: [OutputFile]
    /// What the phase warns about (an unreadable history).
    let warnings: Warnings

    /// The output of `start`'s site, checked to stay inside the output folder.
    /// `history` is the feed's history as `state` holds it, with what reading it warned about.
    init(
        _ start: BuildStart, state: BuildState, history: Background<(BuildState.History, Warnings)>,
        options: BuildOptions, progress: @escaping @Sendable (BuildProgress) -> Void
    ) throws {
        let site = start.site
        var warnings: Warnings
        var feed = PatchFeed(keep: site.config.feedKeep, state: state, previousOut: options.out)
        feed.keepsNewest = options.keepsPatches
        pages = site.pages.values.sorted { $0.url < $1.url }
        let rendered = pages.filter(\.isComplete)
        (self.rendered, renderedCount) = (rendered, rendered.count { !start.fromStore.contains(ObjectIdentifier($0)) })
        progress(BuildProgress(.patches, done: 0, total: rendered.count))
        (self.history, warnings) = history.value
        patches = try feed.make(pages: rendered, current: Set(site.pages.keys), history: self.history) { done in
            progress(BuildProgress(.patches, done: done, total: rendered.count))
        }
        // The sitemap, feeds and search index: as the record lists them when nothing changed, else made.
        if !start.unchanged { progress(BuildProgress(.patches, name: "Making the sitemap, feeds and search index")) }
        indexes =
            start.unchanged
            ? start.record!.indexes.map { OutputFile(path: $0, contents: .unchanged, origin: "the indexes") }
            : SiteOutput(site).indexes()
        progress(BuildProgress(.patches, name: "Listing the output"))
        siteFiles = SiteOutput(site).files(indexes: indexes)
        var files = siteFiles + patches.files
        var from = patches.from
        for page in pages where !page.isComplete {
            let versions = start.record?.feed[page.url] ?? []
            from[page.url] = versions
            files += PatchFeed.unchangedFiles(url: page.url, from: versions)
        }
        if let record = start.record, start.describesOutput {
            files = try Self.markUnchanged(files, rendered: rendered, record: record, start: start, out: options.out)
        }
        progress(BuildProgress(.patches, name: "Checking where the output goes"))
        try SiteWriter.check(
            files, bounds: site.config.sourceBounds(site: options.site), out: options.out, state: options.state)
        (self.files, self.from, self.warnings) = (files, from, warnings)
    }

    /// The files the previous output holds already, marked unchanged: pages rendered again to the same version
    /// (their navigation's inputs changed, not what they show), search files an update left as they were, and
    /// copies whose source is as the record stamped it. Throws `StartOver` when the previous output lacks one.
    private static func markUnchanged(
        _ files: [OutputFile], rendered: [RenderedPage], record: SiteSnapshot, start: BuildStart, out: URL
    ) throws -> [OutputFile] {
        let versions = Dictionary(record.rendered.map { ($0.url, $0.version) }) { first, _ in first }
        var same = Set(rendered.filter { versions[$0.url] == $0.version }.map { OutputPath(page: $0.url) })
        if start.searchInOutput { same.formUnion(SiteOutput(start.site).searchFilesAsBefore()) }
        var marked = files.map { file in
            if same.contains(file.path), file.contents != .unchanged {
                return OutputFile(path: file.path, contents: .unchanged, origin: file.origin)
            }
            guard case .copy(let source) = file.contents, let stamp = record.copies[file.path],
                FileStamp.of(FilePath(source)) == stamp, stamp.modified < record.takenAt - 2_000_000_000
            else { return file }  // changed, or stamped too recently to tell: copied again
            return OutputFile(path: file.path, contents: .unchanged, origin: file.origin)
        }
        let folder = out.path + "/"
        // Whether the previous output holds a file: by the listing of its files made while this build ran (which
        // leaves hidden names out), else by asking for each (24,000 calls took a tenth of a one-page build).
        let listed = start.listed?.value
        func held(_ path: OutputPath) -> Bool {
            guard let listed, !Self.isHidden(path.rawValue) else { return access(folder + path.rawValue, F_OK) == 0 }
            return listed.contains(path.rawValue)
        }
        // A page of what changed between two versions whose two pages are as the previous output holds them, when
        // it holds the page of changes too.
        let changesPages = SiteOutput(start.site).versionChangesPages()
        let kept =
            changesPages.isEmpty
            ? [] : Set(marked.filter { $0.contents == .unchanged && $0.path.page != nil }.map(\.path))
        let derived = Set(
            changesPages.filter { page in
                !page.inputs.isEmpty && page.inputs.allSatisfy { kept.contains(OutputPath(page: $0)) }
                    && held(page.path)
            }.map(\.path))
        if !derived.isEmpty {
            marked = marked.map { file in
                derived.contains(file.path)
                    ? OutputFile(path: file.path, contents: .unchanged, origin: file.origin) : file
            }
        }
        // The previous output must still hold what it is said to: else start again from nothing.
        if marked.contains(where: { $0.contents == .unchanged && !held($0.path) }) {
            throw BuildStart.StartOver()
        }
        return marked
    }

    /// Whether a path names a hidden file or folder (`.well-known/x`, `a/.b`), which a listing leaves out.
    private static func isHidden(_ path: String) -> Bool {
        var afterSlash = true
        for byte in path.utf8 {
            if afterSlash && byte == UInt8(ascii: ".") { return true }
            afterSlash = byte == UInt8(ascii: "/")
        }
        return false
    }
}
