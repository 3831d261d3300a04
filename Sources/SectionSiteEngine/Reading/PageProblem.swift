/// What is wrong with a page: its front matter, its sections and items, or a page a program makes in Swift, each
/// kind's words written here once.
enum PageProblem: Problem {
    /// A `date` in none of the accepted forms.
    case badDate(String)
    /// `sections`, `items` or `aliases` that is not a list.
    case notAList(String, of: String)
    /// A section with no `id`.
    case sectionWithoutID
    /// A section id with a character other than letters, digits, `-` and `_`.
    case badSectionID(String)
    /// A key a section does not have.
    case unknownSectionKey(String)
    /// A section id given twice in a page (a note points at the first); `page` names the page where the place does
    /// not (a page from Swift).
    case duplicateSection(String, page: String? = nil)
    /// An item id given twice in a section (a note points at the first).
    case duplicateItem(String, page: String? = nil)
    /// An item with no `id`.
    case itemWithoutID
    /// An item of a page made in Swift whose identity is empty.
    case emptyItemIdentity(section: String)
    /// A section's `limit` or `paginate` of 0 or less.
    case notAboveZero(String)
    /// A `sort` other than `date`, `-date`, `title` and `weight`.
    case unknownSort(String)
    /// `sort`, `limit`, `tags` or `paginate` in a section without `from`.
    case queryWithoutFrom(String)
    /// A section with both `items` and `from`.
    case itemsAndFrom(section: String)
    /// A section with `data` and also `items` or `from`.
    case dataAndMore(section: String, other: String)
    /// A `header` or `footer` that is neither a title nor a map with a `kind`.
    case notATitleOrMap(String)
    /// An `animation` that does not exist.
    case unknownAnimation(String, key: String, known: String)
    /// A `move` animation other than `flip` and `none`.
    case unknownMoveAnimation(String)
    /// A key of `animation` that does not exist.
    case unknownAnimationKey(String)
    /// A key of `edit` that does not exist.
    case unknownEditKey(String)
    /// A page made in Swift names an item its section does not have.
    case noSuchItem(String, section: String)
    /// An alias that is not a path on the site.
    case aliasNotAPath(String)
    /// A page made in Swift whose URL is not a site path.
    case urlNotAPath(String)
    /// A page made in Swift whose `data` does not encode.
    case notEncodable(type: String, error: String)
    /// A page made in Swift whose `data` does not encode as a map.
    case notKeyed(type: String)
    /// Front matter opened by `---`, `+++` or `{` and never closed.
    case frontMatterNeverClosed(closing: String)
    /// A `url` that is not a path on the site, or that leaves it.
    case badURL(String)
    /// A `slug` that gives the page a URL that leaves the site.
    case badSlug(String)
    /// A permalink pattern with a date, for a page that has none.
    case noDateForPermalink(String)
    /// Two pages of one language share a `translationKey` (a warning: only the first is linked).
    case translationKeyTaken(String, by: String, language: String)

    var severity: Diagnostic.Severity {
        if case .translationKeyTaken = self { .warning } else { .error }
    }

    var identified: (id: Diagnostic.ID, message: String) {
        switch self {
        case .badURL(let message): ("page.bad-url", message)
        case .badSlug(let message): ("page.bad-slug", message)
        case .noDateForPermalink(let message): ("page.no-date-for-permalink", message)
        case .translationKeyTaken(let key, let earlier, let language):
            (
                "page.translation-key-taken",
                "the translation key '\(key)' is \(earlier)'s too, in the same language ('\(language)'): a key names "
                    + "one page per language, and only \(earlier) is linked as its translation; give this page a "
                    + "'translationKey:' of its own"
            )
        case .badDate(let text):
            (
                "page.bad-date",
                "'date' must look like 2026-01-31, 2026-01-31T09:30:00Z or 2026-01-31 09:30:00 +0200, not '\(text)'"
            )
        case .notAList(let key, let what): ("page.not-a-list", "'\(key)' must be a list of \(what)")
        case .sectionWithoutID: ("page.section-without-id", "section has no 'id'")
        case .badSectionID(let id):
            ("page.bad-section-id", "section id '\(id)' may hold only letters, digits, '-' and '_'")
        case .unknownSectionKey(let key):
            (
                "page.unknown-section-key",
                "unknown section key '\(key)' (known: cell, data, edit, footer, from, header, id, items, kind, "
                    + "limit, paginate, sort, tags)"
            )
        case .duplicateSection(let id, let page):
            ("page.duplicate-section", "duplicate section id '\(id)'" + (page.map { " in page \($0)" } ?? ""))
        case .duplicateItem(let id, let page):
            ("page.duplicate-item", "duplicate item id '\(id)'" + (page.map { " in page \($0)" } ?? ""))
        case .itemWithoutID: ("page.item-without-id", "item has no 'id'")
        case .emptyItemIdentity(let section):
            ("page.empty-item-identity", "an item of section '\(section)' has an empty identity")
        case .notAboveZero(let key): ("page.not-above-zero", "'\(key)' must be above 0")
        case .unknownSort(let text): ("page.unknown-sort", "unknown sort '\(text)' (known: date, -date, title, weight)")
        case .queryWithoutFrom(let key): ("page.query-without-from", "'\(key)' needs 'from:' to name the pages to list")
        case .itemsAndFrom(let section):
            ("page.items-and-from", "section '\(section)' has both 'items' and 'from'; give one")
        case .dataAndMore(let section, let other):
            ("page.data-and-more", "section '\(section)' has 'data' and also '\(other)'; give one")
        case .notATitleOrMap(let key): ("page.not-a-title-or-map", "'\(key)' must be a title or a map with a 'kind'")
        case .unknownAnimation(let text, let key, let known):
            ("page.unknown-animation", "unknown animation '\(text)' for '\(key)' (known: \(known))")
        case .unknownMoveAnimation(let text):
            ("page.unknown-move-animation", "unknown move animation '\(text)' (known: flip, none)")
        case .unknownAnimationKey(let key):
            ("page.unknown-animation-key", "unknown animation key '\(key)' (known: insert, delete, reload, move)")
        case .noSuchItem(let item, let section):
            ("page.no-such-item", "item '\(item)' is not in section '\(section)' of this page")
        case .unknownEditKey(let key):
            ("page.unknown-edit-key", "unknown edit key '\(key)' (known: move, delete, fields)")
        case .aliasNotAPath(let text):
            ("page.alias-not-a-path", "alias '\(text)' must be a path on this site, like /old/path/ or /old/page.html")
        case .urlNotAPath(let url):
            ("page.url-not-a-path", "a page's URL must be a site path like /menu/, not '\(url)'")
        case .notEncodable(let type, let error):
            ("page.not-encodable", "cannot encode \(type) for a template: \(error)")
        case .frontMatterNeverClosed(let closing):
            ("page.front-matter-never-closed", "front matter is never closed: add a line '\(closing)' after it")
        case .notKeyed(let type):
            (
                "page.not-keyed",
                "\(type) must encode as a keyed container (a struct or a dictionary) to be a template's data"
            )
        }
    }
}
