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

    /// A post, page or collection document to write, once every URL is known.
    private struct Document {
        /// What Jekyll makes of the file.
        enum Kind: Equatable {
            /// A page outside `_` folders.
            case page
            /// A post; `nested` when its `_posts` folder is not the site's own (`en/news/_posts/`).
            case post(nested: Bool)
            /// A document of a published collection.
            case collection(String)
        }

        var source: String  // relative to the Jekyll site
        var target: String  // relative to the new site (`Content/blog/2018-01-19-forums.md`)
        var kind: Kind
        var front: [String: Any]
        var frontLines: Int  // the lines before the body in the source file
        var body: String
        var url = ""  // SectionSite's, percent-encoded
        var oldURL = ""  // Jekyll's, percent-encoded
        /// The address is written as the page's `url:` (else the posts' pattern gives it).
        var ownURL = false
        /// An HTML page: its body is HTML, which Markdown passes through once no blank line splits it.
        var isHTML = false
        /// A text file with front matter: its body is shown as written.
        var isText = false
        /// Renamed, as another source has its file: its address is its `url:`.
        var renamed = false
        /// The line of each front matter key in the source file, for the report.
        var keyLines: [String: Int] = [:]
    }

    /// Reads the Jekyll site and writes the new one.
    public func run() throws -> ImportReport {
        var report = ImportReport()
        try ImportFiles.checkFolders(source: source, destination: destination)
        let site = ImportSource(source)
        let config = try readConfig(site, report: &report)
        let baseURL = (config["baseurl"] as? String).map { $0 == "/" ? "" : $0 } ?? ""
        let siteURL = (config["url"] as? String) ?? ""
        let style = config["permalink"] as? String
        let zone = Self.timeZone(config, report: &report)
        let collections = JekyllCollections(config)
        let postPattern = Self.postPermalink(config, collections: collections)
        let postsFolder = Self.fixedFirstWord(postPattern) ?? "posts"
        let ourPattern = Self.sectionSitePattern(postPattern)
        let permalinks = Permalinks(patterns: [postsFolder: ourPattern])
        var documents: [Document] = []
        var outputs: [(path: String, data: Data)] = []
        var homeIsStatic = false

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
        // What `exclude:` names is not part of the site (a prefix of the path, as Jekyll matches it); what
        // `include:` names is, though its name starts with `_` or `.`.
        let excluded = ((config["exclude"] as? [Any]) ?? []).map { "\($0)".trimmingCharacters(in: CharacterSet(charactersIn: "/")) }
        let included = Set(((config["include"] as? [Any]) ?? []).map { "\($0)".trimmingCharacters(in: CharacterSet(charactersIn: "/")) })
        for path in allFiles {
            let parts = path.split(separator: "/").map(String.init)
            if parts.contains(where: { Self.skipped.contains($0) }) { continue }
            if parts.last!.hasPrefix(".") && !included.contains(path) { continue }
            if excluded.contains(where: { path == $0 || path.hasPrefix($0 + "/") }) { continue }
            let isMarkdown = Self.isMarkdown(path)
            let inner = collections.inside(path).map { $0.split(separator: "/").map(String.init) } ?? []
            // A `_posts` folder anywhere outside other `_` folders holds posts; the folders above it are their
            // categories (`en/news/_posts/` gives `en` and `news`).
            if let postsIndex = inner.firstIndex(of: "_posts"), !inner[..<postsIndex].contains(where: { $0.hasPrefix("_") }) {
                guard isMarkdown || Self.isHTML(path) else {
                    report.leftovers.append(.init(kind: "file in a '_posts' folder that is not a Markdown post, not imported", file: path))
                    continue
                }
                let above = inner[..<postsIndex].joined(separator: "/")
                let within = inner[(postsIndex + 1)...].joined(separator: "/")
                let target = above.isEmpty ? "Content/\(postsFolder)/\(Self.stem(within)).md" : "Content/\(above)/\(Self.stem(within)).md"
                if var document = try readDocument(site, path, target: target, kind: .post(nested: !above.isEmpty), report: &report) {
                    document.isHTML = !isMarkdown
                    document.front["categories"] = Self.categories(document.front, folders: inner[..<postsIndex].map { $0 })
                    document.front["category"] = nil
                    documents.append(document)
                }
                continue
            }
            if let (collection, within) = collections.collection(of: path) {
                if !collection.output {
                    report.leftovers.append(.init(
                        kind: "file of the collection '\(collection.name)', which Jekyll does not publish (output: false), not imported",
                        file: path))
                } else if let data = try site.read(path, report: &report) {
                    if isMarkdown || (Self.isHTML(path) && Self.hasFrontMatter(data)) {
                        let target = "Content/\(collection.name)/\(Self.stem(within)).md"
                        if var document = try readDocument(site, path, target: target, kind: .collection(collection.name), report: &report) {
                            document.isHTML = !isMarkdown
                            documents.append(document)
                        }
                    } else if Self.hasFrontMatter(data), !within.hasSuffix(".xml"), !within.hasSuffix(".json"), !within.hasSuffix(".css") {
                        // A text with front matter (`_licenses/mit.txt`): Jekyll publishes it through its layout, as is.
                        let target = "Content/\(collection.name)/\(Self.stem(within)).md"
                        if var document = try readDocument(site, path, target: target, kind: .collection(collection.name), report: &report) {
                            document.isText = true
                            documents.append(document)
                        }
                    } else if Self.hasFrontMatter(data) {
                        report.leftovers.append(.init(kind: "page with Liquid layout code, not converted", file: path))
                    } else {
                        outputs.append(("Static/\(collection.name)/\(within)", data))
                    }
                }
                continue
            }
            if parts.first == "_data" {
                try ImportFiles.importData(
                    site, name: String(path.dropFirst("_data/".count)), file: path, into: &outputs,
                    report: &report)
                continue
            }
            // Includes are run where pages use them (`Liquid`): not listed as files left behind.
            if parts.first == "_includes" || parts.first == (config["includes_dir"] as? String) { continue }
            if let underscored = parts.firstIndex(where: { $0.hasPrefix("_") }), !included.contains(parts[...underscored].joined(separator: "/")) {
                let folder = parts[...underscored].joined(separator: "/")
                let kind =
                    underscored == parts.count - 1
                    ? "Jekyll file not imported"
                    : folder.hasSuffix("_drafts") ? "draft (in '\(folder)/'), not imported"
                    : "file of the Jekyll folder '\(folder)/', not imported"
                report.leftovers.append(.init(kind: kind, file: path))
                continue
            }
            guard let data = try site.read(path, report: &report) else { continue }
            if isMarkdown {
                if let document = try readDocument(site, path, target: "Content/\(Self.stem(path)).md", kind: .page, report: &report) {
                    documents.append(document)
                }
            } else if path == "index.html" && !Self.hasFrontMatter(data) {
                // A plain root index.html is the home page as it is (often a redirect): kept, none generated.
                homeIsStatic = true
                outputs.append(("Static/index.html", data))
                report.leftovers.append(.init(
                    kind: "home page 'index.html' without front matter, kept as it is (a static file, no generated home page)",
                    file: path))
            } else if Self.hasFrontMatter(data), path != "index.html", Self.isHTML(path) {
                // An HTML page Jekyll renders keeps its address: its HTML becomes the page's body, its Liquid
                // converted where it can be and listed where it cannot.
                if var document = try readDocument(site, path, target: "Content/\(Self.stem(path)).md", kind: .page, report: &report) {
                    document.isHTML = true
                    documents.append(document)
                }
            } else if Self.hasFrontMatter(data) {
                let kind =
                    path == "index.html"
                    ? "home page 'index.html' is a Liquid template, not converted (a list of the latest posts takes its place)"
                    : "page with Liquid layout code, not converted"
                report.leftovers.append(.init(kind: kind, file: path))
            } else {
                outputs.append((besidePages(path) ? "Content/\(path)" : "Static/\(path)", data))
            }
        }

        // Two sources that would be one file (`docs/index.md` and the collection's `_docs/index.md`): the later is
        // renamed, and keeps its address by its `url:`.
        var targets = Set<String>()
        for index in documents.indices {
            let base = String(documents[index].target.dropLast(".md".count))
            var target = documents[index].target
            var number = 2
            while targets.contains(target.lowercased()) {
                target = "\(base)-\(number).md"
                number += 1
            }
            if target != documents[index].target {
                documents[index].target = target
                documents[index].renamed = true
            }
            targets.insert(target.lowercased())
        }

        // Every URL first: links between documents need them.
        for index in documents.indices {
            var document = documents[index]
            let type: String
            let template: String
            switch document.kind {
            case .page:
                type = "pages"
                template = Self.pageTemplate(document.source, style: style)
            case .post:
                type = "posts"
                template = collections.byName["posts"]!.template
            case .collection(let name):
                type = name
                template = collections.byName[name]!.template
            }
            let defaults = JekyllURL.defaults(config, path: document.source, type: type)
            let own = document.front["permalink"] as? String
            document.front = defaults.merging(document.front) { _, own in own }
            if document.kind != .page, let categories = defaults["categories"] ?? defaults["category"] {
                document.front["categories"] = Self.categories(
                    ["categories": categories], folders: ImportFiles.list(document.front["categories"]))
            }
            let date = JekyllDate.of(document.front["date"])?.local(in: zone)
                ?? Permalinks.fileName(Self.baseName(document.source)).date
            let permalink = (document.front.removeValue(forKey: "permalink") as? String).map { JekyllURL.template(ofStyle: $0) }
            let jekyllURL = JekyllURL.fill(
                permalink ?? template, Self.placeholders(document, collections: collections, date: date))
            document.oldURL = URLPath.encoded(jekyllURL)
            if own != nil || document.kind != .post(nested: false) || document.renamed {
                document.ownURL = true
                document.url = Self.folderForm(document.oldURL)
            } else {
                let slug = document.front["slug"] as? String
                document.url =
                    (try? permalinks.url(
                        .init(path: document.target, slug: slug, title: document.front["title"] as? String, date: date)))
                    ?? Self.folderForm(document.oldURL)
            }
            if document.kind == .page && own == nil && !document.renamed {
                // A page without its own permalink keeps the address of its path, as the builder gives it; in the
                // posts' folder it says so, as the posts' pattern (with its date) is not a page's.
                document.url = (try? Permalinks().url(.init(path: document.target))) ?? document.url
                document.ownURL = document.target.hasPrefix("Content/\(postsFolder)/")
            }
            documents[index] = document
        }
        // Two posts the pattern gives one address (one slug, one day, other categories or folders) keep Jekyll's.
        var taken: [String: Int] = [:]
        for index in documents.indices {
            if let earlier = taken[documents[index].url], earlier != index, !documents[index].ownURL {
                documents[index].ownURL = true
                documents[index].url = Self.folderForm(documents[index].oldURL)
            }
            taken[documents[index].url] = taken[documents[index].url] ?? index
        }
        // Two documents at one address: Jekyll writes both, pages before posts and collections, and the last file
        // written is the one served (it warns "Conflict"). The others are imported as drafts, each reported.
        var served: [String: Int] = [:]
        for index in documents.indices where documents[index].front["draft"] as? Bool != true {
            let key = documents[index].url.lowercased()
            if let earlier = served[key] {
                let (loser, winner) = Self.writeOrder(documents[earlier].kind) <= Self.writeOrder(documents[index].kind)
                    ? (earlier, index) : (index, earlier)
                documents[loser].front["draft"] = true
                report.leftovers.append(.init(
                    kind: "address that another file also has, which Jekyll serves instead; imported as a draft",
                    file: documents[loser].source, text: "\(documents[loser].oldURL) is also \(documents[winner].source)'s"))
                served[key] = winner
            } else {
                served[key] = index
            }
        }
        let pageURLs = Set(documents.map(\.url))
        // `post_url` names a post by its date and slug, however the file writes the date (`2018-2-1` is `2018-02-01`);
        // a nested post by its folder too (`en/news/2020-01-03-c`).
        var urlsByPost: [String: String] = [:]
        for document in documents {
            guard case .post = document.kind else { continue }
            let key = Self.postKey(Self.baseName(document.source))
            urlsByPost[key] = urlsByPost[key] ?? document.url
        }
        let targetsBySource = Dictionary(documents.map { ($0.source, $0.target) }) { first, _ in first }

        let layouts = ImportFiles.layouts(of: theme, themeName: themeName)
        var liquid = Liquid.Context()
        liquid.baseURL = baseURL
        liquid.siteURL = siteURL
        liquid.directives = ImportFiles.directives(of: theme, themeName: themeName)
        liquid.site = Self.siteValue(config, documents: documents, baseURL: baseURL, site: site, files: allFiles)
        liquid.postURL = { name in urlsByPost[Self.postKey((name as NSString).lastPathComponent)] }
        liquid.include = { name in
            // `_includes/` (or `includes_dir`), read through the site's bounds.
            let folder = (config["includes_dir"] as? String).map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "/")) } ?? "_includes"
            guard case .data(let data)? = try? site.reading(folder + "/" + name) else { return nil }
            return String(data: data, encoding: .utf8)
        }
        for document in documents {
            var front = document.front
            Self.mapFrontMatter(&front, layouts: layouts)
            if document.ownURL { front["url"] = document.url }
            // `/faq/index.html` is the page's own file: no alias there.
            if document.oldURL != document.url, !document.oldURL.hasSuffix("/index.html") || Self.folderForm(document.oldURL) != document.url,
                Self.folderForm(document.oldURL) != document.url || document.oldURL.hasSuffix(".html")
            {
                var aliases = ImportFiles.list(front["aliases"])
                if !aliases.contains(document.oldURL), !pageURLs.contains(document.oldURL) { aliases.append(document.oldURL) }
                front["aliases"] = aliases
            }
            var keyLines = document.keyLines
            keyLines["aliases"] = keyLines["redirect_from"] ?? keyLines["aliases"]
            BuilderFrontMatter.clean(&front, file: document.source, lines: keyLines, report: &report)
            let folder = (document.target as NSString).deletingLastPathComponent
            var context = liquid
            context.page = .of(document.front.merging(["url": baseURL + document.oldURL, "path": document.source]) { own, _ in own })
            context.linkURL = { path in
                let path = path.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
                if let target = targetsBySource[path] { return .page(URLPath.encoded(ImportFiles.relativePath(from: folder, to: target))) }
                return site.hasFile(path) ? .file(baseURL + "/" + path) : .missing
            }
            context.includeRelative = { name in
                let folder = (document.source as NSString).deletingLastPathComponent
                // Checked with its links resolved: `etc/shadow` where `etc` links to /etc is outside the site.
                switch try? site.reading(folder.isEmpty ? name : folder + "/" + name) {
                case .data(let data)?: return String(data: data, encoding: .utf8).map { .text($0) } ?? .missing
                case .outside?: return .outside
                case .missing?, nil: return .missing
                }
            }
            // Liquid first; then the directive-like lines the source holds (or its includes brought) are escaped,
            // outside code, and the directives the components wrote are left as they are.
            let converted = Liquid.convert(document.body, file: document.source, firstLine: document.frontLines + 1, context: context, report: &report)
            let body = ImportComponent.unmarked(ImportMarkdown.escapingDirectives(converted))
            // Markdown ends an HTML block at a blank line and takes what follows, indented, as code.
            let written = document.isHTML ? ImportMarkdown.htmlBody(body) : document.isText ? Shortcodes.fence("text", body) : body
            outputs.append((document.target, Data((ImportFiles.frontMatter(front) + written).utf8)))
        }

        // A list page for the posts and a home page, unless the site brings its own (a page there, or at that
        // address: `permalink: /news/` of an HTML page).
        let paginate = (config["paginate"] as? Int) ?? 10
        let postCell = ImportFiles.postCell(of: theme, themeName: themeName)
        let hasPosts = documents.contains { $0.kind == .post(nested: false) }
        if hasPosts, !documents.contains(where: { $0.target == "Content/\(postsFolder)/index.md" || $0.url == "/\(postsFolder)/" }) {
            let list = ImportYAML.map([
                ("title", ImportYAML.string("Posts")),
                ("sections", ImportYAML.list([ImportYAML.map([
                    ("id", ImportYAML.string("posts")), ("cell", ImportYAML.string(postCell)), ("from", ImportYAML.string(postsFolder)),
                    ("paginate", ImportYAML.int(max(1, paginate))),
                ])])),
            ])
            outputs.append(("Content/\(postsFolder)/index.md", Data(try ImportYAML.frontMatter(list).utf8)))
        }
        if !homeIsStatic && !documents.contains(where: { $0.target == "Content/index.md" || $0.url == "/" }) {
            var pairs = [("title", ImportYAML.string((config["title"]).map { "\($0)" } ?? "Home"))]
            if hasPosts {
                pairs.append(("sections", ImportYAML.list([ImportYAML.map([
                    ("id", ImportYAML.string("latest")), ("cell", ImportYAML.string(postCell)), ("from", ImportYAML.string(postsFolder)),
                    ("limit", ImportYAML.int(10)),
                ])])))
            }
            let home = ImportYAML.map(pairs)
            outputs.append(("Content/index.md", Data(try ImportYAML.frontMatter(home).utf8)))
        }
        var settings: [(String, Node)] = [("title", ImportYAML.string((config["title"]).map { "\($0)" } ?? "Imported site"))]
        if let description = config["description"] as? String { settings.append(("description", ImportYAML.string(description))) }
        settings.append(("baseURL", ImportYAML.string((siteURL + baseURL).isEmpty ? "/" : siteURL + baseURL + "/")))
        settings.append(("theme", ImportYAML.string(themeName)))
        let directives = report.directiveSettings(theme: liquid.directives)
        if !directives.isEmpty { settings.append(("directives", ImportYAML.map(directives.map { ($0.0, ImportYAML.string($0.1)) }))) }
        // kramdown lets HTML written in Markdown through, and the site's pages rely on it.
        settings.append(("markdown", ImportYAML.map([("unsafe", Node("true", Tag(.bool)))])))
        if zone.identifier != "UTC", config["timezone"] != nil { settings.append(("timezone", ImportYAML.string(zone.identifier))) }
        settings.append(("permalinks", ImportYAML.map([(postsFolder, ImportYAML.string(ourPattern))])))
        outputs.append(("sectionsite.yml", Data(try ImportYAML.text(ImportYAML.map(settings)).utf8)))
        return try ImportFiles.write(outputs, theme: theme, postsFolder: hasPosts ? postsFolder : nil, to: destination, report: report)
    }

    // MARK: - Settings and addresses

    /// The site as Liquid sees it: its settings, `data` (from `_data/`), `posts` (newest first), `pages` and each
    /// published collection's documents, each with its `title`, `url`, `date` and front matter.
    private static func siteValue(
        _ config: [String: Any], documents: [Document], baseURL: String, site: ImportSource, files: [String]
    ) -> SourceValue {
        var value = config.mapValues { SourceValue.of($0) }
        // Jekyll's own settings, there whether the site sets them or not.
        value["baseurl"] = .string(baseURL)
        value["url"] = value["url"] ?? .string("")
        // What jekyll-github-metadata gives from the `repository` setting (`owner/name`), without asking GitHub.
        if value["github"] == nil, let repository = config["repository"] as? String, repository.split(separator: "/").count == 2 {
            let parts = repository.split(separator: "/").map(String.init)
            value["github"] = .map([
                "repository_nwo": .string(repository), "repository_name": .string(parts[1]), "owner_name": .string(parts[0]),
                "repository_url": .string("https://github.com/" + repository), "url": value["url"] ?? .string(""),
                "owner_url": .string("https://github.com/" + parts[0]),
                "issues_url": .string("https://github.com/\(repository)/issues"),
                "clone_url": .string("https://github.com/\(repository).git"),
            ])
        }
        var data: [String: SourceValue] = [:]
        for file in files where file.hasPrefix("_data/") {
            let ext = (file as NSString).pathExtension.lowercased()
            guard ["yml", "yaml", "json", "csv"].contains(ext), case .data(let bytes)? = try? site.reading(file) else { continue }
            let text = String(decoding: bytes, as: UTF8.self)
            let parsed: SourceValue
            if ext == "csv" {
                let rows = text.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
                guard let header = rows.first else { continue }
                parsed = .list(rows.dropFirst().map { row in .map(Dictionary(zip(header, row.map(SourceValue.string))) { a, _ in a }) })
            } else {
                guard (try? YAMLAliasBudget.check(text, path: file, firstLine: 1)) != nil, let loaded = try? Yams.load(yaml: text) else { continue }
                parsed = .of(loaded)
            }
            // `_data/team/people.yml` is `site.data.team.people`.
            let path = ((String(file.dropFirst("_data/".count)) as NSString).deletingPathExtension).split(separator: "/").map(String.init)
            func insert(_ value: SourceValue, at path: ArraySlice<String>, into map: inout [String: SourceValue]) {
                guard let first = path.first else { return }
                if path.count == 1 { map[first] = value; return }
                var inner: [String: SourceValue] = [:]
                if case .map(let existing)? = map[first] { inner = existing }
                insert(value, at: path.dropFirst(), into: &inner)
                map[first] = .map(inner)
            }
            insert(parsed, at: path[...], into: &data)
        }
        value["data"] = .map(data)
        func entry(_ document: Document) -> SourceValue {
            var fields = document.front.mapValues { SourceValue.of($0) }
            fields["url"] = .string(baseURL + document.oldURL)
            fields["title"] = fields["title"] ?? .string(Self.stem(Self.baseName(document.source)))
            fields["path"] = .string(document.source)
            return .map(fields)
        }
        let posts = documents.filter { if case .post = $0.kind { true } else { false } }
        value["posts"] = .list(posts.sorted { ($0.front["date"].map { "\($0)" } ?? $0.source) > ($1.front["date"].map { "\($0)" } ?? $1.source) }.map(entry))
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
    private static func writeOrder(_ kind: Document.Kind) -> Int {
        kind == .page ? 0 : 1
    }

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
            throw ImportProblem.settingsDoNotParse("_config.yml", error: "\(error)").error(at: SourceLocation(file: site.shown("_config.yml")))
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
            report.leftovers.append(.init(kind: "time zone that is not an IANA name, UTC used", file: "_config.yml", text: name))
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
    private static func placeholders(_ document: Document, collections: JekyllCollections, date: PageDate?) -> [String: String] {
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
            for category in ImportFiles.list(document.front["categories"]).map({ $0.lowercased() }) where !seen.contains(category) {
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
    static func isHTML(_ path: String) -> Bool { ["html", "htm"].contains((path as NSString).pathExtension.lowercased()) }

    /// A path without its extension (`en/news/2020-01-03-c`).
    static func stem(_ path: String) -> String { (path as NSString).deletingPathExtension }

    /// A file's name without its folder and extension.
    static func baseName(_ path: String) -> String { ((path as NSString).lastPathComponent as NSString).deletingPathExtension }

    /// Whether a file starts with YAML front matter, which makes Jekyll render it.
    static func hasFrontMatter(_ data: Data) -> Bool {
        data.starts(with: Array("---\n".utf8)) || data.starts(with: Array("---\r\n".utf8))
    }

    // MARK: - Files

    /// A post, page or document: its front matter and body; nil (with a leftover) when its front matter does not
    /// parse.
    private func readDocument(
        _ site: ImportSource, _ path: String, target: String, kind: Document.Kind, report: inout ImportReport
    ) throws -> Document? {
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
        var document = Document(source: path, target: target, kind: kind, front: front, frontLines: frontLines, body: body)
        document.keyLines = BuilderFrontMatter.keyLines(text)
        return document
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
        if front["layout"] != nil, !((front["layout"] as? String).map(layouts.contains) ?? false) { front["layout"] = nil }
        // Jekyll's `url` is the address it computed: the importer writes the new one.
        front["url"] = nil
    }
}
