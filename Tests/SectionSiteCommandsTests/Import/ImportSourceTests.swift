import Foundation
import Testing

import SectionSiteEngine
import SectionSiteImport
import SiteTestSupport

/// Every file an import reads is checked with its symbolic links resolved: one that leads outside the source
/// site is reported at its place and never read; a link that stays inside is followed.
@Suite("Import: reading the source")
struct ImportSourceTests {
    @Test("include_relative through a link to a folder outside the site: reported at the tag, not read")
    func includeThroughLink() throws {
        let outside = try TestSite(plugins: .command, ["shadow": "root:SECRET-HASH:19000:0:99999:7:::\n"])
        let jekyll = try TestSite(
            plugins: .command,
            [
                "_config.yml": "title: Notes\n",
                "contact.md":
                    "---\ntitle: Contact\n---\nHours:\n\n{% include_relative etc/shadow %}\n\n{% include_relative notes/hours.txt %}\n",
                "shared/hours.txt": "Open *daily*.\n",
            ])
        try FileManager.default.createSymbolicLink(
            atPath: jekyll.folder.appendingPathComponent("etc").path, withDestinationPath: outside.folder.path)
        // A link that stays inside the site is fine.
        try FileManager.default.createSymbolicLink(
            atPath: jekyll.folder.appendingPathComponent("notes").path, withDestinationPath: "shared")
        let out = jekyll.folder.appendingPathComponent("imported")
        let report = try ImportRun.jekyll(jekyll, into: out)
        #expect(ImportRun.files(under: out, containing: "SECRET-HASH") == [])
        let contact = try String(contentsOf: out.appendingPathComponent("Content/contact.md"), encoding: .utf8)
        #expect(contact.contains("Open *daily*."))
        #expect(
            report.leftovers.map(\.description) == [
                "contact.md:6:1: note: 'include_relative' of a file outside the site, not read: {% include_relative etc/shadow %}"
            ])
    }

    @Test("a settings file that links outside the site is reported and not read")
    func configThroughLink() throws {
        let outside = try TestSite(plugins: .command, ["secret.yml": "title: SECRET-TITLE\n"])
        let jekyll = try TestSite(plugins: .command, ["about.md": "---\ntitle: About\n---\nMe.\n"])
        try FileManager.default.createSymbolicLink(
            atPath: jekyll.folder.appendingPathComponent("_config.yml").path,
            withDestinationPath: outside.folder.path + "/secret.yml")
        let out = jekyll.folder.appendingPathComponent("imported")
        let report = try ImportRun.jekyll(jekyll, into: out)
        #expect(ImportRun.files(under: out, containing: "SECRET-TITLE") == [])
        #expect(report.leftovers.map(\.kind) == ["file that leads outside the site, not read"])
        #expect(report.leftovers.first?.file == "_config.yml")
    }
}
