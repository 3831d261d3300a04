import Foundation

/// What a build records in `.sectionsite/site.state` so that the next build can start from it instead of from
/// nothing: every page's metadata (what collections, the sitemap and warnings need), every rendered page's version
/// and inputs, the stamps of copied files, the feed's versions, and fingerprints of the settings and templates.
/// The next build compares files' stamps with it, re-reads what changed, and re-renders only what depends on that.
struct SiteSnapshot: Sendable {
    /// 4: page URLs percent-encoded (a record of 3 may hold raw ones, so it is not used); 6: the indexes' paths;
    /// 9: who wrote it, the fingerprint in named parts, where each unknown fence word is, each page's animation
    /// and the hash of its file's text.
    static let format = "sectionsite-snapshot/11"

    /// Who writes records: this SectionSite on this platform. A record another wrote is not used (file systems,
    /// paths and the rendering itself may differ), and the build says so in one line.
    static let maker = "SectionSite \(SectionSiteVersion.current) (\(SectionSiteVersion.platform))"

    /// One Markdown file as the collections and warnings see it.
    struct PageRecord: Sendable {
        var source: SourceID
        var stamp: FileStamp
        var sourceHash: ContentDigest
        /// The hash of the file's text alone (`LoadedPage.textHash`).
        var textHash: ContentDigest
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
        var linkedFiles: [LinkTargets.FileLookup]
        /// The body's headings and text, for the search index: read back from a build's `BodyStore` as the record
        /// is written, when they wait there.
        var headings: Kept<[Markdown.Heading]>
        var text: Kept<String>
        /// Fence words the highlighter did not know, for the build's warning.
        var unknownLanguages: [LoadedPage.UnknownLanguage]
        /// Where this record's bytes are in the file it was read from (not written): a page the next record lists
        /// unchanged is copied from there as it is, not written field by field again.
        var recorded: LoadedPage.Recorded?
    }

    /// One output page; its title, date and summary are its source page's.
    struct RenderedRecord: Sendable {
        var url: PageURL
        var source: SourceID
        var version: PageVersion
        var inputs: String
        var templatesUsed: [String]
        /// Its patches' animation (the page's own, else the site's): the feed made again from the stored versions
        /// carries it.
        var animation: AnimationConfiguration?
        /// The warnings about its sections without items.
        var emptySections: [Diagnostic]
    }

    var format: String { Self.format }
    /// Who wrote the record (`maker`).
    var maker: String = Self.maker
    /// What the whole build depends on, each part a hash by name (`fingerprint(options:configText:theme:data:)`).
    var fingerprint: [String: String]
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
    /// The hash of the output's manifest as the build wrote it (`OutputManifest`): an output whose stamps are new
    /// (restored from a CI cache beside `.sectionsite/`) is the one described when its manifest is this one and
    /// every file it lists has the hash it lists.
    var outManifest: String?
    /// When the snapshot was made, in nanoseconds since 1970: a file stamped this recently may have changed again
    /// within the file system's clock tick, so its text is compared rather than its stamp.
    var takenAt: Int64

    /// Where the snapshot lives in a build's state folder (`BuildOptions.state`).
    static func file(_ state: URL) -> URL {
        state.appendingPathComponent("site.state")
    }

    /// The snapshot of the last build, or nil when there is none or it is of another format.
    /// The pages' summaries, headings and search texts stay in the file, read back as they are needed through a
    /// descriptor opened first (the file a later build writes replaces this one by name; this one stays readable).
    static func load(_ state: URL) -> SiteSnapshot? {
        if case .loaded(let snapshot) = read(state) { return snapshot }
        return nil
    }

    /// What a state folder's record is to this build.
    enum Loading {
        /// There is none.
        case none
        /// It cannot be used, for this reason (a sentence after "it").
        case unusable(String)
        case loaded(SiteSnapshot)
    }

    /// The snapshot of the last build, or why there is none to use.
    static func read(_ state: URL) -> Loading {
        let file = file(state)
        guard let store = BodyStore(reading: file), let data = try? Data(contentsOf: file, options: .alwaysMapped),
            store.reads(file)
        else { return access(file.path, F_OK) == 0 ? .unusable("cannot be read") : .none }
        if let snapshot = decoded(data, store: store) {
            return snapshot.maker == maker
                ? .loaded(snapshot) : .unusable("was written by \(snapshot.maker), not \(maker)")
        }
        let (format, maker) = header(data)
        if let maker, maker != Self.maker { return .unusable("was written by \(maker), not \(Self.maker)") }
        if let format, format != Self.format {
            return .unusable("is of another format (\(format)), from another version of SectionSite")
        }
        return .unusable("is damaged")
    }

    /// Why a record written for other inputs does not fit this build: the first part of the fingerprint that
    /// differs, as a sentence after "it"; nil when it fits.
    func mismatch(_ fingerprint: [String: String]) -> String? {
        let reasons = [
            ("theme", "was written for another theme"),
            ("settings", "was written for other settings (sectionsite.yml, --config)"),
            ("options", "was written with other options (--base-url, --drafts)"),
            ("data", "was written before a file of Data/ changed"),
            ("highlighter", "was written with another highlighter"),
            ("images", "was written with another image processor"),
        ]
        for (part, reason) in reasons where self.fingerprint[part] != fingerprint[part] { return reason }
        return self.fingerprint == fingerprint ? nil : "was written for other inputs"
    }

    /// Writes the snapshot through a temporary file, so it is never half-written.
    func save(_ state: URL) throws {
        try RecordWriter.save(Self.file(state)) { try encode(to: $0) }
    }

    /// What, when it changes, makes a build start from nothing, by part: the theme and its list of templates,
    /// the settings, the options, the data files (templates may show any of them on any page), the highlighter's
    /// cache format and the image processor.
    static func fingerprint(
        options: BuildOptions, configText: String?, theme: Theme, data: [String: DataFile]
    ) -> [String: String] {
        func hash(_ parts: [String]) -> String {
            var hash = ContentHash()
            for part in parts { hash.combine(part + "\n") }
            return hash.hex
        }
        return [
            "theme": hash([theme.path] + theme.templateNames),
            "settings": hash([configText ?? "<none>"]),
            "options": hash([options.baseURL ?? "<none>", options.drafts ? "drafts" : "published"]),
            "data": hash(data.keys.sorted().map { "\($0)=\(data[$0]!.hash)" }),
            "highlighter": hash([options.highlighter.map(HighlightCache.format) ?? "no highlighter"]),
            "images": hash([options.imageProcessor?.name ?? "no image processor"]),
        ]
    }
}
