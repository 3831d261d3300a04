import Foundation
import Testing

import SectionSiteEngine
import SiteTestSupport

/// The theme the binary carries: a site that says `theme: default` and has no copy of its own builds with it,
/// without warnings about templates it cannot act on; a site's own `Themes/default/` wins.
@Suite("Built-in theme")
struct BuiltinThemeTests {
    @Test("a site without Themes/ builds with the built-in default theme: layouts, assets, no unused-template warnings")
    func builtin() throws {
        let site = try TestSite([
            "sectionsite.yml": "title: Moved\ntheme: default\n",
            "Content/index.md": "---\ntitle: Home\n---\n## First\n\nWelcome.\n",
            "Content/docs/guide.md": "---\ntitle: Guide\n---\n## Install {#install}\n\nText.\n",
        ])
        let report = try site.build()
        #expect(report.warnings.isEmpty, "\(report.warnings)")
        // Nor about words the theme lacks in a language: the site cannot write them into a theme it has no copy of.
        try site.write([
            "sectionsite.yml": "title: Moved\ntheme: default\nlanguages: {en: {name: English}, ca: {name: Català}}\n"
        ])
        #expect(try site.build().warnings.isEmpty)
        try site.write(["sectionsite.yml": "title: Moved\ntheme: default\n"])
        try site.build()
        #expect(BuiltinThemes.files["default"]?.contains { $0.path == "layouts/page.mustache" } == true)
        let guide = try site.output("docs/guide/index.html")
        #expect(guide.contains(#"id="install""#) && guide.contains("/assets/style.css"))
        #expect(FileManager.default.fileExists(atPath: site.out.appendingPathComponent("assets/style.css").path))
        // Kept where the build keeps its state, written once: the next build finds it as it was.
        let stamp = site.folder.appendingPathComponent(".sectionsite/themes/default/.made-from")
        let before = try FileManager.default.attributesOfItem(atPath: stamp.path)[.modificationDate] as? Date
        try site.build()
        #expect(try FileManager.default.attributesOfItem(atPath: stamp.path)[.modificationDate] as? Date == before)
        // The site's own copy wins.
        try site.write(TestSite.theme)
        // its own: the user's to trim
        #expect(try site.build().warnings.contains { $0.message.contains("never used") })
        #expect(!(try site.output("docs/guide/index.html").contains("/assets/style.css")))
    }
}
