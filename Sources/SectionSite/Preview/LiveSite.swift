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
    private var urls: [String: [String]]  // the URLs each source path renders

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
        markdown = Markdown(smart: config.smartPunctuation, unsafe: config.unsafeHTML)
        let loader = ContentLoader(site: options.site, markdown: markdown)
        let paths = loader.pagePaths()
        let pages = try paths.parallelMap { try loader.load($0) }
        loaded = Dictionary(uniqueKeysWithValues: zip(paths, pages))
        self.pages = [:]
        urls = [:]
        files = [:]
        try render(paths: Set(paths))
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
                } else {
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
        var affected = contentPaths
        if rerenderAll {
            affected.formUnion(loaded.keys)
        } else {
            for (path, page) in loaded where folders.contains(where: { Resolver.lists(page.page, folder: $0) }) {
                affected.insert(path)
            }
            if !templates.isEmpty {
                for (path, owned) in urls where owned.contains(where: { !(pages[$0]?.templatesUsed.isDisjoint(with: templates) ?? true) }) {
                    affected.insert(path)
                }
            }
        }
        let before = pages
        try render(paths: affected)
        if refresh || rescan { refreshFiles() }
        update.changed = pages.keys.filter { before[$0]?.version != pages[$0]?.version }.sorted()
        update.removed = before.keys.filter { pages[$0] == nil }.sorted()
        // Only stylesheets that exist are announced: the runtime swaps them in place; other assets show on reload.
        update.assets = update.assets.filter { files[$0] != nil && $0.hasSuffix(".css") }.sorted()
        return update
    }

    /// The sitemap and Atom feed of the current pages.
    public func indexes() -> [OutputFile] {
        SiteBuild.indexes(pages.values.sorted { $0.url < $1.url }, config: config)
    }

    /// Re-renders the pages made from `paths` (a path no longer loaded loses its pages).
    private mutating func render(paths: Set<String>) throws {
        let published = loaded.values.filter { options.drafts || !$0.page.isDraft }.sorted { $0.page.path < $1.page.path }
        let resolver = Resolver(pages: published, config: config, markdown: markdown, site: options.site)
        var instances: [PageInstance] = []
        var owned: [String: [String]] = [:]
        for path in paths.sorted() {
            owned[path] = []
            guard let page = loaded[path], options.drafts || !page.page.isDraft else { continue }
            let made = try resolver.instances(of: page)
            owned[path] = made.map(\.url)
            instances += made
        }
        var claimed: [String: String] = [:]
        for (path, list) in urls where owned[path] == nil { for url in list { claimed[url] = path } }
        try SiteBuild.checkUniqueURLs(instances, claimed: claimed)
        let renderer = PageRenderer(theme: theme, config: config)
        nonisolated(unsafe) let siteContext = renderer.siteContext
        let rendered = try instances.parallelMap { try renderer.render($0, site: siteContext) }
        for (path, list) in owned {
            for url in urls[path] ?? [] { pages[url] = nil }
            urls[path] = list.isEmpty ? nil : list
        }
        for page in rendered { pages[page.url] = page }
    }

    private mutating func refreshFiles() {
        files = Dictionary(SiteBuild.staticFiles(site: options.site, theme: theme).map { ($0.path, $0) }) { first, _ in first }
    }
}
