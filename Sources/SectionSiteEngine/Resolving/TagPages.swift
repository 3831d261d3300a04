/// The taxonomy pages that `tags` make: `/tags/`, every tag with its count, and `/tags/<slug>/`, that tag's pages
/// newest first, paginated. They are generated pages: a `LoadedPage` made here instead of read from a file, with
/// sections of items like any other page, so the resolver, the renderer, the patches and the preview treat them as
/// they treat written pages.
///
/// Tags are told apart by slug (`Slug.of`): `Swift UI` and `swift-ui` are one tag, shown as most pages spell it.
/// A tag whose slug is empty (no letter or digit) gets no page. A page written at a tag URL (a
/// `Content/tags/index.md`, say) takes the place of the generated one.
struct Tag: Sendable, Equatable {
    /// The tag as most of its pages spell it (the first in sorted order on a tie).
    var name: String
    /// Its URL name.
    var slug: String
    /// How many published pages carry it (index pages, which collections leave out, are not counted).
    var count: Int
    /// The language of the pages that carry it, and the prefix of its URLs (`/fr`, or nothing).
    var language: LanguageCode = "", prefix = ""

    /// `/tags/<slug>/`, under the language's prefix.
    var url: PageURL { TagPages.url(slug, prefix: prefix) }

    /// The tag as a language's pages carry it.
    func `in`(_ code: LanguageCode, prefix: String) -> Tag {
        var tag = self
        (tag.language, tag.prefix) = (code, prefix)
        return tag
    }
}

enum TagPages {
    /// The URL of the tags index (of a language: `/fr/tags/`).
    static func indexURL(_ prefix: String = "") -> String { prefix + "/tags/" }

    /// The URL of a tag's page.
    static func url(_ slug: String, prefix: String = "") -> PageURL {
        PageURL(URLPath.encoded("\(indexURL(prefix))\(slug)/"))
    }

    /// The output path of a tag's Atom feed, in its page's folder.
    static func feedPath(_ url: PageURL) -> OutputPath {
        OutputPath(String(URLPath.decoded(url.rawValue).dropFirst()) + "feed.xml")
    }

    /// The generated pages for `tags`, by source, leaving out URLs in `taken` (pages written there).
    static func pages(for tags: [Tag], config: SiteConfig, taken: Set<String>) -> [SourceID: LoadedPage] {
        var pages: [SourceID: LoadedPage] = [:]
        guard !tags.isEmpty else { return pages }
        let indexURL = indexURL(config.languages.prefix(config.language))
        if !taken.contains(indexURL) { pages[.generated(PageURL(indexURL))] = index(tags, config: config) }
        for tag in tags where !taken.contains(tag.url.rawValue) {
            pages[.generated(tag.url)] = page(tag, config: config)
        }
        return pages
    }

    private static func fields(_ tag: Tag, config: SiteConfig) -> [String: Value] {
        [
            "name": .string(tag.name), "slug": .string(tag.slug), "count": .int(tag.count),
            "url": .string(tag.url.rawValue),
            "link": .string(config.link(tag.url.rawValue)),
        ]
    }

    private static func index(_ tags: [Tag], config: SiteConfig) -> LoadedPage {
        let indexURL = indexURL(config.languages.prefix(config.language))
        let location = SourceLocation(file: indexURL)
        let items = tags.sorted { ($0.name.lowercased(), $0.slug) < ($1.name.lowercased(), $1.slug) }.map {
            ItemSpec(id: $0.slug, cell: nil, body: nil, fields: fields($0, config: config), location: location)
        }
        let section = SectionSpec(
            id: "tags", kind: "tags", header: nil, footer: nil, cell: Theme.tagCell, content: .items(items),
            location: location)
        return generated(
            url: PageURL(indexURL), title: "Tags", language: config.language, sections: [section],
            frontMatter: ["tagsIndex": .map(["count": .int(tags.count)])],
            hashing: tags.map { "\($0.slug)\u{1}\($0.name)\u{1}\($0.count)" })
    }

    private static func page(_ tag: Tag, config: SiteConfig) -> LoadedPage {
        let location = SourceLocation(file: tag.url.rawValue)
        let query = CollectionQuery(
            from: ".", sort: .newestFirst, limit: nil, tags: [tag.slug], paginate: config.tagsPaginate)
        let section = SectionSpec(
            id: "pages", kind: "tagged", header: nil, footer: nil, cell: Theme.taggedCell, content: .collection(query),
            location: location)
        return generated(
            url: tag.url, title: tag.name, language: config.language, sections: [section],
            frontMatter: ["tag": .map(fields(tag, config: config))],
            hashing: [tag.slug, tag.name, String(tag.count), String(config.tagsPaginate ?? 0)])
    }

    private static func generated(
        url: PageURL, title: String, language: LanguageCode, sections: [SectionSpec], frontMatter: [String: Value],
        hashing: [String]
    ) -> LoadedPage {
        var page = Page(
            source: .generated(url), url: url, folder: "tags", isIndex: true,
            frontMatter: frontMatter, title: title, date: nil,
            isDraft: false, summary: nil, weight: nil, tags: [], layout: nil, animation: nil, sections: sections,
            body: "",
            bodyLocation: SourceLocation(file: url.rawValue))
        (page.language, page.translationKey) = (language, "generated:" + url.rawValue)
        var hash = ContentHash()
        hash.combine("generated")
        hash.combine(url.rawValue)
        for part in hashing { hash.combine(part) }
        return LoadedPage(page: page, blocks: [], summary: "", sourceHash: hash.digest)
    }
}

/// The tags of the published pages, kept up to date page by page as pages come, change and go, so that an edit
/// costs the tags of the edited page, not a pass over the site.
struct TagIndex: Sendable {
    private var counts: [String: Int] = [:]
    private var spellings: [String: [String: Int]] = [:]
    /// The pages of each tag, by identity: a tag collection tests its candidates against this set instead of
    /// reading every page's tags (the pages stay alive in the site's list of published pages while they are here).
    private var members: [String: Set<ObjectIdentifier>] = [:]

    /// The pages carrying any of these tags (slugs).
    func pages(tagged slugs: Set<String>) -> Set<ObjectIdentifier> {
        slugs.count == 1 ? members[slugs.first!] ?? [] : slugs.reduce(into: Set()) { $0.formUnion(members[$1] ?? []) }
    }

    /// Counts a page's tags in (`sign` 1) or out (`sign` -1); index pages are not counted.
    mutating func count(_ page: LoadedPage, _ sign: Int) {
        guard !page.listing.isIndex else { return }
        for slug in page.tagSlugs {
            let count = counts[slug, default: 0] + sign
            counts[slug] = count > 0 ? count : nil
            if sign > 0 {
                members[slug, default: []].insert(ObjectIdentifier(page))
            } else {
                members[slug]?.remove(ObjectIdentifier(page))
                if members[slug]?.isEmpty == true { members[slug] = nil }
            }
        }
        for tag in page.page.tags {
            let slug = Slug.of(tag)
            guard !slug.isEmpty else { continue }
            let count = spellings[slug, default: [:]][tag, default: 0] + sign
            spellings[slug, default: [:]][tag] = count > 0 ? count : nil
            if spellings[slug]!.isEmpty { spellings[slug] = nil }
        }
    }

    /// Every tag, sorted by slug.
    var tags: [Tag] {
        counts.keys.sorted().map { slug in
            let name = spellings[slug]!.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }!.key
            return Tag(name: name, slug: slug, count: counts[slug]!)
        }
    }
}
