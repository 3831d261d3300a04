import Foundation
import Yams

/// The settings' `api:`: a Swift package whose API reference is part of the site, read from the symbol graphs the
/// compiler writes (`SectionSiteAPI` makes the pages; the engine knows only where they go).
package struct APISettings: Sendable, Equatable {
    /// The package folder, relative to the site folder: `.` when the site lives in the package.
    package var package = "."
    /// The targets to document, in order; every library target of the package when empty.
    package var targets: [String] = []
    /// Folders or `.symbols.json` files to read, relative to the site, instead of asking the compiler.
    package var symbolGraphs: [String] = []
    /// The site path the reference lives under (`/api/`): a page per module and type below it.
    package var url = "/api/"
    /// Where `api:` is written, for errors about the reference as a whole.
    package var location = SourceLocation(file: "sectionsite.yml")
    /// How deep types may nest in types (a member counts as one level below its type). The deepest real packages
    /// nest a handful of levels; each level is a folder of the output and a crumb on every page below it.
    package var maxNesting = 64
    /// How many members one type may have. swift-syntax's biggest (its visitors: a `visit` and a `visitPost` for
    /// each of a few hundred node kinds) have about a thousand; all of a type's members are on its page.
    package var maxMembers = 10_000
    /// How many symbols the graphs may hold in all: a package as big as swift-syntax has tens of thousands.
    package var maxSymbols = 500_000

    /// The package folder as a URL.
    package func packageFolder(site: URL) -> URL { Self.inSite(package, site: site) }

    /// A path the settings give, relative to the site folder or absolute. Not `URL(fileURLWithPath:relativeTo:)`,
    /// which takes the site's own name for a file, and the path for its sibling, when `site` has no trailing `/`.
    package static func inSite(_ path: String, site: URL) -> URL {
        (path.hasPrefix("/") ? URL(fileURLWithPath: path) : site.appendingPathComponent(path)).standardizedFileURL
    }

    /// The folders the reference may read its symbol graphs and catalogs from: the site's bounds (`readOutside:`
    /// included) and the package this names, when it is one. A folder without `Package.swift` is no package, so
    /// `package: /` does not open the whole disk to a catalog's symbolic links.
    package func sourceBounds(site: URL, config: SiteConfig) -> SourceBounds {
        let folder = packageFolder(site: site)
        let isPackage = FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path)
        return SourceBounds(site: site, outside: config.readOutside + (isPackage ? [folder.path] : []))
    }
}

extension ConfigParser {
    /// `api`: `package` (a folder), `targets` (a list), `symbolGraphs` (files or folders), `url` (a site path),
    /// and the limits on the graphs: `maxNesting`, `maxMembers`, `maxSymbols`.
    static func api(_ node: Node, yaml: YAMLReader) throws -> APISettings {
        var settings = APISettings(location: yaml.location(node))
        for (option, value, optionNode) in try yaml.entries(node, what: "'api'") {
            switch option {
            case "package": settings.package = try yaml.string(value, key: option)
            case "targets": settings.targets = try yaml.strings(value, key: option)
            case "symbolGraphs": settings.symbolGraphs = try yaml.strings(value, key: option)
            case "url":
                let url = try yaml.string(value, key: option)
                guard let path = SitePage.normalizedURL(url), path != "/" else {
                    throw SectionSiteError("'url' must be a site path such as /api/, not '\(url)'", at: yaml.location(value))
                }
                settings.url = path
            case "maxNesting", "maxMembers", "maxSymbols":
                let limit = try yaml.int(value, key: option)
                guard limit > 0 else { throw SectionSiteError("'\(option)' must be more than 0", at: yaml.location(value)) }
                switch option {
                case "maxNesting": settings.maxNesting = limit
                case "maxMembers": settings.maxMembers = limit
                default: settings.maxSymbols = limit
                }
            default:
                throw SectionSiteError(
                    "unknown api option '\(option)' (known: package, targets, symbolGraphs, url, maxNesting, maxMembers, maxSymbols)",
                    at: yaml.location(optionNode))
            }
        }
        return settings
    }
}

/// What an `APIReader` is asked for: the settings' `api:`, the site folder, and the path every link starts with.
package struct APIRequest: Sendable {
    /// The settings' `api:`.
    package var settings: APISettings
    /// The site folder.
    package var site: URL
    /// The path part of `baseURL` (`/` or `/blog/`): what links written into HTML start with.
    package var rootPath: String
    /// Where the reader may read: every graph and catalog file is checked here, symbolic links resolved.
    package var bounds: SourceBounds
}

/// What an `APIReader` makes: the reference's pages, and each symbol's site path by the paths ``` ``links`` ``` in
/// the site's Markdown name it with (`Book`, `Book/isbn`, `Shelf/Book/isbn`; the module alone for its page).
package struct APIReference: Sendable {
    /// The pages.
    package var pages: [SitePage]
    /// Site paths (`/api/shelf/book/#isbn`) by symbol path, and the catalogs' articles.
    package var symbols: SymbolLinks
    /// What the build should say but not stop for (a catalog's topic that names nothing).
    package var warnings: [Diagnostic]
    /// How long the toolchain took to write the symbol graphs, when it was asked to.
    package var toolchainSeconds: Double?

    /// Creates a reference.
    package init(pages: [SitePage], symbols: SymbolLinks, warnings: [Diagnostic] = [], toolchainSeconds: Double? = nil) {
        (self.pages, self.symbols, self.warnings, self.toolchainSeconds) = (pages, symbols, warnings, toolchainSeconds)
    }
}

/// What ``` ``Symbol`` ``` and `<doc:Article>` links in Markdown resolve to.
package struct SymbolLinks: Sendable, Equatable {
    /// An article of a DocC catalog: its page's site path and its title, which `<doc:Name>` is shown as.
    package struct Article: Sendable, Equatable {
        package var path: String
        package var title: String

        package init(path: String, title: String) { (self.path, self.title) = (path, title) }
    }

    /// Site paths by symbol path: `Book`, `Book/isbn`, `Shelf/Book/isbn`; a module's name for its page.
    package var paths: [String: String]
    /// Articles by the names `doc:` links give them: `GettingStarted` and `Shelf/GettingStarted`.
    package var articles: [String: Article]

    /// The DocC catalogs' pictures by the name an article or doc comment shows them by (`![](repeat.png)`,
    /// `![](repeat)`): a path from the site.
    package var pictures: [String: String] = [:]

    package init(paths: [String: String] = [:], articles: [String: Article] = [:]) {
        (self.paths, self.articles) = (paths, articles)
    }

    /// The article a `doc:` link names (`doc:GettingStarted`, `doc:Shelf/GettingStarted`,
    /// `doc:GettingStarted#Install`) and the fragment it keeps; nil for a link that is no `doc:` link or names no
    /// article.
    package func article(_ url: String) -> (article: Article, fragment: String)? {
        guard let (module, name, fragment) = Self.articleName(url),
            let article = module.flatMap({ articles[$0 + "/" + name] }) ?? articles[name]
        else { return nil }
        return (article, fragment)
    }

    /// What a `doc:` link names: the module when it gives one, the article's file name, and the fragment
    /// (`doc:Shelf/GettingStarted#install`, `doc:/documentation/Shelf/GettingStarted`); nil for any other link.
    package static func articleName(_ url: String) -> (module: String?, name: String, fragment: String)? {
        guard url.hasPrefix("doc:") else { return nil }
        var name = Substring(url.dropFirst(4))
        var fragment = ""
        if let hash = name.firstIndex(of: "#") {
            fragment = String(name[hash...])
            name = name[..<hash]
        }
        while name.hasPrefix("/") { name = name.dropFirst() }
        if name.hasPrefix("documentation/") { name = name.dropFirst("documentation/".count) }
        let parts = name.split(separator: "/").map(String.init)
        guard let last = parts.last else { return nil }
        return (parts.count > 1 ? parts[0] : nil, last, fragment)
    }
}

/// Makes the pages of a Swift package's API reference from the settings' `api:`: `APIReader.symbolGraphs` from
/// `SectionSiteAPI`, or one of a program's own. A plug-in, as `Highlighter` is, so that the engine needs neither
/// SymbolKit nor the compiler.
public struct APIReader: Sendable, Equatable {
    /// What the reader is called, for messages.
    public var name: String
    /// Makes the reference; errors are located.
    let make: @Sendable (APIRequest) throws -> APIReference

    /// A reader that makes pages from what it is asked.
    package init(name: String, make: @escaping @Sendable (APIRequest) throws -> APIReference) {
        (self.name, self.make) = (name, make)
    }

    /// The reference.
    package func reference(_ request: APIRequest) throws -> APIReference { try make(request) }

    /// Two readers are the same when their names are.
    public static func == (lhs: APIReader, rhs: APIReader) -> Bool { lhs.name == rhs.name }
}
