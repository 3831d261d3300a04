import Foundation
import HashTreeCollections

/// A site read for `sectionsite translations`: its languages, which of its pages translate which, and its pages'
/// parsing, to compare two versions of a source block by block. Knows nothing of where an old version comes from
/// (the command reads it from git).
package struct TranslatedSite {
    /// The site's languages.
    package let languages: SiteLanguages
    /// Every translation and its source, and the pages not translated yet.
    package let pairs: TranslationPairs
    /// Parses pages as a build does, with the site's settings and theme (directives and render hooks draw the same
    /// HTML), but without highlighting or pictures, which cost time and change no block's identity.
    private let loader: ContentLoader

    /// Reads the settings, the theme and every page's front matter. Wrong settings or front matter are errors,
    /// all of them at once, each at its place.
    package init(site: URL) throws {
        let (config, _) = try Site.loadConfig(BuildOptions(site: site))
        let theme = try Theme(config: config, site: site)
        var targets = LinkTargets(files: LinkTargets.files(of: site, within: config.sourceBounds(site: site)))
        var loader = ContentLoader(
            site: site, markdown: Markdown(config: config, highlighter: nil), permalinks: config.permalinks)
        let parsed = loader.parseAll(loader.pagePaths())
        if !parsed.errors.isEmpty { throw SectionSiteError(inFileOrder: parsed.errors) }
        let entries = parsed.pages.map {
            TranslationPairs.Entry(path: $0.path, language: $0.page.language, key: $0.page.translationKey)
        }
        for page in parsed.pages { targets.pageURLs[page.path] = page.page.url }
        loader.markdown = Markdown(
            config: config, highlighter: nil, theme: theme, targets: targets)
        self.loader = loader
        languages = config.languages
        pairs = TranslationPairs(entries, languages: languages)
    }

    /// A page's text as it is now.
    package func text(of path: SourcePath) throws -> String {
        try SourceText.read(loader.site.appendingPathComponent(path.rawValue), path: path.rawValue)
    }

    /// The translation's state from its source's text when the translation was last brought up to date (`then`,
    /// as of `since`) and now: up to date when the texts are equal or differ only outside the title, sections
    /// and body; behind when any of those changed; unknown when either text's front matter does not parse.
    package func status(
        of pair: TranslationPair, then: String, now: String, since: TranslationStatus.Since, uncommitted: Bool
    ) -> TranslationStatus {
        var status = TranslationStatus(
            path: pair.translation, language: pair.language, source: pair.source, state: .current, since: since,
            uncommitted: uncommitted)
        guard then != now else { return status }
        let commit = String(since.commit.prefix(7))
        // Both versions are parsed under the source's path: the ids of headings and the URLs of links then depend
        // on the text alone. Mistakes in the Markdown still give blocks, so they do not stop the comparison.
        func parsed(_ text: String, _ which: String) -> LoadedPage? {
            do {
                return try loader.loadReportingProblems(pair.source, text: text).0
            } catch {
                status.state = .unknown
                status.reason = "\(pair.source)\(which) does not parse: \(Self.firstMessage(error))"
                return nil
            }
        }
        guard let old = parsed(then, " as of \(commit)"), let new = parsed(now, "") else { return status }
        status.changes = SourceDifference.changes(from: old, to: new, newText: now)
        if status.changes.isEmpty {
            status.reason = "\(pair.source) changed since \(commit), but not in its title, sections or body"
        } else {
            status.state = .behind
        }
        return status
    }

    /// An error's first message with its line, for a sentence.
    private static func firstMessage(_ error: any Error) -> String {
        guard let diagnostic = (error as? SectionSiteError)?.diagnostics.first else { return "\(error)" }
        guard let line = diagnostic.location?.line, line > 0 else { return diagnostic.message }
        return "line \(line): \(diagnostic.message)"
    }
}
