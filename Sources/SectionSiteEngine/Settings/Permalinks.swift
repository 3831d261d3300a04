import Foundation

/// Where a page goes: the site's `permalinks` patterns by top-level folder, a page's own `url:` and `slug:`, and the
/// date and slug a Jekyll-style file name gives (`2026-08-20-hello.md`).
///
/// ```text
/// permalinks:
///   blog: /blog/:slug/                  pages under Content/blog/
///   posts: /:year/:month/:day/:slug/    pages under Content/posts/
///   /: /:slug/                          pages at the root of Content/
/// ```
///
/// A folder's list page (`index.md`, `_index.md`) keeps its folder's URL; a page's `url:` wins over any pattern.
package struct Permalinks: Sendable, Equatable {
    /// The pattern of each top-level folder under `Content/` (`""` for pages at the root).
    package var patterns: [String: String] = [:]
    /// The site's languages: a page of `Content/fr/` goes where the same page of `Content/` would, under `/fr/`;
    /// patterns name the folders inside a language's.
    package var languages = SiteLanguages()
    /// The site's time zone (`timezone:`): a dated page is filed under its day there.
    package var timeZone = PageDate.utc

    package init(patterns: [String: String] = [:], languages: SiteLanguages = SiteLanguages()) {
        self.patterns = patterns
        self.languages = languages
    }

    /// The URL, folder (inside its language's) and index flag of a content path, with its language: `Page.route`
    /// of the path inside the language's folder, the URL under the language's prefix.
    package func route(_ path: SourcePath) -> (url: PageURL, folder: String, isIndex: Bool, language: LanguageCode) {
        let (code, inner) = languages.locate(path)
        let route = Page.route(inner)
        return (languages.url(PageURL(route.url), in: code), route.folder, route.isIndex, code)
    }

    /// The words a pattern may use.
    static let tokens = ["year", "month", "day", "slug", "title", "section", "filename"]

    /// The date and slug a file's name gives: `2026-08-20-hello` is 2026-08-20 and `hello` (Jekyll also writes
    /// one-digit months and days: `2026-8-2-hello`), the day in `zone`; any other name is its own slug, without a date.
    package static func fileName(_ stem: String, in zone: TimeZone = PageDate.utc) -> (date: PageDate?, slug: String) {
        let parts = stem.split(separator: "-", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0].count == 4, (1...2).contains(parts[1].count), (1...2).contains(parts[2].count),
            !parts[3].isEmpty, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            let date = PageDate(parts: [year, month, day, 0, 0, 0], in: zone)
        else { return (nil, stem) }
        return (date, String(parts[3]))
    }

    /// Why a pattern is wrong, or nil: it must start with `/` and use only `tokens`.
    static func problem(in pattern: String) -> String? {
        guard pattern.hasPrefix("/") else { return "a permalink pattern starts with '/', as '/blog/:slug/' does" }
        for word in pattern.matches(of: /:([A-Za-z_]+)/) where !tokens.contains(String(word.1)) {
            return "unknown permalink word ':\(word.1)' (known: " + tokens.map { ":" + $0 }.joined(separator: ", ")
                + ")"
        }
        return nil
    }

    /// What a page's URL is made of.
    package struct Parts {
        /// The file, relative to the site (`Content/blog/2026-08-20-hello.md`).
        package var path: SourcePath
        /// The front matter's `url:`, `slug:` and title, and the page's date (the front matter's or the file name's).
        package var url: String? = nil, slug: String? = nil, title: String? = nil, date: PageDate? = nil

        package init(
            path: SourcePath, url: String? = nil, slug: String? = nil, title: String? = nil, date: PageDate? = nil
        ) {
            (self.path, self.url, self.slug, self.title, self.date) = (path, url, slug, title, date)
        }
    }

    /// The page's URL, percent-encoded, or why it cannot be made (a pattern with a date for a page without one,
    /// a `url:` that is not a path of the site). `url:` ending in `.html` gives the page that URL's folder form.
    package func url(_ parts: Parts) throws(Failure) -> PageURL {
        let (code, inner) = languages.locate(parts.path)
        let url = languages.url(PageURL(try url(parts, inner: inner)), in: code).rawValue
        // Checked once decoded, as the page's file is named: `/%2e%2e/` is `/../`, and a slug may hold `/`.
        if let escape = URLPath.escape(url: url) {
            if let own = parts.url {
                throw .url("'url' must be a path on this site, like /about/, not '\(own)': \(escape)")
            }
            if let slug = parts.slug {
                throw .slug("'slug' gives the page the URL '\(url)', which leaves the site: \(escape)")
            }
            throw .url("the page's URL '\(url)' leaves the site: \(escape)")
        }
        return PageURL(url)
    }

    /// The URL of a page at `inner`, its path inside its language's folder, before the language's prefix.
    private func url(_ parts: Parts, inner: SourcePath) throws(Failure) -> String {
        let route = Page.route(inner)
        if let url = parts.url {
            guard url.hasPrefix("/"), !url.hasPrefix("//"), !url.contains("?"), !url.contains("#"),
                !url.split(separator: "/").contains("..")
            else { throw .url("'url' must be a path on this site, like /about/, not '\(url)'") }
            return Self.folderURL(url)
        }
        if route.isIndex { return route.url }
        var parts = parts
        let stem = parts.path.stem
        let named = Self.fileName(stem)
        parts.date = parts.date ?? named.date
        let slug = parts.slug ?? named.slug
        let section = route.folder.split(separator: "/").first.map(String.init) ?? ""
        guard let pattern = patterns[section] else {
            if parts.slug == nil && named.date == nil { return route.url }
            return URLPath.encoded("/" + (route.folder.isEmpty ? "" : route.folder + "/") + slug + "/")
        }
        var missingDate = false
        var url = pattern.replacing(/:([A-Za-z_]+)/) { match -> String in
            let date = parts.date
            switch match.1 {
            case "year": if let date { return String(format: "%04d", date.year) }
            case "month": if let date { return String(format: "%02d", date.month) }
            case "day": if let date { return String(format: "%02d", date.day) }
            case "slug": return slug
            case "title": return parts.title.map(Slug.of).flatMap { $0.isEmpty ? nil : $0 } ?? slug
            case "section": return section
            case "filename": return stem
            default: return String(match.0)
            }
            missingDate = true
            return ""
        }
        if missingDate {
            throw .date(
                "the permalink '\(pattern)' of '\(section.isEmpty ? "/" : section)' needs a date, and this page has "
                    + "none"
            )
        }
        if !url.hasSuffix("/") && !url.hasSuffix(".html") { url += "/" }
        while url.contains("//") { url = url.replacingOccurrences(of: "//", with: "/") }
        return Self.folderURL(url)
    }

    /// A path made a page URL: percent-encoded, ending in `/` (`/about.html` is `/about/`).
    private static func folderURL(_ path: String) -> String {
        var path = path
        if path.hasSuffix(".html") { path = String(path.dropLast(".html".count)) + "/" }
        if !path.hasSuffix("/") { path += "/" }
        return URLPath.encoded(URLPath.decoded(path))
    }

    /// Why a page's URL cannot be made.
    package enum Failure: Error, Equatable {
        /// `url:` is no path of the site.
        case url(String)
        /// `slug:` gives a URL that is no path of the site (`../../x`).
        case slug(String)
        /// The pattern needs a date.
        case date(String)
    }
}
