/// Each language's search index: the shards under `search/` (`SearchShards`) and, up to
/// `SearchShards.jsonPageLimit` pages unless the settings say otherwise, `search.json` (`SearchIndex`).
extension SiteOutput {
    /// The folder of a language's files in the output: `` for the default language, `fr/` for another.
    private func languageFolder(_ code: LanguageCode) -> String {
        let prefix = site.config.languages.prefix(code)
        return prefix.isEmpty ? "" : String(prefix.dropFirst()) + "/"
    }

    /// A language's published pages, in URL order (every one is rendered: `published` is the index's list).
    private func searchedPages(_ code: LanguageCode) -> [LoadedPage] {
        let languages = site.config.languages
        let pages =
            languages.isMultilingual
            ? site.content.published.filter { $0.listing.language == code } : Array(site.content.published)
        return pages.sorted { $0.listing.url < $1.listing.url }
    }

    /// Whether a language of `count` pages gets a `search.json`.
    func writesJSON(_ count: Int) -> Bool {
        site.config.searchJSON ?? (count <= SearchShards.jsonPageLimit)
    }

    /// A language's shards, made once and kept until the site's next change: updated from the index this site had
    /// before, or the one the previous build saved (`searchBase`), when there is one.
    private func shards(_ code: LanguageCode, of pages: [LoadedPage]) -> SearchShards {
        site.searchMemo.withLock { made in
            if let shards = made[code] { return shards }
            let versions = site.config.versions
            let index = site.content.versions
            made[code] = SearchShards(
                pages, folder: languageFolder(code),
                versions: versions.searchAll
                    ? nil
                    : versions.latest.map { latest in
                        (versions.list.map(\.name), latest.name, { index.place($0)?.version.name })
                    },
                previous: site.searchBase[code])
            return made[code]!
        }
    }

    /// Each language's index as the base of the next: the one made since the last change, else the one it would
    /// have been updated from (`carried`: a build that found nothing changed makes none).
    func searchBases(carried: Bool) -> [LanguageCode: SearchShards.Base] {
        let made = site.searchMemo.withLock { $0.mapValues(\.base) }
        return carried ? site.searchBase.merging(made) { _, new in new } : made
    }

    /// The search files made since the last change whose text is the one the index they were updated from made.
    func searchFilesAsBefore() -> Set<OutputPath> {
        site.searchMemo.withLock { made in made.values.reduce(into: Set()) { $0.formUnion($1.unchanged) } }
    }

    /// The paths of a language's search index; the shards' depend on the words of its pages.
    func searchPaths(_ code: LanguageCode) -> [OutputPath] {
        guard site.config.search else { return [] }
        let pages = searchedPages(code)
        return (writesJSON(pages.count) ? [OutputPath(languageFolder(code) + "search.json")] : [])
            + shards(code, of: pages).paths
    }

    /// The files of a language's search index, or those `wanted` says.
    func searchFiles(_ code: LanguageCode, wanted: (OutputPath) -> Bool = { _ in true }) -> [OutputFile] {
        guard site.config.search else { return [] }
        let pages = searchedPages(code)
        let json = OutputPath(languageFolder(code) + "search.json")
        var files: [OutputFile] = []
        if writesJSON(pages.count), wanted(json) {
            files.append(
                OutputFile(
                    path: json, contents: .text(SearchIndex.json(pages, config: site.config)),
                    origin: "the search index"))
        }
        // A build makes each shard as it writes it (`storage`); the preview, which serves one, makes it at once.
        return files
            + shards(code, of: pages).files(config: site.config, later: site.options.storage != nil, wanted: wanted)
    }

    /// The language whose search index an output path would be in, if any: the preview makes that one alone.
    func searchLanguage(of path: OutputPath) -> LanguageCode? {
        guard site.config.search else { return nil }
        let codes = site.config.languages.codes
        return codes.first { code in
            let folder = languageFolder(code)
            return !folder.isEmpty
                && (path.rawValue == folder + "search.json" || path.rawValue.hasPrefix(folder + "search/"))
        }
            ?? ((path.rawValue == "search.json" || path.rawValue.hasPrefix("search/"))
                ? site.config.languages.defaultCode : nil)
    }
}
