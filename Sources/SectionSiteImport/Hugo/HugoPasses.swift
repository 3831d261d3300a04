import Foundation
import SectionSiteEngine
import Yams

/// A Hugo site's import, as `Importer`'s passes (what each does is in `HugoImporter`'s summary).
struct HugoPasses: ImportFormat {
    // Read by `settings`.
    private var loaded = HugoConfig()
    private var config: [String: Any] = [:]
    private var languages: [(code: String, settings: [String: Any])] = []
    private var defaultLanguage = "en"
    private var mounts: HugoMounts?
    private var pagerSize = 10
    /// The sections' permalink patterns in SectionSite's words, and those whose `:slug` falls back to the title.
    private var patterns: [String: String] = [:], patternsNeedingSlugs = Set<String>()
    /// The sections whose permalink has Hugo's `:title`.
    private var patternsOfTitles = Set<String>()
    // Found by `contentTree`.
    /// The default language's pages a mount gives other languages too, by path: the languages they answer in.
    private var fallbacks: [String: [String]] = [:]
    /// The files of each language's content folder, by path inside it.
    private var filesByLanguage: [String: Set<String>] = [:]
    // Found by `frontMatter`.
    /// What each list page cascades to the pages below it (`cascade: {type: docs}`), by language and folder.
    private var cascades: [String: [String: [String: Any]]] = [:]

    var postsFolder: String? { nil }

    // MARK: - Settings

    mutating func settings(_ model: inout ImportModel) throws {
        let site = model.site
        loaded = try HugoConfig.read(site, report: &model.report)
        config = loaded.values
        try HugoImporter.checkKeys(config, in: loaded, shown: site.shown)
        languages = HugoImporter.languages(config)
        defaultLanguage = languages.first?.code ?? "en"
        // A module mount (`source = 'content/en'`, `target = 'content'`) says where a folder really is.
        let mounts = HugoMounts(config, languages: languages.map { ($0.code, $0.settings) }) { folder in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: site.shown(folder), isDirectory: &isFolder)
                && isFolder.boolValue
        }
        for mount in mounts.missing {
            let place = loaded.place(of: mount.source)
            model.report.leftovers.append(
                .init(
                    kind: "module mount whose source is not in the site, not imported", file: place.file,
                    line: place.line,
                    text: "\(mount.source) -> \(mount.target)"))
        }
        self.mounts = mounts
        pagerSize =
            ((config["pagination"] as? [String: Any])?["pagerSize"] as? Int) ?? (config["paginate"] as? Int) ?? 10
        for (section, value) in HugoImporter.permalinks(config) {
            let (pattern, unknown) = HugoImporter.sectionSitePattern(value)
            for word in unknown {
                let place = loaded.place(of: value)
                model.report.leftovers.append(
                    .init(
                        kind:
                            "permalink word \(word) has no equivalent, the section's pages kept at the addresses of "
                            + "their files",
                        file: place.file, line: place.line, text: "\(section) = \(value)"))
            }
            // A pattern the builder cannot read would stop the first build: the section goes without one.
            guard unknown.isEmpty else { continue }
            // Hugo's `:title` is the title as `urlize` writes it, dots kept (`coredns-1.0.0-release`), whatever the
            // page's `slug`: written as the page's `slug` under `:slug`, which the new site reads as it is.
            if pattern.contains(":title") {
                patternsOfTitles.insert(section)
                patterns[section == "/" ? "" : section] = pattern.replacingOccurrences(of: ":title", with: ":slug")
                continue
            }
            patterns[section == "/" ? "" : section] = pattern
            // Hugo's `:slug` falls back to the title; `:slugorfilename` and `:slugorcontentbasename` to the file's
            // name.
            if value.contains(":slug") && !value.contains(":slugorfilename")
                && !value.contains(":slugorcontentbasename")
            {
                patternsNeedingSlugs.insert(section)
            }
        }
    }

    // MARK: - Content tree

    /// Every file Hugo reads placed through the mounts: content by language and path inside it (pages to convert,
    /// a bundle's pictures beside them), static files, data; Hugo's machinery counted and listed once per folder.
    mutating func contentTree(_ model: inout ImportModel) throws {
        guard let mounts else { return }
        let content = try place(&model, mounts: mounts)
        let files = languageFiles(content, &model)
        filesByLanguage = Dictionary(grouping: files, by: \.language).mapValues { Set($0.map(\.inner)) }
        try readPages(files, &model)
    }

    /// A content file of a language, by its path inside the language's content.
    private typealias ContentFile = (language: String, inner: String, file: String)

    /// Every file placed through the mounts: static files and data written, content files returned for each of
    /// their languages, Hugo's machinery counted and listed once per folder.
    private func place(_ model: inout ImportModel, mounts: HugoMounts) throws -> [ContentFile] {
        let site = model.site
        var content: [ContentFile] = []
        var unused: [String: Int] = [:]
        for path in model.files {
            let parts = path.split(separator: "/").map(String.init)
            guard let top = parts.first, !top.hasPrefix("."), !parts.last!.hasPrefix(".") else { continue }
            let places = mounts.places(path)
            if places.isEmpty {
                if HugoImporter.machinery.contains(top) { unused[top + "/", default: 0] += 1 }
                continue
            }
            for place in places {
                switch place.kind {
                case "content":
                    if place.languages.isEmpty {
                        let (code, inner) = HugoImporter.suffixLanguage(
                            place.inner, languages: languages.map(\.code), default: defaultLanguage)
                        content.append((code, inner, path))
                    } else {
                        for code in place.languages { content.append((code, place.inner, path)) }
                    }
                case "static":
                    guard let data = try site.read(path, report: &model.report) else { continue }
                    model.outputs.append(("Static/" + place.inner, data))
                case "data":
                    try ImportFiles.importData(
                        site, name: place.inner, file: path, into: &model.outputs, report: &model.report)
                default:
                    unused[place.kind + "/", default: 0] += 1
                }
            }
        }
        for (folder, count) in unused.sorted(by: { $0.key < $1.key }) {
            model.report.leftovers.append(
                .init(
                    kind: "Hugo folder '\(folder.dropLast())' not imported (\(count) file\(count == 1 ? "" : "s"))",
                    file: folder))
        }

        return content
    }

    /// The files each language has of its own; where a mount gives a language the default language's file, the
    /// language answers at its address with an alias (`fallbacks`).
    private mutating func languageFiles(_ content: [ContentFile], _ model: inout ImportModel) -> [ContentFile] {
        // A file a language has only because a mount gives it the default language's (a mount of `content/en` for
        // `fr` too): Hugo publishes it under that language's prefix as well. The new site answers there with an
        // alias to the default language's page; a file the language has of its own wins.
        let defaultSources = Set(content.filter { $0.language == defaultLanguage }.map(\.file))
        var taken = Set<String>()
        var files: [ContentFile] = []
        let own = Set(
            content.filter { $0.language == defaultLanguage || !defaultSources.contains($0.file) }.map {
                $0.language + "/" + $0.inner
            })
        for entry in content {
            if entry.language != defaultLanguage, defaultSources.contains(entry.file) {
                if !own.contains(entry.language + "/" + entry.inner),
                    entry.inner.hasSuffix(".md") || entry.inner.hasSuffix(".markdown")
                {
                    fallbacks[entry.inner, default: []].append(entry.language)
                }
                continue
            }
            guard taken.insert(entry.language + "/" + entry.inner).inserted else {
                model.report.leftovers.append(
                    .init(kind: "file a mount hides behind another of the same path, not imported", file: entry.file))
                continue
            }
            files.append(entry)
        }
        return files
    }

    /// Each content file read: a page (Markdown, or HTML with front matter) with its front matter split off, or a
    /// bundle's file written beside its page.
    private func readPages(_ files: [ContentFile], _ model: inout ImportModel) throws {
        let site = model.site
        for entry in files {
            let (code, inner, path) = (entry.language, entry.inner, entry.file)
            guard let data = try site.read(path, report: &model.report) else { continue }
            let under = "Content/" + (code == defaultLanguage ? "" : code + "/")
            // Hugo renders an HTML file with front matter as a page, its HTML the body.
            let isHTMLPage =
                (inner.hasSuffix(".html") || inner.hasSuffix(".htm"))
                && (data.starts(with: Data("---".utf8)) || data.starts(with: Data("+++".utf8)))
            guard inner.hasSuffix(".md") || inner.hasSuffix(".markdown") || isHTMLPage else {
                model.outputs.append((under + inner, data))  // a bundle's picture, beside its page
                continue
            }
            let written =
                isHTMLPage
                ? (inner as NSString).deletingPathExtension + ".md"
                : inner.replacingOccurrences(of: ".markdown", with: ".md")
            let text = String(decoding: data, as: UTF8.self)
            guard
                let document = try ImportFiles.split(
                    text, file: path, shown: site.shown(path), report: &model.report, blankLinesFirst: true)
            else { continue }
            model.pages.append(
                ImportPage(
                    source: path, inner: inner, target: under + written, form: isHTMLPage ? .html : .markdown,
                    language: code,
                    front: document.front, frontLines: document.frontLines, body: document.body))
        }
    }

    // MARK: - Front matter and addresses

    /// Each page's front matter in SectionSite's words, with the address Hugo gives it (its `url`, its section's
    /// permalink, its file's path lower-cased and hyphenated) and the aliases Hugo's other addresses for it need;
    /// a list page that lists nothing gets a section that lists its folder's pages.
    mutating func frontMatter(_ model: inout ImportModel) throws {
        let keepCase = (config["disablePathToLower"] as? Bool) == true
        let permalinks = Permalinks(patterns: patterns)
        let printsSections = (((config["outputs"] as? [String: Any])?["section"] as? [Any]) ?? []).contains {
            "\($0)".lowercased() == "print"
        }
        for page in model.pages where (page.inner as NSString).lastPathComponent.hasPrefix("_index.") {
            guard let cascade = page.front["cascade"] as? [String: Any] else { continue }
            cascades[page.language, default: [:]][(page.inner as NSString).deletingLastPathComponent] = cascade
        }
        // The folders with a page (not an index page) in them or in a folder below: their list pages list them.
        let foldersHoldingPages = filesByLanguage.mapValues { files in
            var folders = Set<String>()
            for page in files where page.hasSuffix(".md") {
                var parts = page.split(separator: "/").map(String.init)
                guard let name = parts.popLast(), !name.hasPrefix("_index."), !name.hasPrefix("index.") else {
                    continue
                }
                folders.insert("")
                for index in parts.indices { folders.insert(parts[...index].joined(separator: "/")) }
            }
            return folders
        }
        for index in model.pages.indices {
            var page = model.pages[index]
            let place = Place(
                page, prefix: prefix(of: page.language),
                folder: page.language == defaultLanguage ? "" : page.language + "/")
            // Hugo finds a page's shortcodes by its type: its own `type`, else one a list page above cascades, else
            // its section.
            page.type =
                (page.front["type"] as? String)
                ?? HugoImporter.cascaded("type", to: page.inner, in: cascades[page.language] ?? [:]) as? String
            HugoImporter.mapFrontMatter(&page.front, layouts: model.theme.layouts)
            HugoPage.clean(&page.front, file: page.source, report: &model.report)
            slugs(&page, place, keepCase: keepCase)
            let (url, moved) = address(&page, place, keepCase: keepCase, permalinks: permalinks)
            page.front["aliases"] = aliases(of: page, place, url: url, moved: moved, printsSections: printsSections)
            page.url = place.prefix + url
            // A folder's list page lists its pages; one whose folder holds only folders gets no list (an empty one
            // would be a warning the user cannot act on).
            let folder = place.parts.dropLast().joined(separator: "/")
            if place.name == "_index.md" || place.name == "_index.markdown", page.front["sections"] == nil,
                foldersHoldingPages[page.language]?.contains(folder) == true
            {
                page.front["sections"] = [
                    [
                        "id": "pages", "cell": model.theme.postCell, "from": folder.isEmpty ? "." : folder,
                        "paginate": pagerSize,
                    ] as [String: Any]
                ]
            }
            page.value = pageValue(page, section: place.section, baseURL: (config["baseURL"] as? String) ?? "/")
            if page.form == .html, !HugoImporter.allowsHTML(config) {
                model.report.leftovers.append(
                    .init(
                        kind: "HTML page, whose HTML shows once sectionsite.yml has markdown: {unsafe: true}",
                        file: page.source))
            }
            model.pages[index] = page
        }
        Self.resolveCollisions(&model.pages, report: &model.report)
    }

    /// Where a page is: its path inside its language's content in parts, its section, its file's name, its
    /// language's prefix of addresses (`/fr`), and its file in the new site below the language's folder.
    private struct Place {
        var parts: [String], section: String, name: String, prefix: String, written: String

        init(_ page: ImportPage, prefix: String, folder: String) {
            parts = page.inner.split(separator: "/").map(String.init)
            section = parts.count > 1 ? parts[0] : ""
            name = parts.last ?? ""
            self.prefix = prefix
            written = String(page.target.dropFirst(("Content/" + folder).count))
        }
    }

    /// The prefix of a language's addresses: none for the default one, unless its content goes in a folder too.
    private func prefix(of code: String) -> String {
        guard code == defaultLanguage else { return "/" + code }
        return config["defaultContentLanguageInSubdir"] as? Bool == true ? "/" + code : ""
    }

    /// A page's `slug` as Hugo's permalinks read it: the title where `:slug` falls back to it, in lower case, and
    /// the file's name (`Start.md` under `:slugorfilename`), spaces as `-`.
    private func slugs(_ page: inout ImportPage, _ place: Place, keepCase: Bool) {
        if patternsOfTitles.contains(place.section), let title = page.front["title"] as? String {
            page.front["slug"] = HugoPage.urlize(title)
        }
        if patternsNeedingSlugs.contains(place.section), page.front["slug"] == nil,
            let title = page.front["title"] as? String
        {
            page.front["slug"] = HugoPage.urlize(title)
        }
        guard !keepCase, patterns[place.section] != nil else { return }
        if let slug = page.front["slug"] as? String, slug != slug.lowercased() {
            page.front["slug"] = slug.lowercased()  // `slug: OCSPcaching` is `/ocspcaching/` to Hugo
        }
        if page.front["slug"] == nil, !place.name.hasPrefix("index."), !place.name.hasPrefix("_index.") {
            let stem = (place.name as NSString).deletingPathExtension
            let hugo = stem.lowercased().replacingOccurrences(of: " ", with: "-")
            if hugo != stem { page.front["slug"] = hugo }
        }
    }

    /// The page's address before its language's prefix, with the `url:` written where the new site would give
    /// another: its own `url` (a `?` or `#` in it encoded: part of the path to Hugo, which writes the file
    /// `What-is-Git?.html`), Hugo's lower-cased and hyphenated file path, a bundle's under its section's permalink;
    /// and where its own `url` was when the language's prefix moved it (`/about/` in a French page).
    private func address(
        _ page: inout ImportPage, _ place: Place, keepCase: Bool, permalinks: Permalinks
    ) -> (url: String, moved: String?) {
        var moved: String?
        if let own = (page.front["url"] as? String).map(HugoPage.pathCharacters) {
            (page.front["url"], moved) = HugoPage.url(own, prefix: place.prefix)
        } else if patterns[place.section] == nil {
            // `Format.md` is `/format/`, `two words.md` `/two-words/`.
            let slug = page.front["slug"] as? String
            let hugo = HugoPage.hugoURL(inner: place.written, slug: slug, keepCase: keepCase)
            if let route = try? permalinks.url(.init(path: SourcePath("Content/" + place.written), slug: slug)),
                route.rawValue != hugo
            {
                page.front["url"] = hugo
                page.front["slug"] = nil
            }
        }
        let date = ImportFiles.date(page.front["date"])
        // A leaf bundle anywhere under a section with a permalink is a page of that section to Hugo
        // (`blog/2019/0416-x/index.md` under `blog: /:year/:month/:day/:slug/`), named by its folder; the new
        // site keeps a folder's `index.md` at the folder's address, so the page says its URL.
        if page.front["url"] == nil, patterns[place.section] != nil, place.parts.count > 1,
            place.name.hasPrefix("index."),
            let bundleURL = try? permalinks.url(
                .init(
                    path: SourcePath("Content/" + place.parts.dropLast().joined(separator: "/") + ".md"),
                    slug: page.front["slug"] as? String, title: page.front["title"] as? String, date: date))
        {
            page.front["url"] = bundleURL.rawValue
        }
        let parts = Permalinks.Parts(
            path: SourcePath("Content/" + place.written), url: page.front["url"] as? String,
            slug: page.front["slug"] as? String,
            title: page.front["title"] as? String, date: date)
        return (
            (try? permalinks.url(parts))?.rawValue ?? HugoPage.hugoURL(inner: place.written, slug: nil, keepCase: true),
            moved
        )
    }

    /// Every other address Hugo gives the page, each an alias of its `url` (before the language's prefix): its
    /// own `aliases` (relative ones resolved, the page's own file left out), its `url:` under another language's
    /// prefix, `<url>.html` under `uglyURLs`, Docsy's `/_print/` page of a section, its addresses in the languages
    /// a mount gives the default language's pages, and `/en/` for the default language's home.
    private func aliases(
        of page: ImportPage, _ place: Place, url: String, moved: String?, printsSections: Bool
    ) -> [String]? {
        let prefix = place.prefix
        var aliases = ImportFiles.list(page.front["aliases"]).map(HugoPage.pathCharacters)
        if let moved { aliases.append(moved) }
        // The page's own file (`/about/index.html` of `url: /about.html`, written at `/about/`) is no alias.
        aliases = aliases.map { HugoPage.alias($0, pageURL: prefix + url) }.filter {
            $0 != prefix + url && $0 != prefix + url + "index.html"
        }
        let isList = place.name.hasPrefix("_index."), isBundle = place.name.hasPrefix("index.")
        if HugoImporter.isUgly(config["uglyURLs"], section: place.section), !isList, !isBundle, url.hasSuffix("/"),
            url != "/"
        {
            aliases.append(prefix + url.dropLast() + ".html")
        }
        if printsSections, place.parts.count > 1, isList { aliases.append(prefix + "/_print" + url) }
        let own = aliases
        for language in fallbacks[page.inner] ?? [] {
            aliases += ["/" + language + url] + own.map { "/" + language + $0 }
        }
        if place.parts == ["_index.md"] || place.parts == ["index.md"], page.language == defaultLanguage,
            prefix.isEmpty, languages.count > 1
        {
            aliases.append("/" + page.language + "/")  // Hugo sends /en/ to the default language's home at /
        }
        return aliases.isEmpty ? nil : aliases
    }

    /// A page and a list page at one address (`vtbackup.md` beside `vtbackup/_index.md`): Hugo serves the list
    /// page. The other is imported as a draft, reported.
    private static func resolveCollisions(_ pages: inout [ImportPage], report: inout ImportReport) {
        var lists: [String: Int] = [:]
        for index in pages.indices where (pages[index].inner as NSString).lastPathComponent.hasPrefix("_index.") {
            lists[pages[index].url] = lists[pages[index].url] ?? index
        }
        for index in pages.indices where !(pages[index].inner as NSString).lastPathComponent.hasPrefix("_index.") {
            guard let list = lists[pages[index].url], pages[index].front["draft"] as? Bool != true else { continue }
            pages[index].front["draft"] = true
            report.leftovers.append(
                .init(
                    kind: "address that a list page also has, which Hugo serves instead; imported as a draft",
                    file: pages[index].source,
                    text: "\(pages[index].url) is also \(pages[list].source)'s"))
        }
    }

    /// A page as templates see it: `.Title`, `.Params` (its own, then what list pages above cascade to it),
    /// `.RelPermalink`, `.File`, `.Section`, `.Type`, `.Kind` ...
    private func pageValue(_ page: ImportPage, section: String, baseURL: String) -> SourceValue {
        let inherited = Self.inherited(page.inner, cascades: cascades[page.language] ?? [:])
        var params = page.front.merging(page.front["params"] as? [String: Any] ?? [:]) { a, _ in a }
        params.merge(inherited) { own, _ in own }
        params.merge(inherited["params"] as? [String: Any] ?? [:]) { own, _ in own }
        let name = (page.inner as NSString).lastPathComponent
        let stem = (name as NSString).deletingPathExtension
        let folder = (page.inner as NSString).deletingLastPathComponent
        let isList = stem == "_index"
        let file: SourceValue = .map([
            "Path": .string(page.inner), "Dir": .string(folder.isEmpty ? "" : folder + "/"),
            "LogicalName": .string(name),
            "BaseFileName": .string(stem), "TranslationBaseName": .string(stem),
            "Ext": .string((name as NSString).pathExtension),
            "ContentBaseName": .string(stem == "index" || isList ? (folder as NSString).lastPathComponent : stem),
            "Lang": .string(page.language), "Section": .string(section),
        ])
        let base = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        return .map([
            "\u{E000}page": .bool(true), "Params": .of(params), "Title": .of(page.front["title"]),
            "Lang": .string(page.language),
            "Language": .map(["Lang": .string(page.language)]), "Section": .string(section),
            "Draft": .of(page.front["draft"] ?? false),
            "RelPermalink": .string(page.url), "Permalink": .string(base + page.url), "File": file,
            "Type": .string(page.type ?? section),
            "Kind": .string(page.inner == "_index.md" ? "home" : isList ? "section" : "page"),
            "IsHome": .bool(page.inner == "_index.md"), "IsSection": .bool(isList), "IsPage": .bool(!isList),
            "Weight": .of(page.front["weight"] ?? 0), "Date": .of(page.front["date"] ?? ""),
            "Description": .of(page.front["description"] ?? ""),
            "LinkTitle": .of(page.front["linkTitle"] ?? page.front["title"]),
        ])
    }

    /// What the list pages above `inner` cascade to it, the nearest first.
    static func inherited(_ inner: String, cascades: [String: [String: Any]]) -> [String: Any] {
        var merged: [String: Any] = [:]
        var folder = (inner as NSString).deletingLastPathComponent
        while true {
            if let cascade = cascades[folder] {
                for (key, value) in cascade where merged[key] == nil { merged[key] = value }
                if let params = cascade["params"] as? [String: Any] {
                    var inner = merged["params"] as? [String: Any] ?? [:]
                    inner.merge(params) { own, _ in own }
                    merged["params"] = inner
                }
            }
            if folder.isEmpty { return merged }
            folder = (folder as NSString).deletingLastPathComponent
        }
    }

    // MARK: - Templates

    /// Each body's shortcodes drawn (`Shortcodes`): the common vocabulary, the site's own templates translated, the
    /// neutral fallback; then its pictures found where Hugo finds them (a `figure` becomes a picture first).
    mutating func templates(_ model: inout ImportModel) throws {
        let site = model.site
        // The site's own shortcodes and partials, and its themes', for the shortcodes its pages use.
        let shortcodeTemplates = ShortcodeTemplates(files: model.files, themes: HugoImporter.themes(config)) { file in
            guard case .data(let data)? = try? site.reading(file) else { return nil }
            return String(decoding: data, as: UTF8.self)
        }
        let siteParams = config["params"] as? [String: Any]
        // `data/a/b.yaml` is `site.Data.a.b`.
        let siteData = ImportFiles.siteData(
            model.site, files: model.files, folder: "data/", kinds: ["yaml", "yml", "json", "toml"])
        let siteValue = HugoImporter.siteValue(config, languageParams: nil, data: siteData)
        // A language's params over the site's, once per language.
        var languageSiteValues: [String: SourceValue] = [:]
        for language in languages {
            guard let params = language.settings["params"] as? [String: Any] else { continue }
            languageSiteValues[language.code] = HugoImporter.siteValue(config, languageParams: params, data: siteData)
        }
        let pagesByLanguage = filesByLanguage.mapValues { $0.filter { $0.hasSuffix(".md") }.sorted() }
        let allowsHTML = HugoImporter.allowsHTML(config)
        let lists = Self.pageLists(model.pages)
        for (code, list) in lists {
            languageSiteValues[code] = Self.adding(list.site, to: languageSiteValues[code] ?? siteValue)
        }
        for index in model.pages.indices {
            let page = model.pages[index]
            let (code, inner, path) = (page.language, page.inner, page.source)
            let contentFiles = filesByLanguage[code] ?? []
            let languageParams = languages.first { $0.code == code }?.settings["params"] as? [String: Any]
            let inherited = Self.inherited(inner, cascades: cascades[code] ?? [:])
            let list = lists[code]
            var pageValue = list?.byPath[inner] ?? page.value
            if case .map(var fields) = pageValue {
                fields["Site"] = languageSiteValues[code] ?? siteValue
                pageValue = .map(fields)
            }
            let context = Shortcodes.Context(
                page: inner, exists: { contentFiles.contains($0) }, files: pagesByLanguage[code] ?? [],
                parameters: Self.parameters(
                    [
                        page.front, page.front["params"] as? [String: Any], inherited,
                        inherited["params"] as? [String: Any],
                        languageParams, siteParams,
                    ]),
                templates: shortcodeTemplates, type: page.type, pageValue: pageValue,
                siteValue: languageSiteValues[code] ?? siteValue, allowsHTML: allowsHTML,
                directives: model.theme.directives,
                readFile: { Self.readFile($0, for: page, in: site) },
                getPage: { path in list?.page(path, from: inner) })
            let body = Shortcodes.convert(
                page.body, file: path, firstLine: page.frontLines + 1, context: context, report: &model.report)
            model.pages[index].body = HugoPage.pictures(body, page: inner) { contentFiles.contains($0) }
        }
    }

    /// Hugo's `param`: the value of the first of `tables` that has one (the page's own, its params, what list pages
    /// above cascade, the language's params, the site's), read in any case, a dotted name (`mermaid.version`)
    /// down the maps; only a plain value.
    private static func parameters(_ tables: [[String: Any]?]) -> (String) -> String? {
        { key in
            func value(_ table: [String: Any]?) -> Any? {
                var current: Any? = table
                for part in key.split(separator: ".") {
                    // Exactly, else the least of the keys that differ only in case.
                    guard let map = current as? [String: Any] else { return nil }
                    current =
                        map[String(part)]
                        ?? map.keys.filter { $0.lowercased() == part.lowercased() }.min().flatMap { map[$0] }
                }
                return current
            }
            for table in tables {
                if let found = value(table), let text = ImportFiles.plainText(found) { return text }
            }
            return nil
        }
    }

    /// A file a page's template reads: from the site's folder, as `readFile` reads, then from the content folder
    /// and the page's folder, as sites' own `include` shortcodes look (`/_common/install.md`); always inside the
    /// site.
    private static func readFile(_ file: String, for page: ImportPage, in site: ImportSource) -> String? {
        let trimmed = file.hasPrefix("/") ? String(file.dropFirst()) : file
        let folder = (page.source as NSString).deletingLastPathComponent
        let contentRoot = String(page.source.dropLast(page.inner.count))
        for candidate in [trimmed, contentRoot + trimmed, folder + "/" + trimmed] {
            if case .data(let data)? = try? site.reading(candidate) { return String(decoding: data, as: UTF8.self) }
        }
        return nil
    }

    /// A language's pages as templates list them: each with its `CurrentSection` and, for a list page, its
    /// `Pages`; the site's `RegularPages`, `Pages` and `Sections`.
    struct PageList {
        var byPath: [String: SourceValue] = [:]
        var site: [String: SourceValue] = [:]

        /// `.GetPage`: a path from the content folder (`/docs/start`), else from the page's folder; a file, a
        /// bundle or a list page.
        func page(_ path: String, from inner: String) -> SourceValue? {
            let trimmed = path.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
            let stem = trimmed.hasSuffix(".md") ? String(trimmed.dropLast(3)) : trimmed
            var roots = [""]
            if !path.hasPrefix("/") {
                let folder = (inner as NSString).deletingLastPathComponent
                if !folder.isEmpty { roots.insert(folder + "/", at: 0) }
            }
            for root in roots {
                let base = root + stem
                // Hugo reads a page's logical path in lower case (`/functions/reflect/isimageresource`).
                let candidates = base.isEmpty ? ["_index.md"] : [base + ".md", base + "/index.md", base + "/_index.md"]
                for candidate in candidates {
                    if let found = byPath[candidate] ?? lowercased[candidate.lowercased()].flatMap({ byPath[$0] }) {
                        return found
                    }
                }
            }
            return nil
        }

        /// The paths by their lower-case form, the least of those that differ only in case.
        var lowercased: [String: String] = [:]
    }

    /// Each language's `PageList`, pages in the order of their paths.
    static func pageLists(_ pages: [ImportPage]) -> [String: PageList] {
        var lists: [String: PageList] = [:]
        for (code, languagePages) in Dictionary(grouping: pages, by: \.language) {
            let sorted = languagePages.sorted { $0.inner < $1.inner }
            let sections = Dictionary(
                sorted.filter { ($0.inner as NSString).lastPathComponent.hasPrefix("_index.") }
                    .map { (($0.inner as NSString).deletingLastPathComponent, $0.value) }
            ) { first, _ in first }
            func section(of inner: String) -> SourceValue? {
                var folder = (inner as NSString).deletingLastPathComponent
                while true {
                    if let found = sections[folder] { return found }
                    if folder.isEmpty { return nil }
                    folder = (folder as NSString).deletingLastPathComponent
                }
            }
            var list = PageList()
            var children: [String: [SourceValue]] = [:]  // a folder's pages and the list pages of the folders in it
            var regular: [SourceValue] = []
            var all: [SourceValue] = []
            for page in sorted {
                var value = page.value
                if case .map(var fields) = value, let current = section(of: page.inner) {
                    fields["CurrentSection"] = current
                    value = .map(fields)
                }
                list.byPath[page.inner] = value
                if list.lowercased[page.inner.lowercased()] == nil {
                    list.lowercased[page.inner.lowercased()] = page.inner
                }
                all.append(value)
                let name = (page.inner as NSString).lastPathComponent
                var folder = (page.inner as NSString).deletingLastPathComponent
                if name.hasPrefix("_index.") {
                    guard !folder.isEmpty else { continue }
                    folder = (folder as NSString).deletingLastPathComponent
                } else {
                    regular.append(value)
                    if name.hasPrefix("index.") { folder = (folder as NSString).deletingLastPathComponent }
                }
                children[folder, default: []].append(value)
            }
            for (folder, pages) in children {
                let key = folder.isEmpty ? "_index.md" : folder + "/_index.md"
                guard case .map(var fields)? = list.byPath[key] else { continue }
                fields["Pages"] = .list(pages)
                fields["RegularPages"] = .list(pages.filter { $0.field("IsPage")?.isTruthy == true })
                list.byPath[key] = .map(fields)
            }
            list.site = [
                "RegularPages": .list(regular), "Pages": .list(all), "AllPages": .list(all),
                "Sections": .list((children[""] ?? []).filter { $0.field("IsSection")?.isTruthy == true }),
            ]
            lists[code] = list
        }
        return lists
    }

    /// `value` (a map) with `fields` added.
    static func adding(_ fields: [String: SourceValue], to value: SourceValue) -> SourceValue {
        guard case .map(var map) = value else { return value }
        map.merge(fields) { _, new in new }
        return .map(map)
    }

    // MARK: - Generated pages and settings

    /// A translated bundle's share of the default language's resources; a list page for every top-level folder of
    /// a language's content that has none of its own, and a home page for every language without one, as Hugo
    /// makes them.
    mutating func generatedPages(_ model: inout ImportModel) throws {
        HugoImporter.shareResources(
            &model.outputs, pages: Set(model.pages.map(\.target)), languages: languages.dropFirst().map(\.code))
        let all = languages.isEmpty ? [(code: defaultLanguage, settings: [:])] : languages
        let languageFolders = Set(languages.map { "Content/\($0.code)/" })
        for language in all {
            let folder = language.code == defaultLanguage ? "Content/" : "Content/\(language.code)/"
            let paths = model.paths.filter { $0.hasPrefix(folder) }
            var sections: [String: Bool] = [:]  // top-level folder -> whether it holds pages directly
            for path in paths where path.hasSuffix(".md") {
                let parts = path.dropFirst(folder.count).split(separator: "/").map(String.init)
                guard parts.count > 1,
                    !(language.code == defaultLanguage && languageFolders.contains(folder + parts[0] + "/"))
                else { continue }
                // A collection lists the pages of the folder and the folders below, not their index pages (a leaf
                // bundle's `index.md` among them).
                let listed = !parts.last!.hasPrefix("_index.") && !parts.last!.hasPrefix("index.")
                sections[parts[0]] = (sections[parts[0]] ?? false) || listed
            }
            for (section, holdsPages) in sections.sorted(by: { $0.key < $1.key }) {
                let page = folder + section + "/_index.md"
                guard !paths.contains(page), !paths.contains(folder + section + "/index.md") else { continue }
                var fields: [(String, Node)] = [
                    ("title", ImportYAML.string(section.prefix(1).uppercased() + section.dropFirst()))
                ]
                if holdsPages {
                    fields.append(
                        (
                            "sections",
                            ImportYAML.list([
                                ImportYAML.map([
                                    ("id", ImportYAML.string("pages")),
                                    ("cell", ImportYAML.string(model.theme.postCell)),
                                    ("from", ImportYAML.string(section)), ("paginate", ImportYAML.int(pagerSize)),
                                ])
                            ])
                        ))
                }
                model.outputs.append((page, Data(try ImportYAML.frontMatter(ImportYAML.map(fields)).utf8)))
            }
        }
        for language in all {
            let folder = language.code == defaultLanguage ? "Content/" : "Content/\(language.code)/"
            guard !model.paths.contains(where: { $0 == folder + "_index.md" || $0 == folder + "index.md" }) else {
                continue
            }
            let title = (language.settings["title"] as? String) ?? (config["title"] as? String) ?? "Home"
            var fields: [(String, Node)] = [("title", ImportYAML.string(title))]
            if language.code == defaultLanguage, languages.count > 1,
                config["defaultContentLanguageInSubdir"] as? Bool != true
            {
                fields.append(("aliases", ImportYAML.list([ImportYAML.string("/\(language.code)/")])))
            }
            model.outputs.append((folder + "_index.md", Data(try ImportYAML.frontMatter(ImportYAML.map(fields)).utf8)))
        }
    }

    /// The settings (`HugoImporter.settings`), documentation folders given the theme's docs layout: navigation from
    /// the folder tree, as Docsy draws it.
    func settingsFile(_ model: ImportModel) throws -> Node {
        let folders = ImportFiles.docsFolders(model.paths, languageFolders: Set(languages.map(\.code)))
        let versions = ImportVersions.find(
            model.paths, docs: folders, languageFolders: Set(languages.map(\.code)),
            declared: ImportVersions.declared(config["params"] as? [String: Any] ?? [:]))
        // Versions at the top of the content are documentation folders too.
        let versionFolders = versions.map { $0.folder.isEmpty ? $0.names : [] } ?? []
        let docs = model.theme.layouts.contains("docs") ? folders + versionFolders.filter { !folders.contains($0) } : []
        return HugoImporter.settings(
            config, languages: languages, patterns: patterns, themeName: model.theme.name, docs: docs,
            versions: versions, directives: model.report.directiveSettings(theme: model.theme.directives))
    }
}
