import SectionSiteAPI
import SectionSiteHighlight
import SectionSiteImages
import SiteTestSupport

extension TestPlugins {
    /// Every plug-in, as the `sectionsite` command sets them: KSyntaxHighlighting, libvips and symbol graphs.
    static let command = TestPlugins(highlighter: .kate, imageProcessor: .vips, apiReader: .symbolGraphs)
}
