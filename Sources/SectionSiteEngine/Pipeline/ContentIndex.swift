import HashTreeCollections

/// What collections, tag pages and navigation are made from, kept in step with the loaded pages: the published
/// pages in path order, the paths of pages that have collections, the tag index and the tag pages it makes, the
/// folder tree, and each collection's order. `update(changed:in:)` brings all of it up to date after pages were
/// loaded or removed; nothing else changes it.
struct ContentIndex: Sendable {
    /// Whether pages marked draft are published (`--drafts`).
    let drafts: Bool
    /// What collections list: the published pages, sorted by path.
    private(set) var published: [LoadedPage] = []
    /// The paths of pages that have collections, which a change elsewhere may change.
    private(set) var listing: Set<String> = []
    /// The tags of the published pages.
    private(set) var tags = TagIndex()
    /// The tag pages, by path (their URL).
    private(set) var generated: [String: LoadedPage] = [:]
    /// The published pages as folders, for `page.nav`; empty when no template draws navigation.
    private(set) var tree = ContentTree()
    /// Each collection's members in order, as positions in `published`; emptied when a change may move a page in
    /// any collection (`CollectionOrder.moves`), so that an edit of a page's body sorts nothing.
    var collectionOrders: [CollectionOrder.Key: [Int]] = [:]

    init(drafts: Bool) {
        self.drafts = drafts
    }

    /// Whether a page is published.
    func publishes(_ page: LoadedPage) -> Bool { drafts || !page.page.isDraft }

    /// Everything anew from every loaded page; `config` names the tag pages.
    mutating func rebuild(from loaded: TreeDictionary<String, LoadedPage>, config: SiteConfig) {
        published = loaded.values.filter(publishes).sorted { $0.page.path < $1.page.path }
        listing = Set(loaded.filter { $0.value.hasCollection }.keys)
        tags = TagIndex()
        for page in published { tags.count(page, 1) }
        collectionOrders = [:]
        _ = refreshGenerated(loaded, config: config)
    }

    /// Brings everything up to date after the pages at `changed` paths were loaded again or removed; returns the
    /// paths of the tag pages that are new, changed or gone.
    mutating func update(
        changed: Set<String>, in loaded: TreeDictionary<String, LoadedPage>, config: SiteConfig
    ) -> Set<String> {
        replace(changed, in: loaded)
        return refreshGenerated(loaded, config: config)
    }

    /// Takes the pages now at `changed` paths in place of the ones held (or drops them), without making the tag
    /// pages again: for pages whose tags cannot have changed, like the same pages without their bodies.
    mutating func replace(_ changed: Set<String>, in loaded: TreeDictionary<String, LoadedPage>) {
        for path in changed.sorted() {
            let index = published.partitioningIndex { $0.page.path >= path }
            let present = index < published.count && published[index].page.path == path
            if present { tags.count(published[index], -1) }
            let now = loaded[path].flatMap { publishes($0) ? $0 : nil }
            if CollectionOrder.moves(present ? published[index] : nil, now) { collectionOrders = [:] }
            if let now {
                if present {
                    published[index] = now
                } else {
                    published.insert(now, at: index)
                }
                tags.count(now, 1)
            } else if present {
                published.remove(at: index)
            }
            if loaded[path]?.hasCollection == true { listing.insert(path) } else { listing.remove(path) }
        }
    }

    /// Makes the folder tree anew when `drawn` (a template draws navigation), else empties it; says whether it
    /// changed.
    mutating func refreshTree(drawn: Bool) -> Bool {
        let before = tree.hash
        tree = drawn ? ContentTree(published) : ContentTree()
        return tree.hash != before
    }

    /// Makes the tag pages anew from the tag index and says which of them are new, changed or gone (their paths).
    /// A page written at a tag page's URL takes its place.
    private mutating func refreshGenerated(_ loaded: TreeDictionary<String, LoadedPage>, config: SiteConfig) -> Set<String> {
        let taken = Set([TagPages.indexURL] + tags.tags.map(\.url)).filter { url in
            ["Content\(url)index.md", "Content\(url)_index.md", "Content\(url.dropLast()).md"].contains { path in
                loaded[path].map(publishes) ?? false
            }
        }
        let next = TagPages.pages(for: tags.tags, config: config, taken: taken)
        var changed = Set<String>()
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
