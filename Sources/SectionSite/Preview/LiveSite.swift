import Foundation

/// The preview's site, kept in memory and rebuilt in place: on a change it re-reads only the changed files and
/// re-renders only the pages they affect (the edited page, the lists whose collections hold it, the pages that
/// use an edited template). A value: a rebuild that fails leaves the previous one as it was.
public struct LiveSite: Sendable {
    /// The options the site is built with.
    public let options: BuildOptions
    /// The settings.
    public private(set) var config: SiteConfig
    /// Every rendered page, by URL.
    public private(set) var pages: [String: RenderedPage]
    /// Every output file that is not a page, by output path (the sitemap and Atom feed are made on demand).
    public private(set) var files: [String: OutputFile]
    private var theme: Theme
    private var markdown: Markdown
    private var loaded: [String: LoadedPage]  // every Markdown file, drafts too, by path
    private var published: [LoadedPage]  // what collections list: published pages, sorted by path
    private var listing: Set<String>  // paths of pages with a collection, which a change elsewhere may change
    private var urls: [String: [String]]  // the URLs each source path renders
    private var inputs: [String: String]  // each page's `PageInstance.inputs`, by URL, to skip what cannot differ

    /// What a rebuild changed.
    public struct Update: Sendable, Equatable {
        /// Pages that are new or whose version changed, by URL, sorted.
        public var changed: [String] = []
        /// Pages that are gone.
        public var removed: [String] = []
        /// Output paths of changed files that are not pages (a stylesheet, say).
        public var assets: [String] = []
        /// Whether the whole site was rebuilt (settings or layouts changed).
        public var everything = false
    }

    /// Builds the whole site in memory.
    public init(options: BuildOptions) throws {
        self.options = options
        let build = SiteBuild(options: options)
        config = try build.loadConfig()
        theme = try Theme(name: config.theme, site: options.site)
        markdown = Markdown(config: config, highlighter: Highlighter(cache: SiteBuild.highlightCache(options.site)))
        let loader = ContentLoader(site: options.site, markdown: markdown)
        let paths = loader.pagePaths()
        let pages = try paths.parallelMap { try loader.load($0) }
        loaded = Dictionary(uniqueKeysWithValues: zip(paths, pages))
        published = []
        listing = []
        self.pages = [:]
        urls = [:]
        inputs = [:]
        files = [:]
        refreshPublished()
        _ = try render(paths: Set(paths), force: true)
        refreshFiles()
    }

    /// Applies changed paths (relative to the site; folders end in `/`) and says what changed.
    public mutating func apply(_ changed: Set<String>) throws -> Update {
        var update = Update()
        var contentPaths = Set<String>()
        var templates = Set<String>()
        var rescan = false
        var rerenderAll = false
        var refresh = false
        let themePrefix = "Themes/\(config.theme)/"
        for path in changed.sorted() {
            if path == "sectionsite.yml" || path == "Themes/" || path == themePrefix {
                let previous = pages
                self = try LiveSite(options: options)
                update.everything = true
                update.changed = pages.keys.filter { previous[$0]?.version != pages[$0]?.version }.sorted()
                update.removed = previous.keys.filter { pages[$0] == nil }.sorted()
                return update
            } else if path.hasPrefix(themePrefix) {
                let inner = String(path.dropFirst(themePrefix.count))
                if inner.hasPrefix("assets/") {
                    refresh = true
                    update.assets.append(inner)
                } else if (inner.hasPrefix("cells/") || inner.hasPrefix("supplementary/")) && inner.hasSuffix(".mustache") {
                    templates.insert(String(inner.dropLast(".mustache".count)))
                } else {
                    rerenderAll = true
                }
            } else if path.hasPrefix("Content/") {
                if path.hasSuffix(".md") {
                    contentPaths.insert(path)
                } else if path.hasSuffix("/") {
                    rescan = true
                    refresh = true
                } else if files[String(path.dropFirst("Content/".count))] != nil
                    || FileManager.default.fileExists(atPath: options.site.path + "/" + path)
                {  // an editor's temporary file that came and went changes nothing
                    refresh = true
                    update.assets.append(String(path.dropFirst("Content/".count)))
                }
            } else if path.hasPrefix("Static/") {
                refresh = true
                update.assets.append(String(path.dropFirst("Static/".count)))
            }
        }
        if !templates.isEmpty || rerenderAll {
            theme = try Theme(name: config.theme, site: options.site)
        }
        if rescan {
            let present = Set(ContentLoader(site: options.site, markdown: markdown).pagePaths())
            contentPaths.formUnion(present.subtracting(loaded.keys))
            contentPaths.formUnion(Set(loaded.keys).subtracting(present))
        }
        var folders = Set<String>()
        let loader = ContentLoader(site: options.site, markdown: markdown)
        for path in contentPaths {
            if let old = loaded[path] { folders.insert(old.page.folder) }
            if FileManager.default.fileExists(atPath: options.site.path + "/" + path) {
                let page = try loader.load(path)
                folders.insert(page.page.folder)
                loaded[path] = page
            } else {
                loaded[path] = nil
            }
        }
        if !contentPaths.isEmpty { refreshPublished(changed: contentPaths) }
        var affected = contentPaths
        if rerenderAll {
            affected.formUnion(loaded.keys)
        } else {
            for path in listing where folders.contains(where: { Resolver.lists(loaded[path]!.page, folder: $0) }) {
                affected.insert(path)
            }
            if !templates.isEmpty {
                for (path, owned) in urls where owned.contains(where: { !(pages[$0]?.templatesUsed.isDisjoint(with: templates) ?? true) }) {
                    affected.insert(path)
                }
            }
        }
        (update.changed, update.removed) = try render(paths: affected, force: rerenderAll || !templates.isEmpty)
        if refresh || rescan { refreshFiles() }
        // Only stylesheets that exist are announced: the runtime swaps them in place; other assets show on reload.
        update.assets = update.assets.filter { files[$0] != nil && $0.hasSuffix(".css") }.sorted()
        return update
    }

    /// The sitemap and Atom feed of the current pages.
    public func indexes() -> [OutputFile] {
        SiteBuild.indexes(pages.values.sorted { $0.url < $1.url }, config: config)
    }

    /// Re-renders the pages made from `paths` whose inputs changed (all of them when `force`: a template or layout
    /// changed); a path no longer loaded loses its pages. Returns the URLs whose version changed or that are new,
    /// and the URLs that are gone, both sorted.
    private mutating func render(paths: Set<String>, force: Bool) throws -> (changed: [String], removed: [String]) {
        let resolver = Resolver(pages: published, config: config, site: options.site)
        var made: [String: [PageInstance]] = [:]
        for path in paths.sorted() {
            made[path] = []
            guard let page = loaded[path], options.drafts || !page.page.isDraft else { continue }
            made[path] = try resolver.instances(of: page)
        }
        var claimed: [String: String] = [:]  // URLs of these pages that pages not re-rendered here hold already
        for instance in made.values.joined() {
            if let owner = pages[instance.url]?.path, made[owner] == nil { claimed[instance.url] = owner }
        }
        try SiteBuild.checkUniqueURLs(Array(made.values.joined()), claimed: claimed)
        let stale = made.values.joined().filter { force || inputs[$0.url] != $0.inputs }
        let renderer = PageRenderer(theme: theme, config: config)
        nonisolated(unsafe) let siteContext = renderer.siteContext
        let rendered = try stale.parallelMap { try renderer.render($0, site: siteContext) }
        var removed: [String] = []
        for (path, list) in made {
            let now = Set(list.map(\.url))
            for url in urls[path] ?? [] where !now.contains(url) {
                pages[url] = nil
                inputs[url] = nil
                removed.append(url)
            }
            urls[path] = list.isEmpty ? nil : list.map(\.url)
        }
        var changed: [String] = []
        for page in rendered {
            if pages[page.url]?.version != page.version { changed.append(page.url) }
            pages[page.url] = page
        }
        for instance in stale { inputs[instance.url] = instance.inputs }
        return (changed.sorted(), removed.sorted())
    }

    /// Brings the sorted list of published pages and the set of listing pages up to date after `changed` paths
    /// were loaded or removed (all of them when nil).
    private mutating func refreshPublished(changed: Set<String>? = nil) {
        let drafts = options.drafts
        let isPublished = { (page: LoadedPage) in drafts || !page.page.isDraft }
        guard let changed else {
            published = loaded.values.filter(isPublished).sorted { $0.page.path < $1.page.path }
            listing = Set(loaded.filter { Self.hasCollection($0.value) }.keys)
            return
        }
        for path in changed.sorted() {
            let index = published.partitioningIndex { $0.page.path >= path }
            let present = index < published.count && published[index].page.path == path
            if let page = loaded[path], isPublished(page) {
                if present { published[index] = page } else { published.insert(page, at: index) }
            } else if present {
                published.remove(at: index)
            }
            if let page = loaded[path], Self.hasCollection(page) { listing.insert(path) } else { listing.remove(path) }
        }
    }

    private static func hasCollection(_ page: LoadedPage) -> Bool {
        page.page.sections.contains { if case .collection = $0.content { true } else { false } }
    }

    private mutating func refreshFiles() {
        files = Dictionary(SiteBuild.staticFiles(site: options.site, theme: theme).map { ($0.path, $0) }) { first, _ in first }
    }
}

extension Array {
    /// The first index whose element satisfies `predicate`, for a predicate that is false then true along the
    /// array (a binary search).
    ///
    /// - Complexity: O(log n).
    func partitioningIndex(where predicate: (Element) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if predicate(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
