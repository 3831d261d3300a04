import Foundation
import Testing

import SectionSiteEngine
import SiteTestSupport

/// `layouts:` in the settings: the layout of a folder's pages that name none, as Jekyll's `defaults:` and Hugo's
/// sections give them; a page's own `layout:` wins.
@Suite("Layouts by folder")
struct FolderLayoutTests {
    @Test(
        "the longest folder that holds the page gives its layout; a page's own wins; an unknown one is an error at the setting"
    )
    func byFolder() throws {
        var files = TestSite.theme
        files["Themes/default/layouts/docs.mustache"] =
            "<!doctype html><html><head><title>D</title></head><body class=\"docs\">{{{body}}}</body></html>\n"
        files["sectionsite.yml"] = "title: T\nlayouts:\n  docs: docs\n  docs/old: page\n"
        files["Content/docs/guide.md"] = "---\ntitle: Guide\n---\nText.\n"
        files["Content/docs/old/legacy.md"] = "---\ntitle: Legacy\n---\nText.\n"
        files["Content/docs/own.md"] = "---\ntitle: Own\nlayout: page\n---\nText.\n"
        files["Content/about.md"] = "---\ntitle: About\n---\nText.\n"
        let site = try TestSite(files)
        try site.build()
        #expect(try site.output("docs/guide/index.html").contains(#"class="docs""#))
        #expect(!(try site.output("docs/old/legacy/index.html").contains(#"class="docs""#)))
        #expect(!(try site.output("docs/own/index.html").contains(#"class="docs""#)))
        #expect(!(try site.output("about/index.html").contains(#"class="docs""#)))
        try site.write(["sectionsite.yml": "title: T\nlayouts:\n  docs: nope\n"])
        #expect(site.buildError()?.description.contains("sectionsite.yml:3:9: error: unknown layout 'nope'") == true)
    }
}
