import Foundation
import HashTreeCollections
import SystemPackage

/// The record of a build (`.sectionsite/site.state`): an incremental build's first phase starts from it instead of
/// loading every page, finds what changed since, and the build ends by writing it for the next one.
enum SiteRecord {
    /// The site as the previous build left it, without reading its pages: each page stands for itself from its
    /// record until something it depends on changes. Nil when the snapshot does not fit this build (other
    /// settings, options or list of templates).
    /// `mismatch` says why, after "it" (`was written for another theme`).
    static func restore(_ snapshot: SiteSnapshot, options: BuildOptions, mismatch: inout String?) throws -> Site? {
        let inputs = try SiteInputs(options: options)
        let fingerprint = SiteSnapshot.fingerprint(
            options: options, configText: inputs.configText, theme: inputs.theme, data: inputs.data)
        mismatch = snapshot.mismatch(fingerprint)
        guard mismatch == nil else { return nil }
        var site = try Site(options: options, inputs: inputs, restoring: true, progress: { _ in })
        // A program's pages stand for themselves from their records too, so that a new value is compared with the
        // old one (its title, tags and place change the pages around it); `apply` loads the new values.
        for record in snapshot.pages {
            if let path = record.source.file { site.markdown.targets?.pageURLs[path] = PageURL(record.url) }
            var page = Page(
                source: record.source, url: PageURL(record.url), folder: record.folder, isIndex: record.isIndex,
                frontMatter: record.frontMatter, title: record.title, date: record.date, isDraft: record.isDraft,
                summary: nil, weight: record.weight, tags: record.tags, layout: nil, animation: nil, sections: [],
                body: "", bodyLocation: SourceLocation(file: record.source.description))
            page.aliases = record.aliases
            page.placeIn(site.config.languages)
            site.loaded[record.source] = LoadedPage(
                page: page, body: .held([]), summary: record.summary, headings: record.headings, itemBodies: [:],
                fileLinks: record.fileLinks, linkedFiles: record.linkedFiles, links: .held([]), text: record.text,
                sourceHash: record.sourceHash,
                textHash: record.textHash,
                templatesUsed: [], images: [], fieldImages: [:], isComplete: false,
                collectionFolders: record.collectionFolders, stamp: record.stamp,
                unknownLanguages: record.unknownLanguages, recorded: record.recorded)
        }
        site.content.rebuild(from: site.loaded, config: site.config)
        _ = site.content.refreshTree(drawn: !site.theme.navigationTemplates.isEmpty)
        for record in snapshot.rendered {
            // A page that warned (a picture it could not find) is recorded without a stamp, to be read again at
            // every build: it has no record to stand for it, and its pages are rendered again as new ones.
            guard let source = site.loaded[record.source] ?? site.content.generated[record.source] else { continue }
            let page = RenderedPage(
                url: record.url, source: record.source, html: "", version: record.version, title: source.page.title,
                date: source.page.date, summary: source.keptSummary, templatesUsed: Set(record.templatesUsed),
                animation: record.animation, isComplete: false)
            site.output.restore(OutputRecord(page: page, inputs: record.inputs, emptySections: record.emptySections))
        }
        site.refreshFiles()
        PicturePhase.refresh(&site)
        return site
    }

    /// The pages not rendered again, each made to stand for its version in `store` (`.sectionsite/versions/`),
    /// for an output folder that the record does not describe (a fresh clone where CI restored `.sectionsite/`
    /// alone): their files are copied from the store instead of linked from the previous output, and their feed is
    /// made again from the versions stored. Returns the pages that stand (which the build does not count as
    /// rendered); nil when a version is not in the store, and the build must start from nothing.
    static func stand(_ site: inout Site, from store: PageStore) -> Set<ObjectIdentifier>? {
        var fromStore = Set<ObjectIdentifier>()
        for record in site.output.records.values where !record.page.isComplete {
            let page = record.page
            guard store.holds(page.version) else { return nil }
            var kept = record
            kept.page = RenderedPage(
                url: page.url, source: page.source, html: "", version: page.version, title: page.title, date: page.date,
                summary: page.keptSummary, templatesUsed: page.templatesUsed, animation: page.animation, store: store)
            _ = site.output.keep(kept)
            fromStore.insert(ObjectIdentifier(kept.page))
        }
        return fromStore
    }

    /// What changed since `snapshot`: Markdown files added, removed or whose text differs, templates whose text
    /// differs, pictures, and every page a program defines.
    ///
    /// Decided by content: a file whose stamp is the record's, and that was not stamped in the record's last two
    /// seconds, is taken as it was without being read; any other is read and its hash compared with the record's.
    /// A file touched but not changed (a fresh clone, where a CI runner restored `.sectionsite/` and every file's
    /// time is new) keeps its page as it was, and its new stamp is recorded (`touched`: the record is worth
    /// saving even when nothing changed, or the next build reads the files again).
    static func changes(
        in site: inout Site, since snapshot: SiteSnapshot
    ) -> (changes: Set<SiteChange>, touched: Bool) {
        var touched = false
        var changed = Set<SiteChange>()
        let present = site.loader.pagePaths()
        let stamps = Dictionary(snapshot.pages.map { ($0.source, $0.stamp) }) { first, _ in first }
        let hashes = Dictionary(snapshot.pages.map { ($0.source, $0.textHash) }) { first, _ in first }
        let root = site.options.site.path + "/"
        let versions = site.config.versions
        let takenAt = snapshot.takenAt
        // Each file's new stamp when it must be read, and then whether its text is the record's.
        let current = site.loaded
        // A page touched but not changed is made again with its new stamp here, on all cores.
        let read = present.parallelMap { path -> (stamp: FileStamp?, same: Bool, touched: LoadedPage?)? in
            guard let old = stamps[.file(path)] else { return (nil, false, nil) }
            let file = versions.file(path, in: String(root.dropLast()))
            let stamp = FileStamp.of(FilePath(file))
            // Stamped within two seconds of the snapshot: a second edit in the same clock tick keeps the stamp.
            if let stamp, stamp == old, stamp.modified <= takenAt - 2_000_000_000 { return nil }
            // The bytes hashed as they are read: the same hash as the text's when they are the same UTF-8.
            guard let stamp, ContentHash.ofFile(file)?.digest == hashes[.file(path)] else {
                return (stamp, false, nil)
            }
            return (stamp, true, current[.file(path)]?.stamped(stamp))
        }
        for (path, result) in zip(present, read) {
            guard let result else { continue }
            guard result.same, let stamp = result.stamp else {
                changed.insert(.file(path))
                continue
            }
            site.loaded[.file(path)] = result.touched
            touched = true
            _ = stamp
        }
        // A program's pages, recorded with `FileStamp.noFile`, are among these: loaded again from their
        // definitions (rendered again, they are written only if their inputs changed), or removed.
        for source in Set(stamps.keys).subtracting(present.map(SourceID.file)) {
            changed.insert(SiteChange(page: source))
        }
        changed.formUnion(site.program.definitions.keys.map(SiteChange.init(page:)))
        // A page whose links name a file that came or went since draws those links another way.
        if let targets = site.markdown.targets {
            for (source, page) in site.loaded where targets.differs(from: page.linkedFiles) {
                changed.insert(SiteChange(page: source))
            }
        }
        for (file, hash) in site.theme.templateHashes where snapshot.templates[file] != hash {
            changed.insert(.file(SourcePath("\(site.theme.path)/\(file)")))
        }
        // A picture that changed changes the pages that show it.
        if let catalog = site.markdown.images {
            let users = catalog.recordedUsers
            let pictures = catalog.changedSinceRecord()
            touched = touched || pictures.touched
            for picture in pictures.changed {
                changed.insert(.file(SourcePath(picture)))
                changed.formUnion((users[picture] ?? []).map { SiteChange(page: SourceID(recorded: $0)) })
            }
        }
        return (changed, touched)
    }

    /// The record of this site for the next build; `feed` is each page's versions that have a patch, `indexes`
    /// the paths of the sitemap, feeds and search index written, `out` the output folder just written.
    static func snapshot(
        of site: Site, feed: [PageURL: [PageVersion]], indexes: [OutputPath], out: URL
    ) -> SiteSnapshot {
        let records = site.loaded.values.sorted { $0.page.source < $1.page.source }.compactMap {
            made -> SiteSnapshot.PageRecord? in
            let defined = site.program[made.page.source] != nil
            // pages given as text, in tests: read again
            guard let stamp = defined ? FileStamp.noFile : made.stamp else { return nil }
            let page = made.page
            return SiteSnapshot.PageRecord(
                source: page.source, stamp: stamp, sourceHash: made.sourceHash, textHash: made.textHash,
                url: page.url.rawValue, folder: page.folder,
                isIndex: page.isIndex, isDraft: page.isDraft, title: page.title, date: page.date, weight: page.weight,
                tags: page.tags, aliases: page.aliases, summary: made.keptSummary, frontMatter: page.frontMatter,
                collectionFolders: made.collectionFolders, fileLinks: made.fileLinks,
                linkedFiles: made.linkedFiles, headings: made.keptHeadings,
                text: made.keptText, unknownLanguages: made.unknownLanguages, recorded: defined ? nil : made.recorded)
        }
        let rendered = site.output.records.values.sorted { $0.page.url < $1.page.url }.map { record in
            SiteSnapshot.RenderedRecord(
                url: record.page.url, source: record.page.source, version: record.page.version, inputs: record.inputs,
                templatesUsed: record.page.templatesUsed.sorted(), animation: record.page.animation,
                emptySections: record.emptySections)
        }
        var copies: [OutputPath: FileStamp] = [:]
        for file in PicturePhase.published(by: site) {
            if case .copy(let source) = file.contents, let stamp = FileStamp.of(FilePath(source)) {
                copies[file.path] = stamp
            }
        }
        return SiteSnapshot(
            fingerprint: SiteSnapshot.fingerprint(
                options: site.options, configText: site.configText, theme: site.theme, data: site.data),
            templates: site.theme.templateHashes, pages: records, rendered: rendered, copies: copies, feed: feed,
            indexes: indexes,
            out: out.path, outStamp: FileStamp.of(FilePath(out.path)),
            outManifest: ContentHash.ofFile(out.path + "/" + OutputManifest.path.rawValue)?.hex,
            takenAt: Int64(Date().timeIntervalSince1970 * 1e9))
    }
}
