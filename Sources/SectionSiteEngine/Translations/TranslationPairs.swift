/// A page of a language other than the default one and the default language's page it translates: the two share a
/// translation key (`Page.translationKey`).
package struct TranslationPair: Sendable, Equatable {
    /// The default language's page, relative to the site (`Content/posts/hello.md`).
    package var source: SourcePath
    /// The translation, relative to the site (`Content/fr/posts/hello.md`).
    package var translation: SourcePath
    /// The translation's language.
    package var language: LanguageCode

    /// Creates a pair.
    package init(source: SourcePath, translation: SourcePath, language: LanguageCode) {
        (self.source, self.translation, self.language) = (source, translation, language)
    }
}

/// A page of the default language and the languages it has no translation in.
package struct MissingTranslation: Sendable, Equatable {
    /// The default language's page, relative to the site.
    package var source: SourcePath
    /// The codes of the languages without a page of its key, in the settings' order.
    package var languages: [LanguageCode]

    /// Creates an entry.
    package init(source: SourcePath, languages: [LanguageCode]) {
        (self.source, self.languages) = (source, languages)
    }
}

/// Which pages of a site translate which, and which pages of the default language are not translated yet: the
/// grouping `sectionsite translations` starts from, made from each page's path, language and translation key.
///
/// The source of a key is the first page of the default language by path that has it, as the language switcher
/// picks. Every page of another language with that key is one of its translations, two of one language included:
/// each can fall behind on its own. A page of another language whose key no page of the default language has is
/// written in that language first, and is no translation.
package struct TranslationPairs: Sendable, Equatable {
    /// One page as grouping reads it.
    package struct Entry: Sendable, Equatable {
        /// The file, relative to the site.
        package var path: SourcePath
        /// The language's code.
        package var language: LanguageCode
        /// The translation key.
        package var key: String

        /// Creates an entry.
        package init(path: SourcePath, language: LanguageCode, key: String) {
            (self.path, self.language, self.key) = (path, language, key)
        }
    }

    /// Every translation and its source, sorted by the translation's path.
    package var pairs: [TranslationPair] = []
    /// Every page of the default language lacking a translation in some language, sorted by path.
    package var missing: [MissingTranslation] = []

    /// Groups `pages` by translation key. A site with one language has neither pairs nor missing translations.
    ///
    /// - Complexity: O(n log n) in the number of pages.
    package init(_ pages: [Entry], languages: SiteLanguages) {
        guard languages.isMultilingual else { return }
        let sorted = pages.sorted { $0.path < $1.path }
        var sources: [String: SourcePath] = [:]  // key -> source path
        for page in sorted where page.language == languages.defaultCode && sources[page.key] == nil {
            sources[page.key] = page.path
        }
        var translated: [SourcePath: Set<LanguageCode>] = [:]  // source path -> languages it has a translation in
        for page in sorted where page.language != languages.defaultCode {
            guard let source = sources[page.key] else { continue }
            pairs.append(TranslationPair(source: source, translation: page.path, language: page.language))
            translated[source, default: []].insert(page.language)
        }
        let others = languages.codes.dropFirst()
        for page in sorted where sources[page.key] == page.path {
            let lacking = others.filter { !(translated[page.path]?.contains($0) ?? false) }
            if !lacking.isEmpty { missing.append(MissingTranslation(source: page.path, languages: Array(lacking))) }
        }
    }
}
