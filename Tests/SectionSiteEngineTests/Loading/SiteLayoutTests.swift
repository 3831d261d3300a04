import Testing

import SectionSiteEngine

/// What each changed path means, for the theme `plain`: the one table the watcher and the rebuild share.
@Suite("Site layout")
struct SiteLayoutTests {
    static let cases: [(String, SiteLayout.Change)] = [
        ("sectionsite.yml", .settings),
        ("Themes/", .settings),
        ("Themes/plain/", .settings),
        ("Themes/plain", .settings),
        ("Themes/other/layouts/page.mustache", .ignored),
        ("Themes/plain/layouts/page.mustache", .layout),
        ("Themes/plain/partials/head.mustache", .layout),
        ("Themes/plain/cells/dish.mustache", .template("cells/dish")),
        ("Themes/plain/supplementary/hero.mustache", .template("supplementary/hero")),
        ("Themes/plain/cells/", .layout),
        ("Themes/plain/assets/style.css", .themeAsset("assets/style.css")),
        ("Themes/plain/assets/", .themeAsset("assets")),
        ("Content/posts/a.md", .page("Content/posts/a.md")),
        ("Content/index.md", .page("Content/index.md")),
        ("Content/posts/", .contentFolder),
        ("Content/", .contentFolder),
        ("Content/posts/photo.jpg", .contentFile("posts/photo.jpg")),
        ("Content/posts/.a.md.swp", .ignored),
        ("Content/posts/a.md~", .ignored),
        ("Content/.drafts/a.md", .ignored),
        ("Data/menu.yml", .data),
        ("Data/", .data),
        ("Static/robots.txt", .staticFile("robots.txt")),
        ("Static/img/", .staticFile("img")),
        ("swift:/menu/", .ignored),  // a page a program defines is `SiteChange.definedPage`, never a path
        ("README.md", .ignored),
        ("_site/index.html", .ignored),
    ]

    @Test("each path is the change it makes", arguments: cases)
    func classify(path: String, change: SiteLayout.Change) {
        #expect(SiteLayout(theme: "plain").classify(SourcePath(path)) == change)
    }

    @Test("what is no file: the settings (any file `--config` names), the API reference's package, a program's page")
    func notFiles() {
        let layout = SiteLayout(theme: "plain")
        #expect(layout.classify(.settings) == .settings)
        #expect(layout.classify(.apiSources) == .apiSources)
        #expect(layout.classify(.definedPage("/menu/")) == .page("swift:/menu/"))
        #expect(layout.classify("Content/a.md" as SourcePath) == .page("Content/a.md"))
    }

    @Test("the watched names are those a build reads; editors' files are never part of the site")
    func watched() {
        #expect(SiteLayout.watchedRoots == ["Content", "Data", "Themes", "Static", "sectionsite.yml"])
        for name in [".a.md.swp", "a.md~", "4913.tmp", ".DS_Store"] {
            #expect(SiteLayout.isIgnored(name: Substring(name)), "\(name)")
        }
        for name in ["a.md", "photo.jpg", "style.css"] {
            #expect(!SiteLayout.isIgnored(name: Substring(name)), "\(name)")
        }
    }
}
