import Foundation
import Testing

@testable import SectionSiteEngine
import SiteTestSupport

/// Versioned documentation (`versions:`): each page knows its version, the switcher leads to the same page in every
/// other version or to its nearest parent there, an older version's page links the latest copy as canonical, and an
/// incremental build after a page comes or goes in one version writes what a build from nothing writes.
@Suite("Versions")
struct VersionTests {
    static let layout =
        "<html><head><title>{{page.title}}</title>{{#page.canonical}}<link rel=\"canonical\" href=\"{{.}}\">"
        + "{{/page.canonical}}</head><body><p>{{page.version.name}}|{{page.latestVersion.name}}</p>"
        + "<nav>{{#page.nav.section}}{{title}}{{/page.nav.section}}</nav><ul>"
        + "{{#page.versions}}<li>{{name}}:{{link}}{{#exact}}={{/exact}}{{#current}}*{{/current}}</li>{{/page.versions}}"
        + "</ul>{{#page.history}}<ol>{{#changes}}<li>{{name}}:{{changes}}</li>{{/changes}}</ol>{{/page.history}}"
        + "{{{sections}}}{{{body}}}<aside>{{#page.version.news}}news:{{.}}{{/page.version.news}}</aside></body></html>\n"

    /// The test theme with `layout` for pages, and `settings` when given.
    static func theme(settings: String? = nil) -> [String: String] {
        var files = TestSite.theme
        files["Themes/default/layouts/page.mustache"] = layout
        files["sectionsite.yml"] = settings
        return files
    }

    static func files() -> [String: String] {
        var files = theme()
        files["sectionsite.yml"] =
            "baseURL: https://docs.example/\nversions:\n  latest: \"2.1\"\n  list:\n"
            + "    - {name: next, status: unreleased}\n    - \"2.1\"\n    - {name: \"2.0\", status: unmaintained}\n"
        for version in ["next", "2.1", "2.0"] {
            files["Content/docs/\(version)/index.md"] = "---\ntitle: Docs \(version)\n---\nDocs.\n"
            files["Content/docs/\(version)/guide/install.md"] = "---\ntitle: Install\n---\nInstall.\n"
        }
        files["Content/docs/2.0/guide/index.md"] = "---\ntitle: Guide\n---\nGuide.\n"
        files["Content/docs/2.1/guide/new.md"] = "---\ntitle: New\n---\nOnly in 2.1.\n"
        files["Content/index.md"] = "---\ntitle: Home\n---\nHome.\n"
        return files
    }

    @Test("the switcher leads to the same page, else its nearest parent, else the version's folder; canonical")
    func switcher() throws {
        let site = try TestSite(Self.files())
        try site.build()
        let install = try site.output("docs/2.0/guide/install/index.html")
        #expect(install.contains("<p>2.0|2.1</p>"))
        #expect(
            install.contains(
                "<li>next:/docs/next/guide/install/=</li><li>2.1:/docs/2.1/guide/install/=</li>"
                    + "<li>2.0:/docs/2.0/guide/install/=*</li>"))
        #expect(install.contains(#"<link rel="canonical" href="https://docs.example/docs/2.1/guide/install/">"#))
        #expect(install.contains("<nav>Docs 2.0</nav>"), "the sidebar's section is the version's folder")
        let new = try site.output("docs/2.1/guide/new/index.html")
        #expect(new.contains("<p>2.1|</p>"))  // the latest: no banner, no canonical
        #expect(!new.contains("canonical"))
        // next has neither the page nor a guide/ page: its version's first page; 2.0 has guide/.
        #expect(
            new.contains("<li>next:/docs/next/</li><li>2.1:/docs/2.1/guide/new/=*</li><li>2.0:/docs/2.0/guide/</li>"))
        // A page of no version has no switcher.
        #expect(try site.output("index.html").contains("<p>|</p><nav>Home</nav><ul></ul>"))
    }

    @Test("each page of the latest version answers at its latest address too, which sends readers to it")
    func latestAddresses() throws {
        let site = try TestSite(Self.files())
        try site.build()
        #expect(try site.output("docs/latest/guide/install/index.html").contains("url=/docs/2.1/guide/install/"))
        #expect(try site.output("docs/latest/index.html").contains("url=/docs/2.1/"))
        // Only the latest version's pages: 2.0's guide/ has none.
        #expect(
            !FileManager.default.fileExists(
                atPath: site.out.appendingPathComponent("docs/latest/guide/index.html").path))
    }

    @Test("the sitemap lists the latest version's pages alone unless asked; search knows each page's version")
    func sitemapAndSearch() throws {
        let site = try TestSite(Self.files())
        try site.build()
        let sitemap = try site.output("sitemap.xml")
        #expect(sitemap.contains("<loc>https://docs.example/docs/2.1/guide/install/</loc>"))
        #expect(sitemap.contains("<loc>https://docs.example/</loc>"), "a page of no version is listed")
        #expect(!sitemap.contains("/docs/2.0/") && !sitemap.contains("/docs/next/"))
        // The manifest numbers pages by title, then URL: Docs 2.0, 2.1, next, Guide, Home, Install 2.0, 2.1, next, New.
        let manifest = try site.output("search/index.json")
        #expect(
            manifest.contains(
                #""versions":{"names":["next","2.1","2.0"],"latest":"2.1","of":[2,1,0,2,-1,2,1,0,1]}"#), "\(manifest)")
        let json = try site.output("search.json")
        #expect(json.contains(#""url":"/docs/2.0/guide/","title":"Guide","version":"2.0","#))
        #expect(json.contains(#""url":"/","title":"Home","headings""#))

        var files = Self.files()
        files["sectionsite.yml"]! += "  sitemap: all\n  search: all\n"
        let all = try TestSite(files)
        try all.build()
        #expect(try all.output("sitemap.xml").contains("<loc>https://docs.example/docs/2.0/guide/install/</loc>"))
        #expect(!(try all.output("search/index.json").contains("versions")))
    }

    /// The fixture with install.md changed in 2.1 (an item added, a paragraph gone, one edited) and the same in
    /// next.
    static func changedFiles() -> [String: String] {
        var files = Self.files()
        let steps =
            "---\ntitle: Install\nsections:\n  - id: steps\n    cell: a\n    items:\n      - {id: fetch, title: Fetch}\n"
        files["Content/docs/2.0/guide/install.md"] =
            steps
            + "---\nInstall.\n\nRun the old script.\n\n## Check\n\nLook at the log.\n\nSee [the guide](index.md).\n"
        for version in ["next", "2.1"] {
            files["Content/docs/\(version)/guide/install.md"] =
                steps
                + "      - {id: run, title: Run}\n---\nInstall.\n\n## Check\n\nLook at the [log](/docs/2.1/guide/new/).\n\n"
                + "See [the guide](index.md).\n"
        }
        return files
    }

    @Test("a page's history names the versions that changed it, each with a page of its changes; each version a list")
    func changes() throws {
        let site = try TestSite(Self.changedFiles())
        try site.build()
        let history = "<ol><li>2.1:/docs/2.1/changes/guide/install/</li></ol>"
        for version in ["next", "2.1", "2.0"] {
            #expect(try site.output("docs/\(version)/guide/install/index.html").contains(history), "\(version)")
        }
        #expect(!(try site.output("docs/2.1/guide/new/index.html").contains("<ol>")), "added is no change")
        // Each version's page links its list of changes; the oldest has none.
        #expect(try site.output("docs/2.1/guide/new/index.html").contains("<aside>news:/docs/2.1/changes/</aside>"))
        #expect(try site.output("docs/2.0/guide/install/index.html").contains("<aside></aside>"))
        let page = try site.output("docs/2.1/changes/guide/install/index.html")
        #expect(page.contains("<h1>Install: what changed in 2.1</h1>"))
        #expect(page.contains("Since 2.0: 1 item added, 1 body block removed, 1 body block edited in steps"), "\(page)")
        #expect(page.contains(#"<div class="ss-before"><p data-ss-shown="b:e401d8de">Run the old script.</p></div>"#))
        let list = try site.output("docs/2.1/changes/index.html")
        #expect(list.contains("Since 2.0: 1 added, 2 changed, 1 removed."))  // the version's first page says its name
        #expect(list.contains(#"<h2>Added</h2>\#n<ul>\#n<li><a href="/docs/2.1/guide/new/">New</a></li>"#))
        #expect(list.contains(#"<a href="/docs/2.1/changes/guide/install/">what changed</a>"#))
        #expect(list.contains(#"<h2>Removed</h2>\#n<ul>\#n<li><a href="/docs/2.0/guide/">Guide</a> (2.0)</li>"#))
        // next is 2.1 less the new page: a list, no page of changes; 2.0, the oldest, has neither.
        #expect(try site.output("docs/next/changes/index.html").contains("Since 2.1: 0 added, 1 changed, 1 removed."))
        let manager = FileManager.default
        #expect(!manager.fileExists(atPath: site.out.appendingPathComponent("docs/next/changes/guide/install").path))
        #expect(!manager.fileExists(atPath: site.out.appendingPathComponent("docs/2.0/changes").path))

        // Made the same in 2.0: no history, no page of changes, in an incremental build as from nothing.
        try site.write(["Content/docs/2.0/guide/install.md": Self.changedFiles()["Content/docs/2.1/guide/install.md"]!])
        try site.build()
        #expect(!(try site.output("docs/2.1/guide/install/index.html").contains("<ol>")))
        #expect(!manager.fileExists(atPath: site.out.appendingPathComponent("docs/2.1/changes/guide/install").path))
        var files = Self.changedFiles()
        files["Content/docs/2.0/guide/install.md"] = files["Content/docs/2.1/guide/install.md"]
        let cold = try TestSite(files)
        try cold.build()
        #expect(
            site.outputSnapshot().filter { !$0.key.hasPrefix("_sectionsite") }
                == cold.outputSnapshot().filter { !$0.key.hasPrefix("_sectionsite") })
    }

    @Test("a page's changes between two versions are those sectionsite changes finds between builds of the two")
    func changesAsBetweenBuilds() throws {
        let site = try TestSite(Self.changedFiles())
        let live = try Site(options: site.options)
        let (old, new) = (live.pages["/docs/2.0/guide/install/"]!, live.pages["/docs/2.1/guide/install/"]!)
        let ours = SiteOutput.versionChange(
            new.url, old: try old.document(), new: try new.document(), folders: ("/docs/2.0/", "/docs/2.1/"))
        // Each version's files in one folder (the newer's), built as a site without versions.
        func build(_ version: String) throws -> TestSite {
            var files = Self.theme()
            for (path, text) in Self.changedFiles() where path.hasPrefix("Content/docs/\(version)/") {
                // Its links into its own version, into the one folder.
                files["Content/docs/2.1/" + path.dropFirst("Content/docs/\(version)/".count)] =
                    text.replacingOccurrences(
                        of: "/docs/\(version)/", with: "/docs/2.1/")
            }
            let site = try TestSite(files)
            try site.build()
            return site
        }
        let (before, after) = (try build("2.0"), try build("2.1"))  // held: a test site goes with its folder
        let files = OutputManifest(hashing: before.out).changes(to: OutputManifest(hashing: after.out))
        let report = try ChangeReport.make(old: before.out, new: after.out, files: files)
        let theirs = try #require(report.pages.first { $0.url == new.url }, "\(report.pages.map(\.url))").content
        func described(_ change: ChangeReport.PageChange) -> [String] {
            change.changes.map {
                "\($0.action) \($0.part) \($0.key) \($0.section ?? "") \($0.before ?? "") → \($0.after ?? "")"
            }
        }
        #expect(described(ours) == described(theirs))
        // The paragraph that links the guide of its own version is the same paragraph.
        #expect(described(ours).count == 3, "\(described(ours))")
        #expect(ours.sections.map(\.key) == theirs.sections.map(\.key))
    }

    @Test("a language's switchers and comparisons list the versions that have pages in it, no others")
    func versionsOfALanguage() throws {
        var files = Self.theme(
            settings:
                "versions:\n  list: [\"2.1\", \"2.0\", \"1.0\"]\nlanguages:\n  en: {name: English}\n  fr: {name: Français}\n"
        )
        for version in ["2.1", "2.0"] {
            files["Content/docs/\(version)/install.md"] = "---\ntitle: Install\n---\nInstall \(version).\n"
        }
        // French kept for 1.0 and 2.1 only: 2.1 is compared with 1.0 there.
        files["Content/fr/docs/1.0/install.md"] = "---\ntitle: Installer\n---\nInstaller.\n"
        files["Content/fr/docs/2.1/install.md"] = "---\ntitle: Installer\n---\nInstaller 2.1.\n"
        let site = try TestSite(files)
        try site.build()
        #expect(
            try site.output("docs/2.1/install/index.html").contains(
                "<ul><li>2.1:/docs/2.1/install/=*</li><li>2.0:/docs/2.0/install/=</li></ul>"))
        #expect(
            try site.output("fr/docs/2.1/install/index.html").contains(
                "<ul><li>2.1:/fr/docs/2.1/install/=*</li><li>1.0:/fr/docs/1.0/install/=</li></ul>"
                    + "<ol><li>2.1:/fr/docs/2.1/changes/install/</li></ol>"))
        #expect(try site.output("fr/docs/2.1/changes/install/index.html").contains("Since 1.0: "))
        let manager = FileManager.default
        for missing in ["fr/docs/2.0", "docs/1.0", "docs/2.0/changes", "fr/docs/1.0/changes"] {
            #expect(!manager.fileExists(atPath: site.out.appendingPathComponent(missing).path), "\(missing)")
        }
    }

    @Test("versions that are folders of Content/ itself (folder: ''): at /2.1/, switched, their latest at /latest/")
    func versionsAtTheRoot() throws {
        var files = Self.theme(settings: "versions:\n  folder: ''\n  list: [\"2.1\", \"2.0\"]\n")
        for version in ["2.1", "2.0"] {
            files["Content/\(version)/index.md"] = "---\ntitle: Docs \(version)\n---\nDocs.\n"
            files["Content/\(version)/install.md"] = "---\ntitle: Install\n---\nInstall \(version).\n"
        }
        files["Content/blog/post.md"] = "---\ntitle: Post\n---\nNo version.\n"
        let site = try TestSite(files)
        try site.build()
        let install = try site.output("2.0/install/index.html")
        #expect(install.contains("<li>2.1:/2.1/install/=</li><li>2.0:/2.0/install/=*</li>"))
        #expect(install.contains("<nav>Docs 2.0</nav>"), "the sidebar's section is the version's folder")
        #expect(try site.output("2.1/changes/install/index.html").contains("Install 2.0."))
        #expect(try site.output("latest/install/index.html").contains("url=/2.1/install/"))
        #expect(try site.output("blog/post/index.html").contains("<ul></ul>"), "a page of no version")
    }

    @Test("a version in a folder of its own (an archive; the latest above the others): switched, compared, its own")
    func versionFolders() throws {
        var files = Self.theme(
            settings: "versions:\n  list:\n    - {name: \"3.0\", folder: docs}\n    - \"2.0\"\n"
                + "    - {name: \"1.0\", folder: docs/archive/1.0, status: unmaintained}\n")
        files["Content/docs/index.md"] = "---\ntitle: Docs 3.0\n---\nDocs.\n"
        files["Content/docs/install.md"] = "---\ntitle: Install\n---\nInstall 3.0.\n"
        files["Content/docs/archive/index.md"] = "---\ntitle: Archive\n---\nOld versions.\n"
        for (version, folder) in [("2.0", "docs/2.0"), ("1.0", "docs/archive/1.0")] {
            files["Content/\(folder)/index.md"] = "---\ntitle: Docs \(version)\n---\nDocs.\n"
            files["Content/\(folder)/install.md"] = "---\ntitle: Install\n---\nInstall \(version).\n"
        }
        let site = try TestSite(files)
        try site.build()
        let old = try site.output("docs/archive/1.0/install/index.html")
        #expect(old.contains("<p>1.0|3.0</p>"))
        #expect(
            old.contains(
                "<li>3.0:/docs/install/=</li><li>2.0:/docs/2.0/install/=</li><li>1.0:/docs/archive/1.0/install/=*</li>")
        )
        #expect(old.contains("<nav>Docs 1.0</nav>"), "the sidebar's section is the version's own folder")
        #expect(try site.output("docs/2.0/install/index.html").contains("<nav>Docs 2.0</nav>"))
        #expect(try site.output("docs/install/index.html").contains("<p>3.0|</p>"))
        // A page above the other versions' folders is of the version whose folder holds it.
        #expect(try site.output("docs/archive/index.html").contains("<p>3.0|</p>"))
        let oldest = site.out.appendingPathComponent("docs/archive/1.0/changes").path
        #expect(!FileManager.default.fileExists(atPath: oldest), "the oldest has no changes")
        #expect(try site.output("docs/2.0/changes/install/index.html").contains("Install 1.0."))
        #expect(try site.output("docs/changes/install/index.html").contains("Install 2.0."))
    }

    @Test("a file of a version read from git is read from its copy, the innermost version's where two nest")
    func gitCopies() {
        var versions = SiteVersions()
        versions.list = [
            .init(name: "3.0", label: "3.0", folder: "docs", git: .init(ref: "v3.0")),
            .init(name: "2.0", label: "2.0"), .init(name: "1.0", label: "1.0", git: .init(ref: "v1.0")),
        ]
        #expect(versions.file("Content/docs/1.0/a.md", in: "/s") == "/s/.sectionsite/git/1.0/a.md")
        #expect(versions.file("Content/docs/a.md", in: "/s") == "/s/.sectionsite/git/3.0/a.md")
        #expect(versions.file("Content/docs/2.0/a.md", in: "/s") == "/s/Content/docs/2.0/a.md")
        #expect(versions.file("Content/blog/a.md", in: "/s") == "/s/Content/blog/a.md")
        #expect(versions.isFromGit("Content/docs/1.0/a.md") && !versions.isFromGit("Content/blog/a.md"))
    }

    @Test("a version with no page at the page's place nor above it, not even its folder's top: its first page")
    func noFolderPage() throws {
        var files = Self.theme(settings: "versions:\n  list: [\"2.0\", \"1.0\"]\n")
        files["Content/docs/2.0/guide/start.md"] = "---\ntitle: Start\n---\nStart.\n"
        files["Content/docs/1.0/reference/types.md"] = "---\ntitle: Types\n---\nTypes.\n"
        files["Content/docs/1.0/about.md"] = "---\ntitle: About\n---\nAbout.\n"
        let site = try TestSite(files)
        try site.build()
        let start = try site.output("docs/2.0/guide/start/index.html")
        #expect(start.contains("<li>1.0:/docs/1.0/about/</li>"), "the shallowest, then by name: never /docs/1.0/")
    }

    /// Runs git in the site's folder.
    static func git(_ site: TestSite, _ arguments: String...) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", site.folder.path] + arguments
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "git \(arguments)")
    }

    @Test("a version read from a git tag: its folder there built as the version's, without a checkout")
    func fromGit() throws {
        var files = Self.theme()
        files["Content/docs/install.md"] = "---\ntitle: Install\n---\nInstall 1.0.\n"
        files["Content/docs/notes.txt"] = "beside the page"
        let site = try TestSite(files)
        try Self.git(site, "init", "-q")
        try Self.git(site, "-c", "user.name=T", "-c", "user.email=t@example.org", "add", "-A")
        try Self.git(site, "-c", "user.name=T", "-c", "user.email=t@example.org", "commit", "-qm", "1.0")
        try Self.git(site, "tag", "v1.0")
        // Since the release, the docs are in the folder of 2.0; 1.0 is what the tag holds.
        try site.remove("Content/docs/install.md")
        try site.remove("Content/docs/notes.txt")
        let settings = "versions:\n  list:\n    - \"2.0\"\n    - {name: \"1.0\", git: v1.0, path: Content/docs}\n"
        try site.write([
            "Content/docs/2.0/install.md": "---\ntitle: Install\n---\nInstall 2.0.\n", "sectionsite.yml": settings,
        ])
        try site.build()
        #expect(try site.output("docs/1.0/install/index.html").contains("Install 1.0."))
        #expect(try site.output("docs/1.0/notes.txt") == "beside the page")
        let install = try site.output("docs/2.0/install/index.html")
        #expect(install.contains("<li>2.0:/docs/2.0/install/=*</li><li>1.0:/docs/1.0/install/=</li>"))
        #expect(try site.output("docs/2.0/changes/install/index.html").contains("Install 1.0."))
        #expect(!FileManager.default.fileExists(atPath: site.folder.appendingPathComponent("Content/docs/1.0").path))
        // Read again only when the tag's folder is another tree: a second build changes nothing.
        #expect(try site.build().changedPages == 0)
        // A tag that is not there is an error at the settings, and the output stays as it was.
        try site.write(["sectionsite.yml": settings.replacingOccurrences(of: "v1.0", with: "v9.9")])
        let error = try #require(site.buildError())
        #expect(error.diagnostics.map(\.id?.rawValue) == ["settings.git-version-unreadable"])
        #expect("\(error)".contains("sectionsite.yml: error: the version '1.0' cannot be read from git at 'v9.9'"))
        #expect(try site.output("docs/1.0/install/index.html").contains("Install 1.0."))
        // Every version named by git at once, each answer its own: a file where a folder should be is told apart.
        let twice = settings + "    - {name: \"0.9\", git: v1.0, path: Content/docs/install.md}\n"
        try site.write(["sectionsite.yml": twice])
        let file = try #require(site.buildError())
        #expect(file.diagnostics.map(\.id?.rawValue) == ["settings.git-version-unreadable"])
        #expect(
            "\(file)".contains(
                "the version '0.9' cannot be read from git at 'v1.0': 'Content/docs/install.md' is a file"))
        // Its folder in the working tree too: which to build is not for SectionSite to guess.
        try site.write([
            "sectionsite.yml": settings, "Content/docs/1.0/install.md": "---\ntitle: Install\n---\nHere.\n",
        ])
        #expect(site.buildError()?.diagnostics.map(\.id?.rawValue) == ["settings.version-in-two-places"])
        // No longer read from git: its copy goes.
        try site.write(["sectionsite.yml": "versions:\n  list: [\"2.0\", \"1.0\"]\n"])
        try site.build()
        #expect(try site.output("docs/1.0/install/index.html").contains("Here."))
        let copies = site.folder.appendingPathComponent(".sectionsite/git").path
        #expect((try? FileManager.default.contentsOfDirectory(atPath: copies)) == [])
        // A `.sectionsite/git` that is a link is never written nor emptied: an error, and what it leads to stays.
        let elsewhere = try TestSite(["keep.txt": "mine"])
        try FileManager.default.removeItem(atPath: copies)
        try FileManager.default.createSymbolicLink(atPath: copies, withDestinationPath: elsewhere.folder.path)
        try site.write(["sectionsite.yml": settings])
        try site.remove("Content/docs/1.0/install.md")
        #expect(site.buildError()?.diagnostics.map(\.id?.rawValue) == ["settings.git-version-unreadable"])
        #expect(FileManager.default.fileExists(atPath: elsewhere.folder.appendingPathComponent("keep.txt").path))
    }

    @Test("a link to a latest address with a fragment checks the fragment on the page it sends to, and keeps it")
    func latestAddressFragments() throws {
        var files = Self.files()
        files["Content/docs/2.1/guide/install.md"] = "---\ntitle: Install\n---\nInstall.\n\n## Check\n\nLook.\n"
        files["Content/index.md"] =
            "---\ntitle: Home\n---\nSee [checking](/docs/latest/guide/install/#check), [no](/docs/latest/guide/install/#nope).\n"
        let site = try TestSite(files)
        let broken = try LinkCheck(Site(options: site.options)).brokenLinks().errors.map(\.message)
        #expect(broken.count == 1 && broken[0].contains("#nope"), "\(broken)")
        var options = site.options
        options.keepsLinks = true  // as sectionsite build checks links
        let built = try SiteBuilder(options: options).build()
        #expect(built.warnings.filter { $0.message.contains("leads nowhere") }.count == 1, "\(built.warnings)")
        #expect(
            try site.output("docs/latest/guide/install/index.html").contains(
                #"<script>location.replace("/docs/2.1/guide/install/" + location.hash)</script>"#))
        // Built again with the page it sends to as the previous build wrote it: its own file's anchors, not the alias's.
        try site.write(["Content/index.md": files["Content/index.md"]! + "\nAgain.\n"])
        let again = try SiteBuilder(options: options).build()
        #expect(again.incremental)
        #expect(again.warnings.filter { $0.message.contains("leads nowhere") }.count == 1, "\(again.warnings)")
    }

    @Test("a page added or removed in one version changes the other versions' switchers in an incremental build")
    func incremental() throws {
        let site = try TestSite(Self.files())
        try site.build()
        try site.write(["Content/docs/2.0/guide/new.md": "---\ntitle: New in 2.0 too\n---\nBackported.\n"])
        try site.build()
        #expect(try site.output("docs/2.1/guide/new/index.html").contains("<li>2.0:/docs/2.0/guide/new/=</li>"))
        try site.remove("Content/docs/2.0/guide/index.md")
        try site.remove("Content/docs/2.0/guide/new.md")
        try site.build()
        // With neither, the nearest 2.0 page is its first.
        #expect(try site.output("docs/2.1/guide/new/index.html").contains("<li>2.0:/docs/2.0/</li>"))
        var files = Self.files()
        files["Content/docs/2.0/guide/index.md"] = nil
        let cold = try TestSite(files)
        try cold.build()
        for page in ["docs/2.1/guide/new/index.html", "docs/2.1/guide/install/index.html", "docs/next/index.html"] {
            #expect(try site.output(page) == cold.output(page), "\(page)")
        }
    }

    @Test(
        "versions: settings that cannot be are errors at their place",
        arguments: [
            ("versions:\n  list: 2.1\n", "settings.versions-not-a-list"),
            ("versions:\n  list:\n    - {label: X}\n", "settings.version-without-name"),
            ("versions:\n  list:\n    - {name: a, status: old}\n", "settings.unknown-version-status"),
            ("versions:\n  list: [a, a]\n", "settings.version-twice"),
            ("versions:\n  latest: b\n  list: [a]\n", "settings.latest-not-listed"),
            ("versions:\n  list: [\"../x\"]\n", "settings.bad-folder"),
            ("versions:\n  depth: 1\n", "settings.unknown-option"),
            ("versions:\n  sitemap: version\n", "settings.unknown-version-scope"),
            ("versions:\n  list: [\"2.0\", {name: \"1.0\", folder: docs/2.0}]\n", "settings.version-folder-twice"),
            ("versions:\n  list: [{name: \"1.0\", git: --output=x}]\n", "settings.bad-git-ref"),
            ("versions:\n  list: [{name: \"1.0\", git: \"v1 v2\"}]\n", "settings.bad-git-ref"),
        ])
    func settings(text: String, id: String) throws {
        var files = TestSite.theme
        files["sectionsite.yml"] = text
        let site = try TestSite(files)
        let error = try #require(site.buildError())
        #expect(error.diagnostics.map { $0.id?.rawValue } == [id], "\(error)")
    }
}
