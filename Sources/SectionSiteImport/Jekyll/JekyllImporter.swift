import Foundation
import SectionSiteEngine
import Yams

/// `sectionsite import jekyll SRC DST`: a Jekyll site made a SectionSite site that keeps every page's address.
///
/// - Settings: `title`, `description`, `url` + `baseurl` (the base URL), the posts' `permalink` (the site's, or the
///   one `defaults:` gives posts), `paginate` (the posts' list page).
/// - Posts (`_posts/YYYY-MM-DD-slug.md`) go to one folder of `Content/` (the permalink's first word when it is
///   fixed, `/blog/:title/` giving `blog/`, else `posts/`) with a permalink pattern that gives the same URL; where
///   Jekyll's address differs from the folder form SectionSite writes (`/2018/01/19/forums.html`), the old address
///   becomes an alias that sends readers on.
/// - Pages (Markdown outside `_` folders) keep their path; other files go beside them in `Content/` when a folder
///   above them holds a page (so relative links and pictures still find them), else to `Static/`; `_data/` files
///   whose records all have an `id` go to `Data/`.
/// - Front matter: `permalink` becomes `url`, `redirect_from` `aliases`, `categories` and `tags` tags,
///   `published: false` a draft, `excerpt` the summary; `layout` is dropped unless the new theme has it.
/// - Bodies: Liquid is run (`Liquid`): `site.*` and `page.*` values, `{% post_url %}`, `{% link %}`,
///   `{% highlight %}`, `{% raw %}`, includes with their parameters, tab plugins; what it cannot run is drawn by the
///   neutral fallback and listed in the report.
///
/// The work is done by `JekyllPasses`, `Importer`'s passes. The source is only read. Everything is written under the
/// destination, which must not exist or be empty.
public struct JekyllImporter {
    /// The Jekyll site and the new site's folder.
    public var source: URL, destination: URL
    /// The theme to write into the new site (its files by path, `Themes/<name>/...`) and its name.
    public var theme: [(path: String, text: String)], themeName: String

    public init(source: URL, destination: URL, theme: [(path: String, text: String)], themeName: String) {
        self.source = source.standardizedFileURL
        self.destination = destination.standardizedFileURL
        self.theme = theme
        self.themeName = themeName
    }

    /// Folders and files of a Jekyll site that are its machinery, not its content.
    static let skipped: Set<String> = [
        "_site", ".git", ".github", ".sass-cache", ".jekyll-cache", "node_modules", "vendor", "Gemfile", "Gemfile.lock",
        "_config.yml", ".gitignore", "README.md", "LICENSE", "CNAME.md",
    ]

    /// Reads the Jekyll site and writes the new one, by the passes of `JekyllPasses`.
    public func run() throws -> ImportReport {
        var passes = JekyllPasses()
        return try Importer.run(
            &passes, source: source, destination: destination, theme: ImportTheme(files: theme, name: themeName))
    }

    // MARK: - Settings and addresses

    /// The site as Liquid sees it: its settings, `data` (from `_data/`), `posts` (newest first), `pages` and each
    /// published collection's documents, each with its `title`, `url`, `date` and front matter.
    static func siteValue(
        _ config: [String: Any], documents: [ImportPage], baseURL: String, site: ImportSource, files: [String]
    ) -> SourceValue {
        var value = config.mapValues { SourceValue.of($0) }
        // Jekyll's own settings, there whether the site sets them or not.
        value["baseurl"] = .string(baseURL)
        value["url"] = value["url"] ?? .string("")
        // What jekyll-github-metadata gives from the `repository` setting (`owner/name`), without asking GitHub.
        if value["github"] == nil, let repository = config["repository"] as? String,
            repository.split(separator: "/").count == 2
        {
            let parts = repository.split(separator: "/").map(String.init)
            value["github"] = .map([
                "repository_nwo": .string(repository), "repository_name": .string(parts[1]),
                "owner_name": .string(parts[0]),
                "repository_url": .string("https://github.com/" + repository), "url": value["url"] ?? .string(""),
                "owner_url": .string("https://github.com/" + parts[0]),
                "issues_url": .string("https://github.com/\(repository)/issues"),
                "clone_url": .string("https://github.com/\(repository).git"),
            ])
        }
        value["data"] = ImportFiles.siteData(
            site, files: files, folder: "_data/", kinds: ["yml", "yaml", "json", "csv"])
        func entry(_ document: ImportPage) -> SourceValue {
            var fields = document.front.mapValues { SourceValue.of($0) }
            fields["url"] = .string(baseURL + document.originalURL)
            fields["title"] = fields["title"] ?? .string(Self.stem(Self.baseName(document.source)))
            fields["path"] = .string(document.source)
            return .map(fields)
        }
        let posts = documents.filter { if case .post = $0.kind { true } else { false } }
        value["posts"] = .list(
            posts.sorted {
                ($0.front["date"].map { "\($0)" } ?? $0.source) > ($1.front["date"].map { "\($0)" } ?? $1.source)
            }.map(entry))
        value["pages"] = .list(documents.filter { $0.kind == .page }.map(entry))
        var collections: [String: [SourceValue]] = [:]
        for document in documents {
            if case .collection(let name) = document.kind { collections[name, default: []].append(entry(document)) }
        }
        for (name, list) in collections where value[name] == nil { value[name] = .list(list) }
        // `site.tags` and `site.categories`: each name with its posts.
        for key in ["tags", "categories"] where value[key] == nil {
            var byName: [String: [SourceValue]] = [:]
            for post in posts {
                for name in ImportFiles.list(post.front[key] ?? (key == "categories" ? post.front["category"] : nil)) {
                    byName[name, default: []].append(entry(post))
                }
            }
            value[key] = .map(byName.mapValues(SourceValue.list))
        }
        return .map(value)
    }

    /// Where Jekyll writes a kind of document among the others: pages, then posts and collections.
    static func writeOrder(_ kind: ImportPage.Kind) -> Int {
        kind == .page ? 0 : 1
    }

    /// `_config.yml`'s settings; none when there is none (or it leads outside the site: reported, not read).
    static func readConfig(_ site: ImportSource, report: inout ImportReport) throws -> [String: Any] {
        let data: Data
        switch try site.reading("_config.yml") {
        case .data(let bytes): data = bytes
        case .missing: return [:]
        case .outside(let real):
            report.leftovers.append(ImportSource.outside("_config.yml", real: real))
            return [:]
        }
        guard let text = String(data: data, encoding: .utf8) else { return [:] }
        do {
            return (try ImportYAML.load(text, path: site.shown("_config.yml"), firstLine: 1) as? [String: Any]) ?? [:]
        } catch let error as SectionSiteError {
            throw error  // the alias budget's, located
        } catch {
            throw ImportProblem.settingsDoNotParse("_config.yml", error: "\(error)").error(
                at: SourceLocation(file: site.shown("_config.yml")))
        }
    }

    /// The template of the posts' addresses: the one `defaults:` gives posts, else the posts collection's
    /// `permalink:`, else the site's permalink style; named styles spelled out.
    static func postPermalink(_ config: [String: Any], collections: JekyllCollections) -> String {
        if let permalink = JekyllURL.defaults(config, path: "_posts/post.md", type: "posts")["permalink"] as? String {
            return JekyllURL.template(ofStyle: permalink)
        }
        return collections.byName["posts"]!.template
    }

    /// The site's `timezone:` (an IANA name), UTC when there is none; one Foundation does not know is listed.
    static func timeZone(_ config: [String: Any], report: inout ImportReport) -> TimeZone {
        guard let name = config["timezone"] as? String, !name.isEmpty else { return TimeZone(identifier: "UTC")! }
        guard let zone = TimeZone(identifier: name) else {
            report.leftovers.append(
                .init(kind: "time zone that is not an IANA name, UTC used", file: "_config.yml", text: name))
            return TimeZone(identifier: "UTC")!
        }
        return zone
    }

    /// The first word of a pattern when it is not a placeholder (`blog` of `/blog/:title/`) and can name a folder:
    /// it becomes the posts' folder and a key of the settings, so a word with a newline or a `..` is not one.
    static func fixedFirstWord(_ pattern: String) -> String? {
        guard let first = pattern.split(separator: "/").first, !first.contains(":"), !first.contains("."),
            SettingsKey.folderProblem(String(first)) == nil
        else { return nil }
        return String(first)
    }

    /// The pattern SectionSite uses for the posts: Jekyll's words as SectionSite's, the extension and categories left
    /// out (such posts keep their old address as an alias).
    static func sectionSitePattern(_ jekyll: String) -> String {
        var pattern = jekyll
        for (from, to) in [
            (":output_ext", ""), (":categories", ""), (":title", ":slug"), (":i_month", ":month"), (":i_day", ":day"),
            (":short_year", ":year"), (":y_day", ":day"), (":name", ":slug"),
        ] {
            pattern = pattern.replacingOccurrences(of: from, with: to)
        }
        // Words SectionSite has no equivalent of: the day's folder and the slug still tell posts apart.
        pattern = pattern.replacing(/:(?!year|month|day|slug)[a-z_]+/, with: "")
        if pattern.hasSuffix(".html") { pattern = String(pattern.dropLast(5)) }
        while pattern.contains("//") { pattern = pattern.replacingOccurrences(of: "//", with: "/") }
        if !pattern.contains(":slug") { pattern += "/:slug" }
        if !pattern.hasSuffix("/") { pattern += "/" }
        while pattern.contains("//") { pattern = pattern.replacingOccurrences(of: "//", with: "/") }
        return pattern
    }

    /// The template of a page's address: its folder for an index, else its path with the ending the site's
    /// permalink style gives.
    static func pageTemplate(_ path: String, style: String?) -> String {
        let name = baseName(path)
        if name == "index" { return "/:path/" }
        return JekyllURL.suffixed("/:path/:basename", style: style)
    }

    /// What each placeholder of a document's template stands for, as Jekyll fills them.
    static func placeholders(
        _ document: ImportPage, collections: JekyllCollections, date: PageDate?
    ) -> [String: String] {
        let name = baseName(document.source)
        var values = JekyllURL.dateValues(date)
        values["output_ext"] = ".html"
        switch document.kind {
        case .page:
            let folder = (document.source as NSString).deletingLastPathComponent
            values["path"] = folder
            values["basename"] = name
        case .post, .collection:
            let named = Permalinks.fileName(name)
            let slug = (document.front["slug"]).map { "\($0)" } ?? named.slug
            let label: String
            let within: String
            if case .collection(let collection) = document.kind {
                label = collection
                within = collections.collection(of: document.source)?.1 ?? document.source
            } else {
                label = "posts"
                within = document.source.components(separatedBy: "_posts/").last ?? document.source
            }
            values["collection"] = label
            values["path"] = stem(within).replacing(/\.+$/, with: "")
            values["name"] = JekyllURL.slugify(name)
            values["title"] = JekyllURL.slugify(slug, pretty: true, cased: true)
            values["slug"] = JekyllURL.slugify(slug)
            var seen: [String] = []
            for category in ImportFiles.list(document.front["categories"]).map({ $0.lowercased() })
            where !seen.contains(category) {
                seen.append(category)
            }
            values["categories"] = seen.joined(separator: "/")
            values["slugified_categories"] = seen.map { JekyllURL.slugify($0) }.joined(separator: "/")
        }
        return values
    }

    /// A post's categories as Jekyll gathers them: its front matter's (`categories`, as a list or words, and
    /// `category`), then the folders above its `_posts` folder.
    static func categories(_ front: [String: Any], folders: [String]) -> [String] {
        var categories: [String] = []
        for category in ImportFiles.list(front["categories"]) + ImportFiles.list(front["category"]) + folders
        where !categories.contains(category) {
            categories.append(category)
        }
        return categories
    }

    /// An address in the folder form the builder gives pages (`/about.html` is `/about/`).
    static func folderForm(_ url: String) -> String {
        var url = url
        if url.hasSuffix(".html") { url = String(url.dropLast(".html".count)) }
        if url.hasSuffix("/index") { url = String(url.dropLast("index".count)) }
        return url.hasSuffix("/") ? url : url + "/"
    }

    /// A post's name as `post_url` matches it: its date written in full, then its slug.
    static func postKey(_ name: String) -> String {
        let named = Permalinks.fileName(name)
        return (named.date.map { $0.isoDate + "-" } ?? "") + named.slug
    }

    /// Whether Jekyll converts a file as Markdown.
    static func isMarkdown(_ path: String) -> Bool {
        ["md", "markdown", "mkd", "mkdn", "mdown"].contains((path as NSString).pathExtension.lowercased())
    }

    /// Whether a file is an HTML page.
    static func isHTML(_ path: String) -> Bool {
        ["html", "htm"].contains((path as NSString).pathExtension.lowercased())
    }

    /// A path without its extension (`en/news/2020-01-03-c`).
    static func stem(_ path: String) -> String { (path as NSString).deletingPathExtension }

    /// A file's name without its folder and extension.
    static func baseName(_ path: String) -> String {
        ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    }

    /// Whether a file starts with YAML front matter, which makes Jekyll render it.
    static func hasFrontMatter(_ data: Data) -> Bool {
        data.starts(with: Array("---\n".utf8)) || data.starts(with: Array("---\r\n".utf8))
    }

    // MARK: - Files

    /// A post, page or document: its front matter and body; nil (with a leftover) when its front matter does not
    /// parse.
    static func readDocument(
        _ site: ImportSource, _ path: String, target: String, kind: ImportPage.Kind, report: inout ImportReport
    ) throws -> ImportPage? {
        guard let data = try site.read(path, report: &report) else { return nil }
        guard let text = String(data: data, encoding: .utf8) else {
            report.leftovers.append(.init(kind: "page that is not UTF-8 text, not imported", file: path))
            return nil
        }
        guard
            let (front, frontLines, body) = try ImportFiles.split(
                text, file: path, shown: site.shown(path), report: &report, timestampsAsText: true)
        else {
            return nil
        }
        var document = ImportPage(
            source: path, inner: path, target: target, kind: kind, front: front, frontLines: frontLines, body: body)
        document.keyLines = BuilderFrontMatter.keyLines(text)
        return document
    }

    /// Jekyll's front matter keys as SectionSite's.
    static func mapFrontMatter(_ front: inout [String: Any], layouts: Set<String>) {
        var tags =
            ImportFiles.list(front["tags"]) + ImportFiles.list(front["categories"])
            + ImportFiles.list(front["category"])
        tags = tags.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
        front["categories"] = nil
        front["category"] = nil
        front["tags"] = tags.isEmpty ? nil : tags
        if let redirects = front.removeValue(forKey: "redirect_from") { front["aliases"] = ImportFiles.list(redirects) }
        if let published = front.removeValue(forKey: "published") as? Bool, !published { front["draft"] = true }
        if let excerpt = front.removeValue(forKey: "excerpt") as? String, front["summary"] == nil {
            front["summary"] = excerpt
        }
        if front["layout"] != nil, !((front["layout"] as? String).map(layouts.contains) ?? false) {
            front["layout"] = nil
        }
        // Jekyll's `url` is the address it computed: the importer writes the new one.
        front["url"] = nil
    }
}
