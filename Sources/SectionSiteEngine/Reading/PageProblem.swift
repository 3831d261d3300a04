/// What is wrong with a page: its front matter, its sections and items, or a page a program makes in Swift, each
/// kind's words written here once.
enum PageProblem: Problem {
    case badDate(String), notAList(String, of: String), sectionWithoutID, badSectionID(String), unknownSectionKey(
        String)
    /// An id given twice; `page` names the page where the place does not (a page from Swift).
    case duplicateSection(String, page: String? = nil), duplicateItem(String, page: String? = nil)
    case itemWithoutID, emptyItemIdentity(section: String), notAboveZero(String), unknownSort(String)
    case queryWithoutFrom(String), itemsAndFrom(section: String), dataAndMore(section: String, other: String)
    case notATitleOrMap(String), unknownAnimation(String, key: String, known: String), unknownMoveAnimation(String)
    case unknownAnimationKey(String), unknownEditKey(String), noSuchItem(String, section: String), aliasNotAPath(
        String), urlNotAPath(String)
    case notEncodable(type: String, error: String), notKeyed(type: String), frontMatterNeverClosed(closing: String)

    var message: String {
        switch self {
        case .badDate(let text):
            "'date' must look like 2026-01-31, 2026-01-31T09:30:00Z or 2026-01-31 09:30:00 +0200, not '\(text)'"
        case .notAList(let key, let what): "'\(key)' must be a list of \(what)"
        case .sectionWithoutID: "section has no 'id'"
        case .badSectionID(let id): "section id '\(id)' may hold only letters, digits, '-' and '_'"
        case .unknownSectionKey(let key):
            "unknown section key '\(key)' (known: cell, data, edit, footer, from, header, id, items, kind, limit, paginate, sort, tags)"
        case .duplicateSection(let id, let page): "duplicate section id '\(id)'" + (page.map { " in page \($0)" } ?? "")
        case .duplicateItem(let id, let page): "duplicate item id '\(id)'" + (page.map { " in page \($0)" } ?? "")
        case .itemWithoutID: "item has no 'id'"
        case .emptyItemIdentity(let section): "an item of section '\(section)' has an empty identity"
        case .notAboveZero(let key): "'\(key)' must be above 0"
        case .unknownSort(let text): "unknown sort '\(text)' (known: date, -date, title, weight)"
        case .queryWithoutFrom(let key): "'\(key)' needs 'from:' to name the pages to list"
        case .itemsAndFrom(let section): "section '\(section)' has both 'items' and 'from'; give one"
        case .dataAndMore(let section, let other): "section '\(section)' has 'data' and also '\(other)'; give one"
        case .notATitleOrMap(let key): "'\(key)' must be a title or a map with a 'kind'"
        case .unknownAnimation(let text, let key, let known):
            "unknown animation '\(text)' for '\(key)' (known: \(known))"
        case .unknownMoveAnimation(let text): "unknown move animation '\(text)' (known: flip, none)"
        case .unknownAnimationKey(let key): "unknown animation key '\(key)' (known: insert, delete, reload, move)"
        case .noSuchItem(let item, let section): "item '\(item)' is not in section '\(section)' of this page"
        case .unknownEditKey(let key): "unknown edit key '\(key)' (known: move, delete, fields)"
        case .aliasNotAPath(let text): "alias '\(text)' must be a path on this site, like /old/path/ or /old/page.html"
        case .urlNotAPath(let url): "a page's URL must be a site path like /menu/, not '\(url)'"
        case .notEncodable(let type, let error): "cannot encode \(type) for a template: \(error)"
        case .frontMatterNeverClosed(let closing): "front matter is never closed: add a line '\(closing)' after it"
        case .notKeyed(let type):
            "\(type) must encode as a keyed container (a struct or a dictionary) to be a template's data"
        }
    }
}
