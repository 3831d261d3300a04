/// The site-wide files every build writes: `sitemap.xml` (with languages, an index of each one's sitemap), the Atom
/// feed `feed.xml` and one per tag.
enum SiteIndexes {
    /// How many of the newest dated pages the Atom feed lists.
    static let atomEntries = 30

    /// The sitemap of every page, by URL; a page with translations lists each (itself too) as an alternate, and
    /// the default language's as `x-default`.
    static func sitemap(
        _ pages: some Collection<RenderedPage>, alternates: [String: [Translation]] = [:], config: SiteConfig
    ) -> String {
        var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        xml += #"<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9""#
        if config.languages.isMultilingual { xml += #" xmlns:xhtml="http://www.w3.org/1999/xhtml""# }
        xml += ">\n"
        for page in pages.sorted(by: { $0.url < $1.url }) {
            xml += "  <url><loc>\(HTML.escape(config.absoluteURL(page.url.rawValue)))</loc>"
            if let date = page.date { xml += "<lastmod>\(date.isoDate)</lastmod>" }
            for (hreflang, url) in Translation.alternates(alternates[page.url.rawValue] ?? [], config: config) {
                xml +=
                    #"<xhtml:link rel="alternate" hreflang="\#(hreflang)" "#
                    + #"href="\#(HTML.escape(config.absoluteURL(url)))"/>"#
            }
            xml += "</url>\n"
        }
        return xml + "</urlset>\n"
    }

    /// The sitemap files of a site whose pages (in URL order) are grouped by language (one group, keyed by the
    /// default language, without languages), at most `limit` URLs a file: `sitemap.xml` alone when it holds them
    /// all in one language; else `sitemap-N.xml` (one language) or `sitemap-<code>.xml`, `sitemap-<code>-N.xml`
    /// (languages), which `sitemap.xml` then lists. Files are at the root so that they may list any URL.
    static func sitemapFiles<Page>(
        _ groups: [(code: LanguageCode, pages: [Page])], multilingual: Bool, limit: Int
    ) -> [(path: OutputPath, pages: ArraySlice<Page>)] {
        var files: [(path: OutputPath, pages: ArraySlice<Page>)] = []
        for (code, pages) in groups {
            let chunks = stride(from: 0, to: max(pages.count, 1), by: limit).map {
                pages[$0..<min($0 + limit, pages.count)]
            }
            let name = multilingual ? "sitemap-\(code)" : "sitemap"
            if chunks.count == 1 {
                files.append((OutputPath(multilingual ? name + ".xml" : "sitemap.xml"), chunks[0]))
            } else {
                for (number, chunk) in chunks.enumerated() {
                    files.append((OutputPath("\(name)-\(number + 1).xml"), chunk))
                }
            }
        }
        return files
    }

    /// `sitemap.xml` as an index of the sitemap files, each with the newest date of its pages.
    static func sitemapIndex(
        _ files: [(path: OutputPath, pages: ArraySlice<RenderedPage>)], config: SiteConfig
    ) -> String {
        var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        xml += #"<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">"# + "\n"
        for file in files {
            xml += "  <sitemap><loc>\(HTML.escape(config.absoluteURL("/" + file.path.rawValue)))</loc>"
            if let newest = file.pages.compactMap(\.date).max() { xml += "<lastmod>\(newest.isoDate)</lastmod>" }
            xml += "</sitemap>\n"
        }
        return xml + "</sitemapindex>\n"
    }

    /// An Atom feed of the newest dated pages of `pages`, for the site page at `page` (`/`, or a tag's page) and
    /// written beside it as `feed.xml`.
    static func atom(_ pages: [RenderedPage], title: String, page: String, config: SiteConfig) -> String {
        let dated = pages.filter { $0.date != nil }.sorted {
            $0.date! != $1.date! ? $1.date! < $0.date! : $0.url < $1.url
        }.prefix(atomEntries)
        let updated = dated.first?.date?.rfc3339 ?? "1970-01-01T00:00:00Z"
        let home = HTML.escape(config.absoluteURL(page))
        var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        xml += #"<feed xmlns="http://www.w3.org/2005/Atom">"# + "\n"
        xml += "  <title>\(HTML.escape(title))</title>\n"
        xml += "  <id>\(home)</id>\n"
        xml += #"  <link href="\#(home)"/>"# + "\n"
        xml += #"  <link rel="self" href="\#(HTML.escape(config.absoluteURL(page + "feed.xml")))"/>"# + "\n"
        xml += "  <updated>\(updated)</updated>\n"
        xml += "  <author><name>\(HTML.escape(config.data["author"]?.scalarText ?? config.title))</name></author>\n"
        for page in dated {
            let link = HTML.escape(config.absoluteURL(page.url.rawValue))
            xml += "  <entry>\n"
            xml += "    <title>\(HTML.escape(page.title))</title>\n"
            xml += "    <id>\(link)</id>\n"
            xml += #"    <link href="\#(link)"/>"# + "\n"
            xml += "    <updated>\(page.date!.rfc3339)</updated>\n"
            if !page.summary.isEmpty { xml += "    <summary>\(HTML.escape(page.summary))</summary>\n" }
            xml += "  </entry>\n"
        }
        return xml + "</feed>\n"
    }
}
