import SectionSiteAPI
import SectionSiteImages
import SiteTestSupport

extension TestPlugins {
    /// The API reference read from symbol graphs, and the pictures of its DocC catalogs made by libvips, as the
    /// `sectionsite` command does.
    static let symbolGraphs = TestPlugins(imageProcessor: .vips, apiReader: .symbolGraphs)
}
