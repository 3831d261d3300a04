import Foundation
import SectionSiteEngine
import TOMLKit
import Yams

/// `sectionsite import hugo SRC DST`: a Hugo site made a SectionSite site that keeps every page's address.
///
/// - Settings (`hugo.toml`, `config.toml`, or their YAML and JSON forms): `title`, `baseURL`, the description
///   (`params.description`), `permalinks` (Hugo's words as SectionSite's), the `main` menu, the pager size.
/// - `content/` goes to `Content/` path for path: `_index.md` is a folder's list page in both, and one that lists
///   nothing gets a section that lists its folder's pages. A leaf bundle (`posts/trip/index.md` with its pictures)
///   stays a bundle: SectionSite publishes it at the same address.
/// - `static/` goes to `Static/`, `data/` files whose records all have an `id` to `Data/`.
/// - Front matter (TOML, YAML or JSON) is written as YAML: `categories` join `tags`, `description` is the summary
///   when there is none, `layout` and `type` are dropped unless the new theme has that layout.
/// - Shortcodes: `ref` and `relref` become links to the Markdown file (which SectionSite makes the page's URL and
///   checks), `highlight` a fenced code block, `figure` an image; any other stays as written and is reported.
public struct HugoImporter {
    public var source: URL, destination: URL
    public var theme: [(path: String, text: String)], themeName: String

    public init(source: URL, destination: URL, theme: [(path: String, text: String)], themeName: String) {
        self.source = source.standardizedFileURL
        self.destination = destination.standardizedFileURL
        self.theme = theme
        self.themeName = themeName
    }

    /// Hugo's machinery, listed once each and not imported.
    static let machinery: Set<String> = ["layouts", "themes", "archetypes", "i18n", "resources", "assets", "public"]

    public func run() throws -> ImportReport {
        var report = ImportReport()
        try ImportFiles.checkFolders(source: source, destination: destination)
        let site = ImportSource(source)
        let loaded = try HugoConfig.read(site, report: &report)
        let config = loaded.values
        try Self.checkKeys(config, in: loaded, shown: site.shown)
        let languages = Self.languages(config)
        let defaultLanguage = languages.first?.code ?? "en"
        let keepCase = (config["disablePathToLower"] as? Bool) == true
        // A module mount (`source = 'content/en'`, `target = 'content'`) says where a folder really is.
        let mounts = HugoMounts(config, languages: languages.map { ($0.code, $0.settings) }) { folder in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: site.shown(folder), isDirectory: &isFolder) && isFolder.boolValue
        }
        for mount in mounts.missing {
            report.leftovers.append(.init(
                kind: "module mount whose source is not in the site, not imported", file: loaded.place(of: mount.source).file,
                line: loaded.place(of: mount.source).line, text: "\(mount.source) -> \(mount.target)"))
        }
        let pagerSize = ((config["pagination"] as? [String: Any])?["pagerSize"] as? Int) ?? (config["paginate"] as? Int) ?? 10
        var patterns: [String: String] = [:]
        var patternsNeedingSlugs = Set<String>()
        for (section, value) in Self.permalinks(config) {
            let (pattern, unknown) = Self.sectionSitePattern(value)
            for word in unknown {
                let place = loaded.place(of: value)
                report.leftovers.append(.init(
                    kind: "permalink word \(word) has no equivalent, the section's pages kept at the addresses of their files",
                    file: place.file, line: place.line, text: "\(section) = \(value)"))
            }
            // A pattern the builder cannot read would stop the first build: the section goes without one.
            guard unknown.isEmpty else { continue }
            patterns[section == "/" ? "" : section] = pattern
            // Hugo's `:slug` falls back to the title; `:slugorfilename` and `:slugorcontentbasename` to the file's name.
            if value.contains(":slug") && !value.contains(":slugorfilename") && !value.contains(":slugorcontentbasename") {
                patternsNeedingSlugs.insert(section)
            }
        }
        let permalinks = Permalinks(patterns: patterns)
        let printsSections = (((config["outputs"] as? [String: Any])?["section"] as? [Any]) ?? []).contains { "\($0)".lowercased() == "print" }
        var outputs: [(path: String, data: Data)] = []
        let layouts = ImportFiles.layouts(of: theme, themeName: themeName)

        // Every file Hugo reads, placed: content by language and path inside it, the rest by kind.
        var content: [(language: String, inner: String, file: String, source: String)] = []
        var unused: [String: Int] = [:]
        let allFiles = FileTree.files(under: source).sorted()
        for path in allFiles {
            let parts = path.split(separator: "/").map(String.init)
            guard let top = parts.first, !top.hasPrefix("."), !parts.last!.hasPrefix(".") else { continue }
            let places = mounts.places(path)
            if places.isEmpty {
                if Self.machinery.contains(top) { unused[top + "/", default: 0] += 1 }
                continue
            }
            for place in places {
                switch place.kind {
                case "content":
                    if place.languages.isEmpty {
                        let (code, inner) = Self.suffixLanguage(place.inner, languages: languages.map(\.code), default: defaultLanguage)
                        content.append((code, inner, path, place.source))
                    } else {
                        for code in place.languages { content.append((code, place.inner, path, place.source)) }
                    }
                case "static":
                    guard let data = try site.read(path, report: &report) else { continue }
                    outputs.append(("Static/" + place.inner, data))
                case "data":
                    try ImportFiles.importData(site, name: place.inner, file: path, into: &outputs, report: &report)
                default:
                    unused[place.kind + "/", default: 0] += 1
                }
            }
        }
        for (folder, count) in unused.sorted(by: { $0.key < $1.key }) {
            report.leftovers.append(.init(kind: "Hugo folder '\(folder.dropLast())' not imported (\(count) file\(count == 1 ? "" : "s"))", file: folder))
        }

        // A file a language has only because a mount gives it the default language's (a mount of `content/en` for
        // `fr` too): Hugo publishes it under that language's prefix as well. The new site answers there with an
        // alias to the default language's page; a file the language has of its own wins.
        let defaultSources = Set(content.filter { $0.language == defaultLanguage }.map(\.file))
        var fallbacks: [String: [String]] = [:]  // default language's inner path: languages it also answers in
        var taken = Set<String>()
        var files: [(language: String, inner: String, file: String)] = []
        let own = Set(content.filter { $0.language == defaultLanguage || !defaultSources.contains($0.file) }.map { $0.language + "/" + $0.inner })
        for entry in content {
            if entry.language != defaultLanguage, defaultSources.contains(entry.file) {
                if !own.contains(entry.language + "/" + entry.inner), entry.inner.hasSuffix(".md") || entry.inner.hasSuffix(".markdown") {
                    fallbacks[entry.inner, default: []].append(entry.language)
                }
                continue
            }
            guard taken.insert(entry.language + "/" + entry.inner).inserted else {
                report.leftovers.append(.init(kind: "file a mount hides behind another of the same path, not imported", file: entry.file))
                continue
            }
            files.append((entry.language, entry.inner, entry.file))
        }

        // The site's own shortcodes and partials, and its themes', for the shortcodes its pages use.
        let shortcodeTemplates = ShortcodeTemplates(files: allFiles, themes: Self.themes(config)) { file in
            guard case .data(let data)? = try? site.reading(file) else { return nil }
            return String(decoding: data, as: UTF8.self)
        }
        let siteParams = config["params"] as? [String: Any]
        var siteData: [String: Any] = [:]
        for file in allFiles where file.hasPrefix("data/") && (file.hasSuffix(".yaml") || file.hasSuffix(".yml") || file.hasSuffix(".json")) {
            guard case .data(let data)? = try? site.reading(file), let value = try? Yams.load(yaml: String(decoding: data, as: UTF8.self)) else { continue }
            // `data/a/b.yaml` is `site.Data.a.b`.
            let path = (String(file.dropFirst("data/".count)) as NSString).deletingPathExtension.split(separator: "/").map(String.init)
            func insert(_ value: Any, at path: ArraySlice<String>, into map: inout [String: Any]) {
                guard let first = path.first else { return }
                if path.count == 1 {
                    map[first] = value
                    return
                }
                var inner = map[first] as? [String: Any] ?? [:]
                insert(value, at: path.dropFirst(), into: &inner)
                map[first] = inner
            }
            insert(value, at: path[...], into: &siteData)
        }
        let siteValue = Self.siteValue(config, languageParams: nil, data: siteData)
        // What each list page cascades to the pages below it (`cascade: {type: docs}`), by language and folder.
        var cascades: [String: [String: [String: Any]]] = [:]
        for entry in files where (entry.inner as NSString).lastPathComponent.hasPrefix("_index.") {
            guard case .data(let data)? = try? site.reading(entry.file),
                let document = try? ImportFiles.split(String(decoding: data, as: UTF8.self), file: entry.file, shown: entry.file, report: &report),
                let cascade = document.front["cascade"] as? [String: Any]
            else { continue }
            cascades[entry.language, default: [:]][(entry.inner as NSString).deletingLastPathComponent] = cascade
        }
        let directives = ImportFiles.directives(of: theme, themeName: themeName)
        // A language's params over the site's, once per language.
        var languageSiteValues: [String: SourceValue] = [:]
        for language in languages {
            guard let params = language.settings["params"] as? [String: Any] else { continue }
            languageSiteValues[language.code] = Self.siteValue(config, languageParams: params, data: siteData)
        }
        let filesByLanguage = Dictionary(grouping: files, by: \.language).mapValues { Set($0.map(\.inner)) }
        let pagesByLanguage = filesByLanguage.mapValues { $0.filter { $0.hasSuffix(".md") }.sorted() }
        // The folders with a page (not an index page) in them or in a folder below: their list pages list them.
        let foldersHoldingPages = pagesByLanguage.mapValues { pages in
            var folders = Set<String>()
            for page in pages {
                var parts = page.split(separator: "/").map(String.init)
                guard let name = parts.popLast(), !name.hasPrefix("_index."), !name.hasPrefix("index.") else { continue }
                folders.insert("")
                for index in parts.indices { folders.insert(parts[...index].joined(separator: "/")) }
            }
            return folders
        }
        for entry in files {
            let (code, inner, path) = (entry.language, entry.inner, entry.file)
            guard let data = try site.read(path, report: &report) else { continue }
            let folderName = code == defaultLanguage ? "" : code
            let under = "Content/" + (folderName.isEmpty ? "" : folderName + "/")
            let prefix = folderName.isEmpty ? (config["defaultContentLanguageInSubdir"] as? Bool == true ? "/" + code : "") : "/" + folderName
            // Hugo renders an HTML file with front matter as a page, its HTML the body.
            let isHTMLPage = (inner.hasSuffix(".html") || inner.hasSuffix(".htm"))
                && (data.starts(with: Data("---".utf8)) || data.starts(with: Data("+++".utf8)))
            guard inner.hasSuffix(".md") || inner.hasSuffix(".markdown") || isHTMLPage else {
                outputs.append((under + inner, data))  // a bundle's picture, beside its page
                continue
            }
            let written = isHTMLPage
                ? (inner as NSString).deletingPathExtension + ".md" : inner.replacingOccurrences(of: ".markdown", with: ".md")
            let target = under + written
            let innerParts = inner.split(separator: "/").map(String.init)
            let section = innerParts.count > 1 ? innerParts[0] : ""
            let text = String(decoding: data, as: UTF8.self)
            guard var document = try ImportFiles.split(text, file: path, shown: site.shown(path), report: &report, blankLinesFirst: true)
            else { continue }
            // Hugo finds a page's shortcodes by its type: its own `type`, else one a list page above cascades, else
            // its section.
            let pageType = (document.front["type"] as? String) ?? Self.cascaded("type", to: inner, in: cascades[code] ?? [:]) as? String
            Self.mapFrontMatter(&document.front, layouts: layouts)
            HugoPage.clean(&document.front, file: path, report: &report)
            if patternsNeedingSlugs.contains(section), document.front["slug"] == nil, let title = document.front["title"] as? String {
                document.front["slug"] = HugoPage.urlize(title)  // Hugo's :slug falls back to the title
            }
            // Hugo writes the addresses its permalinks make in lower case too (`slug: OCSPcaching`).
            if !keepCase, patterns[section] != nil, let slug = document.front["slug"] as? String, slug != slug.lowercased() {
                document.front["slug"] = slug.lowercased()
            }
            // A page named by its file (`Start.md` under `:slugorfilename`) too, spaces as `-`.
            if !keepCase, patterns[section] != nil, document.front["slug"] == nil, !(innerParts.last ?? "").hasPrefix("index."),
                !(innerParts.last ?? "").hasPrefix("_index.")
            {
                let stem = ((innerParts.last ?? "") as NSString).deletingPathExtension
                let hugo = stem.lowercased().replacingOccurrences(of: " ", with: "-")
                if hugo != stem { document.front["slug"] = hugo }
            }
            var aliases = ImportFiles.list(document.front["aliases"])
            if let own = document.front["url"] as? String {
                let (url, alias) = HugoPage.url(own, prefix: prefix)
                document.front["url"] = url
                if let alias { aliases.append(alias) }
            } else if patterns[section] == nil {
                // Hugo lower-cases and hyphenates addresses (`Format.md` is `/format/`, `two words.md` `/two-words/`).
                let slug = document.front["slug"] as? String
                let hugo = HugoPage.hugoURL(inner: written, slug: slug, keepCase: keepCase)
                if let route = try? permalinks.url(.init(path: "Content/" + written, slug: slug)), route != hugo {
                    document.front["url"] = hugo
                    document.front["slug"] = nil
                }
            }
            let date = ImportFiles.date(document.front["date"])
            // A leaf bundle anywhere under a section with a permalink is a page of that section to Hugo
            // (`blog/2019/0416-x/index.md` under `blog: /:year/:month/:day/:slug/`), named by its folder; the new
            // site keeps a folder's `index.md` at the folder's address, so the page says its URL.
            if document.front["url"] == nil, patterns[section] != nil, innerParts.count > 1,
                let last = innerParts.last, last.hasPrefix("index."),
                let bundleURL = try? permalinks.url(.init(
                    path: "Content/" + innerParts.dropLast().joined(separator: "/") + ".md", slug: document.front["slug"] as? String,
                    title: document.front["title"] as? String, date: date))
            {
                document.front["url"] = bundleURL
            }
            let url = (try? permalinks.url(.init(
                path: "Content/" + written, url: document.front["url"] as? String, slug: document.front["slug"] as? String,
                title: document.front["title"] as? String, date: date))) ?? HugoPage.hugoURL(inner: written, slug: nil, keepCase: true)
            aliases = aliases.map { HugoPage.alias($0, pageURL: prefix + url) }
            // `uglyURLs` (for the site, or by section): Hugo wrote the page at `<url>.html`.
            if Self.isUgly(config["uglyURLs"], section: section), !(innerParts.last ?? "").hasPrefix("_index."),
                !(innerParts.last ?? "").hasPrefix("index."), url.hasSuffix("/"), url != "/"
            {
                aliases.append(prefix + url.dropLast() + ".html")
            }
            // Docsy's print format (`outputs: {section: [HTML, print]}`) gave each section a whole-section page at
            // `/_print/<section>/`: its readers are sent to the section.
            if printsSections, innerParts.count > 1, innerParts.last?.hasPrefix("_index.") == true {
                aliases.append(prefix + "/_print" + url)
            }
            // A language given the default one's pages answers at each of their addresses, aliases too.
            let own = aliases
            for language in fallbacks[inner] ?? [] { aliases += ["/" + language + url] + own.map { "/" + language + $0 } }
            // Hugo sends /en/ to the default language's home at /.
            if innerParts == ["_index.md"] || innerParts == ["index.md"], code == defaultLanguage, prefix.isEmpty, languages.count > 1 {
                aliases.append("/" + code + "/")
            }
            document.front["aliases"] = aliases.isEmpty ? nil : aliases
            let folder = innerParts.dropLast().joined(separator: "/")
            // A folder's list page lists its pages; one whose folder holds only folders gets no list (an empty one
            // would be a warning the user cannot act on).
            // (A collection lists the pages of the folder and the folders below, not their index pages.)
            let holdsPages = foldersHoldingPages[code]?.contains(folder) == true
            if innerParts.last == "_index.md" || innerParts.last == "_index.markdown", document.front["sections"] == nil, holdsPages {
                document.front["sections"] = [[
                    "id": "pages", "cell": ImportFiles.postCell(of: theme, themeName: themeName), "from": folder.isEmpty ? "." : folder, "paginate": pagerSize,
                ] as [String: Any]]
            }
            let contentFiles = filesByLanguage[code] ?? []
            let languageParams = languages.first { $0.code == code }?.settings["params"] as? [String: Any]
            let pageValue = GoTemplate.Value.map([
                "\u{E000}page": .bool(true), "Params": .of(document.front.merging(document.front["params"] as? [String: Any] ?? [:]) { a, _ in a }),
                "Title": .of(document.front["title"]), "Lang": .string(code), "Language": .map(["Lang": .string(code)]),
                "Section": .string(section), "Draft": .of(document.front["draft"] ?? false), "Site": siteValue,
            ])
            let context = Shortcodes.Context(
                page: inner, exists: { contentFiles.contains($0) }, files: pagesByLanguage[code] ?? [],
                parameters: { [front = document.front] key in
                    // Hugo's `param`: the page's own value, else the language's params, else the site's.
                    // Hugo reads parameter names in any case.
                    // A dotted name (`mermaid.version`) goes down the maps.
                    func value(_ table: [String: Any]?) -> Any? {
                        var current: Any? = table
                        for part in key.split(separator: ".") {
                            // Exactly, else the least of the keys that differ only in case.
                            guard let map = current as? [String: Any] else { return nil }
                            current = map[String(part)] ?? map.keys.filter { $0.lowercased() == part.lowercased() }.min().flatMap { map[$0] }
                        }
                        return current
                    }
                    for found in [value(front), value(front["params"] as? [String: Any]), value(languageParams), value(siteParams)] {
                        if let found, let text = ImportFiles.plainText(found) { return text }
                    }
                    return nil
                },
                templates: shortcodeTemplates, type: pageType, pageValue: pageValue,
                siteValue: languageSiteValues[code] ?? siteValue,
                allowsHTML: Self.allowsHTML(config), directives: directives,
                readFile: { file in
                    // From the site's folder, as `readFile` reads, then from the content folder and the page's folder,
                    // as sites' own `include` shortcodes look (`/_common/install.md`); always inside the site.
                    let trimmed = file.hasPrefix("/") ? String(file.dropFirst()) : file
                    let folder = (path as NSString).deletingLastPathComponent
                    let contentRoot = String(path.dropLast(inner.count))
                    for candidate in [trimmed, contentRoot + trimmed, folder + "/" + trimmed] {
                        if case .data(let data)? = try? site.reading(candidate) { return String(decoding: data, as: UTF8.self) }
                    }
                    return nil
                })
            // Shortcodes first: a `figure` becomes a picture whose path is then found as Hugo finds it. Then the
            // directive-like lines the source holds (or its shortcodes brought) are escaped, outside code, and the
            // directives the components wrote are left as they are.
            var body = Shortcodes.convert(document.body, file: path, firstLine: document.frontLines + 1, context: context, report: &report)
            body = ImportComponent.unmarked(ImportMarkdown.escapingDirectives(body))
            body = HugoPage.pictures(body, page: inner) { contentFiles.contains($0) }
            if isHTMLPage {
                body = ImportMarkdown.htmlBody(body)
                if !Self.allowsHTML(config) {
                    report.leftovers.append(.init(
                        kind: "HTML page, whose HTML shows once sectionsite.yml has markdown: {unsafe: true}", file: path))
                }
            }
            outputs.append((target, Data((ImportFiles.frontMatter(document.front) + body).utf8)))
        }
        Self.shareResources(&outputs, languages: languages.dropFirst().map(\.code))
        // Hugo makes a list page for every top-level folder of a language's content that has none of its own.
        for language in languages.isEmpty ? [(code: defaultLanguage, settings: [:])] : languages {
            let folder = language.code == defaultLanguage ? "Content/" : "Content/\(language.code)/"
            let paths = outputs.map(\.path).filter { $0.hasPrefix(folder) }
            let languageFolders = Set(languages.map { "Content/\($0.code)/" })
            var sections: [String: Bool] = [:]  // top-level folder -> whether it holds pages directly
            for path in paths where path.hasSuffix(".md") {
                let parts = path.dropFirst(folder.count).split(separator: "/").map(String.init)
                guard parts.count > 1, !(language.code == defaultLanguage && languageFolders.contains(folder + parts[0] + "/")) else { continue }
                // A collection lists the pages of the folder and the folders below, not their index pages (a leaf
                // bundle's `index.md` among them).
                let listed = !parts.last!.hasPrefix("_index.") && !parts.last!.hasPrefix("index.")
                sections[parts[0]] = (sections[parts[0]] ?? false) || listed
            }
            for (section, holdsPages) in sections.sorted(by: { $0.key < $1.key }) {
                let page = folder + section + "/_index.md"
                guard !paths.contains(page), !paths.contains(folder + section + "/index.md") else { continue }
                var fields: [(String, Node)] = [("title", ImportYAML.string(section.prefix(1).uppercased() + section.dropFirst()))]
                if holdsPages {
                    fields.append(("sections", ImportYAML.list([ImportYAML.map([
                        ("id", ImportYAML.string("pages")), ("cell", ImportYAML.string(ImportFiles.postCell(of: theme, themeName: themeName))),
                        ("from", ImportYAML.string(section)), ("paginate", ImportYAML.int(pagerSize)),
                    ])])))
                }
                outputs.append((page, Data(try ImportYAML.frontMatter(ImportYAML.map(fields)).utf8)))
            }
        }
        // Hugo makes a home page for every language that has none of its own.
        for language in languages.isEmpty ? [(code: defaultLanguage, settings: [:])] : languages {
            let folder = language.code == defaultLanguage ? "Content/" : "Content/\(language.code)/"
            guard !outputs.contains(where: { $0.path == folder + "_index.md" || $0.path == folder + "index.md" }) else { continue }
            let title = (language.settings["title"] as? String) ?? (config["title"] as? String) ?? "Home"
            var fields: [(String, Node)] = [("title", ImportYAML.string(title))]
            if language.code == defaultLanguage, languages.count > 1, config["defaultContentLanguageInSubdir"] as? Bool != true {
                fields.append(("aliases", ImportYAML.list([ImportYAML.string("/\(language.code)/")])))
            }
            outputs.append((folder + "_index.md", Data(try ImportYAML.frontMatter(ImportYAML.map(fields)).utf8)))
        }
        // Documentation folders get the theme's docs layout: navigation from the folder tree, as Docsy draws it.
        let docs = ImportFiles.layouts(of: theme, themeName: themeName).contains("docs")
            ? ImportFiles.docsFolders(outputs, languageFolders: Set(languages.map(\.code))) : []
        let settings = Self.settings(
            config, languages: languages, patterns: patterns, themeName: themeName, docs: docs,
            directives: report.directiveSettings(theme: directives))
        outputs.append(("sectionsite.yml", Data(try ImportYAML.text(settings).utf8)))
        return try ImportFiles.write(outputs, theme: theme, postsFolder: nil, to: destination, report: report)
    }

    /// A file of a content folder shared by every language: its language from its name (`page.fr.md` is the
    /// French `page.md`), else the default.
    static func suffixLanguage(_ inner: String, languages: [String], default code: String) -> (String, String) {
        let name = inner.split(separator: "/").last.map(String.init) ?? inner
        let pieces = name.split(separator: ".")
        if pieces.count >= 3, let suffix = languages.first(where: { $0 == pieces[pieces.count - 2].lowercased() }) {
            return (suffix, String(inner.dropLast(name.count)) + (pieces.dropLast(2) + [pieces.last!]).joined(separator: "."))
        }
        return (code, inner)
    }

    /// A bundle's resources are its translations' too: Hugo finds `shot.png` in the default language's bundle when
    /// the French one lacks it. Each translated bundle gets a copy of what it lacks, so its pages find their
    /// pictures beside them.
    static func shareResources(_ outputs: inout [(path: String, data: Data)], languages: [String]) {
        let paths = Set(outputs.map(\.path))
        var added: [(path: String, data: Data)] = []
        for language in languages {
            let root = "Content/\(language)/"
            for page in paths.sorted() where page.hasPrefix(root) && (page.hasSuffix("/index.md") || page.hasSuffix("/_index.md")) {
                let folder = (String(page.dropFirst(root.count)) as NSString).deletingLastPathComponent
                let branch = page.hasSuffix("/_index.md")
                let defaultFolder = "Content/" + folder + "/"
                for resource in outputs where resource.path.hasPrefix(defaultFolder) && !resource.path.hasSuffix(".md") {
                    let rest = String(resource.path.dropFirst(defaultFolder.count))
                    // A branch bundle's resources are its own files; a leaf's may sit in folders under it.
                    if branch && rest.contains("/") { continue }
                    if !branch, rest.split(separator: "/").dropLast().indices.contains(where: { index in
                        let nested = defaultFolder + rest.split(separator: "/").prefix(index + 1).joined(separator: "/")
                        return paths.contains(nested + "/index.md") || paths.contains(nested + "/_index.md")
                    }) { continue }
                    let copy = root + folder + "/" + rest
                    if !paths.contains(copy) { added.append((copy, resource.data)) }
                }
            }
        }
        outputs += added
    }

    /// Refuses a language code or a permalink's section that cannot be one (`../../home/someone/.ssh`, a code with
    /// a newline), at its line in the settings file: both become folder names and keys of the new site.
    static func checkKeys(_ config: [String: Any], in loaded: HugoConfig, shown: (String) -> String = { $0 }) throws {
        var problems: [(key: String, problem: String)] = []
        for code in ((config["languages"] as? [String: Any]) ?? [:]).keys.sorted() {
            if let problem = SettingsKey.languageProblem(code) { problems.append((code, problem)) }
        }
        for section in permalinks(config).keys.sorted() where section != "/" {
            if let problem = SettingsKey.folderProblem(section) { problems.append((section, problem)) }
        }
        guard !problems.isEmpty else { return }
        throw SectionSiteError(problems.map { key, problem in
            let place = loaded.place(of: key)
            return Diagnostic(.error, problem, at: SourceLocation(file: shown(place.file), line: place.line))
        }.sorted(by: Diagnostic.inFileOrder))
    }

    /// The value of `key` that the nearest list page above `page` cascades to it, nil when none does.
    static func cascaded(_ key: String, to page: String, in cascades: [String: [String: Any]]) -> Any? {
        var folder = (page as NSString).deletingLastPathComponent
        while true {
            if let value = cascades[folder]?[key] { return value }
            if folder.isEmpty { return nil }
            folder = (folder as NSString).deletingLastPathComponent
        }
    }

    /// The site's themes (`theme = "docsy"`, or a list, the first winning).
    static func themes(_ config: [String: Any]) -> [String] {
        switch config["theme"] {
        case let name as String: [name]
        case let names as [Any]: names.map { "\($0)" }
        default: []
        }
    }

    /// The site as templates see it (`.Site.Params`, `site.Data`), a language's params over the site's.
    static func siteValue(_ config: [String: Any], languageParams: [String: Any]?, data: [String: Any]) -> GoTemplate.Value {
        let params = (config["params"] as? [String: Any] ?? [:]).merging(languageParams ?? [:]) { _, language in language }
        return .map([
            "\u{E000}site": .bool(true), "Params": .of(params), "Title": .of(config["title"]), "BaseURL": .of(config["baseURL"] ?? "/"),
            "Data": .of(data), "Copyright": .of(config["copyright"]),
        ])
    }

    /// Whether Hugo lets raw HTML in Markdown through (`markup.goldmark.renderer.unsafe`).
    static func allowsHTML(_ config: [String: Any]) -> Bool {
        let goldmark = (config["markup"] as? [String: Any])?["goldmark"] as? [String: Any]
        return ImportFiles.plain((goldmark?["renderer"] as? [String: Any])?["unsafe"] ?? false) as? Bool == true
    }

    /// Whether Hugo's `uglyURLs` (true, or a map of sections to true) writes the pages of `section` as `.html` files.
    static func isUgly(_ setting: Any?, section: String) -> Bool {
        switch setting {
        case let flag as Bool: flag
        case let sections as [String: Any]: (sections[section] as? Bool) == true
        default: false
        }
    }

    /// The BCP 47 code of a language whose Hugo key is `key`: the key when it is one (`fr`, `pt-br`), else its
    /// `languageCode` when that is one, else the key with `_` as `-` (`zh_cn` is `zh-cn`). The key stays the
    /// language's folder and URL prefix.
    static func code(_ key: String, settings: [String: Any]) -> String {
        func isCode(_ text: String) -> Bool { text.wholeMatch(of: /[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*/) != nil }
        if isCode(key) { return key }
        if let code = settings["languageCode"] as? String, isCode(code) { return code }
        let dashed = key.replacingOccurrences(of: "_", with: "-")
        let parts = dashed.split(separator: "-")
        guard parts.count == 2, parts[1].count == 2 else { return dashed }
        return parts[0] + "-" + parts[1].uppercased()  // zh-CN, as BCP 47 writes a region
    }

    /// `sectionsite.yml`: the site's title, description, base URL, theme, permalinks, menu and languages.
    static func settings(
        _ config: [String: Any], languages: [(code: String, settings: [String: Any])], patterns: [String: String], themeName: String,
        docs: [String] = [], directives: [(String, String)] = []
    ) -> Node {
        func menuNode(_ menu: [(title: String, url: String)]) -> Node {
            ImportYAML.list(menu.map { ImportYAML.map([("title", ImportYAML.string($0.title)), ("url", ImportYAML.string($0.url))], flow: true) })
        }
        var settings: [(String, Node)] = [("title", ImportYAML.string((config["title"] as? String) ?? "Imported site"))]
        let params = config["params"] as? [String: Any] ?? [:]
        if let description = (params["description"] ?? config["description"]) as? String {
            settings.append(("description", ImportYAML.string(description)))
        }
        settings.append(("baseURL", ImportYAML.string((config["baseURL"] as? String) ?? "/")))
        settings.append(("theme", ImportYAML.string(themeName)))
        if !directives.isEmpty {
            settings.append(("directives", ImportYAML.map(directives.map { ($0.0, ImportYAML.string($0.1)) })))
        }
        if !docs.isEmpty { settings.append(("layouts", ImportYAML.map(docs.map { ($0, ImportYAML.string("docs")) }))) }
        // Hugo drops a page's raw HTML unless `markup.goldmark.renderer.unsafe` is set, as most documentation sites do.
        if Self.allowsHTML(config) {
            settings.append(("markdown", ImportYAML.map([("unsafe", Node("true", Tag(.bool)))])))
        }
        if !patterns.isEmpty {
            settings.append((
                "permalinks",
                ImportYAML.map(patterns.sorted(by: { $0.key < $1.key }).map { ($0.key.isEmpty ? "/" : $0.key, ImportYAML.string($0.value)) })
            ))
        }
        let menu = Self.menu(config)
        if !menu.isEmpty { settings.append(("menu", menuNode(menu))) }
        if languages.count > 1 {
            var entries: [(String, Node)] = []
            for language in languages {
                // Newer Hugo (0.168 here) names languageName and languageDirection label and direction.
                let name = ((language.settings["label"] ?? language.settings["languageName"]) as? String) ?? language.code
                var fields: [(String, Node)] = [("name", ImportYAML.string(name))]
                if let title = language.settings["title"] as? String { fields.append(("title", ImportYAML.string(title))) }
                if ((language.settings["direction"] ?? language.settings["languageDirection"]) as? String) == "rtl" {
                    fields.append(("direction", ImportYAML.string("rtl")))
                }
                let params = language.settings["params"] as? [String: Any] ?? [:]
                if let description = (params["description"] ?? language.settings["description"]) as? String {
                    fields.append(("description", ImportYAML.string(description)))
                }
                let menu = Self.menu(language.settings)
                if !menu.isEmpty { fields.append(("menu", menuNode(menu))) }
                let code = Self.code(language.code, settings: language.settings)
                if code != language.code { fields.append(("folder", ImportYAML.string(language.code))) }
                entries.append((code, ImportYAML.map(fields)))
            }
            settings.append(("languages", ImportYAML.map(entries)))
            if (config["defaultContentLanguageInSubdir"] as? Bool) == true {
                settings.append(("defaultLanguageInFolder", Node("true", Tag(.bool))))
            }
        }
        return ImportYAML.map(settings)
    }

    /// The site's languages (`languages`), the default (`defaultContentLanguage`, else the lightest) first, then by
    /// `weight` and code; codes lower-cased as Hugo reads them.
    static func languages(_ config: [String: Any]) -> [(code: String, settings: [String: Any])] {
        guard let table = config["languages"] as? [String: Any], !table.isEmpty else { return [] }
        let main = (config["defaultContentLanguage"] as? String)?.lowercased()
        let list = table.map { (code: $0.key.lowercased(), settings: $0.value as? [String: Any] ?? [:]) }
        return list.sorted { a, b in
            if (a.code == main) != (b.code == main) { return a.code == main }
            let (left, right) = (a.settings["weight"] as? Int ?? Int.max, b.settings["weight"] as? Int ?? Int.max)
            return left != right ? left < right : a.code < b.code
        }
    }

    /// `permalinks` by section: the flat form (`posts = "/:year/:title/"`) and the one by page kind
    /// (`[permalinks.page] posts = ...`).
    static func permalinks(_ config: [String: Any]) -> [String: String] {
        guard let table = config["permalinks"] as? [String: Any] else { return [:] }
        var result: [String: String] = [:]
        for (key, value) in table {
            if let pattern = value as? String { result[key] = pattern }
            if key == "page", let pages = value as? [String: Any] {
                for (section, pattern) in pages { if let pattern = pattern as? String { result[section] = pattern } }
            }
        }
        return result
    }

    /// A Hugo pattern as SectionSite's, and the words SectionSite has no equivalent for.
    static func sectionSitePattern(_ hugo: String) -> (String, [String]) {
        var pattern = hugo
        for (from, to) in [
            (":slugorcontentbasename", ":slug"), (":slugorfilename", ":slug"), (":contentbasename", ":filename"), (":sections", ":section"),
        ] {
            pattern = pattern.replacingOccurrences(of: from, with: to)
        }
        let known = Set(["year", "month", "day", "slug", "title", "section", "filename"])
        let unknown = pattern.matches(of: /:([a-z_]+)/).map { String($0.1) }.filter { !known.contains($0) }.map { ":" + $0 }
        if !pattern.hasSuffix("/") { pattern += "/" }
        return (pattern, unknown)
    }

    /// The `main` menu (else the first by name): its entries' names and URLs, by weight; entries to other sites
    /// are left out (SectionSite's menu holds the site's own pages).
    static func menu(_ config: [String: Any]) -> [(title: String, url: String)] {
        let menus = (config["menus"] ?? config["menu"]) as? [String: Any] ?? [:]
        let entries = (menus["main"] ?? menus.keys.sorted().first.flatMap { menus[$0] }) as? [[String: Any]] ?? []
        return entries.sorted { ($0["weight"] as? Int ?? 0) < ($1["weight"] as? Int ?? 0) }.compactMap { entry in
            guard let name = (entry["name"] ?? entry["title"]) as? String else { return nil }
            let url = (entry["url"] as? String) ?? (entry["pageRef"] as? String).map { "/" + $0.trimmingCharacters(in: CharacterSet(charactersIn: "/")) + "/" } ?? "/"
            guard !url.contains("://") else { return nil }
            return (name, url.hasPrefix("/") ? String(url.dropFirst()) : url)
        }
    }

    static func mapFrontMatter(_ front: inout [String: Any], layouts: Set<String>) {
        var tags = ImportFiles.list(front["tags"]) + ImportFiles.list(front["categories"])
        tags = tags.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
        front["categories"] = nil
        front["tags"] = tags.isEmpty ? nil : tags
        if front["summary"] == nil, let description = front["description"] as? String { front["summary"] = description }
        if let layout = front["layout"] as? String, !layouts.contains(layout) { front["layout"] = nil }
        front["type"] = nil
        // A page Hugo never renders (`build: {render: never}`, `_build` in older sites) is a draft here.
        for key in ["build", "_build"] {
            guard let build = front[key] as? [String: Any] else { continue }
            if "\(build["render"] ?? "")" == "never" || (build["render"] as? Bool) == false { front["draft"] = true }
            front[key] = nil
        }
        if let date = front["date"] as? Date { front["date"] = ISO8601DateFormatter().string(from: date) }
    }
}
