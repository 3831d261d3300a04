import Testing

@testable import SectionSiteEngine
import SiteTestSupport

/// The site stage's problems: each kind has an identifier of its own, which stays when a warning becomes an error.
@Suite("Site problems")
struct SiteProblemTests {
    static let every: [SiteProblem] = [
        .settingsFileMissing(path: "a.yml"), .apiWithoutReader, .urlTaken("/a/"),
        .linkToNoPage(destination: "a.md", reason: "r"),
        .unknownSymbol(destination: "``A``"), .unknownArticle(destination: "doc:A"),
        .unknownLanguage("mermaid", pages: 2),
        .unusedTemplate("cells/a"), .emptySection(id: "s"), .aliasNotWritten(alias: "/a/", because: "b"),
        .aliasGivenAgain(alias: "/a/", firstBy: "this page"), .brokenLink(written: "/x/", problem: "p"),
        .pictureRefused(source: "a.png", reason: "is too large"),
    ]

    @Test("every kind has its own identifier, under site.")
    func identifiers() {
        let ids = Self.every.map(\.id.rawValue)
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy { $0.hasPrefix("site.") })
        // Made from the cases' names since Problem; the same as when each was written out.
        #expect(
            ids == [
                "site.settings-file-missing", "site.api-without-reader", "site.url-taken", "site.link-to-no-page",
                "site.unknown-symbol",
                "site.unknown-article", "site.unknown-language", "site.unused-template", "site.empty-section",
                "site.alias-not-written",
                "site.alias-given-again", "site.broken-link", "site.picture-refused",
            ])
    }

    @Test("a diagnostic carries its kind, through --strict too; the words are the message")
    func carried() {
        let warning = SiteProblem.unusedTemplate("cells/a").at(SourceLocation(file: "Themes/t/cells/a.mustache"))
        #expect(warning.id == "site.unused-template" && warning.severity == .warning)
        #expect(warning.asError.id == "site.unused-template")
        #expect(warning.description == "Themes/t/cells/a.mustache:1:1: warning: template 'cells/a' is never used")
        #expect(
            SiteProblem.unknownLanguage("mermaid", pages: 3).message.hasPrefix(
                "code in 'mermaid' (and 2 other pages) is drawn plain"))
    }
}
