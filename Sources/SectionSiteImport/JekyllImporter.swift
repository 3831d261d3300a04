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
/// - Bodies: `{{ site.baseurl }}`, `{{ site.url }}`, `{% post_url %}`, `{% link %}`, `{% highlight %}` and
///   `{% raw %}` are converted; any other Liquid stays as written and is listed in the report.
///
/// The source is only read. Everything is written under the destination, which must not exist or be empty.
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

    /// A post or page to write, once every URL is known.
    private struct Document {
        var source: String  // relative to the Jekyll site
        var target: String  // relative to the new site (`Content/blog/2018-01-19-forums.md`)
        var front: [String: Any]
        var frontLines: Int  // the lines before the body in the source file
        var body: String
        var url: String  // SectionSite's
        var oldURL: String  // Jekyll's
    }

    /// Reads the Jekyll site and writes the new one.
    public func run() throws -> ImportReport {
        var report = ImportReport()
        try ImportFiles.checkFolders(source: source, destination: destination)
        let site = ImportSource(source)
        let config = try readConfig(site, report: &report)
        let baseURL = (config["baseurl"] as? String).map { $0 == "/" ? "" : $0 } ?? ""
        let siteURL = (config["url"] as? String) ?? ""
        let postPattern = Self.postPermalink(config)
        let postsFolder = Self.fixedFirstWord(postPattern) ?? "posts"
        let ourPattern = Self.sectionSitePattern(postPattern)
        let permalinks = Permalinks(patterns: [postsFolder: ourPattern])
        // Pages follow the site's own permalink style, not the one `defaults:` gives posts.
        let pretty = Self.postPermalink(["permalink": config["permalink"] as Any]).hasSuffix("/")
        var documents: [Document] = []
        var outputs: [(path: String, data: Data)] = []

        let allFiles = FileTree.files(under: source).sorted()
        // Folders (but the root) that hold a page: files under them go beside their pages in Content/, where a
        // page's relative links and pictures find them; the rest go to Static/.
        let pageFolders = Set(allFiles.filter { ($0.hasSuffix(".md") || $0.hasSuffix(".markdown")) && !$0.hasPrefix("_") }
            .map { ($0 as NSString).deletingLastPathComponent }.filter { !$0.isEmpty })
        func besidePages(_ path: String) -> Bool {
            var folder = (path as NSString).deletingLastPathComponent
            while !folder.isEmpty {
                if pageFolders.contains(folder) { return true }
                folder = (folder as NSString).deletingLastPathComponent
            }
            return false
        }
        // What `exclude:` names is not part of the site (a prefix of the path, as Jekyll matches it).
        let excluded = ((config["exclude"] as? [Any]) ?? []).map { "\($0)".trimmingCharacters(in: CharacterSet(charactersIn: "/")) }
        var reportedFolders = Set<String>()
        for path in allFiles {
            let parts = path.split(separator: "/").map(String.init)
            if parts.contains(where: { Self.skipped.contains($0) }) || parts.last!.hasPrefix(".") { continue }
            if excluded.contains(where: { path == $0 || path.hasPrefix($0 + "/") }) { continue }
            let isMarkdown = path.hasSuffix(".md") || path.hasSuffix(".markdown")
            if parts.first == "_posts" {
                guard isMarkdown else {
                    if !path.hasSuffix("/") { report.leftovers.append(.init(kind: "post that is not Markdown", file: path)) }
                    continue
                }
                let name = String(parts.last!.split(separator: ".").dropLast().joined(separator: "."))
                let target = "Content/\(postsFolder)/\(name).md"
                if let document = try readDocument(site, path, target: target, report: &report) {
                    documents.append(document)
                }
                continue
            }
            if parts.first == "_data" {
                try ImportFiles.importData(
                    site, name: String(path.dropFirst("_data/".count)), file: path, into: &outputs,
                    report: &report)
                continue
            }
            if parts.first!.hasPrefix("_") {
                if reportedFolders.insert(parts.first!).inserted {  // once for the folder
                    let what = parts.count == 1 ? "Jekyll file" : "Jekyll folder"
                    report.leftovers.append(.init(kind: "\(what) '\(parts.first!)' not imported", file: parts.count == 1 ? path : parts.first! + "/"))
                }
                continue
            }
            guard let data = try site.read(path, report: &report) else { continue }
            let text = String(data: data, encoding: .utf8)
            let hasFrontMatter = text?.hasPrefix("---\n") == true || text?.hasPrefix("---\r\n") == true
            if isMarkdown {
                let stem = path.split(separator: ".").dropLast().joined(separator: ".")
                if let document = try readDocument(site, path, target: "Content/\(stem).md", report: &report) {
                    documents.append(document)
                }
            } else if hasFrontMatter {
                report.leftovers.append(.init(kind: "page with Liquid layout code, not converted", file: path))
            } else {
                outputs.append((besidePages(path) ? "Content/\(path)" : "Static/\(path)", data))
            }
        }

        // Every URL first: links between posts and pages need them.
        for index in documents.indices {
            var document = documents[index]
            let isPost = document.source.hasPrefix("_posts/")
            let stem = ((document.source as NSString).lastPathComponent as NSString).deletingPathExtension
            let named = Permalinks.fileName(stem)
            let date = ImportFiles.date(document.front["date"]) ?? named.date
            let slug = document.front["slug"] as? String
            if let permalink = document.front["permalink"] as? String {
                document.oldURL = permalink.hasPrefix("/") ? permalink : "/" + permalink
                document.front["url"] = document.oldURL
                document.front["permalink"] = nil
            } else if isPost {
                document.oldURL = Self.jekyllPostURL(
                    postPattern, date: date, slug: slug ?? named.slug, categories: ImportFiles.list(document.front["categories"]))
            } else {
                document.oldURL = Self.jekyllPageURL(document.source, pretty: pretty)
            }
            document.url =
                (try? permalinks.url(
                    .init(path: document.target, url: document.front["url"] as? String, slug: slug, title: document.front["title"] as? String, date: date)))
                ?? document.oldURL
            documents[index] = document
        }
        // `post_url` names a post by its date and slug, however the file writes the date (`2018-2-1` is `2018-02-01`).
        let urlsByPost = Dictionary(documents.filter { $0.source.hasPrefix("_posts/") }.map {
            (Self.postKey((($0.source as NSString).lastPathComponent as NSString).deletingPathExtension), $0.url)
        }) { first, _ in first }
        let urlsBySource = Dictionary(documents.map { ($0.source, $0.url) }) { first, _ in first }

        let layouts = ImportFiles.layouts(of: theme, themeName: themeName)
        for document in documents {
            var front = document.front
            Self.mapFrontMatter(&front, layouts: layouts)
            if document.front["url"] == nil, document.oldURL != document.url, document.oldURL + "/" != document.url {
                var aliases = ImportFiles.list(front["aliases"])
                if !aliases.contains(document.oldURL) { aliases.append(document.oldURL) }
                front["aliases"] = aliases
            }
            let body = Liquid.convert(
                document.body, file: document.source, firstLine: document.frontLines + 1, baseURL: baseURL, siteURL: siteURL,
                postURL: { urlsByPost[Self.postKey(($0 as NSString).lastPathComponent)].map { baseURL + $0 } },
                linkURL: { path in urlsBySource[path].map { baseURL + $0 } ?? baseURL + "/" + path },
                includeRelative: { name in
                    let folder = (document.source as NSString).deletingLastPathComponent
                    // Checked with its links resolved: `etc/shadow` where `etc` links to /etc is outside the site.
                    switch try? site.reading(folder.isEmpty ? name : folder + "/" + name) {
                    case .data(let data)?: return String(data: data, encoding: .utf8).map { .text($0) } ?? .missing
                    case .outside?: return .outside
                    case .missing?, nil: return .missing
                    }
                },
                report: &report)
            outputs.append((document.target, Data((ImportFiles.frontMatter(front) + body).utf8)))
        }

        // A list page for the posts and a home page, unless the site brings its own.
        let paginate = (config["paginate"] as? Int) ?? 10
        if !documents.contains(where: { $0.target == "Content/\(postsFolder)/index.md" }) {
            let list = ImportYAML.map([
                ("title", ImportYAML.string("Posts")),
                ("sections", ImportYAML.list([ImportYAML.map([
                    ("id", ImportYAML.string("posts")), ("cell", ImportYAML.string("post")), ("from", ImportYAML.string(postsFolder)),
                    ("paginate", ImportYAML.int(paginate)),
                ])])),
            ])
            outputs.append(("Content/\(postsFolder)/index.md", Data(try ImportYAML.frontMatter(list).utf8)))
        }
        if !documents.contains(where: { $0.target == "Content/index.md" }) {
            let home = ImportYAML.map([
                ("title", ImportYAML.string((config["title"] as? String) ?? "Home")),
                ("sections", ImportYAML.list([ImportYAML.map([
                    ("id", ImportYAML.string("latest")), ("cell", ImportYAML.string("post")), ("from", ImportYAML.string(postsFolder)),
                    ("limit", ImportYAML.int(10)),
                ])])),
            ])
            outputs.append(("Content/index.md", Data(try ImportYAML.frontMatter(home).utf8)))
        }
        var settings: [(String, Node)] = [("title", ImportYAML.string((config["title"] as? String) ?? "Imported site"))]
        if let description = config["description"] as? String { settings.append(("description", ImportYAML.string(description))) }
        settings.append(("baseURL", ImportYAML.string((siteURL + baseURL).isEmpty ? "/" : siteURL + baseURL + "/")))
        settings.append(("theme", ImportYAML.string(themeName)))
        settings.append(("permalinks", ImportYAML.map([(postsFolder, ImportYAML.string(ourPattern))])))
        outputs.append(("sectionsite.yml", Data(try ImportYAML.text(ImportYAML.map(settings)).utf8)))
        return try ImportFiles.write(outputs, theme: theme, postsFolder: postsFolder, to: destination, report: report)
    }

    // MARK: - Settings and addresses

    /// `_config.yml`'s settings; none when there is none (or it leads outside the site: reported, not read).
    private func readConfig(_ site: ImportSource, report: inout ImportReport) throws -> [String: Any] {
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
            throw SectionSiteError("_config.yml does not parse: \(error)", at: SourceLocation(file: site.shown("_config.yml")))
        }
    }

    /// The posts' permalink: the site's, or the one `defaults:` gives posts; Jekyll's named styles spelled out.
    static func postPermalink(_ config: [String: Any]) -> String {
        var permalink = config["permalink"] as? String
        for entry in (config["defaults"] as? [[String: Any]]) ?? [] {
            let scope = entry["scope"] as? [String: Any] ?? [:]
            let isPosts = (scope["type"] as? String) == "posts" || ((scope["path"] as? String) ?? "").hasPrefix("_posts")
            if isPosts, let values = entry["values"] as? [String: Any], let value = values["permalink"] as? String {
                permalink = value
            }
        }
        switch permalink {
        case nil, "date": return "/:categories/:year/:month/:day/:title:output_ext"
        case "pretty": return "/:categories/:year/:month/:day/:title/"
        case "ordinal": return "/:categories/:year/:y_day/:title:output_ext"
        case "none": return "/:categories/:title:output_ext"
        case let pattern?: return pattern.hasPrefix("/") ? pattern : "/" + pattern
        }
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
        if pattern.hasSuffix(".html") { pattern = String(pattern.dropLast(5)) }
        while pattern.contains("//") { pattern = pattern.replacingOccurrences(of: "//", with: "/") }
        if !pattern.hasSuffix("/") { pattern += "/" }
        return pattern
    }

    /// The address Jekyll gives a post.
    static func jekyllPostURL(_ pattern: String, date: PageDate?, slug: String, categories: [String]) -> String {
        var url = pattern
        let words: [(String, String)] = [
            (":output_ext", ".html"), (":categories", categories.map { Slug.of($0) }.joined(separator: "/")),
            (":title", slug), (":slug", slug), (":name", slug),
            (":year", date.map { String(format: "%04d", $0.year) } ?? ""),
            (":short_year", date.map { String(format: "%02d", $0.year % 100) } ?? ""),
            (":i_month", date.map { String($0.month) } ?? ""), (":month", date.map { String(format: "%02d", $0.month) } ?? ""),
            (":i_day", date.map { String($0.day) } ?? ""), (":day", date.map { String(format: "%02d", $0.day) } ?? ""),
        ]
        for (word, value) in words { url = url.replacingOccurrences(of: word, with: value) }
        while url.contains("//") { url = url.replacingOccurrences(of: "//", with: "/") }
        return url
    }

    /// The address Jekyll gives a page: its path with `.html`, or its folder with `pretty` permalinks.
    static func jekyllPageURL(_ path: String, pretty: Bool) -> String {
        let stem = path.split(separator: ".").dropLast().joined(separator: ".")
        if stem == "index" { return "/" }
        if stem.hasSuffix("/index") { return "/" + stem.dropLast("index".count) }
        return pretty ? "/\(stem)/" : "/\(stem).html"
    }

    /// A post's name as `post_url` matches it: its date written in full, then its slug.
    static func postKey(_ name: String) -> String {
        let named = Permalinks.fileName(name)
        return (named.date.map { $0.isoDate + "-" } ?? "") + named.slug
    }

    // MARK: - Files

    /// A post or page: its front matter and body; nil (with a leftover) when its front matter does not parse.
    private func readDocument(_ site: ImportSource, _ path: String, target: String, report: inout ImportReport) throws -> Document? {
        guard let data = try site.read(path, report: &report) else { return nil }
        guard let text = String(data: data, encoding: .utf8) else {
            report.leftovers.append(.init(kind: "page that is not UTF-8 text, not imported", file: path))
            return nil
        }
        guard let (front, frontLines, body) = try ImportFiles.split(text, file: path, shown: site.shown(path), report: &report) else {
            return nil
        }
        return Document(source: path, target: target, front: front, frontLines: frontLines, body: body, url: "", oldURL: "")
    }

    /// Jekyll's front matter keys as SectionSite's.
    static func mapFrontMatter(_ front: inout [String: Any], layouts: Set<String>) {
        var tags = ImportFiles.list(front["tags"]) + ImportFiles.list(front["categories"]) + ImportFiles.list(front["category"])
        tags = tags.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
        front["categories"] = nil
        front["category"] = nil
        front["tags"] = tags.isEmpty ? nil : tags
        if let redirects = front.removeValue(forKey: "redirect_from") { front["aliases"] = ImportFiles.list(redirects) }
        if let published = front.removeValue(forKey: "published") as? Bool, !published { front["draft"] = true }
        if let excerpt = front.removeValue(forKey: "excerpt") as? String, front["summary"] == nil { front["summary"] = excerpt }
        if let layout = front["layout"] as? String, !layouts.contains(layout) { front["layout"] = nil }
        if let date = front["date"] as? Date {
            let formatter = ISO8601DateFormatter()
            front["date"] = formatter.string(from: date)
        }
    }
}
