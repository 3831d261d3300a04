/// What is wrong in a settings file (`sectionsite.yml`, or one `--config` names), each kind's words written here
/// once; a YAML shape the reader refuses (a list where one value belongs) is a `FileProblem`.
enum SettingsProblem: Problem {
    /// An option a table of settings (`feed`, `images`...) does not have; `known` lists those it has.
    case unknownOption(String, in: String, known: String)
    /// `problem` says what is wrong with a pattern of `permalinks`, a language's folder, or a language code as one.
    case badPermalink(problem: String), badFolder(String, problem: String)
    case notATimeZone(String), liveOnAnotherSite(String), liveNotPushURL, notALanguageCode(String), badDirection(String)
    case negativeKeep, negativePoll, negativeTagPages, negativeSearchText, sitemapURLCountOutOfRange, notMoreThanZero(
        String)
    case permalinksNotTopLevel(folder: String), languagesShareFolder(String, String, folder: String)
    case noWidths, widthOutOfRange(Int), unknownImageFormat(String), qualityOutOfRange, unknownMetadata(String)
    case apiURLNotAPath(String)

    var message: String {
        switch self {
        case .unknownOption(let option, let table, let known): "unknown \(table) option '\(option)' (known: \(known))"
        case .badPermalink(let problem): problem
        case .badFolder(let name, let problem): "'\(name)' \(problem)"
        case .notATimeZone(let name):
            "'\(name)' is not a time zone: name one as the tz database does, like Europe/Paris or America/Los_Angeles"
        case .liveOnAnotherSite(let url):
            "'live' must be a path on this site ('/_push/sub') or a whole URL ('https://push.example.com/sub'), "
                + "not '\(url)', which a browser reads as another site's address"
        case .liveNotPushURL:
            "'live' must be the URL of the push server's subscriber location, such as '/_push/sub' or 'https://push.example.com/sub'"
        case .notALanguageCode(let code):
            "'\(code)' is not a language code: write one as lang and hreflang take it, like en, fr or pt-BR; a "
                + "folder and URL prefix of another form is the language's 'folder' (zh-CN: {folder: zh_cn})"
        case .badDirection(let text): "'direction' is 'ltr' or 'rtl', not '\(text)'"
        case .negativeKeep: "'keep' must be 0 or more"
        case .negativePoll: "'poll' must be how many seconds between checks of the feed (0 for none)"
        case .negativeTagPages: "'paginate' must be 0 (one page per tag) or more"
        case .negativeSearchText: "'text' must be how many characters of each page to index (0 or more), or 'all'"
        case .sitemapURLCountOutOfRange: "'urls' must be from 1 to 50000 (the most a sitemap file may list)"
        case .notMoreThanZero(let key): "'\(key)' must be more than 0"
        case .permalinksNotTopLevel(let folder):
            "'\(folder)': permalinks are given per top-level folder of Content/ (or '/' for its root pages)"
        case .languagesShareFolder(let one, let other, let folder):
            "languages '\(one)' and '\(other)' both have the folder '\(folder)'; give one a 'folder' of its own"
        case .noWidths: "'widths' must be a list of widths in pixels, such as [480, 960, 1600]"
        case .widthOutOfRange(let width): "a width must be from 1 to 10000 pixels, not \(width)"
        case .unknownImageFormat(let name): "unknown image format '\(name)' (known: avif, webp, jpeg, png)"
        case .qualityOutOfRange: "'quality' must be from 1 to 100"
        case .unknownMetadata(let other):
            "'metadata' is 'strip' (the default: no EXIF, GPS positions included, is published) or 'keep', not '\(other)'"
        case .apiURLNotAPath(let url): "'url' must be a site path such as /api/, not '\(url)'"
        }
    }
}
