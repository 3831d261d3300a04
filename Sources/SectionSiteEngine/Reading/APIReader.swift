import Foundation

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
    package init(pages: [SitePage], symbols: SymbolLinks, warnings: [Diagnostic] = [], toolchainSeconds: Double? = nil)
    {
        (self.pages, self.symbols, self.warnings, self.toolchainSeconds) = (pages, symbols, warnings, toolchainSeconds)
    }
}

/// What ``` ``Symbol`` ``` and `<doc:Article>` links in Markdown resolve to.
package struct SymbolLinks: Sendable, Equatable {
    /// An article of a DocC catalog: its page's URL and its title, which `<doc:Name>` is shown as.
    package struct Article: Sendable, Equatable {
        package var url: PageURL
        package var title: String

        package init(url: PageURL, title: String) { (self.url, self.title) = (url, title) }
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
    package func article(_ link: String) -> (article: Article, fragment: String)? {
        guard let (module, name, fragment) = Self.articleName(link),
            let article = module.flatMap({ articles[$0 + "/" + name] }) ?? articles[name]
        else { return nil }
        return (article, fragment)
    }

    /// What a `doc:` link names: the module when it gives one, the article's file name, and the fragment
    /// (`doc:Shelf/GettingStarted#install`, `doc:/documentation/Shelf/GettingStarted`); nil for any other link.
    package static func articleName(_ link: String) -> (module: String?, name: String, fragment: String)? {
        guard link.hasPrefix("doc:") else { return nil }
        var name = Substring(link.dropFirst(4))
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
