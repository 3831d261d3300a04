/// What is wrong in a settings file (`sectionsite.yml`, or one `--config` names), each kind's words written here
/// once; a YAML shape the reader refuses (a list where one value belongs) is a `FileProblem`.
enum SettingsProblem: Problem {
    /// An option a table of settings (`feed`, `images`...) does not have; `known` lists those it has.
    case unknownOption(String, in: String, known: String)
    /// `versions.list` is not a list.
    case versionsNotAList
    /// A version of `versions.list` without a `name`.
    case versionWithoutName
    /// A version's `status` other than released, unreleased and unmaintained.
    case unknownVersionStatus(String)
    /// `versions.sitemap` or `versions.search` other than the two words each takes (`known`).
    case unknownVersionScope(String, of: String, known: String)
    /// Two versions with one name.
    case versionTwice(String)
    /// Two versions in one folder.
    case versionFolderTwice(String, other: String, folder: String)
    /// A version's `git` that is no ref this reads (a tag, a branch or a commit: no option, no space).
    case badGitRef(String)
    /// A version read from git whose folder is in the working tree too.
    case versionInTwoPlaces(String, folder: String)
    /// A version whose files git could not give (`reason`: no such commit, no such folder, no repository).
    case gitVersionUnreadable(String, ref: String, reason: String)
    /// `versions.latest` names no version of the list.
    case latestNotListed(String)
    /// A `permalinks` pattern with an unknown word or a bad shape (`problem` says which).
    case badPermalink(problem: String)
    /// A language code, or a language's `folder`, that cannot be a folder and URL prefix.
    case badFolder(String, problem: String)
    /// `timezone` names no zone of the tz database.
    case notATimeZone(String)
    /// `feed.live` starts with `//`, which a browser reads as another site.
    case liveOnAnotherSite(String)
    /// `feed.live` is neither a path on the site nor an `http(s)://` URL.
    case liveNotPushURL
    /// A key of `languages` is not a language code as `lang` takes it.
    case notALanguageCode(String)
    /// A language's `direction` is neither `ltr` nor `rtl`.
    case badDirection(String)
    /// `feed.keep` below 0.
    case negativeKeep
    /// `feed.poll` below 0.
    case negativePoll
    /// `tags.paginate` below 0.
    case negativeTagPages
    /// `search.text` below 0.
    case negativeSearchText
    /// `sitemap.urls` outside 1 to 50000.
    case sitemapURLCountOutOfRange
    /// `images.maxPixels`, `images.maxBytes` or an `api` limit that is 0 or less.
    case notMoreThanZero(String)
    /// A `permalinks` key deeper than a top-level folder of `Content/`.
    case permalinksNotTopLevel(folder: String)
    /// Two languages with one folder.
    case languagesShareFolder(String, String, folder: String)
    /// `images.widths` is not a list.
    case noWidths
    /// A width of `images.widths` outside 1 to 10000.
    case widthOutOfRange(Int)
    /// A format of `images.formats` other than avif, webp, jpeg and png.
    case unknownImageFormat(String)
    /// `images.quality` outside 1 to 100.
    case qualityOutOfRange
    /// `images.metadata` is neither `strip` nor `keep`.
    case unknownMetadata(String)
    /// `api.url` is not a site path.
    case apiURLNotAPath(String)

    var identified: (id: Diagnostic.ID, message: String) {
        switch self {
        case .unknownOption(let option, let table, let known):
            ("settings.unknown-option", "unknown \(table) option '\(option)' (known: \(known))")
        case .badPermalink(let problem): ("settings.bad-permalink", problem)
        case .versionsNotAList:
            ("settings.versions-not-a-list", "'versions.list' is a list of versions, newest first: [2.1, 2.0]")
        case .versionWithoutName: ("settings.version-without-name", "a version needs a 'name': its folder's name")
        case .unknownVersionStatus(let status):
            (
                "settings.unknown-version-status",
                "unknown version status '\(status)' (known: released, unreleased, unmaintained)"
            )
        case .unknownVersionScope(let scope, let option, let known):
            ("settings.unknown-version-scope", "unknown 'versions.\(option)' value '\(scope)' (known: \(known))")
        case .versionTwice(let name): ("settings.version-twice", "the version '\(name)' is listed twice")
        case .versionFolderTwice(let name, let other, let folder):
            ("settings.version-folder-twice", "the versions '\(other)' and '\(name)' are both the folder '\(folder)'")
        case .badGitRef(let ref):
            (
                "settings.bad-git-ref",
                "'\(ref)' is not a git ref SectionSite reads: a tag, a branch or a commit, of letters, digits and "
                    + "'.', '_', '-', '/'"
            )
        case .versionInTwoPlaces(let name, let folder):
            (
                "settings.version-in-two-places",
                "the version '\(name)' is read from git, and its folder '\(folder)' is in the working tree too: remove "
                    + "one"
            )
        case .gitVersionUnreadable(let name, let ref, let reason):
            ("settings.git-version-unreadable", "the version '\(name)' cannot be read from git at '\(ref)': \(reason)")
        case .latestNotListed(let name):
            ("settings.latest-not-listed", "'versions.latest' is '\(name)', which 'versions.list' does not list")
        case .badFolder(let name, let problem): ("settings.bad-folder", "'\(name)' \(problem)")
        case .notATimeZone(let name):
            (
                "settings.not-a-time-zone",
                "'\(name)' is not a time zone: name one as the tz database does, like Europe/Paris or "
                    + "America/Los_Angeles"
            )
        case .liveOnAnotherSite(let url):
            (
                "settings.live-on-another-site",
                "'live' must be a path on this site ('/_push/sub') or a whole URL ('https://push.example.com/sub'), "
                    + "not '\(url)', which a browser reads as another site's address"
            )
        case .liveNotPushURL:
            (
                "settings.live-not-push-url",
                "'live' must be the URL of the push server's subscriber location, such as '/_push/sub' or "
                    + "'https://push.example.com/sub'"
            )
        case .notALanguageCode(let code):
            (
                "settings.not-a-language-code",
                "'\(code)' is not a language code: write one as lang and hreflang take it, like en, fr or pt-BR; a "
                    + "folder and URL prefix of another form is the language's 'folder' (zh-CN: {folder: zh_cn})"
            )
        case .badDirection(let text): ("settings.bad-direction", "'direction' is 'ltr' or 'rtl', not '\(text)'")
        case .negativeKeep: ("settings.negative-keep", "'keep' must be 0 or more")
        case .negativePoll:
            ("settings.negative-poll", "'poll' must be how many seconds between checks of the feed (0 for none)")
        case .negativeTagPages: ("settings.negative-tag-pages", "'paginate' must be 0 (one page per tag) or more")
        case .negativeSearchText:
            (
                "settings.negative-search-text",
                "'text' must be how many characters of each page to index (0 or more), or 'all'"
            )
        case .sitemapURLCountOutOfRange:
            (
                "settings.sitemap-url-count-out-of-range",
                "'urls' must be from 1 to 50000 (the most a sitemap file may list)"
            )
        case .notMoreThanZero(let key): ("settings.not-more-than-zero", "'\(key)' must be more than 0")
        case .permalinksNotTopLevel(let folder):
            (
                "settings.permalinks-not-top-level",
                "'\(folder)': permalinks are given per top-level folder of Content/ (or '/' for its root pages)"
            )
        case .languagesShareFolder(let one, let other, let folder):
            (
                "settings.languages-share-folder",
                "languages '\(one)' and '\(other)' both have the folder '\(folder)'; give one a 'folder' of its own"
            )
        case .noWidths: ("settings.no-widths", "'widths' must be a list of widths in pixels, such as [480, 960, 1600]")
        case .widthOutOfRange(let width):
            ("settings.width-out-of-range", "a width must be from 1 to 10000 pixels, not \(width)")
        case .unknownImageFormat(let name):
            ("settings.unknown-image-format", "unknown image format '\(name)' (known: avif, webp, jpeg, png)")
        case .qualityOutOfRange: ("settings.quality-out-of-range", "'quality' must be from 1 to 100")
        case .unknownMetadata(let other):
            (
                "settings.unknown-metadata",
                "'metadata' is 'strip' (the default: no EXIF, GPS positions included, is published) or 'keep', not "
                    + "'\(other)'"
            )
        case .apiURLNotAPath(let url):
            ("settings.api-url-not-a-path", "'url' must be a site path such as /api/, not '\(url)'")
        }
    }
}
