import Foundation
import Testing

@testable import SectionSiteCommands
import SectionSiteEngine
import SectionSiteImport
import SiteTestSupport

/// `sectionsite import hugo`: a generated Hugo docs site (TOML settings and front matter, `_index.md` list pages,
/// a leaf bundle, `ref` shortcodes, a module mount for its content) becomes a site that builds, keeps every address
/// and has no broken link.
@Suite("Import from Hugo")
struct HugoImportTests {
    static let hugoSite: [String: String] = [
        "hugo.toml": """
        baseURL = "https://docs.example.com/"
        title = "Docs"
        [params]
          description = "The manual"
        [permalinks]
          news = "/news/:year/:slug/"
        [[menus.main]]
          name = "Guide"
          pageRef = "/guide"
          weight = 1
        [[menus.main]]
          name = "Elsewhere"
          url = "https://example.org/"
        [module]
          [[module.mounts]]
            source = "content/en"
            target = "content"
        """,
        "content/en/_index.md": "+++\ntitle = \"Home\"\n+++\nWelcome. Read the [guide]({{< ref \"guide\" >}}).\n",
        "content/en/guide/_index.md":
            "+++\ntitle = \"Guide\"\nweight = 1\n+++\nStart with [Install]({{< relref \"install.md#steps\" >}}).\n",
        "content/en/guide/install.md":
            "+++\ntitle = \"Install\"\ncategories = [\"setup\"]\n+++\n## Steps\n\n{{< highlight sh >}}\nmake\n{{< /highlight >}}\n\n{{< youtube abc >}}\n",
        "content/en/guide/Upper.md": "---\ntitle: Upper case\n---\nSee [home]({{< ref \"/\" >}}).\n",
        "content/en/guide/tour/index.md":
            "---\ntitle: Tour\n---\n{{< figure src=\"shot.svg\" alt=\"A shot\" caption=\"The tour\" >}}\n",
        "content/en/guide/tour/shot.svg": "<svg/>\n",
        "content/en/news/2024-05-01-release.md":
            "{\n  \"title\": \"Release notes\",\n  \"date\": \"2024-05-01\"\n}\nShipped.\n",
        "content/en/_common/part.md": "---\n_build: {render: never}\n---\nIncluded elsewhere.\n",
        "static/favicon.svg": "<svg/>\n",
        "layouts/_default/single.html": "{{ .Content }}\n",
    ]

    @Test("every page at its Hugo address, list pages that list, references as checked links, leftovers located")
    func hugoDocs() throws {
        let hugo = try TestSite(plugins: .command, Self.hugoSite)
        let out = hugo.folder.appendingPathComponent("imported")
        let report = try HugoImporter(
            source: hugo.folder, destination: out, theme: ImportRun.theme,
            themeName: "starter"
        ).run()
        let built = out.appendingPathComponent("_site")
        try SiteBuilder(options: TestPlugins.command.options(site: out, out: built)).build()
        for page in [
            "index.html", "guide/index.html", "guide/install/index.html", "guide/upper/index.html",
            "guide/tour/index.html",
            "news/2024/release-notes/index.html", "favicon.svg",
        ] {
            #expect(FileManager.default.fileExists(atPath: built.appendingPathComponent(page).path), "\(page)")
        }
        #expect(!FileManager.default.fileExists(atPath: built.appendingPathComponent("_common/part/index.html").path))
        let guide = try String(contentsOf: built.appendingPathComponent("guide/index.html"), encoding: .utf8)
        #expect(guide.contains(#"<a href="/guide/install/#steps">Install</a>"#))
        #expect(guide.contains("Install"))  // the list page lists its folder's pages
        let install = try String(contentsOf: built.appendingPathComponent("guide/install/index.html"), encoding: .utf8)
        #expect(install.contains(#"<code class="language-sh">"#))
        let tour = try String(contentsOf: built.appendingPathComponent("guide/tour/index.html"), encoding: .utf8)
        #expect(tour.contains(#"alt="A shot""#))
        let settings = try String(contentsOf: out.appendingPathComponent("sectionsite.yml"), encoding: .utf8)
        #expect(
            settings.contains("baseURL: https://docs.example.com/") && settings.contains("news: /news/:year/:slug/"))
        #expect(settings.contains("menu:\n- {title: Guide, url: guide/}\n") && !settings.contains("example.org"))
        var options = TestPlugins.command.options(site: out, out: built)
        options.keepsLinks = true
        let broken = try LinkCheck(Site(options: options)).brokenLinks().errors.map(\.description)
        #expect(broken == [], "\(broken)")
        // Hugo's own `youtube` is a link to the video: its player would reach outside the site.
        #expect(install.contains(#"<a href="https://www.youtube.com/watch?v=abc">Video on YouTube</a>"#))
        #expect(
            report.leftovers.map(\.description) == ["layouts/:1:1: note: Hugo folder 'layouts' not imported (1 file)"])
    }

    @Test(
        "a multilingual Hugo site: each language's content folder or suffix, its settings and menu, translations linked"
    )
    func languages() throws {
        let hugo = try TestSite(
            plugins: .command,
            [
                "hugo.toml": """
                baseURL = "https://docs.example.com/"
                title = "Docs"
                defaultContentLanguage = "en"
                [languages.en]
                  languageName = "English"
                  weight = 1
                  contentDir = "content/en"
                [languages.fr]
                  languageName = "Français"
                  title = "Documentation"
                  weight = 2
                  contentDir = "content/fr"
                  [[languages.fr.menus.main]]
                    name = "Guide"
                    pageRef = "/guide"
                [languages.ar]
                  label = "العربية"
                  direction = "rtl"
                  weight = 3
                """,
                "content/en/_index.md": "---\ntitle: Home\n---\nWelcome.\n",
                "content/en/guide.md": "---\ntitle: Guide\n---\nRead on.\n",
                "content/fr/_index.md": "---\ntitle: Accueil\n---\nBienvenue.\n",
                "content/fr/guide.md": "---\ntitle: Guide\n---\nLisez [l'accueil]({{< ref \"/\" >}}).\n",
                "content/guide.ar.md": "---\ntitle: دليل\n---\nاقرأ.\n",
            ])
        let out = hugo.folder.appendingPathComponent("imported")
        _ = try HugoImporter(
            source: hugo.folder, destination: out, theme: ImportRun.theme,
            themeName: "starter"
        ).run()
        let settings = try String(contentsOf: out.appendingPathComponent("sectionsite.yml"), encoding: .utf8)
        #expect(
            settings.contains(
                "languages:\n  en:\n    name: English\n  fr:\n    name: Français\n    title: Documentation\n    menu:\n    - {title: Guide, url: guide/}\n  ar:\n    name: العربية\n    direction: rtl\n"
            ), "\(settings)")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("Content/fr/guide.md").path))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("Content/ar/guide.md").path))
        let built = out.appendingPathComponent("_site")
        try SiteBuilder(options: TestPlugins.command.options(site: out, out: built)).build()
        let guide = try String(contentsOf: built.appendingPathComponent("fr/guide/index.html"), encoding: .utf8)
        #expect(guide.contains(#"hreflang="ar" href="https://docs.example.com/ar/guide/""#))
        #expect(guide.contains(#"<html lang="fr""#) && guide.contains(#"href="/fr/""#))
        let arabic = try String(contentsOf: built.appendingPathComponent("ar/guide/index.html"), encoding: .utf8)
        #expect(arabic.contains(#"dir="rtl""#))
    }
}
