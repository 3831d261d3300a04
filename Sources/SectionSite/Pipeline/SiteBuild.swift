import Foundation

/// The build pipeline, as a list of steps: settings and theme, pages, collections, rendering, then the files of
/// the output. Each step is a pure transform of the previous one's value; only the first two read files.
public struct SiteBuild: Sendable {
    /// The steps, in order, as progress names them.
    public static let stepNames = [
        "Reading settings and theme", "Loading pages", "Resolving collections", "Rendering pages", "Making patches",
        "Writing output",
    ]

    /// The options.
    public var options: BuildOptions

    /// Creates a build.
    public init(options: BuildOptions) {
        self.options = options
    }

    /// A site built in memory: every rendered page and every output file.
    public struct Result: Sendable {
        /// The settings.
        public var config: SiteConfig
        /// The rendered pages, by URL.
        public var pages: [RenderedPage]
        /// Every output file but the patch feed.
        public var files: [OutputFile]
        /// Warnings, sorted.
        public var warnings: [Diagnostic]
        /// The highlighter, whose cache a successful build saves.
        public var highlighter: Highlighter
    }

    /// Runs the steps up to rendering and collects the output files.
    public func render(progress: @escaping @Sendable (BuildProgress) -> Void = { _ in }) throws -> Result {
        let site = options.site
        let warnings = Warnings()
        @Sendable func report(_ step: Int, _ done: Int? = nil, _ total: Int? = nil) {
            progress(BuildProgress(step: step, steps: Self.stepNames.count, name: Self.stepNames[step - 1], done: done, total: total))
        }

        report(1)
        let config = try loadConfig()
        let theme = try Theme(name: config.theme, site: site)
        let highlighter = Highlighter(cache: Self.highlightCache(site))
        let markdown = Markdown(config: config, highlighter: highlighter)

        let loader = ContentLoader(site: site, markdown: markdown)
        let paths = loader.pagePaths()
        report(2, 0, paths.count)
        let loaded = try paths.parallelMap(progress: { report(2, $0, paths.count) }) { try loader.load($0) }
        let published = loaded.filter { options.drafts || !$0.page.isDraft }
        Self.warnFileLinks(published, warnings: warnings)

        report(3)
        let resolver = Resolver(pages: published, config: config, site: site)
        let instances = try published.flatMap { try resolver.instances(of: $0) }
        try Self.checkUniqueURLs(instances)

        report(4, 0, instances.count)
        let renderer = PageRenderer(theme: theme, config: config)
        nonisolated(unsafe) let siteContext = renderer.siteContext
        let pages = try instances.parallelMap(progress: { report(4, $0, instances.count) }) {
            try renderer.render($0, site: siteContext)
        }
        Self.warnUnused(theme: theme, instances: instances, pages: pages, warnings: warnings)

        var files = pages.map { OutputFile(path: OutputFile.pagePath($0.url), contents: .text($0.html), origin: $0.path) }
        files += Self.staticFiles(site: site, theme: theme)
        files += Self.indexes(pages, config: config)
        return Result(config: config, pages: pages, files: files, warnings: warnings.all, highlighter: highlighter)
    }

    /// Reads `sectionsite.yml` when there is one, applying the `--base-url` override.
    func loadConfig() throws -> SiteConfig {
        let file = options.site.appendingPathComponent("sectionsite.yml")
        var config = SiteConfig()
        if FileManager.default.fileExists(atPath: file.path) {
            config = try ConfigParser().parse(try SourceText.read(file, path: "sectionsite.yml"))
        } else {
            var isFolder: ObjCBool = false
            let content = options.site.appendingPathComponent("Content")
            guard FileManager.default.fileExists(atPath: content.path, isDirectory: &isFolder), isFolder.boolValue else {
                throw SectionSiteError(
                    "'\(options.site.path)' is not a site: it has neither sectionsite.yml nor Content/ (run 'sectionsite new DIR' to start one)")
            }
        }
        if let baseURL = options.baseURL {
            config.baseURL = baseURL.hasSuffix("/") ? baseURL : baseURL + "/"
            config.data["baseURL"] = .string(config.baseURL)
        }
        return config
    }

    /// The files that are not pages: `Static/`, the files beside pages in `Content/`, the theme's assets and the
    /// runtime.
    static func staticFiles(site: URL, theme: Theme) -> [OutputFile] {
        var files = copies(of: site.appendingPathComponent("Static"), into: "", origin: "Static")
        files += copies(of: site.appendingPathComponent("Content"), into: "", origin: "Content") { !$0.hasSuffix(".md") }
        if theme.hasAssets {
            files += copies(of: theme.folder.appendingPathComponent("assets"), into: "assets/", origin: "\(theme.path)/assets")
        }
        files.append(OutputFile(path: "_sectionsite/sectionsite.js", contents: .text(Runtime.script), origin: "the runtime"))
        return files
    }

    /// The sitemap and the Atom feed.
    static func indexes(_ pages: [RenderedPage], config: SiteConfig) -> [OutputFile] {
        [
            OutputFile(path: "sitemap.xml", contents: .text(SiteIndexes.sitemap(pages, config: config)), origin: "the sitemap"),
            OutputFile(path: "feed.xml", contents: .text(SiteIndexes.atom(pages, config: config)), origin: "the Atom feed"),
        ]
    }

    /// Warnings about sections without items and templates no page used.
    static func warnUnused(theme: Theme, instances: [PageInstance], pages: [RenderedPage], warnings: Warnings) {
        for instance in instances {
            for section in instance.sections where section.items.isEmpty && instance.pagination.map({ $0.current == 1 }) ?? true {
                warnings.warn("section '\(section.spec.id)' has no items", at: section.spec.location)
            }
        }
        let used = pages.reduce(into: Set<String>()) { $0.formUnion($1.templatesUsed) }
        for name in theme.templateNames where !name.hasPrefix("partials/") && !used.contains(name) {
            warnings.warn("template '\(name)' is never used", at: SourceLocation(file: "\(theme.path)/\(name).mustache"))
        }
    }

    /// Where highlighted code is cached between runs.
    static func highlightCache(_ site: URL) -> URL {
        site.appendingPathComponent(".sectionsite").appendingPathComponent("highlight.cache")
    }

    /// Warnings about relative links to `.md` files that are no published page.
    static func warnFileLinks(_ pages: [LoadedPage], warnings: Warnings) {
        let paths = Set(pages.map(\.page.path))
        for page in pages {
            for link in page.fileLinks where !(link.link.target.map(paths.contains) ?? false) {
                let reason = link.link.target == nil ? "it leads out of Content/" : "no page comes from '\(link.link.target!)'"
                warnings.warn("link to '\(link.link.destination)' leads to no page: \(reason)", at: link.location)
            }
        }
    }

    /// Checks that no two pages share a URL; `claimed` holds URLs already taken by other pages (URL to path).
    static func checkUniqueURLs(_ instances: [PageInstance], claimed: [String: String] = [:]) throws {
        var owners = claimed
        for instance in instances {
            if let owner = owners[instance.url] {
                throw SectionSiteError(
                    "two pages have the URL '\(instance.url)'", at: SourceLocation(file: instance.source.page.path),
                    notes: [.init(location: SourceLocation(file: owner), message: "'\(instance.url)' first comes from here")])
            }
            owners[instance.url] = instance.source.page.path
        }
    }

    private static func copies(
        of folder: URL, into prefix: String, origin: String, where include: (String) -> Bool = { _ in true }
    ) -> [OutputFile] {
        FileTree.files(under: folder).filter(include).map {
            OutputFile(path: prefix + $0, contents: .copy(folder.appendingPathComponent($0)), origin: "\(origin)/\($0)")
        }
    }
}
