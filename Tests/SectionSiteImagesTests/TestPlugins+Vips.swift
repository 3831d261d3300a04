import SectionSiteImages
import SiteTestSupport

extension TestPlugins {
    /// Pictures read and made by libvips, as the `sectionsite` command does.
    static let vips = TestPlugins(imageProcessor: .vips)
}
