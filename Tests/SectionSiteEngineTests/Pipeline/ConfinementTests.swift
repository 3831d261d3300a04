import Foundation
import Testing

@testable import SectionSiteEngine
import SiteTestSupport

/// Nothing a site says writes or reads outside it: the output's paths, once decoded, stay in the output folder, and
/// the folders and files a build reads are the site's own (or those `readOutside:` names).
///
/// The sites here are in a temporary folder with the output at `_site/` inside it: an escape one level up lands
/// beside the output, where the test looks for it, and nowhere else.
@Suite("Confinement")
struct ConfinementTests {
    static func page(_ frontMatter: String) -> String { "---\ntitle: A\n\(frontMatter)\n---\nBody.\n" }

    /// Whether anything was written beside the output, in the site's own folder.
    static func escaped(_ site: TestSite) -> Bool {
        FileManager.default.fileExists(atPath: site.folder.appendingPathComponent("outside").path)
    }

    @Test("a slug with '..' is an error at the slug, and nothing is written above the output")
    func slugEscape() throws {
        let site = try TestSite(TestSite.theme.merging(["Content/a.md": Self.page("slug: ../outside")]) { $1 })
        let error = try #require(site.buildError())
        #expect(
            error.description
                == "Content/a.md:3:7: error: 'slug' gives the page the URL '/../outside/', which leaves the site: it has a "
                + "'..' segment once decoded, which would lead outside the output folder")
        #expect(!Self.escaped(site))
    }

    @Test(
        "a url with percent-encoded dot segments is an error at the url",
        arguments: ["/%2e%2e/outside/", "/%2E%2E/outside/page.html", "/a/%2e%2e/%2e%2e/outside/"])
    func encodedURLEscape(url: String) throws {
        let site = try TestSite(TestSite.theme.merging(["Content/a.md": Self.page("url: \(url)")]) { $1 })
        let error = try #require(site.buildError())
        #expect(
            error.description.hasPrefix(
                "Content/a.md:3:6: error: 'url' must be a path on this site, like /about/, not '\(url)'"))
        #expect(!Self.escaped(site))
    }

    @Test("an alias with percent-encoded dot segments is an error at the alias")
    func encodedAliasEscape() throws {
        let site = try TestSite(
            TestSite.theme.merging(["Content/a.md": Self.page("aliases: [/%2e%2e/outside/old.html]")]) { $1 })
        let error = try #require(site.buildError())
        #expect(
            error.description
                == "Content/a.md:3:11: error: alias '/%2e%2e/outside/old.html' must be a path on this site, like /old/path/ "
                + "or /old/page.html")
        #expect(!Self.escaped(site))
    }

    @Test(
        "every output file passes one check: a path that leaves the output, or a copy from outside the site, is refused, all at once"
    )
    func writerCheck() throws {
        let site = try TestSite([:])
        let secret = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sectionsite-secret-\(UUID().uuidString)")
        try Data("secret".utf8).write(to: secret)
        defer { try? FileManager.default.removeItem(at: secret) }
        let files = [
            OutputFile(path: "fine/index.html", contents: .text("ok"), origin: "Content/fine.md"),
            OutputFile(path: "a/../../outside/index.html", contents: .text("x"), origin: "a template"),
            OutputFile(path: "stolen.txt", contents: .copy(secret.path), origin: "Static/stolen.txt"),
            OutputFile(path: "fine/index.html", contents: .text("again"), origin: "Content/fine/index.md"),
            // A link in the site to the file, and a file in a folder of the site that is a link out of it.
            OutputFile(
                path: "linked.txt", contents: .copy(site.folder.path + "/Static/linked.txt"),
                origin: "Static/linked.txt"),
            OutputFile(
                path: "inside/secret.txt",
                contents: .copy(site.folder.path + "/Static/inside/" + secret.lastPathComponent),
                origin: "Static/inside"),
            OutputFile(
                path: "own.txt", contents: .copy(site.folder.path + "/Static/own.txt"), origin: "Static/own.txt"),
        ]
        try site.write(["Static/own.txt": "mine"])
        try FileManager.default.createSymbolicLink(
            atPath: site.folder.path + "/Static/linked.txt", withDestinationPath: secret.path)
        try FileManager.default.createSymbolicLink(
            atPath: site.folder.path + "/Static/inside", withDestinationPath: secret.deletingLastPathComponent().path)
        let bounds = SourceBounds(site: site.folder)
        #expect(throws: SectionSiteError.self) {
            try SiteWriter.check(
                files, bounds: bounds, out: site.out, state: site.folder.appendingPathComponent(".sectionsite"))
        }
        do {
            try SiteWriter.check(
                files, bounds: bounds, out: site.out, state: site.folder.appendingPathComponent(".sectionsite"))
        } catch let error as SectionSiteError {
            let lines = error.description.split(separator: "\n").map(String.init)
            #expect(lines.count == 5)
            #expect(
                lines.contains {
                    $0.hasPrefix(
                        "Static/linked.txt: error: refusing to publish 'linked.txt': it is read from '\(secret.path)")
                })
            #expect(lines.contains { $0.hasPrefix("Static/inside: error: refusing to publish 'inside/secret.txt'") })
            #expect(
                lines.contains {
                    $0.contains("refusing to write the output file 'a/../../outside/index.html' of a template")
                })
            #expect(
                lines.contains {
                    $0.hasPrefix("Static/stolen.txt: error: refusing to publish 'stolen.txt': it is read from '")
                })
            #expect(lines.contains { $0.contains("two sources write the output file 'fine/index.html'") })
        }
        try SiteWriter.check(
            [files[0], files[6]], bounds: bounds, out: site.out,
            state: site.folder.appendingPathComponent(".sectionsite"))
    }

    @Test("a folder of the site that is a symbolic link out of it is an error, unless readOutside names where it leads")
    func linkedFolders() throws {
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sectionsite-shared-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: outside) }
        try Data("shared".utf8).write(to: outside.appendingPathComponent("shared.txt"))
        let site = try TestSite(TestSite.theme.merging(["Content/index.md": Self.page("")]) { $1 })
        try FileManager.default.createSymbolicLink(
            at: site.folder.appendingPathComponent("Static"), withDestinationURL: outside)
        let error = try #require(site.buildError())
        #expect(error.description.hasPrefix("Static: error: 'Static' leads outside the site, to '"))
        #expect(!FileManager.default.fileExists(atPath: site.out.appendingPathComponent("shared.txt").path))

        try site.write(["sectionsite.yml": "title: Site\nreadOutside: [\(outside.path)]\n"])
        try site.build()
        #expect(try site.output("shared.txt") == "shared")
    }

    @Test("a theme named with '..' that leads outside the site is an error at the settings")
    func themeEscape() throws {
        let site = try TestSite(
            TestSite.theme.merging([
                "Content/index.md": Self.page(""), "sectionsite.yml": "theme: ../../../../../../../tmp\n",
            ]) { $1 })
        let error = try #require(site.buildError())
        #expect(
            error.description.hasPrefix(
                "sectionsite.yml: error: 'Themes/../../../../../../../tmp' leads outside the site, to '/tmp'"))
    }

    @Test("a journal of renames from elsewhere (a committed .sectionsite/) removes nothing outside the output")
    func hostileJournal() throws {
        let site = try TestSite(TestSite.theme.merging(["Content/index.md": Self.page("")]) { $1 })
        try site.build()
        try site.write([
            "victim.txt": "keep me",
            ".sectionsite/output-journal": "remove\t../victim.txt\nremove\t/\(site.folder.path)/victim.txt\n",
        ])
        try site.build()
        #expect(FileManager.default.fileExists(atPath: site.folder.appendingPathComponent("victim.txt").path))
    }

    @Test(".sectionsite a symbolic link out of the site is an error before anything is written there")
    func linkedStateFolder() throws {
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sectionsite-state-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: outside) }
        let site = try TestSite(TestSite.theme.merging(["Content/index.md": Self.page("")]) { $1 })
        try FileManager.default.createSymbolicLink(
            at: site.folder.appendingPathComponent(".sectionsite"), withDestinationURL: outside)
        let error = try #require(site.buildError())
        #expect(error.description.hasPrefix(".sectionsite: error: '.sectionsite' leads outside the site"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
    }

    @Test("a theme's strings or assets linked out of the site are an error; a strings file that is a link is not read")
    func linkedThemeParts() throws {
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sectionsite-theme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: outside) }
        try Data("readMore: SECRET\n".utf8).write(to: outside.appendingPathComponent("en.yml"))
        let site = try TestSite(TestSite.theme.merging(["Content/index.md": Self.page("")]) { $1 })
        let theme = site.folder.appendingPathComponent("Themes/default")
        try FileManager.default.createSymbolicLink(
            at: theme.appendingPathComponent("i18n"), withDestinationURL: outside)
        try FileManager.default.createSymbolicLink(
            at: theme.appendingPathComponent("assets"), withDestinationURL: outside)
        let error = try #require(site.buildError())
        #expect(error.description.contains("Themes/default/i18n' leads outside the site"))
        #expect(error.description.contains("Themes/default/assets' leads outside the site"))
        // A strings file that is itself a link is not listed, as no link below the site's folders is.
        try FileManager.default.removeItem(at: theme.appendingPathComponent("i18n"))
        try FileManager.default.removeItem(at: theme.appendingPathComponent("assets"))
        try FileManager.default.createDirectory(
            at: theme.appendingPathComponent("i18n"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: theme.appendingPathComponent("i18n/en.yml"),
            withDestinationURL: outside.appendingPathComponent("en.yml"))
        try site.build()
        #expect(try !site.output("index.html").contains("SECRET"))
        #expect(try ThemeStrings(folder: theme, themePath: "Themes/default").isEmpty)
    }

    @Test("a link to a .md that is a symbolic link out of the site reads nothing of it (not even its url:)")
    func linkedPageOutside() throws {
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sectionsite-page-\(UUID().uuidString).md")
        try Data("---\nurl: /leaked-secret/\n---\nSecret.\n".utf8).write(to: outside)
        defer { try? FileManager.default.removeItem(at: outside) }
        let site = try TestSite(
            TestSite.theme.merging(["Content/index.md": "---\ntitle: A\n---\nSee [it](secret.md).\n"]) { $1 })
        try FileManager.default.createSymbolicLink(
            at: site.folder.appendingPathComponent("Content/secret.md"), withDestinationURL: outside)
        try site.build()
        let html = try site.output("index.html")
        #expect(!html.contains("leaked"))
        // The link is given the URL of its path, as a file that cannot be read is.
        #expect(html.contains(#"<a href="/secret/">it</a>"#))
    }
}
