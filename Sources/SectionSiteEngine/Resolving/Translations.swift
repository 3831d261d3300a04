import HashTreeCollections

/// One page of a set of translations: the same page in another language.
struct Translation: Sendable, Equatable {
    /// The language's code.
    var language: LanguageCode
    /// The page's URL.
    var url: String
    /// What the page is made from.
    var source: SourceID

    /// The `hreflang` alternates of a page's translations: each language's, then `x-default` for the default
    /// language's when it has the page.
    static func alternates(_ translations: [Translation], config: SiteConfig) -> [(hreflang: String, url: String)] {
        guard !translations.isEmpty else { return [] }
        var list = translations.map { ($0.language.rawValue, $0.url) }
        if let main = translations.first(where: { $0.language == config.languages.defaultCode }) {
            list.append(("x-default", main.url))
        }
        return list
    }
}

/// The published pages that are translations of each other: pages at the same path in their languages' folders,
/// or with the same `translationKey:`. Kept up to date page by page, as `ContentIndex` adds and removes pages.
struct TranslationIndex: Sendable {
    /// A `TreeDictionary`, whose copies share structure: the preview edits a copy of the site, and a `Dictionary`
    /// here was copied whole on every edit (a key per page: 10,000 entries at 10,000 pages).
    private var groups: TreeDictionary<String, [Translation]> = [:]
    /// The keys that two pages of one language share, which `sharedKeys` warns of: few or none, so that the
    /// warnings the preview reads after every edit need not look at every group.
    private var shared: TreeSet<String> = []

    /// Adds a published page.
    mutating func add(_ page: LoadedPage) {
        let entry = Translation(language: page.page.language, url: page.listing.url.rawValue, source: page.page.source)
        groups[page.page.translationKey, default: []].append(entry)
        groups[page.page.translationKey]!.sort { ($0.source, $0.url) < ($1.source, $1.url) }
        noteSharing(page.page.translationKey)
    }

    /// Removes a page added before.
    mutating func remove(_ page: LoadedPage) {
        groups[page.page.translationKey]?.removeAll { $0.source == page.page.source }
        if groups[page.page.translationKey]?.isEmpty == true { groups[page.page.translationKey] = nil }
        noteSharing(page.page.translationKey)
    }

    /// Whether two pages of one language have `key`, noted in `shared`.
    private mutating func noteSharing(_ key: String) {
        let group = groups[key] ?? []
        if group.count > 1, Set(group.map(\.language)).count < group.count {
            shared.insert(key)
        } else {
            shared.remove(key)
        }
    }

    /// Every page with this key, sorted by path.
    func group(_ key: String) -> [Translation] { groups[key] ?? [] }

    /// A page's translations, itself among them, one per language in the settings' order (where two pages of a
    /// language share a key, the first by path); empty when the page has none.
    func of(_ page: Page, languages: SiteLanguages) -> [Translation] {
        let group = groups[page.translationKey] ?? []
        guard group.count > 1 else { return [] }
        // One pass over the group, each language's first page put at its place (the page itself for its own):
        // asking each of 39 languages for its first page went through the group 39 times, at every page.
        var placed = [Translation?](repeating: nil, count: languages.list.count)
        for entry in group {
            guard let position = languages.position(entry.language), placed[position] == nil,
                entry.language != page.language || entry.source == page.source
            else { continue }
            placed[position] = entry
        }
        let found = placed.compactMap { $0 }
        return found.count > 1 ? found : []
    }

    /// A warning at each page that shares its translation key with an earlier page of its language: only the first
    /// by path is linked as the translation (`of`), so the others' links would not be reciprocal.
    func sharedKeys() -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        // Only keys given twice, sorted: not every page's key, as a site in one language has (10,000 strings sorted
        // after every edit in the preview made this a third of its work at 10,000 pages).
        for key in shared.sorted() {
            let group = groups[key] ?? []
            var first: [LanguageCode: Translation] = [:]
            for page in group {
                guard let earlier = first[page.language] else {
                    first[page.language] = page
                    continue
                }
                warnings.append(
                    PageProblem.translationKeyTaken(key, by: "\(earlier.source)", language: "\(page.language)").at(
                        SourceLocation(file: page.source.description)))
            }
        }
        return warnings
    }
}
