/// Aliases: each earlier URL of a page (front matter `aliases`) gets a small page that sends readers on to the
/// page, with a canonical link for search engines and a refresh for browsers.
extension Site {
    /// The alias pages of every rendered page, in the order of their pages' paths.
    func aliasFiles() -> [OutputFile] {
        aliases().map { aliasFile($0.alias, of: $0.page) }
    }

    /// The alias page at an output path, if there is one (the preview serves it without making the others).
    func aliasFile(at path: String) -> OutputFile? {
        aliases().first { $0.alias.outputPath == path }.map { aliasFile($0.alias, of: $0.page) }
    }

    /// Every alias of every rendered page, with its page, in the order of the pages' paths.
    func aliases() -> [(alias: Page.Alias, page: Page)] {
        // `published` is sorted by path and holds every page that is rendered.
        published.filter(\.listing.hasAliases).flatMap { loaded -> [(alias: Page.Alias, page: Page)] in
            let page = loaded.page
            guard urls[page.path] != nil else { return [] }
            return page.aliases.map { ($0, page) }
        }
    }

    private func aliasFile(_ alias: Page.Alias, of page: Page) -> OutputFile {
        let html = Self.aliasPage(title: pages[page.url]?.title ?? page.title, url: page.url, config: config)
        return OutputFile(path: alias.outputPath, contents: .text(html), origin: page.path)
    }

    /// Throws at the first alias (in file order) that is the URL of a page or an alias of another page.
    func checkAliases() throws {
        var seen: [String: Page.Alias] = [:]
        for (alias, _) in aliases() {
            if let other = pages[alias.url] {
                throw SectionSiteError(
                    "alias '\(alias.url)' is the URL of a page (\(other.path)); an alias needs a URL of its own",
                    at: alias.location)
            }
            if let earlier = seen[alias.outputPath] {
                throw SectionSiteError(
                    "alias '\(alias.url)' is given twice", at: alias.location,
                    notes: [.init(location: earlier.location, message: "'\(earlier.url)' first given here")])
            }
            seen[alias.outputPath] = alias
        }
    }

    /// The page an alias gets: the title of the page it sends to, a canonical link, a refresh, a visible link.
    static func aliasPage(title: String, url: String, config: SiteConfig) -> String {
        let link = HTML.escape(config.link(url))
        let title = HTML.escape(title)
        return """
            <!doctype html>
            <html lang="\(HTML.escape(config.language))">
            <head>
            <meta charset="utf-8">
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
