import Foundation
/// The settings of `sectionsite.yml`; every key is optional.
package struct SiteConfig: Sendable, Equatable {
    /// The site's title.
    var title: String = "Untitled site"
    /// Where the site is deployed, ending in `/` (`https://example.com/blog/`, or `/`).
    var baseURL: String = "/" { didSet { rootPath = Self.path(of: baseURL) } }
    /// The path part of `baseURL`, ending in `/`: the prefix of every link in the output. Kept, not computed on
    /// each use: every link of every page starts with it.
    package private(set) var rootPath = "/"
    /// The theme folder under `Themes/`.
    var theme: String = "default"
    /// The layout of the pages of a folder that name none (`layouts: {docs: docs, /: page}`), by folder inside
    /// `Content/` (or a language's folder), the longest that holds the page winning; with where each is written.
    var layouts: [String: FolderLayout] = [:]
    /// A layout `layouts:` names, and where.
    struct FolderLayout: Sendable, Equatable {
        var layout: String
        var location: SourceLocation
    }

    /// Directives drawn by another directive's template (`directives: {def: callout}`: `@Def` is drawn as
    /// `@Callout`), by lowercased name: how an imported site's shortcodes, written with their own names, are mapped to
    /// the theme's components, and remapped by hand.
    var directiveAliases: [String: FolderLayout] = [:]

    /// The layout `layouts:` gives a page of `folder` (`docs/concepts`), if any.
    func layout(forFolder folder: String) -> FolderLayout? {
        var path = folder
        while true {
            if let found = layouts[path] { return found }
            guard !path.isEmpty else { return nil }
            path = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : ""
        }
    }
    /// The language of the pages (`en`).
    var language: LanguageCode = "en"
    /// Smart punctuation in Markdown.
    var smartPunctuation = true
    /// Whether attribute lists (`## Title {#id}`, kramdown's `{: .class}`) set attributes (`markdown.attributes`).
    var markdownAttributes = true
    /// Raw HTML in Markdown is passed through only when this is on.
    var unsafeHTML = false
    /// How many earlier versions of a page keep a patch in the feed.
    package var feedKeep = 20
    /// Every how many seconds a deployed page revalidates its `head.json` while visible; 0 only when the reader
    /// comes back to the tab.
    var feedPoll = 0
    /// Where deployed pages subscribe to their pushed patches (`feed: {live: URL}`): a pub/sub server's subscriber
    /// location, to which each page adds its URL for its channel; nil for none.
    var feedLive: String?
    /// How many pages a tag page lists before the rest go to `page/2/` and on; nil lists them all on one page.
    var tagsPaginate: Int? = 10
    /// Whether the build writes a search index: the shards under `search/` the search box reads, and `search.json`.
    var search = true
    /// Whether the build writes `search.json` beside the shards (`search: {json: true/false}`); nil writes it for a
    /// language of at most `SearchShards.jsonPageLimit` pages.
    var searchJSON: Bool?
    /// The most URLs one sitemap file lists (`sitemap: {urls: N}`); past it, `sitemap.xml` is an index of files of
    /// at most this many. 50,000 is the most the sitemap protocol, and so search engines, take.
    var sitemapURLs = Self.sitemapURLLimit
    /// The most URLs the sitemap protocol lets one file list.
    static let sitemapURLLimit = 50_000
    /// How many characters of each page's text the search index holds; nil for all of it.
    var searchText: Int? = 1000
    /// Whether `build` and `check` treat every warning as an error (as `--strict` does), for CI.
    package var strict = false
    /// The site-wide animation of patches.
    var animation: AnimationConfiguration? = nil
    /// What the preview's edit mode allows in sections that say nothing (`edit:`); nothing unless set.
    package var edit = EditRules.none
    /// How pictures are processed (`images`).
    var images = ImageSettings()
    /// Where pages go, by top-level folder (`permalinks`), and in which language (`languages`).
    var permalinks = Permalinks()
    /// The site's languages (`languages:`); a site without them has one, `language`.
    package var languages: SiteLanguages { permalinks.languages }
    /// Folders outside the site that its symbolic links may lead to (`readOutside: [../photos]`), relative to the
    /// site or absolute; by default a site reads only its own files (`SourceBounds`).
    package var readOutside: [String] = []
    /// The folders this site's sources may be read from.
    package func sourceBounds(site: URL) -> SourceBounds { SourceBounds(site: site, outside: readOutside) }
    /// The Swift package whose API reference the site holds (`api:`), if any.
    package var api: APISettings?
    /// The documentation's versions (`versions:`); none unless the settings list them.
    package var versions = SiteVersions()
    /// Every key of the file, for templates (`site.menu`, say).
    var data: [String: Value] = [:]

    /// The default settings.
    init() {}

    /// The settings as a language's pages see them: its code, and every setting it gives (`title`, `menu` ...) in
    /// place of the site's. The same settings for a site without `languages:`.
    package func localized(_ code: LanguageCode) -> SiteConfig {
        guard let language = languages.language(code) else { return self }
        var config = self
        config.language = code
        for (key, value) in language.settings {
            config.data[key] = value
            if key == "title", let title = value.scalarText { config.title = title }
        }
        return config
    }

    /// The site path of the language's home (`/fr/`, `/` for the default one).
    package var languageHome: String { languages.prefix(language) + "/" }

    /// The path part of a base URL, ending in `/`.
    private static func path(of baseURL: String) -> String {
        var path = baseURL
        if let scheme = path.range(of: "://") {
            let afterScheme = path[scheme.upperBound...]
            path = afterScheme.firstIndex(of: "/").map { String(afterScheme[$0...]) } ?? "/"
        }
        if !path.hasPrefix("/") { path = "/" + path }
        if !path.hasSuffix("/") { path += "/" }
        // `https://example.org//` means the root: `//x` would be a link to the host `x`.
        while path.contains("//") { path = path.replacingOccurrences(of: "//", with: "/") }
        return path
    }

    /// A site path (`/posts/a/`) as the sitemap and feed write it: `baseURL` joined with it when `baseURL` is
    /// absolute (`https://example.com/blog/posts/a/`), else the path under the root (`/blog/posts/a/`).
    func absoluteURL(_ url: String) -> String {
        (origin ?? "") + link(url)
    }

    /// `scheme://host[:port]` of `baseURL`, or nil when it is a path alone.
    var origin: String? {
        // Found in the bytes: the sitemap and feeds ask for every page's absolute URL.
        let utf8 = baseURL.utf8
        var index = utf8.startIndex
        while let colon = utf8[index...].firstIndex(of: UInt8(ascii: ":")) {
            if utf8[colon...].starts(with: "://".utf8) {
                let host = utf8.index(colon, offsetBy: 3)
                return String(baseURL[..<(utf8[host...].firstIndex(of: UInt8(ascii: "/")) ?? utf8.endIndex)])
            }
            index = utf8.index(after: colon)
        }
        return nil
    }

    /// A site path (`/posts/a/`) under the root path (`/blog/posts/a/`).
    package func link(_ url: String) -> String {
        // By bytes: a page links every language, every tag and every menu entry through here.
        let slash = url.utf8.firstIndex { $0 != UInt8(ascii: "/") } ?? url.utf8.endIndex
        return rootPath + url[slash...]
    }
}
