import HashTreeCollections

/// The same page in one version of the documentation, for the version switcher: the page itself there, else its
/// nearest parent there (the switcher never leads to a missing page), else that version's first page.
struct VersionLink: Sendable, Equatable {
    /// The version.
    var version: SiteVersions.Version
    /// Where the switcher leads.
    var url: String
    /// Whether `url` is the same page rather than a parent.
    var exact: Bool
    /// Whether it is the page's own version.
    var current: Bool
    /// Whether the version is the latest.
    var latest: Bool
    /// How the page in this version differs from the page in the version just older, when the page is there
    /// (`exact`) and that version is listed; nil when they are the same or there is no older version.
    var change: VersionChange? = nil
    /// The URL of the version's list of what changed in it (`/docs/2.1/changes/`), when it has an older version
    /// to compare with in the page's language.
    var news: String? = nil

    /// The URL of the page showing how the page changed in this version, when it changed.
    var changes: String? {
        if case .changed(let url) = change { url } else { nil }
    }
}

/// One entry of `page.versions` (and `page.version`, `page.latestVersion`) as templates read it, its fields made as
/// they are read: a switcher of twenty versions on every page of each reads a few of each entry's.
struct VersionEntry: TemplateObject {
    var version: VersionLink
    /// The links under the site's root path: to the page in this version, to how it changed there ("" when it did
    /// not), and to the version's list of changes.
    var link: String
    var changes: String
    var news: String?

    func child(named name: String) -> TemplateValue? {
        let listed = version.version
        return switch name {
        case "name": .string(listed.name)
        case "label": .string(listed.label)
        case "status": .string(listed.status.rawValue)
        case "latest": .bool(version.latest)
        case "current": .bool(version.current)
        case "exact": .bool(version.exact)
        case "link": .string(link)
        case "unreleased": .bool(listed.status == .unreleased)
        case "unmaintained": .bool(listed.status == .unmaintained)
        case "added": .bool(version.change == .added)
        case "changed": .bool(version.changes != nil)
        case "changes": .string(changes)
        // Only where there is one: an empty string would still open a section.
        case "news": news.map(TemplateValue.string)
        default: nil
        }
    }

    var text: String {
        let names = [
            "name", "label", "status", "latest", "current", "exact", "link", "unreleased", "unmaintained", "added",
            "changed", "changes", "news",
        ]
        return TemplateValue.map(
            Dictionary(uniqueKeysWithValues: names.compactMap { name in child(named: name).map { (name, $0) } })
        ).text
    }
}

/// How a page of one version differs from the same page in the version listed just after it (the one just older).
enum VersionChange: Sendable, Equatable {
    /// The older version has no such page.
    case added
    /// Its text differs; `changes` is the URL of the page that shows the changes.
    case changed(changes: String)
}

/// The published pages of the documentation's versions (`SiteVersions`), by their path inside their version's
/// folder: what the version switcher, the banner of an older version and the canonical link read. Kept up to date
/// page by page, as `ContentIndex` adds and removes pages.
struct VersionIndex: Sendable {
    /// The settings it was made with.
    private(set) var versions = SiteVersions()
    private var languages = SiteLanguages()
    /// One version's page: its URL, the hash of its file's text and its source.
    struct Entry: Sendable, Equatable {
        var url: String
        var text: ContentDigest
        var source: SourceID
    }

    /// Each version's page by language and path inside the version (`en` and `guide/install`), by version name.
    private var pages: TreeDictionary<String, [String: Entry]> = [:]
    /// Each version's pages in each language (`en` and `2.1`), by their paths inside it: a version without pages in
    /// a language is left out of that language's switchers and comparisons (a translation kept for older versions
    /// only), and where a switcher goes in a version with no page at the page's place or above it, not even at its
    /// folder's top.
    private var keys: [String: Set<String>] = [:]
    /// Every page that belongs to a version: the pages whose switchers another version's page added or removed
    /// may change.
    private(set) var members: TreeSet<SourceID> = []

    init() {}

    init(_ config: SiteConfig) {
        versions = config.versions
        languages = config.languages
    }

    /// A page's version and its path inside the version, by its file; nil for a page of no version.
    func place(_ page: Page) -> (version: SiteVersions.Version, key: String)? {
        guard !versions.isEmpty, let path = page.source.file else { return nil }
        return versions.locate(Page.translationKey(inner: languages.locate(path).inner))
    }

    /// Adds a published page; returns whether it belongs to a version.
    @discardableResult
    mutating func add(_ page: LoadedPage) -> Bool {
        guard let (version, key) = place(page.page) else { return false }
        pages["\(page.page.language)\u{1}\(key)", default: [:]][version.name] = Entry(
            url: page.listing.url.rawValue, text: page.textHash, source: page.page.source)
        members.insert(page.page.source)
        keys["\(page.page.language)\u{1}\(version.name)", default: []].insert(key)
        return true
    }

    /// Removes a page added before; returns whether it belonged to a version.
    @discardableResult
    mutating func remove(_ page: LoadedPage) -> Bool {
        guard let (version, key) = place(page.page) else { return false }
        let group = "\(page.page.language)\u{1}\(key)"
        pages[group]?[version.name] = nil
        if pages[group]?.isEmpty == true { pages[group] = nil }
        members.remove(page.page.source)
        keys["\(page.page.language)\u{1}\(version.name)"]?.remove(key)
        return true
    }

    /// The versions that have pages in a language, in the settings' order.
    func present(in language: LanguageCode) -> [SiteVersions.Version] {
        versions.list.filter { keys["\(language)\u{1}\($0.name)"]?.isEmpty == false }
    }

    /// The switcher's links of a page, one per version that has pages in its language, in the settings' order;
    /// empty for a page of no version.
    func links(of page: Page) -> [VersionLink] {
        guard let (own, key) = place(page) else { return [] }
        let latest = versions.latest?.name
        // The page's path, then each parent folder's list page, then the version's first page.
        var candidates = [key]
        var parts = key.split(separator: "/").map(String.init)
        if parts.last == "index" { parts.removeLast() }
        while !parts.isEmpty {
            parts.removeLast()
            candidates.append((parts + ["index"]).joined(separator: "/"))
        }
        let group = pages["\(page.language)\u{1}\(key)"] ?? [:]
        let present = present(in: page.language)
        return present.enumerated().map { place, version in
            let news = place + 1 < present.count ? changesFolder(version, language: page.language) : nil
            for (index, candidate) in candidates.enumerated() {
                if let entry = pages["\(page.language)\u{1}\(candidate)"]?[version.name] {
                    var link = VersionLink(
                        version: version, url: entry.url, exact: index == 0, current: version.name == own.name,
                        latest: version.name == latest, news: news)
                    if index == 0, place + 1 < present.count {
                        let older = group[present[place + 1].name]
                        if older == nil {
                            link.change = .added
                        } else if older?.text != entry.text {
                            link.change = .changed(changes: changesURL(key, in: version, language: page.language))
                        }
                    }
                    return link
                }
            }
            // No page at its folder's top either (a package's Documentation/ read from git): its first page, the
            // shallowest by path, so that the switcher never leads to a missing page.
            let first = keys["\(page.language)\u{1}\(version.name)"]?.min {
                ($0.split(separator: "/").count, $0) < ($1.split(separator: "/").count, $1)
            }
            let url =
                first.flatMap { pages["\(page.language)\u{1}\($0)"]?[version.name]?.url }
                ?? URLPath.encoded(languages.prefix(page.language) + versions.root(version.name))
            return VersionLink(
                version: version, url: url, exact: false, current: version.name == own.name,
                latest: version.name == latest, news: news)
        }
    }
}

extension VersionIndex {
    /// The folder of a version's changes pages (`/docs/2.1/changes/`) in a language.
    func changesFolder(_ version: SiteVersions.Version, language: LanguageCode) -> String {
        URLPath.encoded(languages.prefix(language) + versions.root(version.name) + "changes/")
    }

    /// The URL of the page that shows how the page at `key` changed in `version` since the version just older:
    /// `/docs/2.1/changes/guide/install/` for `guide/install` (and `guide/` for `guide/index`).
    func changesURL(_ key: String, in version: SiteVersions.Version, language: LanguageCode) -> String {
        var path = key
        if path.hasSuffix("/index") { path.removeLast("/index".count) }
        return changesFolder(version, language: language) + URLPath.encoded(path) + "/"
    }

    /// One page's difference between a version and the one just older.
    struct Difference: Sendable {
        var key: String
        /// The page in the version, and in the older one; one of them at least.
        var new: Entry?
        var old: Entry?
    }

    /// The version a version is compared with in a language: the one listed after it that has pages there; nil
    /// for the oldest, or a version without pages there.
    func older(than version: SiteVersions.Version, in language: LanguageCode) -> SiteVersions.Version? {
        let present = present(in: language)
        guard let place = present.firstIndex(of: version), place + 1 < present.count else { return nil }
        return present[place + 1]
    }

    /// The pages added, removed or changed in `version` in a language since the version it is compared with there
    /// (`older(than:in:)`), in the order of their paths; nil where it is compared with none.
    func differences(
        in version: SiteVersions.Version, language: LanguageCode
    ) -> (older: SiteVersions.Version, differences: [Difference])? {
        guard let older = older(than: version, in: language) else { return nil }
        var found: [Difference] = []
        let prefix = "\(language)\u{1}"
        for (group, entries) in pages where group.hasPrefix(prefix) {
            let (new, old) = (entries[version.name], entries[older.name])
            guard new?.text != old?.text else { continue }
            found.append(Difference(key: String(group.dropFirst(prefix.count)), new: new, old: old))
        }
        return (older, found.sorted { $0.key < $1.key })
    }

    /// The sources of the pages at `page`'s path in every version: those whose switcher and history read it.
    func group(of page: Page) -> [SourceID] {
        guard let (_, key) = place(page) else { return [] }
        return (pages["\(page.language)\u{1}\(key)"] ?? [:]).values.map(\.source)
    }
}

extension SiteConfig {
    /// A page's version, nil for a page of no version.
    func version(of page: Page) -> SiteVersions.Version? {
        versions.isEmpty ? nil : VersionIndex(self).place(page)?.version
    }
}
