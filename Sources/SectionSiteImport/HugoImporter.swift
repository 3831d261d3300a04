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
        let (config, configFile, configText) = try readConfig(site, report: &report)
        try Self.checkKeys(config, file: site.shown(configFile), text: configText)
        // A module mount (`source = 'content/en'`, `target = 'content'`) says where a folder really is.
        let mounts = ((config["module"] as? [String: Any])?["mounts"] as? [[String: Any]]) ?? []
        func folder(_ kind: String) -> String {
            let mounted = mounts.first { ($0["target"] as? String) == kind }?["source"] as? String
            return (mounted ?? (config[kind + "Dir"] as? String) ?? kind).trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        }
        let (contentDir, staticDir, dataDir) = (folder("content"), folder("static"), folder("data"))
        // A multilingual site: each language's content folder (its `contentDir`, or a mount with its `lang`), or
        // the shared one, where `page.fr.md` is the French page.
        let languages = Self.languages(config)
        let defaultLanguage = languages.first?.code ?? "en"
        let languageFolders: [(folder: String, code: String)] = languages.compactMap { language in
            let mounted = mounts.first { ($0["target"] as? String) == "content" && ($0["lang"] as? String)?.lowercased() == language.code }
            let folder = (language.settings["contentDir"] as? String) ?? (mounted?["source"] as? String)
            return folder.map { ($0.trimmingCharacters(in: CharacterSet(charactersIn: "/")), language.code) }
        }
        /// A content file's language and its path inside its language's folder, or nil for a file outside content.
        func place(_ path: String) -> (code: String, inner: String, folder: String)? {
            if let (folder, code) = languageFolders.first(where: { path.hasPrefix($0.folder + "/") }) {
                return (code, String(path.dropFirst(folder.count + 1)), folder)
            }
            guard path.hasPrefix(contentDir + "/") else { return nil }
            var inner = String(path.dropFirst(contentDir.count + 1))
            var code = defaultLanguage
            let name = inner.split(separator: "/").last.map(String.init) ?? inner
            let pieces = name.split(separator: ".")
            if pieces.count >= 3, let suffix = languages.first(where: { $0.code == pieces[pieces.count - 2].lowercased() }) {
                code = suffix.code  // page.fr.md
                inner = String(inner.dropLast(name.count)) + (pieces.dropLast(2) + [pieces.last!]).joined(separator: ".")
            }
            return (code, inner, contentDir)
        }
        let pagerSize = ((config["pagination"] as? [String: Any])?["pagerSize"] as? Int) ?? (config["paginate"] as? Int) ?? 10
        var patterns: [String: String] = [:]
        var patternsNeedingSlugs = Set<String>()
        for (section, value) in Self.permalinks(config) {
            let (pattern, unknown) = Self.sectionSitePattern(value)
            for word in unknown {
                report.leftovers.append(.init(kind: "permalink word \(word) has no equivalent", file: "hugo.toml", text: "\(section) = \(value)"))
            }
            patterns[section == "/" ? "" : section] = pattern
            if value.contains(":slug") && !value.contains(":slugorfilename") { patternsNeedingSlugs.insert(section) }
        }
        var outputs: [(path: String, data: Data)] = []
        var reported = Set<String>()
        let layouts = ImportFiles.layouts(of: theme, themeName: themeName)

        for path in FileTree.files(under: source).sorted() {
            let parts = path.split(separator: "/").map(String.init)
            guard let top = parts.first, !top.hasPrefix("."), !parts.last!.hasPrefix(".") else { continue }
            if let (code, inner, languageFolder) = place(path) {
                guard let data = try site.read(path, report: &report) else { continue }
                let under = "Content/" + (code == defaultLanguage ? "" : code + "/")
                guard inner.hasSuffix(".md") || inner.hasSuffix(".markdown") else {
                    outputs.append((under + inner, data))  // a bundle's picture, beside its page
                    continue
                }
                let target = under + inner.replacingOccurrences(of: ".markdown", with: ".md")
                let innerParts = inner.split(separator: "/").map(String.init)
                let section = innerParts.count > 1 ? innerParts[0] : ""
                let text = String(decoding: data, as: UTF8.self)
                guard var document = try ImportFiles.split(text, file: path, shown: site.shown(path), report: &report) else { continue }
                Self.mapFrontMatter(&document.front, layouts: layouts)
                if patternsNeedingSlugs.contains(section), document.front["slug"] == nil, let title = document.front["title"] as? String {
                    document.front["slug"] = Slug.of(title)  // Hugo's :slug falls back to the title
                }
                // Hugo writes every address in lower case unless told not to; SectionSite keeps the file's case.
                if (config["disablePathToLower"] as? Bool) != true, patterns[section] == nil, document.front["url"] == nil,
                    document.front["slug"] == nil
                {
                    if let route = try? Permalinks().url(.init(path: target)), route != route.lowercased() {
                        document.front["url"] = route.lowercased()
                    }
                }
                if innerParts.last == "_index.md" || innerParts.last == "_index.markdown", document.front["sections"] == nil {
                    let folder = innerParts.dropLast().joined(separator: "/")
                    document.front["sections"] = [[
                        "id": "pages", "cell": "post", "from": folder.isEmpty ? "." : folder, "paginate": pagerSize,
                    ] as [String: Any]]
                }
                let body = Shortcodes.convert(
                    document.body, file: path, firstLine: document.frontLines + 1, contentFolder: languageFolder,
                    page: inner, exists: { site.hasFile(languageFolder + "/" + $0) },
                    report: &report)
                outputs.append((target, Data((ImportFiles.frontMatter(document.front) + body).utf8)))
            } else if path.hasPrefix(staticDir + "/") {
                guard let data = try site.read(path, report: &report) else { continue }
                outputs.append(("Static/" + path.dropFirst(staticDir.count + 1), data))
            } else if path.hasPrefix(dataDir + "/") {
                try ImportFiles.importData(
                    site, name: String(path.dropFirst(dataDir.count + 1)), file: path, into: &outputs,
                    report: &report)
            } else if Self.machinery.contains(top) {
                if reported.insert(top).inserted {
                    report.leftovers.append(.init(kind: "Hugo folder '\(top)' not imported", file: top + "/"))
                }
            }
        }
        if !outputs.contains(where: { $0.path == "Content/_index.md" || $0.path == "Content/index.md" }) {
            let home = ImportYAML.map([("title", ImportYAML.string((config["title"] as? String) ?? "Home"))])
            outputs.append(("Content/_index.md", Data(try ImportYAML.frontMatter(home).utf8)))
        }
        outputs.append(("sectionsite.yml", Data(try ImportYAML.text(Self.settings(config, languages: languages, patterns: patterns, themeName: themeName)).utf8)))
        return try ImportFiles.write(outputs, theme: theme, postsFolder: nil, to: destination, report: report)
    }

    /// The settings, the file they came from and its text; none when the site has no settings file (one that leads
    /// outside the site is reported and not read).
    private func readConfig(_ site: ImportSource, report: inout ImportReport) throws -> (values: [String: Any], file: String, text: String) {
        for name in ["hugo.toml", "config.toml", "hugo.yaml", "hugo.yml", "config.yaml", "config.yml", "hugo.json", "config.json"] {
            let data: Data
            switch try site.reading(name) {
            case .data(let bytes): data = bytes
            case .missing: continue
            case .outside(let real):
                report.leftovers.append(ImportSource.outside(name, real: real))
                continue
            }
            guard let text = String(data: data, encoding: .utf8) else { continue }
            let values: Any?
            do {
                if name.hasSuffix(".toml") {
                    let json = try TOMLTable(string: text).convert(to: .json)
                    values = try JSONSerialization.jsonObject(with: Data(json.utf8))
                } else if name.hasSuffix(".json") {
                    values = try JSONSerialization.jsonObject(with: Data(text.utf8))
                } else {
                    values = try ImportYAML.load(text, path: site.shown(name), firstLine: 1)
                }
            } catch let error as SectionSiteError {
                throw error  // the alias budget's, located
            } catch {
                throw SectionSiteError("\(name) does not parse: \(error)", at: SourceLocation(file: site.shown(name)))
            }
            return ((values as? [String: Any]) ?? [:], name, text)
        }
        return ([:], "hugo.toml", "")
    }

    /// Refuses a language code or a permalink's section that cannot be one (`../../home/someone/.ssh`, a code with
    /// a newline), at its line in the settings file: both become folder names and keys of the new site.
    static func checkKeys(_ config: [String: Any], file: String, text: String) throws {
        var problems: [(key: String, problem: String)] = []
        for code in ((config["languages"] as? [String: Any]) ?? [:]).keys.sorted() {
            if let problem = SettingsKey.languageProblem(code) { problems.append((code, problem)) }
        }
        for section in permalinks(config).keys.sorted() where section != "/" {
            if let problem = SettingsKey.folderProblem(section) { problems.append((section, problem)) }
        }
        guard !problems.isEmpty else { return }
        throw SectionSiteError(problems.map { key, problem in
            Diagnostic(.error, problem, at: SourceLocation(file: file, line: SettingsKey.line(of: key, in: text) ?? 1))
        }.sorted(by: Diagnostic.inFileOrder))
    }

    /// `sectionsite.yml`: the site's title, description, base URL, theme, permalinks, menu and languages.
    static func settings(
        _ config: [String: Any], languages: [(code: String, settings: [String: Any])], patterns: [String: String], themeName: String
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
                entries.append((language.code, ImportYAML.map(fields)))
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
        for (from, to) in [(":slugorfilename", ":slug"), (":contentbasename", ":filename"), (":sections", ":section")] {
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
