import SectionSiteHighlight
import SiteTestSupport

extension TestPlugins {
    /// Fenced code highlighted by KSyntaxHighlighting, as the `sectionsite` command does.
    static let kate = TestPlugins(highlighter: .kate)
}
