import Foundation
import Yams
/// Reads `sectionsite.yml` into `SiteConfig`; unknown keys stay available to templates as `site.<key>`.
struct ConfigParser {
    /// The settings file's path relative to the site.
    var path = "sectionsite.yml"

    /// Parses the file's text; its keys replace those of `base`, the settings read before it.
    func parse(_ text: String, onto base: SiteConfig = SiteConfig()) throws -> SiteConfig {
        var config = base
        let yaml = YAMLReader(path: path, firstLine: 1)
        guard let root = try yaml.compose(text) else { return config }
        if case .scalar(let scalar) = root, scalar.string.isEmpty { return config }
        for (key, node, keyNode) in try yaml.entries(root, what: path) {
            switch key {
            case "title": config.title = try yaml.string(node, key: key)
            case "baseURL":
                config.baseURL = try yaml.string(node, key: key)
                if !config.baseURL.hasSuffix("/") { config.baseURL += "/" }
            case "theme": config.theme = try yaml.string(node, key: key)
            case "language": config.language = LanguageCode(try yaml.string(node, key: key))
            case "timezone":
                let name = try yaml.string(node, key: key)
                // Only names of the tz database: the system reads the zone's file by its name, so an arbitrary one
                // (`../../etc/x`) would be a path.
                guard name == "UTC" || TimeZone.knownTimeZoneIdentifiers.contains(name),
                    let zone = TimeZone(identifier: name)
                else {
                    throw yaml.error(.notATimeZone(name), at: node)
                }
                config.permalinks.timeZone = zone
            case "markdown": try Self.markdown(node, yaml: yaml, into: &config)
            case "feed": try Self.feed(node, yaml: yaml, into: &config)
            case "tags", "sitemap", "search": try Self.indexes(key, node, yaml: yaml, into: &config)
            case "images": config.images = try Self.images(node, yaml: yaml)
            case "layouts", "directives", "permalinks": try Self.folders(key, node, yaml: yaml, into: &config)
            case "languages": config.permalinks.languages.list = try Self.languages(node, yaml: yaml)
            case "versions": config.versions = try Self.versions(node, yaml: yaml)
            case "defaultLanguageInFolder": config.permalinks.languages.defaultInFolder = try yaml.bool(node, key: key)
            case "strict": config.strict = try yaml.bool(node, key: key)
            case "readOutside": config.readOutside = try yaml.strings(node, key: key)
            case "api": config.api = try Self.api(node, yaml: yaml)
            case "animation": config.animation = try PageParser.animation(node, yaml: yaml)
            case "edit": config.edit = try PageParser.editRules(node, yaml: yaml)
            default: _ = keyNode
            }
            config.data[key] = yaml.value(node)
        }
        if let first = config.languages.list.first { config.language = first.code }
        config.permalinks.languages.single = config.language
        return config
    }

    /// `versions`: the folder whose folders are versions, the versions newest first (a name, or a map with `name`,
    /// `label` and `status`), and which is the latest.
    static func versions(_ node: Node, yaml: YAMLReader) throws -> SiteVersions {
        var versions = SiteVersions()
        var latest: (name: String, node: Node)?
        for (option, value, optionNode) in try yaml.entries(node, what: "'versions'") {
            switch option {
            case "folder": versions.folder = try folder(value, yaml: yaml)
            case "latest": latest = (try yaml.string(value, key: option), value)
            case "sitemap", "search":
                let scope = try yaml.string(value, key: option)
                let narrow = option == "sitemap" ? "latest" : "version"
                guard scope == narrow || scope == "all" else {
                    throw yaml.error(.unknownVersionScope(scope, of: option, known: "\(narrow), all"), at: value)
                }
                if option == "sitemap" {
                    versions.sitemapAll = scope == "all"
                } else {
                    versions.searchAll = scope == "all"
                }
            case "list":
                guard case .sequence(let entries) = value else { throw yaml.error(.versionsNotAList, at: value) }
                for entry in entries { versions.list.append(try version(entry, yaml: yaml)) }
            default:
                throw yaml.error(
                    .unknownOption(option, in: "versions", known: "folder, list, latest, sitemap, search"),
                    at: optionNode)
            }
        }
        var seen = Set<String>()
        for version in versions.list where !seen.insert(version.name).inserted {
            throw yaml.error(.versionTwice(version.name), at: node)
        }
        var folders: [String: String] = [:]
        for version in versions.list {
            let folder = versions.folder(of: version.name)
            if let other = folders[folder] {
                throw yaml.error(.versionFolderTwice(version.name, other: other, folder: folder), at: node)
            }
            folders[folder] = version.name
        }
        if let latest {
            guard seen.contains(latest.name) else { throw yaml.error(.latestNotListed(latest.name), at: latest.node) }
            versions.latestName = latest.name
        }
        return versions
    }

    /// A folder of `Content/` that holds versions or is one: names of folders, `/` between them.
    private static func folder(_ node: Node, yaml: YAMLReader) throws -> String {
        let folder = try yaml.string(node, key: "folder").trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        let parts =
            folder.isEmpty ? [] : folder.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if let problem = parts.lazy.compactMap({ SiteVersions.nameProblem($0) }).first {
            throw yaml.error(.badFolder(folder, problem: problem), at: node)
        }
        return folder
    }

    /// One version of `versions.list`: its name alone, or a map of `name`, `label`, `status` and `folder`.
    private static func version(_ node: Node, yaml: YAMLReader) throws -> SiteVersions.Version {
        if case .scalar = node {
            let name = try yaml.string(node, key: "list")
            return try named(name, at: node, yaml: yaml)
        }
        var name: String?
        var label: String?
        var status = SiteVersions.Status.released
        var folder: String?
        var git: SiteVersions.GitSource?
        var path: String?
        for (option, value, optionNode) in try yaml.entries(node, what: "a version") {
            switch option {
            case "name": name = try yaml.string(value, key: option)
            case "label": label = try yaml.string(value, key: option)
            case "status":
                let text = try yaml.string(value, key: option)
                guard let known = SiteVersions.Status(rawValue: text) else {
                    throw yaml.error(.unknownVersionStatus(text), at: value)
                }
                status = known
            case "folder": folder = try Self.folder(value, yaml: yaml)
            case "git":
                let ref = try yaml.string(value, key: option)
                guard !ref.hasPrefix("-"), ref.wholeMatch(of: /[A-Za-z0-9._\/-]+/) != nil else {
                    throw yaml.error(.badGitRef(ref), at: value)
                }
                git = SiteVersions.GitSource(ref: ref)
            case "path": path = try Self.folder(value, yaml: yaml)
            default:
                throw yaml.error(
                    .unknownOption(option, in: "a version", known: "name, label, status, folder, git, path"),
                    at: optionNode)
            }
        }
        git?.path = path
        guard let name else { throw yaml.error(.versionWithoutName, at: node) }
        var version = try named(name, at: node, yaml: yaml)
        version.label = label ?? name
        version.status = status
        version.folder = folder
        version.git = git
        return version
    }

    private static func named(_ name: String, at node: Node, yaml: YAMLReader) throws -> SiteVersions.Version {
        if let problem = SiteVersions.nameProblem(name) {
            throw yaml.error(.badFolder(name, problem: problem), at: node)
        }
        return SiteVersions.Version(name: name, label: name)
    }

    /// `markdown`: smart punctuation, raw HTML and attributes.
    private static func markdown(_ node: Node, yaml: YAMLReader, into config: inout SiteConfig) throws {
        for (option, value, optionNode) in try yaml.entries(node, what: "'markdown'") {
            switch option {
            case "smart": config.smartPunctuation = try yaml.bool(value, key: option)
            case "unsafe": config.unsafeHTML = try yaml.bool(value, key: option)
            case "attributes": config.markdownAttributes = try yaml.bool(value, key: option)
            default:
                throw yaml.error(
                    .unknownOption(option, in: "markdown", known: "smart, unsafe, attributes"), at: optionNode)
            }
        }
    }

    /// `feed`: how many versions the patch feed keeps, how often pages poll it, and the push server's URL.
    private static func feed(_ node: Node, yaml: YAMLReader, into config: inout SiteConfig) throws {
        for (option, value, optionNode) in try yaml.entries(node, what: "'feed'") {
            switch option {
            case "keep":
                config.feedKeep = try yaml.int(value, key: option)
                guard config.feedKeep >= 0 else { throw yaml.error(.negativeKeep, at: value) }
            case "poll":
                config.feedPoll = try yaml.int(value, key: option)
                guard config.feedPoll >= 0 else { throw yaml.error(.negativePoll, at: value) }
            case "live":
                let url = try yaml.string(value, key: option)
                // `//host/sub` and `/\\host/sub` look like paths but name another origin to a browser:
                // another origin is written out, with its scheme.
                if url.hasPrefix("//") || url.hasPrefix("/\\") {
                    throw yaml.error(.liveOnAnotherSite(url), at: value)
                }
                guard url.hasPrefix("/") || url.hasPrefix("https://") || url.hasPrefix("http://"),
                    !url.contains(where: \.isWhitespace), !url.contains("\\")
                else { throw yaml.error(.liveNotPushURL, at: value) }
                config.feedLive = url
            default:
                throw yaml.error(.unknownOption(option, in: "feed", known: "keep, poll, live"), at: optionNode)
            }
        }
    }

    /// `tags`, `sitemap` and `search`: the pages and files made from every page.
    private static func indexes(_ key: String, _ node: Node, yaml: YAMLReader, into config: inout SiteConfig) throws {
        switch key {
        case "tags":
            for (option, value, optionNode) in try yaml.entries(node, what: "'tags'") {
                guard option == "paginate" else {
                    throw yaml.error(.unknownOption(option, in: "tags", known: "paginate"), at: optionNode)
                }
                let size = try yaml.int(value, key: option)
                guard size >= 0 else { throw yaml.error(.negativeTagPages, at: value) }
                config.tagsPaginate = size == 0 ? nil : size
            }
        case "sitemap":
            for (option, value, optionNode) in try yaml.entries(node, what: "'sitemap'") {
                guard option == "urls" else {
                    throw yaml.error(.unknownOption(option, in: "sitemap", known: "urls"), at: optionNode)
                }
                let urls = try yaml.int(value, key: option)
                guard (1...SiteConfig.sitemapURLLimit).contains(urls) else {
                    throw yaml.error(.sitemapURLCountOutOfRange, at: value)
                }
                config.sitemapURLs = urls
            }
        case "search":
            if case .scalar = node {
                config.search = try yaml.bool(node, key: key)
            } else {
                for (option, value, optionNode) in try yaml.entries(node, what: "'search'") {
                    guard option == "text" || option == "json" else {
                        throw yaml.error(.unknownOption(option, in: "search", known: "json, text"), at: optionNode)
                    }
                    if option == "json" {
                        config.searchJSON = try yaml.bool(value, key: option)
                    } else if yaml.value(value) == .string("all") {
                        config.searchText = nil
                    } else {
                        let limit = try yaml.int(value, key: option)
                        guard limit >= 0 else { throw yaml.error(.negativeSearchText, at: value) }
                        config.searchText = limit
                    }
                }
            }
        default: break
        }
    }

    /// `layouts`, `directives` and `permalinks`: per folder of `Content/` or per name.
    private static func folders(_ key: String, _ node: Node, yaml: YAMLReader, into config: inout SiteConfig) throws {
        switch key {
        case "layouts":
            config.layouts = [:]
            for (folder, value, _) in try yaml.entries(node, what: "'layouts'") {
                let key = folder.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
                config.layouts[key] = SiteConfig.FolderLayout(
                    layout: try yaml.string(value, key: folder), location: yaml.location(value))
            }
        case "directives":
            config.directiveAliases = [:]
            for (name, value, _) in try yaml.entries(node, what: "'directives'") {
                config.directiveAliases[name.lowercased()] = SiteConfig.FolderLayout(
                    layout: try yaml.string(value, key: name).lowercased(), location: yaml.location(value))
            }
        case "permalinks":
            for (folder, value, folderNode) in try yaml.entries(node, what: "'permalinks'") {
                let pattern = try yaml.string(value, key: folder)
                if let problem = Permalinks.problem(in: pattern) {
                    throw yaml.error(.badPermalink(problem: problem), at: value)
                }
                let name = folder.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
                guard !name.contains("/") else {
                    throw yaml.error(.permalinksNotTopLevel(folder: folder), at: folderNode)
                }
                config.permalinks.patterns[name] = pattern
            }
        default: break
        }
    }

    /// `languages`: a map by code, the default first, each with `name`, `direction` (`ltr` or `rtl`) and any
    /// settings it gives in place of the site's.
    static func languages(_ node: Node, yaml: YAMLReader) throws -> [Language] {
        var languages: [Language] = []
        for (code, value, codeNode) in try yaml.entries(node, what: "'languages'") {
            guard code.wholeMatch(of: /[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*/) != nil else {
                throw yaml.error(.notALanguageCode(code), at: codeNode)
            }
            if let problem = SiteLanguages.folderProblem(code) {
                throw yaml.error(.badFolder(code, problem: problem), at: codeNode)
            }
            var language = Language(code: LanguageCode(code), name: code)
            if case .null = yaml.value(value) {
                languages.append(language)
                continue
            }
            for (option, setting, _) in try yaml.entries(value, what: "language '\(code)'") {
                switch option {
                case "name": language.name = try yaml.string(setting, key: option)
                case "folder":
                    let folder = try yaml.string(setting, key: option)
                    if let problem = SiteLanguages.folderProblem(folder) {
                        throw yaml.error(.badFolder("folder", problem: problem), at: setting)
                    }
                    language.folder = folder
                case "direction":
                    let text = try yaml.string(setting, key: option)
                    guard let direction = Language.Direction(rawValue: text) else {
                        throw yaml.error(.badDirection(text), at: setting)
                    }
                    language.direction = direction
                default: language.settings[option] = yaml.value(setting)
                }
            }
            languages.append(language)
        }
        // Two languages in one folder would share their pages and URLs.
        var seen: [String: LanguageCode] = [:]
        for language in languages {
            if let other = seen[language.folder.lowercased()] {
                throw yaml.error(
                    .languagesShareFolder(other.rawValue, language.code.rawValue, folder: language.folder), at: node)
            }
            seen[language.folder.lowercased()] = language.code
        }
        return languages
    }

    /// The `images` settings: `widths`, `formats`, `quality`, `sizes`, `maxPixels`, `maxBytes`, `metadata` (`strip` or
    /// `keep`).
    static func images(_ node: Node, yaml: YAMLReader) throws -> ImageSettings {
        var settings = ImageSettings()
        for (option, value, optionNode) in try yaml.entries(node, what: "'images'") {
            switch option {
            case "widths":
                guard case .sequence(let items) = value, !items.isEmpty else { throw yaml.error(.noWidths, at: value) }
                settings.widths = try items.map { item in
                    let width = try yaml.int(item, key: "widths")
                    guard (1...10_000).contains(width) else { throw yaml.error(.widthOutOfRange(width), at: item) }
                    return width
                }
            case "formats":
                let names: [Node] = if case .sequence(let items) = value { Array(items) } else { [value] }
                settings.formats = try names.map { item in
                    let name = try yaml.string(item, key: "formats")
                    guard
                        let format = [
                            "avif": ImageFormat.avif, "webp": .webp, "jpeg": .jpeg, "jpg": .jpeg, "png": .png,
                        ][name.lowercased()]
                    else {
                        throw yaml.error(.unknownImageFormat(name), at: item)
                    }
                    return format
                }
            case "quality":
                settings.quality = try yaml.int(value, key: option)
                guard (1...100).contains(settings.quality) else { throw yaml.error(.qualityOutOfRange, at: value) }
            case "sizes": settings.sizes = try yaml.string(value, key: option)
            case "maxPixels":
                settings.maxPixels = try yaml.int(value, key: option)
                guard settings.maxPixels > 0 else { throw yaml.error(.notMoreThanZero(option), at: value) }
            case "maxBytes":
                settings.maxBytes = Int64(try yaml.int(value, key: option))
                guard settings.maxBytes > 0 else { throw yaml.error(.notMoreThanZero(option), at: value) }
            case "metadata":
                switch try yaml.string(value, key: option) {
                case "strip": settings.keepsMetadata = false
                case "keep": settings.keepsMetadata = true
                case let other: throw yaml.error(.unknownMetadata(other), at: value)
                }
            default:
                let known = "widths, formats, quality, sizes, maxPixels, maxBytes, metadata"
                throw yaml.error(.unknownOption(option, in: "images", known: known), at: optionNode)
            }
        }
        return settings
    }
}
