import HashTreeCollections

/// What collections, tag pages and navigation are made from, kept in step with the loaded pages: the published
/// pages in path order, the paths of pages that have collections, the tag index and the tag pages it makes, the
/// folder tree, and each collection's order. `update(changed:in:)` brings all of it up to date after pages were
/// loaded or removed; nothing else changes it.
struct ContentIndex: Sendable {
    /// Whether pages marked draft are published (`--drafts`).
    let drafts: Bool
    /// What collections list: the published pages, sorted by path.
    private(set) var published = ObjectList<LoadedPage>()
    /// The paths of pages that have collections, which a change elsewhere may change.
    private(set) var listing: Set<SourceID> = []
    /// The paths of the published pages that have aliases.
    private(set) var aliased: Set<SourceID> = []
    /// The tags of the published pages, by language.
    private(set) var tags: [LanguageCode: TagIndex] = [:]
    /// The tag pages, by path (their URL).
    private(set) var generated: [SourceID: LoadedPage] = [:]
    /// The published pages as folders, by language, for `page.nav`; empty when no template draws navigation.
    private(set) var trees: [LanguageCode: ContentTree] = [:]
    /// The published pages that are translations of each other, by translation key (`Page.translationKey`).
    private(set) var translations = TranslationIndex()
    /// The published pages of the documentation's versions, by their path inside their version.
    private(set) var versions = VersionIndex()
    /// Each collection's members in order, as positions in `published`; emptied when a change may move a page in
    /// any collection (`CollectionOrder.moves`), so that an edit of a page's body sorts nothing.
    var collectionOrders: [CollectionOrder.Key: [Int]] = [:]

    init(drafts: Bool) {
        self.drafts = drafts
    }

    /// Whether a page is published.
    func publishes(_ page: LoadedPage) -> Bool { drafts || !page.page.isDraft }

    /// Whether the page from `source` is published: a search of `published`.
    func publishes(_ source: SourceID) -> Bool {
        let index = published.partitioningIndex { $0.page.source >= source }
        return index < published.count && published[index].page.source == source
    }

    /// Everything anew from every loaded page; `config` names the tag pages.
    mutating func rebuild(from loaded: TreeDictionary<SourceID, LoadedPage>, config: SiteConfig) {
        published = ObjectList(loaded.values.filter(publishes).sorted { $0.page.source < $1.page.source })
        listing = Set(loaded.filter { $0.value.hasCollection }.keys)
        aliased = Set(published.filter(\.listing.hasAliases).map(\.page.source))
        tags = [:]
        translations = TranslationIndex()
        versions = VersionIndex(config)
        for page in published {
            tags[page.page.language, default: TagIndex()].count(page, 1)
            translations.add(page)
            versions.add(page)
        }
        collectionOrders = [:]
        _ = refreshGenerated(loaded, config: config)
    }

    /// Brings everything up to date after the pages at `changed` paths were loaded again or removed; returns the
    /// paths of the tag pages that are new, changed or gone, and of the translations of the changed pages (before
    /// and after), whose list of translations may have changed.
    mutating func update(
        changed: Set<SourceID>, in loaded: TreeDictionary<SourceID, LoadedPage>, config: SiteConfig
    ) -> Set<SourceID> {
        let (keys, versionsMoved, versionsEdited) = replace(changed, in: loaded)
        var affected = refreshGenerated(loaded, config: config).union(
            keys.flatMap { translations.group($0).map(\.source) })
        // A page of a version came, went or moved: every version's switchers may lead elsewhere. One whose text
        // changed: the same page's history in every version (which versions changed it).
        if versionsMoved { affected.formUnion(versions.members) }
        for page in versionsEdited { affected.formUnion(versions.group(of: page)) }
        return affected
    }

    /// Takes the pages now at `changed` paths in place of the ones held (or drops them), without making the tag
    /// pages again: for pages whose tags cannot have changed, like the same pages without their bodies.
    /// Returns the translation keys of the pages before and after, whether a page of a version came, went or
    /// changed its URL, and the pages of a version whose text changed.
    @discardableResult
    mutating func replace(
        _ changed: Set<SourceID>, in loaded: TreeDictionary<SourceID, LoadedPage>
    ) -> (keys: Set<String>, versionsMoved: Bool, versionsEdited: [Page]) {
        var keys = Set<String>()
        var versionsMoved = false
        var versionsEdited: [Page] = []
        for path in changed.sorted() {
            let index = published.partitioningIndex { $0.page.source >= path }
            let present = index < published.count && published[index].page.source == path
            let before = present ? published[index] : nil
            var versioned = false  // whether the page is, or was, of a version
            if present {
                tags[published[index].page.language]?.count(published[index], -1)
                translations.remove(published[index])
                versioned = versions.remove(published[index])
                keys.insert(published[index].page.translationKey)
            }
            let now = loaded[path].flatMap { publishes($0) ? $0 : nil }
            if CollectionOrder.moves(present ? published[index] : nil, now) { collectionOrders = [:] }
            if let now {
                if present {
                    published.replace(at: index, with: now)
                } else {
                    published.insert(now, at: index)
                }
                tags[now.page.language, default: TagIndex()].count(now, 1)
                translations.add(now)
                versioned = versions.add(now) || versioned
                keys.insert(now.page.translationKey)
            } else if present {
                published.remove(at: index)
            }
            if versioned, before?.listing.url != now?.listing.url { versionsMoved = true }
            if versioned, let now, before?.textHash != now.textHash { versionsEdited.append(now.page) }
            if loaded[path]?.hasCollection == true { listing.insert(path) } else { listing.remove(path) }
            if now?.listing.hasAliases == true { aliased.insert(path) } else { aliased.remove(path) }
        }
        return (keys, versionsMoved, versionsEdited)
    }

    /// Every tag of every language, the languages in the settings' order.
    func allTags(_ languages: SiteLanguages) -> [Tag] {
        languages.codes.flatMap { code in (tags[code]?.tags ?? []).map { $0.in(code, prefix: languages.prefix(code)) } }
    }

    /// A hash of every language's tree.
    var treeHash: String { trees.keys.sorted().map { trees[$0]!.hash }.joined() }

    /// Makes the folder tree anew when `drawn` (a template draws navigation), else empties it; says whether it
    /// changed.
    mutating func refreshTree(drawn: Bool) -> Bool {
        let before = treeHash
        var byLanguage: [LanguageCode: [LoadedPage]] = [:]
        if drawn { for page in published { byLanguage[page.page.language, default: []].append(page) } }
        trees = byLanguage.mapValues { ContentTree($0) }
        return treeHash != before
    }

    /// Makes the tag pages anew from the tag index and says which of them are new, changed or gone (their paths).
    /// A page written at a tag page's URL takes its place.
    private mutating func refreshGenerated(
        _ loaded: TreeDictionary<SourceID, LoadedPage>, config: SiteConfig
    ) -> Set<SourceID> {
        var next: [SourceID: LoadedPage] = [:]
        let languages = config.languages
        let everyTag = allTags(languages)
        for code in languages.codes {
            let tags = everyTag.filter { $0.language == code }
            // A page written at the URL: the default language's may be in its folder too.
            let folder =
                languages.isMultilingual && code == languages.defaultCode && !languages.defaultInFolder
                ? "/" + languages.folder(code) : ""
            let taken = Set([TagPages.indexURL(languages.prefix(code))] + tags.map(\.url.rawValue)).filter { url in
                [url, folder + url].contains { url in
                    ["Content\(url)index.md", "Content\(url)_index.md", "Content\(url.dropLast()).md"].contains {
                        path in
                        loaded[.file(SourcePath(path))].map(publishes) ?? false
                    }
                }
            }
            next.merge(TagPages.pages(for: tags, config: config.localized(code), taken: taken)) { first, _ in first }
        }
        var changed = Set<SourceID>()
        for (path, page) in next where generated[path]?.sourceHash != page.sourceHash { changed.insert(path) }
        for path in generated.keys where next[path] == nil { changed.insert(path) }
        generated = next
        return changed
    }
}

extension LoadedPage {
    /// Whether the page lists pages (`from:`), so that a change elsewhere may change it.
    var hasCollection: Bool { !collectionFolders.isEmpty }
}
