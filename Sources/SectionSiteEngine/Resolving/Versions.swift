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
}

/// The published pages of the documentation's versions (`SiteVersions`), by their path inside their version's
/// folder: what the version switcher, the banner of an older version and the canonical link read. Kept up to date
/// page by page, as `ContentIndex` adds and removes pages.
struct VersionIndex: Sendable {
    /// The settings it was made with.
    private(set) var versions = SiteVersions()
    private var languages = SiteLanguages()
    /// Each version's page by language and path inside the version (`en` and `guide/install`), by version name.
    private var pages: TreeDictionary<String, [String: String]> = [:]
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
        pages["\(page.page.language)\u{1}\(key)", default: [:]][version.name] = page.listing.url.rawValue
        members.insert(page.page.source)
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
        return true
    }

    /// The switcher's links of a page, one per version in the settings' order; empty for a page of no version.
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
        return versions.list.map { version in
            for (index, candidate) in candidates.enumerated() {
                if let url = pages["\(page.language)\u{1}\(candidate)"]?[version.name] {
                    return VersionLink(
                        version: version, url: url, exact: index == 0, current: version.name == own.name,
                        latest: version.name == latest)
                }
            }
            let root = languages.prefix(page.language) + "/" + versions.folder + "/" + version.name + "/"
            return VersionLink(
                version: version, url: URLPath.encoded(root), exact: false, current: version.name == own.name,
                latest: version.name == latest)
        }
    }
}

extension SiteConfig {
    /// A page's version, nil for a page of no version.
    func version(of page: Page) -> SiteVersions.Version? {
        versions.isEmpty ? nil : VersionIndex(self).place(page)?.version
    }
}
