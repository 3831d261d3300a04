import Foundation
import HashTreeCollections

/// The output as one listing, assembled from the site's state: every file a build writes but the patch feed (pages
/// by URL, the files of `Static/`, `Content/` and the theme's assets, the files made from pictures, alias pages, the
/// sitemap, the Atom feeds and the search index). A build takes all of it (`files`), the link check its paths
/// (`paths`), the preview one file at a time (`file(at:)`); a test holds the three to the same list.
package struct SiteOutput {
    /// The site it works on.
    let site: Site

    /// Works on `site`.
    package init(_ site: Site) {
        self.site = site
    }

    /// Every output file but the patch feed: the pages by URL, the other files as found, and the sitemap, feeds
    /// and search index (`indexes()`), unless they are given (a build that found nothing changed since its record
    /// lists the record's as unchanged: making the search index at 10,000 pages to find it the same took over half
    /// of such a build).
    func files(indexes given: [OutputFile]? = nil) -> [OutputFile] {
        let sorted = site.pages.values.sorted { $0.url < $1.url }
        return sorted.map {
            OutputFile(path: OutputPath(page: $0.url), contents: $0.contents, origin: $0.source.description)
        }
            + PicturePhase.published(by: site) + aliasFiles() + versionChangesFiles() + (given ?? indexes(sorted))
    }

    /// The path of every file `files()` lists, without making their contents.
    func paths() -> Set<OutputPath> {
        var paths = Set(site.pages.keys.map { OutputPath(page: $0) })
        paths.formUnion(PicturePhase.published(by: site).map(\.path))
        paths.formUnion(aliases().map(\.alias.outputPath))
        paths.formUnion(versionChangesPages().map(\.path))
        paths.formUnion(indexPaths())
        return paths
    }

    /// The paths of the files `indexes()` makes; without `search`, those of the search index left out (they
    /// depend on every page's words).
    private func indexPaths(search: Bool = true) -> [OutputPath] {
        let languages = site.config.languages
        let sitemaps = sitemapFiles(byLanguage(Array(site.pages.values)))  // the paths depend on counts alone: no sort
        return (sitemaps.count > 1 || languages.isMultilingual ? [OutputPath("sitemap.xml")] : [])
            + sitemaps.map(\.path)
            + languages.codes.flatMap { code in
                let folder = String(languages.prefix(code).dropFirst()) + (languages.prefix(code).isEmpty ? "" : "/")
                return [OutputPath(folder + "feed.xml")] + (search ? searchPaths(code) : [])
            }
            + site.content.allTags(languages).map { TagPages.feedPath($0.url) }
    }

    /// The sitemap, the Atom feed, the search index and each tag's Atom feed (`tags/<slug>/feed.xml`) of the
    /// current pages.
    func indexes() -> [OutputFile] {
        indexes(site.pages.values.sorted { $0.url < $1.url })
    }

    /// The file `files()` lists at an output path, made alone: what the preview serves, one request at a
    /// time (making every file, a 16 MB search index among them at 10,000 pages, to answer for one would not do).
    package func file(at path: OutputPath) -> OutputFile? {
        if let url = path.page, let page = site.pages[url] {
            return OutputFile(path: path, contents: page.contents, origin: page.source.description)
        }
        if let image = site.imageFiles[path] { return image }
        if let file = site.files[path], !site.processedSources.contains(file.origin) { return file }
        return indexFile(at: path) ?? aliasFile(at: path) ?? versionChangesFile(at: path)
    }

    /// Each translated page's translations by URL, for the sitemap's alternates.
    private func sitemapAlternates() -> [String: [Translation]] {
        var alternates: [String: [Translation]] = [:]
        for page in site.content.published {
            let translations = site.content.translations.of(page.page, languages: site.config.languages)
            if !translations.isEmpty { alternates[page.listing.url.rawValue] = translations }
        }
        return alternates
    }

    /// The pages by language, in the order given (a site without languages: every page under the default
    /// language).
    private func byLanguage(_ sorted: [RenderedPage]) -> [LanguageCode: [RenderedPage]] {
        let languages = site.config.languages
        guard languages.isMultilingual else { return [languages.defaultCode: sorted] }
        var languageOf: [String: LanguageCode] = [:]
        for page in site.content.published { languageOf[page.listing.url.rawValue] = page.listing.language }
        for page in site.content.generated.values { languageOf[page.page.url.rawValue] = page.page.language }
        var rendered: [LanguageCode: [RenderedPage]] = [:]
        for page in sorted {
            rendered[languageOf[page.url.rawValue] ?? languages.defaultCode, default: []].append(page)
        }
        return rendered
    }

    /// The sitemap files and the pages of each (see `SiteIndexes.sitemapFiles`), `sitemap.xml` as their index
    /// not among them unless it is the only one.
    private func sitemapFiles(
        _ rendered: [LanguageCode: [RenderedPage]]
    ) -> [(path: OutputPath, pages: ArraySlice<RenderedPage>)] {
        let languages = site.config.languages
        return SiteIndexes.sitemapFiles(
            languages.codes.map { ($0, (rendered[$0] ?? []).filter(inSitemap)) },
            multilingual: languages.isMultilingual,
            limit: site.config.sitemapURLs)
    }

    /// Whether the sitemap lists a page: every page but those of a version other than the latest, unless the
    /// settings ask for every version (`versions.sitemap: all`); search engines are given one copy of each.
    private func inSitemap(_ rendered: RenderedPage) -> Bool {
        let versions = site.config.versions
        guard !versions.isEmpty, !versions.sitemapAll, let page = site.loaded[rendered.source]?.page,
            let version = site.content.versions.place(page)?.version
        else { return true }
        return version.name == versions.latest?.name
    }

    /// The one file of `indexes()` at this output path, made alone.
    func indexFile(at path: OutputPath) -> OutputFile? {
        if let code = searchLanguage(of: path) { return searchFiles(code, wanted: { $0 == path }).first }
        guard indexPaths(search: false).contains(path) else { return nil }
        return indexes(site.pages.values.sorted { $0.url < $1.url }, only: path).first
    }

    /// The files of `indexes()`, or only the one at `only`.
    private func indexes(_ sorted: [RenderedPage], only: OutputPath? = nil) -> [OutputFile] {
        func wanted(_ path: OutputPath) -> Bool { only == nil || only == path }
        var files: [OutputFile] = []
        let config = site.config
        let languages = config.languages
        // Each language's pages: its sitemap, feed and search index (a site without languages: every page).
        let rendered = byLanguage(sorted)
        // The sitemap: one file, or `sitemap.xml` an index of files of at most `sitemap.urls` URLs each, one set
        // per language in a site with languages (with every page's alternates, one file grows as pages times
        // translations: 53 MB for 38,404 pages in 39 languages, over the 50 MB a search engine reads of one).
        let sitemaps = sitemapFiles(rendered)
        if sitemaps.count > 1 || languages.isMultilingual, wanted(OutputPath("sitemap.xml")) {
            files.append(
                OutputFile(
                    path: OutputPath("sitemap.xml"),
                    contents: .text(SiteIndexes.sitemapIndex(sitemaps, config: config)), origin: "the sitemap"))
        }
        let wantedSitemaps = sitemaps.filter { wanted($0.path) }
        let alternates = wantedSitemaps.isEmpty || !languages.isMultilingual ? [:] : sitemapAlternates()
        for sitemap in wantedSitemaps {
            let xml = later { SiteIndexes.sitemap(sitemap.pages, alternates: alternates, config: config) }
            files.append(OutputFile(path: sitemap.path, contents: xml, origin: "the sitemap"))
        }
        for code in languages.codes {
            let local = config.localized(code)
            let home = local.languageHome
            let feed = OutputPath(String(home.dropFirst()) + "feed.xml")
            if wanted(feed) {
                let pages = rendered[code] ?? []
                let atom = later { SiteIndexes.atom(pages, title: local.title, page: home, config: local) }
                files.append(OutputFile(path: feed, contents: atom, origin: "the Atom feed"))
            }
            files += searchFiles(code, wanted: wanted)
        }
        let tags = site.content.allTags(languages).filter { wanted(TagPages.feedPath($0.url)) }
        guard !tags.isEmpty else { return files }
        var tagged: [PageURL: [RenderedPage]] = [:]  // by tag URL
        for page in site.content.published where !page.listing.isIndex && !page.tagSlugs.isEmpty {
            guard let rendered = site.pages[page.listing.url] else { continue }
            let prefix = languages.prefix(page.listing.language)
            for slug in page.tagSlugs { tagged[TagPages.url(slug, prefix: prefix), default: []].append(rendered) }
        }
        for tag in tags {
            let path = TagPages.feedPath(tag.url)
            let local = config.localized(tag.language)
            let pages = tagged[tag.url] ?? []
            let atom = later {
                SiteIndexes.atom(pages, title: "\(local.title): \(tag.name)", page: tag.url.rawValue, config: local)
            }
            files.append(OutputFile(path: path, contents: atom, origin: "the Atom feed of tag '\(tag.name)'"))
        }
        return files
    }

    /// A file's text, made as it is written by a build (which writes on all cores: the sitemaps and the feeds are
    /// made side by side instead of one after the other), or now for the preview, which serves it at once.
    func later(_ make: @escaping @Sendable () -> String) -> OutputFile.Contents {
        site.options.storage != nil ? .made(.init(make: make)) : .text(make())
    }
}
