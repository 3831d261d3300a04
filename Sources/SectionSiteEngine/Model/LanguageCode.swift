/// A language by its code, as `lang` and `hreflang` take it and the settings' `languages:` give it (`en`, `fr`,
/// `pt-BR`): a page's language, and the key of each language's settings, tags, navigation, translations and search
/// files. A type of its own, so that no folder name or code fence's word stands in for one.
package struct LanguageCode: StringIdentifier, ExpressibleByStringLiteral {
    /// The code as the settings write it.
    package let rawValue: String

    package init(rawValue: String) { self.rawValue = rawValue }

    package init(stringLiteral value: String) { rawValue = value }
}
