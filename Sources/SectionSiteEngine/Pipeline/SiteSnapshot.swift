import Foundation

/// What a build records in `.sectionsite/site.state` so that the next build can start from it instead of from
/// nothing: every page's metadata (what collections, the sitemap and warnings need), every rendered page's version
/// and inputs, the stamps of copied files, the feed's versions, and fingerprints of the settings and templates.
/// The next build compares files' stamps with it, re-reads what changed, and re-renders only what depends on that.
struct SiteSnapshot: Sendable {
    /// 4: page URLs percent-encoded (a record of 3 may hold raw ones, so it is not used); 6: the indexes' paths.
    static let format = "sectionsite-snapshot/8"

    /// One Markdown file as the collections and warnings see it.
    struct PageRecord: Sendable {
        var source: SourceID
        var stamp: FileStamp
        var sourceHash: String
        var url: String
        var folder: String
        var isIndex: Bool
        var isDraft: Bool
        var title: String
        var date: PageDate?
        var weight: Int?
        var tags: [String]
        var aliases: [Page.Alias]
        var summary: Kept<String>
        var frontMatter: [String: Value]
        var collectionFolders: [String]
        var fileLinks: [LoadedPage.FileLink]
        /// The body's headings and text, for the search index: read back from a build's `BodyStore` as the record
        /// is written, when they wait there.
        var headings: Kept<[Markdown.Heading]>
        var text: Kept<String>
        /// Fence words the highlighter did not know, for the build's warning.
        var unknownLanguages: [String]
    }

    /// One output page; its title, date and summary are its source page's.
    struct RenderedRecord: Sendable {
        var url: PageURL
        var source: SourceID
        var version: PageVersion
        var inputs: String
        var templatesUsed: [String]
        /// The warnings about its sections without items.
        var emptySections: [Diagnostic]
    }

    var format: String { Self.format }
    /// What the whole build depends on: the settings file, the build options, the theme's template list.
    var fingerprint: String
    /// Each template's hash, by file under the theme folder.
    var templates: [String: String]
    var pages: [PageRecord]
    var rendered: [RenderedRecord]
    /// The source stamps of files copied as they are, by output path.
    var copies: [OutputPath: FileStamp]
    /// Each page's versions that have a patch in the feed (its `head.json`'s `from`), by URL.
    var feed: [PageURL: [PageVersion]]
    /// The output paths of the sitemap, the Atom feeds and the search index: a build that finds nothing changed
    /// keeps them as they are, without working out what they would be (the search index's paths depend on every
    /// page's words).
    var indexes: [OutputPath]
    /// The output folder the snapshot describes, and its stamp right after it was written.
    var out: String
    var outStamp: FileStamp?
    /// When the snapshot was made, in nanoseconds since 1970: a file stamped this recently may have changed again
    /// within the file system's clock tick, so its text is compared rather than its stamp.
    var takenAt: Int64

    /// Where the snapshot lives.
    static func file(_ site: URL) -> URL {
        site.appendingPathComponent(".sectionsite").appendingPathComponent("site.state")
    }

    /// The snapshot of the last build, or nil when there is none or it is of another format.
    /// The pages' summaries, headings and search texts stay in the file, read back as they are needed through a
    /// descriptor opened first (the file a later build writes replaces this one by name; this one stays readable).
    static func load(_ site: URL) -> SiteSnapshot? {
        guard let store = BodyStore(reading: file(site)),
            let data = try? Data(contentsOf: file(site), options: .alwaysMapped), store.reads(file(site))
        else { return nil }
        return decoded(data, store: store)
    }

    /// Writes the snapshot through a temporary file, so it is never half-written.
    func save(_ site: URL) throws {
        let target = Self.file(site)
        let temporary = target.appendingPathExtension("tmp")
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        // Written as it is encoded: the whole record at once would add to the build's peak memory.
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil),
            let handle = FileHandle(forWritingAtPath: temporary.path)
        else { throw SectionSiteError("cannot write \(temporary.path): \(String(cString: strerror(errno)))") }
        defer { try? handle.close() }
        try encode { try handle.write(contentsOf: $0) }
        guard rename(temporary.path, target.path) == 0 else {
            throw SectionSiteError("cannot replace \(target.path): \(String(cString: strerror(errno)))")
        }
    }

    /// What, when it changes, makes a build start from nothing: the settings, the options, the list of templates,
    /// the highlighter's cache format, and the data files (templates may show any of them on any page).
    static func fingerprint(options: BuildOptions, configText: String?, theme: Theme, data: [String: DataFile]) -> String {
        var hash = ContentHash()
        for name in data.keys.sorted() { hash.combine("\(name)=\(data[name]!.hash)") }
        hash.combine(configText ?? "<none>")
        hash.combine(options.baseURL ?? "<none>")
        hash.combine(options.drafts ? "drafts" : "published")
        hash.combine(theme.templateNames.joined(separator: "\n"))
        hash.combine(options.highlighter.map(HighlightCache.format) ?? "no highlighter")
        hash.combine(options.imageProcessor?.name ?? "no image processor")
        return hash.hex
    }
}
