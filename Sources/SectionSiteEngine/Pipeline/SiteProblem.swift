/// What the site stage finds wrong across pages (a page's own mistakes are its loading's): each kind with its
/// identifier, its severity and its words, written here once. Tests match the identifiers.
enum SiteProblem: Problem {
    /// A settings file `--config` names is not there.
    case settingsFileMissing(path: String)
    /// The settings have `api:`, and the program sets no reader.
    case apiWithoutReader
    /// Two sources make one URL (an error at each).
    case urlTaken(PageURL)
    /// A relative link to a `.md` file names no page.
    case linkToNoPage(destination: String, reason: String)
    /// A link to a symbol names none of the API reference's.
    case unknownSymbol(destination: String)
    /// A `<doc:>` link names none of the API reference's articles.
    case unknownArticle(destination: String)
    /// Fenced code in a language the highlighter does not know, on `pages` pages.
    case unknownLanguage(String, pages: Int)
    /// A template of the site's theme that no page uses.
    case unusedTemplate(String)
    /// A section with no items.
    case emptySection(id: String)
    /// An alias at a page's URL, or at a file's path, is not written.
    case aliasNotWritten(alias: String, because: String)
    /// An alias another page gave first.
    case aliasGivenAgain(alias: String, firstBy: String)
    /// A link in the output leads nowhere (`sectionsite check`).
    case brokenLink(written: String, problem: String)
    /// A picture whose files could not be made.
    case pictureRefused(source: String, reason: String)
    /// A picture too large for one of `images.formats`, published without that format's files.
    case pictureWithoutFormat(reason: String)
    /// The folder to build has neither `sectionsite.yml` nor `Content/`.
    case notASite(String)
    /// A folder the site's files are read from (`Static`, the theme's) leads outside the site.
    case folderLeadsOutside(problem: String)
    /// `sectionsite diff --page` names a page that is not in both outputs.
    case pageNotInBoth(String)
    /// The output is written, and `.sectionsite/` could not be saved for the next build, which then starts over.
    case recordNotSaved(reason: String)

    var severity: Diagnostic.Severity {
        switch self {
        case .settingsFileMissing, .apiWithoutReader, .urlTaken, .brokenLink, .pictureRefused, .notASite,
            .folderLeadsOutside, .pageNotInBoth:
            .error
        default: .warning
        }
    }

    var identified: (id: Diagnostic.ID, message: String) {
        switch self {
        case .settingsFileMissing(let path):
            ("site.settings-file-missing", "settings file '\(path)' (--config) does not exist")
        case .apiWithoutReader:
            ("site.api-without-reader", "'api' needs the API reader of SectionSiteAPI, which this program does not set")
        case .urlTaken(let url): ("site.url-taken", "two pages have the URL '\(url)'")
        case .linkToNoPage(let destination, let reason):
            ("site.link-to-no-page", "link to '\(destination)' leads to no page: \(reason)")
        case .unknownSymbol(let destination):
            ("site.unknown-symbol", "\(destination) names no symbol of the API reference")
        case .unknownArticle(let destination):
            ("site.unknown-article", "<\(destination)> names no article of the API reference")
        case .unknownLanguage(let language, let pages):
            (
                "site.unknown-language",
                "code in '\(language)'\(pages > 1 ? " (and \(pages - 1) other page\(pages == 2 ? "" : "s"))" : "") "
                    + "is drawn plain: "
                    + "the highlighter knows no such language (name one it knows, or 'text')"
            )
        case .unusedTemplate(let name): ("site.unused-template", "template '\(name)' is never used")
        case .emptySection(let id): ("site.empty-section", "section '\(id)' has no items")
        case .aliasNotWritten(let alias, let because):
            ("site.alias-not-written", "alias '\(alias)' is not written: \(because)")
        case .aliasGivenAgain(let alias, let first):
            (
                "site.alias-given-again",
                "alias '\(alias)' is given again; readers are sent to the first page that gives it (\(first))"
            )
        case .brokenLink(let written, let problem):
            ("site.broken-link", "link to '\(written)' leads nowhere: \(problem)")
        case .pictureRefused(let source, let reason): ("site.picture-refused", "image '\(source)' \(reason)")
        case .pictureWithoutFormat(let reason): ("site.picture-without-format", reason)
        case .notASite(let path):
            (
                "site.not-a-site",
                "'\(path)' is not a site: it has neither sectionsite.yml nor Content/ (run 'sectionsite new DIR' to "
                    + "start one)"
            )
        case .folderLeadsOutside(let problem): ("site.folder-leads-outside", problem)
        case .pageNotInBoth(let page): ("site.page-not-in-both", "the page '\(page)' is not in both sites")
        case .recordNotSaved(let reason):
            ("site.record-not-saved", "could not save .sectionsite/ for the next build: \(reason)")
        }
    }
}
