/// One language of a site (`languages:` in `sectionsite.yml`): its code, its name as its readers write it, which
/// way its text runs, and the settings it gives in place of the site's (title, description, menu, footer, date
/// format, any key templates read as `site.<key>`).
package struct Language: Sendable, Equatable {
    /// Which way a language's text runs.
    package enum Direction: String, Sendable, Equatable {
        case ltr, rtl
    }

    /// The code, as `lang` and `hreflang` take it (`en`, `fr`, `pt-BR`, `ar`).
    package var code: LanguageCode
    /// The folder of its pages under `Content/` and of its URLs: the code unless the settings give another
    /// (`folder: zh_cn` for `zh-CN`, as a site moved from Hugo has its addresses).
    package var folder: String
    /// The name readers of the language know it by (`Français`), for a language switcher.
    package var name: String
    /// Which way its text runs.
    package var direction: Direction = .ltr
    /// Every other key the language gives, over the site's own (`title`, `menu`, `dateFormat` ...).
    var settings: [String: Value] = [:]

    package init(code: LanguageCode, name: String, direction: Direction = .ltr) {
        (self.code, self.name, self.direction, self.folder) = (code, name, direction, code.rawValue)
    }
}

/// The languages of a site and where each one's pages are: `Content/<folder>/` for each (the folder is the code
/// unless the language's settings give one), and for the default one also
/// `Content/` outside the other languages' folders. A site without `languages:` has one language (`language:`, `en`
/// unless set), every page is in it, and nothing changes: no folder is a language's, no URL gets a prefix.
///
/// ```text
/// Content/about.md          en (the first language)   /about/
/// Content/en/team.md        en                        /team/         (/en/team/ with defaultInFolder)
/// Content/fr/about.md       fr                        /fr/about/
/// ```
package struct SiteLanguages: Sendable, Equatable {
    /// The languages in the order the settings give them, the default first; empty for a one-language site.
    package var list: [Language] = [] {
        didSet { positions = Dictionary(list.enumerated().map { ($1.code, $0) }) { first, _ in first } }
    }
    /// Each language's place in `list`, by code: a page of a site in 39 languages asks for each of them.
    private var positions: [LanguageCode: Int] = [:]
    /// The language of a site without `languages:` (`language:` in the settings).
    package var single: LanguageCode = "en"
    /// Whether the default language's pages go under `/<code>/` too (with a page at `/` sending readers there).
    package var defaultInFolder = false

    package init() {}

    /// Whether the site has `languages:`.
    package var isMultilingual: Bool { !list.isEmpty }

    /// The default language's code.
    package var defaultCode: LanguageCode { list.first?.code ?? single }

    /// Every language's code, the default first: one for a site without `languages:`.
    package var codes: [LanguageCode] { list.isEmpty ? [single] : list.map(\.code) }

    /// The language with this code.
    package func language(_ code: LanguageCode) -> Language? { position(code).map { list[$0] } }

    /// The place of the language with this code in `list`.
    package func position(_ code: LanguageCode) -> Int? { positions[code] }

    /// The language of a file of `Content/` and its path as if the language's folder were `Content/` itself:
    /// `Content/fr/posts/a.md` is `fr` and `Content/posts/a.md`.
    ///
    /// - Complexity: O(n) in the number of languages.
    package func locate(_ path: SourcePath) -> (code: LanguageCode, inner: SourcePath) {
        guard isMultilingual, let rest = path.inContent else { return (defaultCode, path) }
        guard let slash = rest.firstIndex(of: "/") else { return (defaultCode, path) }
        let folder = rest[..<slash]
        guard let language = list.first(where: { $0.folder == folder }) else { return (defaultCode, path) }
        return (language.code, SourcePath("Content" + rest[slash...]))
    }

    /// What starts the URLs of a language's pages: `/fr`, or nothing for the default language at the root.
    package func prefix(_ code: LanguageCode) -> String {
        guard isMultilingual, code != defaultCode || defaultInFolder else { return "" }
        return "/" + folder(code)
    }

    /// `prefix` of a language of `list`.
    package func prefix(of language: Language) -> String {
        guard isMultilingual, language.code != defaultCode || defaultInFolder else { return "" }
        return "/" + language.folder
    }

    /// A site URL of the language's part of the site: `/about/` of `fr` is `/fr/about/`.
    package func url(_ url: PageURL, in code: LanguageCode) -> PageURL { PageURL(prefix(code) + url.rawValue) }

    /// The folder under `Content/` that holds the language's pages (`fr`); the default language's pages may also
    /// be at the top of `Content/`.
    package func folders(_ code: LanguageCode) -> [String] {
        guard isMultilingual else { return [""] }
        return code == defaultCode ? [folder(code), ""] : [folder(code)]
    }

    /// Why `folder` cannot be a language's folder and URL prefix, or nil: one plain segment (letters, digits, `-`
    /// and `_`), and none the site uses for itself.
    package static func folderProblem(_ folder: String) -> String? {
        guard folder.utf8.count <= 35, folder.wholeMatch(of: /[A-Za-z0-9][A-Za-z0-9_-]*/) != nil else {
            return "cannot be a language's folder: letters, digits, '-' and '_' (like fr or zh_cn)"
        }
        return ["tags", "assets", "_sectionsite"].contains(folder) ? "is a folder the site uses for itself" : nil
    }

    /// The language's folder under `Content/` and its URLs' prefix (`zh_cn`), its code when it has no other.
    package func folder(_ code: LanguageCode) -> String { language(code)?.folder ?? code.rawValue }
}
