import Foundation
import SectionSiteEngine
import Yams

/// A Jekyll site's import, as `Importer`'s passes (what each does is in `JekyllImporter`'s summary).
struct JekyllPasses: ImportFormat {
    // Read by `settings`.
    private var config: [String: Any] = [:]
    private var baseURL = "", siteURL = ""
    private var style: String?
    private var zone = TimeZone(identifier: "UTC")!
    private var collections = JekyllCollections([:])
    /// The posts' folder in the new site and the pattern that gives their addresses there.
    private var postsFolderName = "posts", ourPattern = ""
    // Found by `contentTree`.
    /// A plain `index.html` is the home page as it is: none is generated.
    private var homeIsStatic = false
    // Made by `frontMatter`.
    /// The site as Liquid sees it, each page as Jekyll addresses it.
    private var siteValue: SourceValue = .map([:])

    var postsFolder: String? { hasPosts ? postsFolderName : nil }
    private var hasPosts = false

    // MARK: - Settings

    mutating func settings(_ model: inout ImportModel) throws {
        config = try JekyllImporter.readConfig(model.site, report: &model.report)
        baseURL = (config["baseurl"] as? String).map { $0 == "/" ? "" : $0 } ?? ""
        siteURL = (config["url"] as? String) ?? ""
        style = config["permalink"] as? String
        zone = JekyllImporter.timeZone(config, report: &model.report)
        collections = JekyllCollections(config)
        let postPattern = JekyllImporter.postPermalink(config, collections: collections)
        postsFolderName = JekyllImporter.fixedFirstWord(postPattern) ?? "posts"
        ourPattern = JekyllImporter.sectionSitePattern(postPattern)
    }

    // MARK: - Content tree

    /// Posts (in any `_posts` folder), collection documents, pages, data, and the files beside them placed; what
    /// Jekyll leaves out (`exclude:`, `_` and `.` files, drafts) listed.
    mutating func contentTree(_ model: inout ImportModel) throws {
        // Folders (but the root) that hold a page: files under them go beside their pages in Content/, where a
        // page's relative links and pictures find them; the rest go to Static/.
        let pageFolders = Set(
            model.files.filter { ($0.hasSuffix(".md") || $0.hasSuffix(".markdown")) && !$0.hasPrefix("_") }
                .map { ($0 as NSString).deletingLastPathComponent }.filter { !$0.isEmpty })
        // What `exclude:` names is not part of the site (a prefix of the path, as Jekyll matches it); what
        // `include:` names is, though its name starts with `_` or `.`.
        let excluded = ((config["exclude"] as? [Any]) ?? []).map {
            "\($0)".trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        }
        let included = Set(
            ((config["include"] as? [Any]) ?? []).map {
                "\($0)".trimmingCharacters(in: CharacterSet(charactersIn: "/"))
            })
        for path in model.files {
            let parts = path.split(separator: "/").map(String.init)
            if parts.contains(where: { JekyllImporter.skipped.contains($0) }) { continue }
            if parts.last!.hasPrefix(".") && !included.contains(path) { continue }
            if excluded.contains(where: { path == $0 || path.hasPrefix($0 + "/") }) { continue }
            let inner = collections.inside(path).map { $0.split(separator: "/").map(String.init) } ?? []
            // A `_posts` folder anywhere outside other `_` folders holds posts; the folders above it are their
            // categories (`en/news/_posts/` gives `en` and `news`).
            if let postsIndex = inner.firstIndex(of: "_posts"),
                !inner[..<postsIndex].contains(where: { $0.hasPrefix("_") })
            {
                try post(path, categories: Array(inner[..<postsIndex]), within: inner[(postsIndex + 1)...], &model)
            } else if let (collection, within) = collections.collection(of: path) {
                try document(path, of: collection, within: within, &model)
            } else if parts.first == "_data" {
                try ImportFiles.importData(
                    model.site, name: String(path.dropFirst("_data/".count)), file: path, into: &model.outputs,
                    report: &model.report)
            } else if parts.first == "_includes" || parts.first == (config["includes_dir"] as? String) {
                continue  // run where pages use them (`Liquid`): not listed as files left behind
            } else if let underscored = parts.firstIndex(where: { $0.hasPrefix("_") }),
                !included.contains(parts[...underscored].joined(separator: "/"))
            {
                let folder = parts[...underscored].joined(separator: "/")
                let kind =
                    underscored == parts.count - 1
                    ? "Jekyll file not imported"
                    : folder.hasSuffix("_drafts")
                        ? "draft (in '\(folder)/'), not imported"
                        : "file of the Jekyll folder '\(folder)/', not imported"
                model.report.leftovers.append(.init(kind: kind, file: path))
            } else {
                try siteFile(path, besidePages: Self.isBeside(path, pageFolders), &model)
            }
        }
        hasPosts = model.pages.contains { $0.kind == .post(nested: false) }
    }

    /// Whether a folder above `path` (not the root) holds a page.
    private static func isBeside(_ path: String, _ pageFolders: Set<String>) -> Bool {
        var folder = (path as NSString).deletingLastPathComponent
        while !folder.isEmpty {
            if pageFolders.contains(folder) { return true }
            folder = (folder as NSString).deletingLastPathComponent
        }
        return false
    }

    /// A page of the source read into the model, its body of `form`.
    private func read(
        _ path: String, target: String, kind: ImportPage.Kind, form: ImportPage.Form = .markdown,
        _ model: inout ImportModel
    ) throws {
        guard
            var page = try JekyllImporter.readDocument(
                model.site, path, target: target, kind: kind, report: &model.report)
        else { return }
        page.form = form
        model.pages.append(page)
    }

    /// A post: in the posts' folder (or, nested, under its categories' folders), its categories those of its front
    /// matter and its folders.
    private func post(
        _ path: String, categories: [String], within: ArraySlice<String>, _ model: inout ImportModel
    ) throws {
        let isMarkdown = JekyllImporter.isMarkdown(path)
        guard isMarkdown || JekyllImporter.isHTML(path) else {
            model.report.leftovers.append(
                .init(kind: "file in a '_posts' folder that is not a Markdown post, not imported", file: path))
            return
        }
        let above = categories.joined(separator: "/")
        let stem = JekyllImporter.stem(within.joined(separator: "/"))
        let target = above.isEmpty ? "Content/\(postsFolderName)/\(stem).md" : "Content/\(above)/\(stem).md"
        try read(
            path, target: target, kind: .post(nested: !above.isEmpty), form: isMarkdown ? .markdown : .html, &model)
        guard model.pages.last?.source == path else { return }
        model.pages[model.pages.count - 1].front["categories"] = JekyllImporter.categories(
            model.pages[model.pages.count - 1].front, folders: categories)
        model.pages[model.pages.count - 1].front["category"] = nil
    }

    /// A file of a collection: a document when Jekyll renders it (Markdown, HTML or text with front matter), a
    /// static file when it has no front matter; nothing of a collection Jekyll does not publish.
    private func document(
        _ path: String, of collection: JekyllCollections.Collection, within: String, _ model: inout ImportModel
    ) throws {
        guard collection.output else {
            model.report.leftovers.append(
                .init(
                    kind:
                        "file of the collection '\(collection.name)', which Jekyll does not publish (output: false), "
                        + "not imported",
                    file: path))
            return
        }
        guard let data = try model.site.read(path, report: &model.report) else { return }
        let isMarkdown = JekyllImporter.isMarkdown(path)
        let target = "Content/\(collection.name)/\(JekyllImporter.stem(within)).md"
        let hasFrontMatter = JekyllImporter.hasFrontMatter(data)
        if isMarkdown || (JekyllImporter.isHTML(path) && hasFrontMatter) {
            try read(
                path, target: target, kind: .collection(collection.name), form: isMarkdown ? .markdown : .html, &model)
        } else if hasFrontMatter, !within.hasSuffix(".xml"), !within.hasSuffix(".json"), !within.hasSuffix(".css") {
            // A text with front matter (`_licenses/mit.txt`): Jekyll publishes it through its layout, as is.
            try read(path, target: target, kind: .collection(collection.name), form: .text, &model)
        } else if hasFrontMatter {
            model.report.leftovers.append(.init(kind: "page with Liquid layout code, not converted", file: path))
        } else {
            model.outputs.append(("Static/\(collection.name)/\(within)", data))
        }
    }

    /// A file outside `_` folders: a page (Markdown, or HTML with front matter), a plain home page kept as it is, a
    /// template left out, or a file beside the pages or in Static/.
    private mutating func siteFile(_ path: String, besidePages: Bool, _ model: inout ImportModel) throws {
        guard let data = try model.site.read(path, report: &model.report) else { return }
        let target = "Content/\(JekyllImporter.stem(path)).md"
        let hasFrontMatter = JekyllImporter.hasFrontMatter(data)
        if JekyllImporter.isMarkdown(path) {
            try read(path, target: target, kind: .page, &model)
        } else if path == "index.html" && !hasFrontMatter {
            // A plain root index.html is the home page as it is (often a redirect): kept, none generated.
            homeIsStatic = true
            model.outputs.append(("Static/index.html", data))
            model.report.leftovers.append(
                .init(
                    kind:
                        "home page 'index.html' without front matter, kept as it is (a static file, no generated "
                        + "home page)",
                    file: path))
        } else if hasFrontMatter, path != "index.html", JekyllImporter.isHTML(path) {
            // An HTML page Jekyll renders keeps its address: its HTML becomes the page's body, its Liquid
            // converted where it can be and listed where it cannot.
            try read(path, target: target, kind: .page, form: .html, &model)
        } else if hasFrontMatter {
            let kind =
                path == "index.html"
                ? "home page 'index.html' is a Liquid template, not converted (a list of the latest posts takes its "
                    + "place)"
                : "page with Liquid layout code, not converted"
            model.report.leftovers.append(.init(kind: kind, file: path))
        } else {
            model.outputs.append((besidePages ? "Content/\(path)" : "Static/\(path)", data))
        }
    }

    // MARK: - Front matter and addresses

    /// Every address first (links between pages need them), as Jekyll gives it and as the new site will; then each
    /// page's front matter in SectionSite's words.
    mutating func frontMatter(_ model: inout ImportModel) throws {
        Self.renameClashes(&model.pages)
        let permalinks = Permalinks(patterns: [postsFolderName: ourPattern])
        for index in model.pages.indices {
            address(&model.pages[index], permalinks: permalinks)
        }
        // Two posts the pattern gives one address (one slug, one day, other categories or folders) keep Jekyll's.
        var taken: [String: Int] = [:]
        for index in model.pages.indices {
            if let earlier = taken[model.pages[index].url], earlier != index, !model.pages[index].ownURL {
                model.pages[index].ownURL = true
                model.pages[index].url = JekyllImporter.folderForm(model.pages[index].originalURL)
            }
            taken[model.pages[index].url] = taken[model.pages[index].url] ?? index
        }
        Self.resolveCollisions(&model.pages, report: &model.report)

        siteValue = JekyllImporter.siteValue(
            config, documents: model.pages, baseURL: baseURL, site: model.site, files: model.files)
        let pageURLs = Set(model.pages.map(\.url))
        for index in model.pages.indices {
            let page = model.pages[index]
            model.pages[index].value = .of(
                page.front.merging(["url": baseURL + page.originalURL, "path": page.source]) { own, _ in own })
            var front = page.front
            JekyllImporter.mapFrontMatter(&front, layouts: model.theme.layouts)
            if page.ownURL { front["url"] = page.url }
            // `/faq/index.html` is the page's own file: no alias there.
            let folderForm = JekyllImporter.folderForm(page.originalURL)
            if page.originalURL != page.url, !page.originalURL.hasSuffix("/index.html") || folderForm != page.url,
                folderForm != page.url || page.originalURL.hasSuffix(".html")
            {
                var aliases = ImportFiles.list(front["aliases"])
                if !aliases.contains(page.originalURL), !pageURLs.contains(page.originalURL) {
                    aliases.append(page.originalURL)
                }
                front["aliases"] = aliases
            }
            var keyLines = page.keyLines
            keyLines["aliases"] = keyLines["redirect_from"] ?? keyLines["aliases"]
            BuilderFrontMatter.clean(&front, file: page.source, lines: keyLines, report: &model.report)
            model.pages[index].front = front
        }
    }

    /// Two sources that would be one file (`docs/index.md` and the collection's `_docs/index.md`): the later is
    /// renamed, and keeps its address by its `url:`.
    private static func renameClashes(_ pages: inout [ImportPage]) {
        var targets = Set<String>()
        for index in pages.indices {
            let base = String(pages[index].target.dropLast(".md".count))
            var target = pages[index].target
            var number = 2
            while targets.contains(target.lowercased()) {
                target = "\(base)-\(number).md"
                number += 1
            }
            if target != pages[index].target {
                pages[index].target = target
                pages[index].renamed = true
            }
            targets.insert(target.lowercased())
        }
    }

    /// A page's address as Jekyll gives it (its `permalink:`, its defaults', its collection's or the site's) and
    /// as the new site will: the posts' pattern's where it gives the same, else its own `url:`.
    private func address(_ page: inout ImportPage, permalinks: Permalinks) {
        let type: String
        let template: String
        switch page.kind {
        case .page:
            type = "pages"
            template = JekyllImporter.pageTemplate(page.source, style: style)
        case .post:
            type = "posts"
            template = collections.byName["posts"]!.template
        case .collection(let name):
            type = name
            template = collections.byName[name]!.template
        }
        let defaults = JekyllURL.defaults(config, path: page.source, type: type)
        let own = page.front["permalink"] as? String
        page.front = defaults.merging(page.front) { _, own in own }
        if page.kind != .page, let categories = defaults["categories"] ?? defaults["category"] {
            page.front["categories"] = JekyllImporter.categories(
                ["categories": categories], folders: ImportFiles.list(page.front["categories"]))
        }
        let date =
            JekyllDate.of(page.front["date"])?.local(in: zone)
            ?? Permalinks.fileName(JekyllImporter.baseName(page.source)).date
        let permalink = (page.front.removeValue(forKey: "permalink") as? String).map { JekyllURL.template(ofStyle: $0) }
        let jekyllURL = JekyllURL.fill(
            permalink ?? template, JekyllImporter.placeholders(page, collections: collections, date: date))
        page.originalURL = URLPath.encoded(jekyllURL)
        if own != nil || page.kind != .post(nested: false) || page.renamed {
            page.ownURL = true
            page.url = JekyllImporter.folderForm(page.originalURL)
        } else {
            let parts = Permalinks.Parts(
                path: SourcePath(page.target), slug: page.front["slug"] as? String,
                title: page.front["title"] as? String, date: date)
            page.url = (try? permalinks.url(parts))?.rawValue ?? JekyllImporter.folderForm(page.originalURL)
        }
        if page.kind == .page && own == nil && !page.renamed {
            // A page without its own permalink keeps the address of its path, as the builder gives it; in the
            // posts' folder it says so, as the posts' pattern (with its date) is not a page's.
            page.url = (try? Permalinks().url(.init(path: SourcePath(page.target))))?.rawValue ?? page.url
            page.ownURL = page.target.hasPrefix("Content/\(postsFolderName)/")
        }
    }

    /// Two pages at one address: Jekyll writes both, pages before posts and collections, and the last file written
    /// is the one served (it warns "Conflict"). The others are imported as drafts, each reported.
    private static func resolveCollisions(_ pages: inout [ImportPage], report: inout ImportReport) {
        var served: [String: Int] = [:]
        for index in pages.indices where pages[index].front["draft"] as? Bool != true {
            let key = pages[index].url.lowercased()
            if let earlier = served[key] {
                let (loser, winner) =
                    JekyllImporter.writeOrder(pages[earlier].kind) <= JekyllImporter.writeOrder(pages[index].kind)
                    ? (earlier, index) : (index, earlier)
                pages[loser].front["draft"] = true
                report.leftovers.append(
                    .init(
                        kind: "address that another file also has, which Jekyll serves instead; imported as a draft",
                        file: pages[loser].source, text: "\(pages[loser].originalURL) is also \(pages[winner].source)'s"
                    ))
                served[key] = winner
            } else {
                served[key] = index
            }
        }
    }

    // MARK: - Templates

    /// Each body's Liquid run (`Liquid`): links and post addresses resolved to the new site's, includes read
    /// through the site's bounds, tags drawn as components.
    mutating func templates(_ model: inout ImportModel) throws {
        let site = model.site
        // `post_url` names a post by its date and slug, however the file writes the date (`2018-2-1` is `2018-02-01`);
        // a nested post by its folder too (`en/news/2020-01-03-c`).
        var urlsByPost: [String: String] = [:]
        for page in model.pages {
            guard case .post = page.kind else { continue }
            let key = JekyllImporter.postKey(JekyllImporter.baseName(page.source))
            urlsByPost[key] = urlsByPost[key] ?? page.url
        }
        let targetsBySource = Dictionary(model.pages.map { ($0.source, $0.target) }) { first, _ in first }
        let includes =
            (config["includes_dir"] as? String).map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "/")) }
            ?? "_includes"
        var liquid = Liquid.Context()
        liquid.baseURL = baseURL
        liquid.siteURL = siteURL
        liquid.directives = model.theme.directives
        liquid.site = siteValue
        liquid.postURL = { name in urlsByPost[JekyllImporter.postKey((name as NSString).lastPathComponent)] }
        liquid.include = { name in
            // `_includes/` (or `includes_dir`), read through the site's bounds.
            guard case .data(let data)? = try? site.reading(includes + "/" + name) else { return nil }
            return String(data: data, encoding: .utf8)
        }
        let baseURL = baseURL
        for index in model.pages.indices {
            let page = model.pages[index]
            let folder = (page.target as NSString).deletingLastPathComponent
            var context = liquid
            context.page = page.value
            context.linkURL = { path in
                let path = path.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
                if let target = targetsBySource[path] {
                    return .page(URLPath.encoded(ImportFiles.relativePath(from: folder, to: target)))
                }
                return site.hasFile(path) ? .file(baseURL + "/" + path) : .missing
            }
            context.includeRelative = { name in
                let folder = (page.source as NSString).deletingLastPathComponent
                // Checked with its links resolved: `etc/shadow` where `etc` links to /etc is outside the site.
                switch try? site.reading(folder.isEmpty ? name : folder + "/" + name) {
                case .data(let data)?: return String(data: data, encoding: .utf8).map { .text($0) } ?? .missing
                case .outside?: return .outside
                case .missing?, nil: return .missing
                }
            }
            model.pages[index].body = Liquid.convert(
                page.body, file: page.source, firstLine: page.frontLines + 1, context: context, report: &model.report)
        }
    }

    // MARK: - Generated pages and settings

    /// A list page for the posts and a home page, unless the site brings its own (a page there, or at that
    /// address: `permalink: /news/` of an HTML page).
    mutating func generatedPages(_ model: inout ImportModel) throws {
        let paginate = (config["paginate"] as? Int) ?? 10
        let postCell = model.theme.postCell
        if hasPosts,
            !model.pages.contains(where: {
                $0.target == "Content/\(postsFolderName)/index.md" || $0.url == "/\(postsFolderName)/"
            })
        {
            let list = ImportYAML.map([
                ("title", ImportYAML.string("Posts")),
                (
                    "sections",
                    ImportYAML.list([
                        ImportYAML.map([
                            ("id", ImportYAML.string("posts")), ("cell", ImportYAML.string(postCell)),
                            ("from", ImportYAML.string(postsFolderName)),
                            ("paginate", ImportYAML.int(max(1, paginate))),
                        ])
                    ])
                ),
            ])
            model.outputs.append(("Content/\(postsFolderName)/index.md", Data(try ImportYAML.frontMatter(list).utf8)))
        }
        if !homeIsStatic && !model.pages.contains(where: { $0.target == "Content/index.md" || $0.url == "/" }) {
            var pairs = [("title", ImportYAML.string((config["title"]).map { "\($0)" } ?? "Home"))]
            if hasPosts {
                pairs.append(
                    (
                        "sections",
                        ImportYAML.list([
                            ImportYAML.map([
                                ("id", ImportYAML.string("latest")), ("cell", ImportYAML.string(postCell)),
                                ("from", ImportYAML.string(postsFolderName)),
                                ("limit", ImportYAML.int(10)),
                            ])
                        ])
                    ))
            }
            model.outputs.append(("Content/index.md", Data(try ImportYAML.frontMatter(ImportYAML.map(pairs)).utf8)))
        }
    }

    /// `title`, `description`, the base URL, the theme, the directives the neutral blocks need, raw HTML on (kramdown
    /// lets HTML written in Markdown through, and the site's pages rely on it), the time zone and the posts' pattern.
    func settingsFile(_ model: ImportModel) throws -> Node {
        var settings: [(String, Node)] = [
            ("title", ImportYAML.string((config["title"]).map { "\($0)" } ?? "Imported site"))
        ]
        if let description = config["description"] as? String {
            settings.append(("description", ImportYAML.string(description)))
        }
        // `url: https://nim-lang.org/` with `baseurl: ""` is the root, written once with its `/`.
        let base = String((siteURL + baseURL).reversed().drop { $0 == "/" }.reversed())
        settings.append(("baseURL", ImportYAML.string(base + "/")))
        settings.append(("theme", ImportYAML.string(model.theme.name)))
        let directives = model.report.directiveSettings(theme: model.theme.directives)
        if !directives.isEmpty {
            settings.append(("directives", ImportYAML.map(directives.map { ($0.0, ImportYAML.string($0.1)) })))
        }
        settings.append(("markdown", ImportYAML.map([("unsafe", Node("true", Tag(.bool)))])))
        if zone.identifier != "UTC", config["timezone"] != nil {
            settings.append(("timezone", ImportYAML.string(zone.identifier)))
        }
        settings.append(("permalinks", ImportYAML.map([(postsFolderName, ImportYAML.string(ourPattern))])))
        // Documentation kept per release in folders of one folder (aws-ddk's release/1.1.0/): any top folder may
        // hold them, the versions `_config.yml` names (`legacy_versions`) saying which are older.
        let top = Set(
            model.paths.compactMap { path -> String? in
                let parts = path.split(separator: "/")
                return parts.count > 3 && parts[0] == "Content" ? String(parts[1]) : nil
            })
        if let versions = ImportVersions.find(
            model.paths, docs: top.sorted(), languageFolders: [], declared: ImportVersions.declared(config))
        {
            if model.theme.layouts.contains("docs") {
                let folders = versions.folder.isEmpty ? versions.names : [versions.folder]
                settings.append(("layouts", ImportYAML.map(folders.map { ($0, ImportYAML.string("docs")) })))
            }
            settings.append(("versions", versions.setting))
        }
        return ImportYAML.map(settings)
    }
}
