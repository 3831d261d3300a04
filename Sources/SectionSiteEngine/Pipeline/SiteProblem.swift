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

    var severity: Diagnostic.Severity {
        switch self {
        case .settingsFileMissing, .apiWithoutReader, .urlTaken, .brokenLink, .pictureRefused: .error
        default: .warning
        }
    }

    var message: String {
        switch self {
        case .settingsFileMissing(let path): "settings file '\(path)' (--config) does not exist"
        case .apiWithoutReader: "'api' needs the API reader of SectionSiteAPI, which this program does not set"
        case .urlTaken(let url): "two pages have the URL '\(url)'"
        case .linkToNoPage(let destination, let reason): "link to '\(destination)' leads to no page: \(reason)"
        case .unknownSymbol(let destination): "\(destination) names no symbol of the API reference"
        case .unknownArticle(let destination): "<\(destination)> names no article of the API reference"
        case .unknownLanguage(let language, let pages):
            "code in '\(language)'\(pages > 1 ? " (and \(pages - 1) other page\(pages == 2 ? "" : "s"))" : "") is drawn plain: "
                + "the highlighter knows no such language (name one it knows, or 'text')"
        case .unusedTemplate(let name): "template '\(name)' is never used"
        case .emptySection(let id): "section '\(id)' has no items"
        case .aliasNotWritten(let alias, let because): "alias '\(alias)' is not written: \(because)"
        case .aliasGivenAgain(let alias, let first):
            "alias '\(alias)' is given again; readers are sent to the first page that gives it (\(first))"
        case .brokenLink(let written, let problem): "link to '\(written)' leads nowhere: \(problem)"
        case .pictureRefused(let source, let reason): "image '\(source)' \(reason)"
        }
    }
}
