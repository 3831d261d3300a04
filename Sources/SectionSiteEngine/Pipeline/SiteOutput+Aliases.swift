import HashTreeCollections
/// Aliases: each earlier URL of a page (front matter `aliases`) gets a small page that sends readers on to the
/// page, with a canonical link for search engines and a refresh for browsers; so does each page of the latest of
/// the documentation's versions at its `latest` address (`/docs/latest/guide/` for `/docs/2.1/guide/`).
extension SiteOutput {
    /// The alias pages of every rendered page, in the order of their pages' paths.
    func aliasFiles() -> [OutputFile] {
        aliases().map { aliasFile($0.alias, of: $0.page) }
    }

    /// The alias page at an output path, if there is one (the preview serves it without making the others).
    package func aliasFile(at path: OutputPath) -> OutputFile? {
        aliases().first { $0.alias.outputPath == path }.map { aliasFile($0.alias, of: $0.page) }
    }

    /// The alias pages written: every alias of every rendered page, with its page, in the order of the pages'
    /// paths, less those that lose a conflict (`aliasConflicts()`).
    func aliases() -> [(alias: Page.Alias, page: Page)] {
        resolveAliases().written
    }

    /// A warning for each alias that is not written, naming the page or file that has its URL instead.
    ///
    /// Real sites carry such conflicts for months, and other generators build them, so they do not stop a build:
    /// a page at the URL keeps it, as does a file of `Static/` or the theme; of two pages that give one alias,
    /// the first in path order sends readers on (the same page giving it twice, its first mention).
    func aliasConflicts() -> [Diagnostic] {
        resolveAliases().conflicts
    }

    private func resolveAliases() -> (written: [(alias: Page.Alias, page: Page)], conflicts: [Diagnostic]) {
        var written: [(alias: Page.Alias, page: Page)] = []
        var conflicts: [Diagnostic] = []
        var first: [OutputPath: (alias: Page.Alias, page: Page)] = [:]  // by output path
        // In path order; a page that is published is rendered, unless another takes its URL.
        for source in site.content.aliased.sorted() where site.output.urls[source] != nil {
            let loaded = site.loaded[source]!
            let page = loaded.page
            for alias in page.aliases {
                // `/about/index.html` is the file of the page at `/about/`.
                let folder =
                    alias.url.hasSuffix("/index.html") ? PageURL(String(alias.url.dropLast("index.html".count))) : nil
                if let other = site.pages[PageURL(alias.url)] ?? folder.flatMap({ site.pages[$0] }) {
                    let because = "it is the URL of a page (\(other.source)), which keeps it"
                    conflicts.append(SiteProblem.aliasNotWritten(alias: alias.url, because: because).at(alias.location))
                } else if let file = site.files[alias.outputPath] {
                    let because = "\(file.origin) is written at \(alias.outputPath)"
                    conflicts.append(SiteProblem.aliasNotWritten(alias: alias.url, because: because).at(alias.location))
                } else if let earlier = first[alias.outputPath] {
                    let who = earlier.page.source == page.source ? "this page" : earlier.page.source.description
                    let first = Diagnostic.Note(
                        location: earlier.alias.location, message: "'\(earlier.alias.url)' first given here")
                    conflicts.append(
                        SiteProblem.aliasGivenAgain(alias: alias.url, firstBy: who).at(alias.location, notes: [first]))
                } else {
                    first[alias.outputPath] = (alias, page)
                    written.append((alias, page))
                }
            }
        }
        for (alias, page) in latestAddresses() where site.pages[PageURL(alias.url)] == nil {
            guard site.files[alias.outputPath] == nil, first[alias.outputPath] == nil else { continue }
            first[alias.outputPath] = (alias, page)
            written.append((alias, page))
        }
        return (written, conflicts)
    }

    /// The `latest` address of each page of the latest version: its URL with the version's segment read `latest`,
    /// in path order. A page or file already there keeps the address.
    private func latestAddresses() -> [(alias: Page.Alias, page: Page)] {
        let versions = site.config.versions
        guard let latest = versions.latest else { return [] }
        let index = site.content.versions
        var addresses: [(alias: Page.Alias, page: Page)] = []
        for source in index.members.sorted() where site.output.urls[source] != nil {
            guard let page = site.loaded[source]?.page, index.place(page)?.version.name == latest.name else { continue }
            let language = site.config.languages.prefix(page.language)
            let versioned = language + URLPath.encoded(versions.root(latest.name))
            guard page.url.rawValue.hasPrefix(versioned) else { continue }  // a page at a URL of its own
            let url =
                language + URLPath.encoded(versions.root("latest")) + page.url.rawValue.dropFirst(versioned.count)
            // The one check of alias addresses: nothing that leads out of the output.
            guard URLPath.escape(url: url) == nil else { continue }
            addresses.append((Page.Alias(url: url, location: page.location), page))
        }
        return addresses
    }

    private func aliasFile(_ alias: Page.Alias, of page: Page) -> OutputFile {
        var config = site.config
        // The lang of the page it sends to.
        config.language = page.language.rawValue.isEmpty ? config.language : page.language
        let html = Self.aliasPage(
            title: site.pages[page.url]?.title ?? page.title, url: page.url.rawValue, config: config)
        return OutputFile(path: alias.outputPath, contents: .text(html), origin: page.source.description)
    }

    /// The page an alias gets: the title of the page it sends to, a canonical link, a refresh, a visible link, and a
    /// script that sends readers on with the link's fragment (`/docs/latest/guide/#setup` to the heading), which a
    /// refresh drops.
    static func aliasPage(title: String, url: String, config: SiteConfig) -> String {
        let link = HTML.escape(config.link(url))
        let title = HTML.escape(title)
        // A JavaScript string (JSON's), with no `</` to end the script element.
        let script = JSONWriter.quoted(config.link(url)).replacing(bytesOf: "</", with: "<\\/")
        return """
            <!doctype html>
            <html lang="\(HTML.escape(config.language.rawValue))">
            <head>
            <meta charset="utf-8">
            <script>location.replace(\(script) + location.hash)</script>
            <title>\(title)</title>
            <link rel="canonical" href="\(HTML.escape(config.absoluteURL(url)))">
            <meta name="robots" content="noindex">
            <meta http-equiv="refresh" content="0; url=\(link)">
            </head>
            <body>
            <p>This page has moved to <a href="\(link)">\(title)</a>.</p>
            </body>
            </html>

            """
    }
}
