import Foundation
import Testing

import SectionSiteCommands
import SectionSiteEngine
@testable import SectionSiteImport
import SiteTestSupport

/// The shapes real Hugo sites have that a first import did not build or kept no address for: a configuration
/// folder, module mounts in both forms, mounts that give a language the default one's pages, relative aliases,
/// bundles shared by translations, pictures found from a page's URL, addresses Hugo lower-cases, language keys that
/// are no BCP 47 codes. Each site imports, builds, and answers at every address Hugo gives it.
@Suite("Import from Hugo: shapes of real sites")
struct HugoImportShapesTests {
    /// Imports `files` as a Hugo site, builds it, and gives the new site's folder, its output and the report.
    static func importAndBuild(
        _ files: [String: String]
    ) throws -> (site: URL, built: URL, report: ImportReport, hugo: TestSite) {
        let hugo = try TestSite(plugins: .command, files)
        let out = hugo.folder.appendingPathComponent("imported")
        let report = try ImportRun.hugo(hugo, into: out)
        let built = out.appendingPathComponent("_site")
        try SiteBuilder(options: TestPlugins.command.options(site: out, out: built)).build()
        return (out, built, report, hugo)
    }

    /// The addresses of `urls` that the built site does not answer (no page nor alias there).
    static func missing(_ urls: [String], in built: URL) -> [String] {
        urls.filter { !FileManager.default.fileExists(atPath: built.appendingPathComponent($0 + "index.html").path) }
    }

    static func text(_ url: URL, _ path: String) throws -> String {
        try String(contentsOf: url.appendingPathComponent(path), encoding: .utf8)
    }

    @Test("documentation versions as folders: versions: written, the site's own list saying which is the latest")
    func versionFolders() throws {
        var files = [
            "hugo.toml": "title = 'Docs'\n[params.versions]\ndocs = ['2.0', '1.10', '1.9']\n",
            "content/docs/_index.md": "---\ntitle: Docs\n---\n",
            "content/docs/misc/about.md": "---\ntitle: About the docs\n---\nNo version.\n",
        ]
        for version in ["2.1", "2.0", "1.10", "1.9"] {
            files["content/docs/\(version)/_index.md"] = "---\ntitle: Docs \(version)\n---\n"
            files["content/docs/\(version)/guide/install.md"] = "---\ntitle: Install\n---\nInstall \(version).\n"
        }
        let (site, built, _, hugo) = try Self.importAndBuild(files)
        defer { withExtendedLifetime(hugo) {} }  // its folder holds the new site
        let settings = try Self.text(site, "sectionsite.yml")
        #expect(
            settings.contains(
                "versions:\n  folder: docs\n  latest: '2.0'\n  list:\n  - {name: '2.1', status: unreleased}\n  - '2.0'\n"
                    + "  - '1.10'\n  - '1.9'\n"), "\(settings)")
        #expect(Self.missing(["/docs/1.9/guide/install/", "/docs/misc/about/"], in: built) == [])
        #expect(ImportVersions.newer("1.10", than: "1.9") && ImportVersions.newer("next", than: "2.0"))
        #expect(!ImportVersions.newer("v1.x", than: "v2.0") && ImportVersions.isVersion("v1.x"))
        // The shapes of TiKV (a dev folder; latest: and all: under params.versions) and Jaeger (two lines of
        // versions, each with its own latest: the newest named one is the latest).
        func found(_ folders: [String], _ params: [String: Any]) -> ImportVersions? {
            ImportVersions.find(
                folders.map { "Content/docs/\($0)/a.md" }, docs: ["docs"], languageFolders: [],
                declared: ImportVersions.declared(params))
        }
        let tikv = found(["dev", "7.1", "6.5"], ["versions": ["latest": "7.1", "all": ["dev", "7.1", "6.5"]]])
        #expect(tikv?.latest == "7.1" && tikv?.unreleased == ["dev"] && tikv?.names == ["dev", "7.1", "6.5"])
        let jaeger = found(["2.20", "2.19", "1.76"], ["latest": "1.76", "versions": ["1.76"], "latestV2": "2.20"])
        #expect(jaeger?.latest == "2.20" && jaeger?.unreleased == [])
        #expect(found(["next", "3.0", "2.0"], [:])?.latest == "3.0", "without names, the newest numbered")
        #expect(found(["2026", "2025", "2024"], [:]) == nil, "a blog's years are no versions")
        #expect(ImportVersions.isVersion("v3") && ImportVersions.isVersion("1.x") && !ImportVersions.isVersion("3"))
        // Linkerd's shape: the versions are folders of the content itself, with an edge version beside them.
        let linkerd = ImportVersions.find(
            ["2-edge", "2.19", "2.18", "blog", "docs"].map { "Content/\($0)/a/b.md" } + ["Content/2026/post.md"],
            docs: ["docs"], languageFolders: [], declared: ImportVersions.declared(["latestMajorVersion": "2.20"]))
        #expect(
            linkerd?.folder == "" && linkerd?.names == ["2-edge", "2.19", "2.18"], "\(String(describing: linkerd))")
        #expect(linkerd?.latest == "2.19" && linkerd?.unreleased == ["2-edge"])
    }

    @Test("versions that are folders of the content itself: imported as such, compared, the latest at /latest/")
    func rootVersionFolders() throws {
        var files = ["hugo.toml": "title = 'Docs'\n", "content/_index.md": "---\ntitle: Home\n---\n"]
        for version in ["2.1", "2.0"] {
            files["content/\(version)/_index.md"] = "---\ntitle: Docs \(version)\n---\n"
            files["content/\(version)/guide/install.md"] = "---\ntitle: Install\n---\nInstall \(version).\n"
        }
        let (site, built, _, hugo) = try Self.importAndBuild(files)
        defer { withExtendedLifetime(hugo) {} }
        #expect(try Self.text(site, "sectionsite.yml").contains("versions:\n  folder: ''\n  latest: '2.1'\n"))
        let changes = try String(
            contentsOf: built.appendingPathComponent("2.1/changes/guide/install/index.html"), encoding: .utf8)
        #expect(changes.contains("Install 2.0.") && changes.contains("Install 2.1."))
        #expect(
            Self.missing(["/2.1/changes/guide/install/", "/2.1/changes/", "/latest/guide/install/"], in: built) == [])
    }

    @Test("versions in a folder of archives beside the versions (Vitess's docs/archive/17.0/) are versions too")
    func archivedVersions() throws {
        var files = ["hugo.toml": "title = 'Docs'\n", "content/_index.md": "---\ntitle: Home\n---\n"]
        for folder in ["docs/2.1", "docs/2.0", "docs/archive/1.0", "docs/archive/0.9"] {
            files["content/\(folder)/_index.md"] = "---\ntitle: Docs\n---\n"
            files["content/\(folder)/install.md"] = "---\ntitle: Install\n---\nInstall \(folder).\n"
        }
        files["content/docs/archive/_index.md"] = "---\ntitle: Archive\n---\n"
        let (site, built, _, hugo) = try Self.importAndBuild(files)
        defer { withExtendedLifetime(hugo) {} }
        #expect(
            try Self.text(site, "sectionsite.yml").contains(
                "  - '2.0'\n  - {name: '1.0', status: unmaintained, folder: docs/archive/1.0}\n"
                    + "  - {name: '0.9', status: unmaintained, folder: docs/archive/0.9}\n"))
        // Compared as versions: 2.0 with 1.0, 1.0 with 0.9, each at its own address.
        #expect(
            Self.missing(
                ["/docs/archive/1.0/install/", "/docs/2.0/changes/install/", "/docs/archive/1.0/changes/install/"],
                in: built) == [])
    }

    @Test("settings in config/_default/ (a file per key, a language's menus) with production's merged over them")
    func configurationFolder() throws {
        let (site, built, report, hugo) = try Self.importAndBuild([
            "config/_default/hugo.yaml":
                "baseURL: https://example.org/\ntitle: Draft title\ndefaultContentLanguage: en\n",
            "config/_default/languages.toml":
                "[en]\nlanguageName = 'English'\nweight = 1\n[fr]\nlanguageName = 'Français'\nweight = 2\n",
            "config/_default/params.toml": "description = 'The manual'\n",
            "config/_default/markup.toml": "[goldmark.renderer]\nunsafe = true\n",
            "config/_default/menus/menus.fr.toml": "[[main]]\nname = 'Guide'\npageRef = '/docs/guide'\n",
            "config/production/hugo.toml": "title = 'Docs'\n",
            "config/development/hugo.toml": "baseURL = 'http://localhost:1313/'\n",
            "content/docs/guide.md": "---\ntitle: Guide\n---\nhi\n",
            "content/docs/guide.fr.md": "---\ntitle: Guide FR\n---\nsalut\n",
        ])
        let settings = try Self.text(site, "sectionsite.yml")
        #expect(
            settings.hasPrefix(
                "title: Docs\ndescription: The manual\nbaseURL: https://example.org/\ntheme: starter\nmarkdown:\n  unsafe: true\n"
            ), "\(settings)")
        #expect(
            settings.contains("  fr:\n    name: Français\n    menu:\n    - {title: Guide, url: docs/guide/}\n"),
            "\(settings)")
        #expect(Self.missing(["/docs/guide/", "/fr/docs/guide/"], in: built) == [])
        #expect(
            report.leftovers.map(\.description) == [
                "config/development/:1:1: note: Hugo settings for the environment 'development' not used, as hugo builds production (1 file)"
            ])
        withExtendedLifetime(hugo) {}
    }

    @Test(
        "a language's own settings file (config/_default/languages.fr.toml) with its contentDir: its pages are that language's"
    )
    func languageFiles() throws {
        let (site, built, _, hugo) = try Self.importAndBuild([
            "config/_default/hugo.toml":
                "baseURL = 'https://example.org/'\ntitle = 'Site'\ndefaultContentLanguage = 'en'\n",
            "config/_default/languages.en.toml": "contentDir = 'content/en'\nlabel = 'English'\nweight = 1\n",
            "config/_default/languages.fr.toml": "contentDir = 'content/fr'\nlabel = 'Français'\nweight = 2\n",
            "config/_default/menu.fr.toml": "[[main]]\nname = 'Docs'\nurl = '/docs/'\n",
            "config/_default/languages.de.toml": "contentDir = 'content/de'\nlabel = 'Deutsch'\nweight = 3\n",
            "config/_default/hugo.yaml": "uglyURLs: {post: true}\npermalinks: {post: '/:year/:month/:day/:slug/'}\n",
            "content/en/post/2015-7-1-legal.md": "---\ntitle: Legal\ndate: 2015-07-01\nslug: Legal-Report\n---\nx\n",
            "content/en/post/2016-1-2-prize.html":
                "---\ntitle: Prize\ndate: 2016-01-02\nslug: prize\n---\n<p>We won.</p>\n\n<p>Thanks.</p>\n",
            "content/de/docs/only.md": "---\ntitle: Nur\n---\nx\n",
            "content/en/docs/_index.md": "---\ntitle: Docs\n---\n",
            "content/en/docs/start.md": "---\ntitle: Start\n---\nhi\n",
            "content/fr/docs/_index.md": "---\ntitle: Documentation\n---\n",
            "content/fr/docs/start.md": "---\ntitle: Début\n---\nsalut\n",
        ])
        #expect(Self.missing(["/docs/", "/docs/start/", "/fr/docs/", "/fr/docs/start/"], in: built) == [])
        // Every language has a home, made when it has none (Hugo makes one); /en/ sends readers to /.
        #expect(Self.missing(["/", "/fr/", "/de/", "/en/"], in: built) == [])
        // And a list page for each top-level folder without one (de's docs/), listing its pages.
        #expect(try Self.text(built, "de/docs/index.html").contains("Nur"))
        // uglyURLs for a section: the page was at <url>.html, which keeps answering.
        // Its slug lower-cased, as Hugo writes the addresses its permalinks make.
        #expect(
            FileManager.default.fileExists(atPath: built.appendingPathComponent("2015/07/01/legal-report.html").path))
        // An HTML file with front matter is a page, its HTML kept whole (listed while raw HTML is off).
        #expect(FileManager.default.fileExists(atPath: built.appendingPathComponent("2016/01/02/prize.html").path))
        #expect(try Self.text(site, "Content/post/2016-1-2-prize.md").hasSuffix("<p>We won.</p>\n<p>Thanks.</p>\n"))
        #expect(try Self.text(built, "fr/docs/index.html").contains("Début"))
        #expect(try Self.text(site, "sectionsite.yml").contains("  fr:\n    name: Français\n"))
        withExtendedLifetime(hugo) {}
    }

    @Test("param: the page's value, else the site's params, written in place; a list is left out and reported")
    func parameters() throws {
        let (_, built, report, hugo) = try Self.importAndBuild([
            "hugo.toml":
                "baseURL = 'https://example.org/'\ntitle = 'T'\n[params]\ngithub_repo = 'https://github.com/x/y'\nversions = ['1', '2']\n",
            "content/a.md":
                "---\ntitle: A\nrelease: '0.9'\n---\nSee [the repo]({{% param github_repo %}}/issues), version {{< param Release >}}, {{< param versions >}}.\n",
            "content/top/_index.md": "---\ntitle: Top\n---\n",
            "content/top/bundle/index.md": "---\ntitle: Bundle\n---\nb\n",
            "content/other/_index.md": "---\ntitle: Other\n---\n",
            "content/other/sub/b.md": "---\ntitle: B\n---\nb\n",
        ])
        // A list page whose folders hold only index pages (a leaf bundle) would list nothing: it gets no list to warn
        // about. Pages in folders below are listed.
        #expect(!(try Self.text(built.deletingLastPathComponent(), "Content/top/_index.md").contains("sections:")))
        #expect(try Self.text(built.deletingLastPathComponent(), "Content/other/_index.md").contains("sections:"))
        let html = try Self.text(built, "a/index.html")
        #expect(html.contains(#"<a href="https://github.com/x/y/issues">the repo</a>, version 0.9, ."#), "\(html)")
        #expect(report.leftovers.map(\.kind) == ["Hugo shortcode 'param' of a value that is not plain text, left out"])
        withExtendedLifetime(hugo) {}
    }

    @Test(
        "content mounts with lang, with sites.matrix.languages, into a subfolder, and of the default language for another"
    )
    func mounts() throws {
        let (_, built, report, hugo) = try Self.importAndBuild([
            "hugo.yaml": """
            baseURL: https://example.org/
            title: Docs
            defaultContentLanguage: en
            languages:
              en: {label: English, weight: 1}
              fr: {label: Français, weight: 2}
              de: {label: Deutsch, weight: 3}
            module:
              mounts:
                - {source: content/en, target: content}
                - {source: content/fr, target: content, lang: fr}
                - {source: content/en, target: content, lang: fr, excludeFiles: [docs/not-for-french.md]}
                - source: content/de
                  target: content
                  sites: {matrix: {languages: [de]}}
                - {source: sdk/docs, target: content/docs/sdk, lang: en}
                - {source: ../other-repo/docs, target: content/docs/other}
            """,
            "content/en/docs/guide.md": "---\ntitle: Guide\n---\nhi\n",
            "content/en/docs/only-english.md": "---\ntitle: Only in English\n---\nhi\n",
            "content/en/docs/not-for-french.md": "---\ntitle: Not for French readers\n---\nhi\n",
            "content/fr/docs/guide.md": "---\ntitle: Guide FR\n---\nsalut\n",
            "content/de/docs/guide.md": "---\ntitle: Anleitung\n---\nhallo\n",
            "sdk/docs/start.md": "---\ntitle: Start\n---\ngo\n",
        ])
        #expect(
            Self.missing(
                [
                    "/docs/guide/", "/docs/only-english/", "/fr/docs/guide/", "/fr/docs/only-english/",
                    "/de/docs/guide/",
                    "/docs/sdk/start/",
                ], in: built) == [])
        #expect(
            Self.missing(["/docs/not-for-french/", "/fr/docs/not-for-french/"], in: built) == [
                "/fr/docs/not-for-french/"
            ])
        let french = try Self.text(built, "fr/docs/guide/index.html")
        #expect(french.contains("salut"))  // the language's own page wins over the default language's
        #expect(
            report.leftovers.map(\.description) == [
                "hugo.yaml:17:1: note: module mount whose source is not in the site, not imported: ../other-repo/docs -> content/docs/other"
            ])
        withExtendedLifetime(hugo) {}
    }

    @Test("relative aliases, empty values, values the builder refuses, url: with the language's prefix")
    func frontMatter() throws {
        let (site, built, report, hugo) = try Self.importAndBuild([
            "hugo.toml":
                "title = 'Docs'\n[languages.en]\nweight = 1\n[languages.fr]\nweight = 2\ncontentDir = 'content.fr'\n",
            "content/docs/concepts/signals/baggage.md":
                "---\ntitle: Baggage\naliases: [../old-baggage, /older/]\ndraft:\nweight: '3'\n---\nx\n",
            "content/docs/odd.md": "---\ntitle: [a, b]\ndraft: maybe\nsections: 2\n---\nx\n",
            "content.fr/about.md": "---\ntitle: À propos\nurl: /fr/a-propos/\naliases: [ancien]\n---\nx\n",
            "content.fr/root.md": "---\ntitle: Racine\nurl: /racine/\n---\nx\n",
        ])
        #expect(
            Self.missing(
                [
                    "/docs/concepts/signals/baggage/", "/docs/concepts/old-baggage/", "/older/", "/docs/odd/",
                    "/fr/a-propos/", "/fr/ancien/", "/racine/",
                ], in: built) == [])
        #expect(!FileManager.default.fileExists(atPath: built.appendingPathComponent("fr/fr/a-propos/index.html").path))
        let baggage = try Self.text(site, "Content/docs/concepts/signals/baggage.md")
        #expect(
            baggage == "---\naliases:\n- /docs/concepts/old-baggage\n- /older/\ntitle: Baggage\nweight: 3\n---\nx\n")
        #expect(
            report.leftovers.map(\.description) == [
                "content/docs/odd.md:1:1: note: front matter value the builder refuses, not written: draft: 'maybe' is not true or false",
                "content/docs/odd.md:1:1: note: front matter value the builder refuses, not written: sections: a Hugo parameter that means something else to SectionSite",
                "content/docs/odd.md:1:1: note: front matter value the builder refuses, not written: title: not a single value",
            ])
        withExtendedLifetime(hugo) {}
    }

    @Test(
        "a bundle's pictures shared by its translation, pictures found from a page's URL, Hugo's lower-cased addresses")
    func picturesAndAddresses() throws {
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"/>\n"
        let (site, built, _, hugo) = try Self.importAndBuild([
            "hugo.toml":
                "title = 'Blog'\n[languages.en]\ncontentDir = 'content/en'\n[languages.fr]\ncontentDir = 'content/fr'\n",
            "content/en/blog/post/index.md": "---\ntitle: Post\n---\n![shot](shot.svg)\n",
            "content/en/blog/post/shot.svg": svg,
            "content/fr/blog/post/index.md": "---\ntitle: Billet\n---\n![shot](shot.svg)\n",
            "content/en/docs/signals/baggage.md":
                "---\ntitle: Baggage\n---\n![a](../baggage.svg)\n\n{{< figure src=\"../baggage.svg\" alt=\"b\" >}}\n",
            "content/en/docs/signals/baggage.svg": svg,
            "content/en/Format.md": "---\ntitle: Format\n---\nx\n",
            "content/fr/Format.md": "---\ntitle: Format\n---\nx\n",
            "content/fr/two words.md": "---\ntitle: Two words\n---\nx\n",
            "content/fr/Guide/Setup Steps.md": "---\ntitle: Setup\n---\nx\n",
        ])
        #expect(
            Self.missing(
                [
                    "/blog/post/", "/fr/blog/post/", "/docs/signals/baggage/", "/format/", "/fr/format/",
                    "/fr/two-words/",
                    "/fr/guide/setup-steps/",
                ], in: built) == [])
        #expect(
            FileManager.default.fileExists(atPath: site.appendingPathComponent("Content/fr/blog/post/shot.svg").path))
        let baggage = try Self.text(site, "Content/docs/signals/baggage.md")
        #expect(baggage.contains("![a](baggage.svg)") && baggage.contains("![b](baggage.svg)"), "\(baggage)")
        withExtendedLifetime(hugo) {}
    }

    @Test(
        "a ref names a page by the end of its path anywhere, a section by its .md name, or a part of the page; a line that reads as a directive stays text"
    )
    func references() throws {
        let (site, _, report, hugo) = try Self.importAndBuild([
            "hugo.toml": "title = 'Docs'\n",
            "content/docs/setup/install.md": "---\ntitle: Install\n---\n## Steps\n",
            "content/docs/pubsub/_index.md": "---\ntitle: Pub/sub\n---\nx\n",
            "content/guide/start.md":
                "---\ntitle: Start\n---\n[a]({{< ref install.md >}}) [b]({{< ref \"setup/install#steps\" >}}) "
                + "[c]({{< ref pubsub.md >}}) [d]({{< ref \"#top\" >}})\n",
            "content/talk.md": "---\ntitle: Talk\n---\nSteve\n@spf13\n\n```\n@Keep(this)\n```\n",
        ])
        let start = try Self.text(site, "Content/guide/start.md")
        #expect(
            start.hasSuffix(
                "[a](../docs/setup/install.md) [b](../docs/setup/install.md#steps) [c](../docs/pubsub/_index.md) [d](#top)\n"
            ), "\(start)")
        // text in Hugo, as here
        #expect(try Self.text(site, "Content/talk.md").hasSuffix("Steve\n\\@spf13\n\n```\n@Keep(this)\n```\n"))
        #expect(report.leftovers.isEmpty)
        withExtendedLifetime(hugo) {}
    }

    @Test("a language key that is no BCP 47 code keeps its folder and prefix; a long description stays one YAML value")
    func languageFolders() throws {
        let description = String(
            repeating: "A description long enough to be folded: with a colon, # a hash. ", count: 3)
        let (site, built, _, hugo) = try Self.importAndBuild([
            "hugo.toml": """
            title = 'Docs'
            defaultContentLanguage = 'en'
            [languages.en]
            weight = 1
            [languages.en.params]
            description = '\(description)'
            [languages.zh_cn]
            languageName = '中文'
            languageCode = 'zh-CN'
            weight = 2
            [languages.pt_BR]
            weight = 3
            """,
            "content/guide.md": "---\ntitle: Guide\n---\nhi\n",
            "content/guide.zh_cn.md": "---\ntitle: 指南\n---\nhi\n",
            "content/guide.pt_br.md": "---\ntitle: Guia\n---\noi\n",
        ])
        let settings = try Self.text(site, "sectionsite.yml")
        #expect(settings.contains("  zh-CN:\n    name: 中文\n    folder: zh_cn\n"), "\(settings)")
        #expect(settings.contains("  pt-BR:\n    name: pt_br\n    folder: pt_br\n"), "\(settings)")
        #expect(
            settings.contains("    description: '\(description)'\n")
                || settings.contains("    description: \(description)\n"), "\(settings)")
        #expect(Self.missing(["/guide/", "/zh_cn/guide/", "/pt_br/guide/"], in: built) == [])
        #expect(try Self.text(built, "zh_cn/guide/index.html").contains(#"lang="zh-CN""#))
        withExtendedLifetime(hugo) {}
    }
}
