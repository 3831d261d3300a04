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
/// - Shortcodes (`Shortcodes`): the common vocabulary (`ref` and `relref` links to the Markdown file, which
///   SectionSite makes the page's URL and checks; notes, tabs, `highlight`, `figure` ...), then the site's own
///   templates translated, then the neutral fallback, each use counted and the last reported.
///
/// The work is done by `HugoPasses`, `Importer`'s passes. The source is only read.
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

    /// Reads the Hugo site and writes the new one, by the passes of `HugoPasses`.
    public func run() throws -> ImportReport {
        var passes = HugoPasses()
        return try Importer.run(
            &passes, source: source, destination: destination, theme: ImportTheme(files: theme, name: themeName))
    }

    /// A file of a content folder shared by every language: its language from its name (`page.fr.md` is the
    /// French `page.md`), else the default.
    static func suffixLanguage(_ inner: String, languages: [String], default code: String) -> (String, String) {
        let name = inner.split(separator: "/").last.map(String.init) ?? inner
        let pieces = name.split(separator: ".")
        if pieces.count >= 3, let suffix = languages.first(where: { $0 == pieces[pieces.count - 2].lowercased() }) {
            return (
                suffix,
                String(inner.dropLast(name.count)) + (pieces.dropLast(2) + [pieces.last!]).joined(separator: ".")
            )
        }
        return (code, inner)
    }

    /// A bundle's resources are its translations' too: Hugo finds `shot.png` in the default language's bundle when
    /// the French one lacks it. Each translated bundle gets a copy of what it lacks, so its pages find their
    /// pictures beside them.
    static func shareResources(_ outputs: inout [(path: String, data: Data)], pages: Set<String>, languages: [String]) {
        let paths = Set(outputs.map(\.path)).union(pages)
        var added: [(path: String, data: Data)] = []
        for language in languages {
            let root = "Content/\(language)/"
            for page in paths.sorted()
            where page.hasPrefix(root) && (page.hasSuffix("/index.md") || page.hasSuffix("/_index.md")) {
                let folder = (String(page.dropFirst(root.count)) as NSString).deletingLastPathComponent
                let branch = page.hasSuffix("/_index.md")
                let defaultFolder = "Content/" + folder + "/"
                for resource in outputs where resource.path.hasPrefix(defaultFolder) && !resource.path.hasSuffix(".md")
                {
                    let rest = String(resource.path.dropFirst(defaultFolder.count))
                    // A branch bundle's resources are its own files; a leaf's may sit in folders under it.
                    if branch && rest.contains("/") { continue }
                    if !branch,
                        rest.split(separator: "/").dropLast().indices.contains(where: { index in
                            let nested =
                                defaultFolder + rest.split(separator: "/").prefix(index + 1).joined(separator: "/")
                            return paths.contains(nested + "/index.md") || paths.contains(nested + "/_index.md")
                        })
                    {
                        continue
                    }
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
        throw SectionSiteError(
            problems.map { key, problem in
                let place = loaded.place(of: key)
                return ImportProblem.badSettingsKey(problem).at(
                    SourceLocation(file: shown(place.file), line: place.line))
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
    static func siteValue(
        _ config: [String: Any], languageParams: [String: Any]?, data: SourceValue
    ) -> GoTemplate.Value {
        let params = (config["params"] as? [String: Any] ?? [:]).merging(languageParams ?? [:]) { _, language in
            language
        }
        return .map([
            "\u{E000}site": .bool(true), "Params": .of(params), "Title": .of(config["title"]),
            "BaseURL": .of(config["baseURL"] ?? "/"),
            "Data": data, "Copyright": .of(config["copyright"]),
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
        _ config: [String: Any], languages: [(code: String, settings: [String: Any])], patterns: [String: String],
        themeName: String,
        docs: [String] = [], versions: ImportVersions? = nil, directives: [(String, String)] = []
    ) -> Node {
        func menuNode(_ menu: [(title: String, url: String)]) -> Node {
            ImportYAML.list(
                menu.map {
                    ImportYAML.map(
                        [("title", ImportYAML.string($0.title)), ("url", ImportYAML.string($0.url))], flow: true)
                })
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
        if let versions { settings.append(("versions", versions.setting)) }
        // Hugo drops a page's raw HTML unless `markup.goldmark.renderer.unsafe` is set, as most documentation sites do.
        if Self.allowsHTML(config) {
            settings.append(("markdown", ImportYAML.map([("unsafe", Node("true", Tag(.bool)))])))
        }
        if !patterns.isEmpty {
            settings.append(
                (
                    "permalinks",
                    ImportYAML.map(
                        patterns.sorted(by: { $0.key < $1.key }).map {
                            ($0.key.isEmpty ? "/" : $0.key, ImportYAML.string($0.value))
                        })
                ))
        }
        let menu = Self.menu(config)
        if !menu.isEmpty { settings.append(("menu", menuNode(menu))) }
        if languages.count > 1 {
            var entries: [(String, Node)] = []
            for language in languages {
                // Newer Hugo (0.168 here) names languageName and languageDirection label and direction.
                let name =
                    ((language.settings["label"] ?? language.settings["languageName"]) as? String) ?? language.code
                var fields: [(String, Node)] = [("name", ImportYAML.string(name))]
                if let title = language.settings["title"] as? String {
                    fields.append(("title", ImportYAML.string(title)))
                }
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
            (":slugorcontentbasename", ":slug"), (":slugorfilename", ":slug"), (":contentbasename", ":filename"),
            (":sections", ":section"),
        ] {
            pattern = pattern.replacingOccurrences(of: from, with: to)
        }
        let known = Set(["year", "month", "day", "slug", "title", "section", "filename"])
        let unknown = pattern.matches(of: /:([a-z_]+)/).map { String($0.1) }.filter { !known.contains($0) }.map {
            ":" + $0
        }
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
            let url =
                (entry["url"] as? String) ?? (entry["pageRef"] as? String).map {
                    "/" + $0.trimmingCharacters(in: CharacterSet(charactersIn: "/")) + "/"
                } ?? "/"
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
