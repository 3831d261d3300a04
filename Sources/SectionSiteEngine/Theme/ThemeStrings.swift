import Foundation
import Yams

/// The words a theme writes itself ("Read more", "Search", "Tags"), in each language: `Themes/<t>/i18n/<code>.yml`,
/// a map of keys to texts. Templates see the page's language's texts as `site.i18n.<key>`; a key the language's
/// file lacks shows the default language's text, and `warnings` names each one.
struct ThemeStrings: Sendable, Equatable {
    /// Each language's texts by key, and where each key is written.
    private var texts: [String: [String: String]] = [:]
    /// The file of each language, relative to the site.
    private var files: [String: String] = [:]
    /// The theme's folder relative to the site.
    private var themePath = ""

    init() {}

    /// Reads every `i18n/*.yml` of the theme; a file that is not a map of texts is an error at its place.
    init(folder: URL, themePath: String) throws {
        self.themePath = themePath
        let i18n = folder.appendingPathComponent("i18n")
        // Listed as every folder of the site is, without following symbolic links (`FileTree`).
        let names = FileTree.files(under: i18n).filter { !$0.contains("/") }
        for name in names where name.hasSuffix(".yml") || name.hasSuffix(".yaml") {
            let code = String(name.prefix { $0 != "." })
            let path = "\(themePath)/i18n/\(name)"
            let text = try SourceText.read(i18n.appendingPathComponent(name), path: path)
            let yaml = YAMLReader(path: path, firstLine: 1)
            var strings: [String: String] = [:]
            if let root = try yaml.compose(text), !(root.scalar.map { $0.string.isEmpty } ?? false) {
                for (key, node, _) in try yaml.entries(root, what: path) {
                    strings[key] = try yaml.string(node, key: key)
                }
            }
            texts[code] = strings
            files[code] = path
        }
    }

    /// Whether the theme has no strings at all.
    var isEmpty: Bool { texts.isEmpty }

    /// The texts of a language: its own, and the default language's where it has none.
    func texts(_ code: LanguageCode, languages: SiteLanguages) -> [String: String] {
        var merged = base(languages)
        if code != languages.defaultCode { merged.merge(texts[code.rawValue] ?? [:]) { _, own in own } }
        return merged
    }

    /// The default language's texts; English where the theme has none in it (a theme's own language).
    private func base(_ languages: SiteLanguages) -> [String: String] {
        texts[languages.defaultCode.rawValue] ?? texts["en"] ?? [:]
    }

    /// One warning for each key the default language's file has and another language's lacks.
    func warnings(_ languages: SiteLanguages) -> [Diagnostic] {
        let main = base(languages)
        guard !main.isEmpty else { return [] }
        var warnings: [Diagnostic] = []
        for code in languages.codes.dropFirst() {
            let own = texts[code.rawValue] ?? [:]
            let file = files[code.rawValue] ?? "\(themePath)/i18n/\(code).yml"
            for key in main.keys.sorted() where own[key] == nil {
                warnings.append(
                    ThemeProblem.missingText(
                        key, language: code.rawValue, main: languages.defaultCode.rawValue, text: main[key]!
                    ).at(
                        SourceLocation(file: file)))
            }
        }
        return warnings
    }
}
