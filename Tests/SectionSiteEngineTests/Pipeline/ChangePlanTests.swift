import Testing

@testable import SectionSiteEngine
import SiteTestSupport

/// What a batch of changes asks of a site of the theme `plain`, decided before anything is read: a table, no disk.
@Suite("Change plan")
struct ChangePlanTests {
    static func plan(_ changes: Set<SiteChange>) -> ChangePlan {
        ChangePlan(changes, layout: SiteLayout(theme: "plain"))
    }

    static let cases: [(String, Set<SiteChange>, ChangePlan)] = [
        ("nothing", [], ChangePlan()),
        ("a page", ["Content/posts/a.md"], ChangePlan(pages: ["Content/posts/a.md"])),
        ("a program's page", [.definedPage("/menu/")], ChangePlan(pages: ["swift:/menu/"])),
        (
            "two pages and an editor's swap file", ["Content/a.md", "Content/b.md", "Content/.a.md.swp"],
            ChangePlan(pages: ["Content/a.md", "Content/b.md"])
        ),
        ("the settings file", ["sectionsite.yml"], ChangePlan(everything: true)),
        ("a settings file --config names", [.settings], ChangePlan(everything: true)),
        ("the theme's folder", ["Themes/plain/"], ChangePlan(everything: true)),
        ("the API reference's package", [.apiSources], ChangePlan(apiReference: true)),
        ("a data file", ["Data/menu.yml"], ChangePlan(data: true, renderAll: true)),
        ("a cell template", ["Themes/plain/cells/dish.mustache"], ChangePlan(templates: ["cells/dish"])),
        ("a hook", ["Themes/plain/hooks/link.mustache"], ChangePlan(components: ["hooks/link"])),
        ("a layout", ["Themes/plain/layouts/page.mustache"], ChangePlan(renderAll: true)),
        ("another theme's layout", ["Themes/other/layouts/page.mustache"], ChangePlan()),
        ("a folder of Content/", ["Content/posts/"], ChangePlan(findPages: true, copiedFiles: true)),
        (
            "a picture beside its page", ["Content/posts/photo.jpg"],
            ChangePlan(
                pictures: ["Content/posts/photo.jpg"], contentFiles: ["posts/photo.jpg": "Content/posts/photo.jpg"])
        ),
        (
            "a stylesheet of the theme", ["Themes/plain/assets/style.css"],
            ChangePlan(copiedFiles: true, assets: ["assets/style.css"])
        ),
        ("a static file", ["Static/robots.txt"], ChangePlan(copiedFiles: true, assets: ["robots.txt"])),
        ("anything else", ["README.md", "_site/index.html"], ChangePlan()),
    ]

    @Test("each batch of changes makes its plan", arguments: cases)
    func plans(_ name: String, changes: Set<SiteChange>, expected: ChangePlan) {
        #expect(Self.plan(changes) == expected, "\(name)")
    }

    @Test("a plan renders everything again, or forces the pages drawn with a template, only for what draws pages")
    func rendering() {
        #expect(!Self.plan(["Content/a.md"]).reloadsTheme)
        #expect(!Self.plan(["Content/a.md"]).forcesRender)
        #expect(Self.plan(["Themes/plain/cells/dish.mustache"]).forcesRender)
        #expect(Self.plan(["Themes/plain/hooks/link.mustache"]).reloadsTheme)
        #expect(!Self.plan(["Themes/plain/hooks/link.mustache"]).forcesRender)  // the pages it drew load again instead
        #expect(Self.plan(["Data/menu.yml"]).reloadsTheme)
    }

    @Test("the settings among other changes: everything, whatever else changed")
    func settingsWin() {
        #expect(Self.plan(["Content/a.md", .settings, .apiSources]).everything)
    }
}
