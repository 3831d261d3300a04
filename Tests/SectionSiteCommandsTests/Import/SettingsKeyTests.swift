import Foundation
import Testing

import SectionSiteEngine
@testable import SectionSiteImport
import SiteTestSupport

/// A Hugo language code becomes a folder of the new site (`Content/fr/`) and a key of its settings: one that cannot
/// be a code is refused at its line in `hugo.toml`, before anything is written.
@Suite("Import: settings keys")
struct SettingsKeyTests {
    @Test("a language code with '..' writes nothing outside the destination, or anywhere")
    func dotDotCode() throws {
        let hugo = try TestSite(
            plugins: .command,
            [
                "hugo.toml": """
                title = "Docs"
                defaultContentLanguage = "en"
                [languages.en]
                  weight = 1
                [languages."../../../victim"]
                  weight = 2
                  contentDir = "keys"
                """,
                "content/_index.md": "---\ntitle: Home\n---\n",
                "keys/authorized_keys": "ssh-ed25519 AAAA attacker\n",
            ])
        // Content/../../../victim from a/b/imported is a/victim: inside the test's folder, outside the destination.
        let out = hugo.folder.appendingPathComponent("a/b/imported")
        let error = ImportRun.error { try ImportRun.hugo(hugo, into: out) }
        #expect(
            error?.description == hugo.folder.path
                + "/hugo.toml:5:1: error: '../../../victim' cannot be a language code "
                + "(letters and digits, parts joined by '-' or '_', as in 'pt-br')")
        #expect(!FileManager.default.fileExists(atPath: hugo.folder.appendingPathComponent("a/victim").path))
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test("a language code with newlines adds no setting: refused at its line")
    func newlineCode() throws {
        let hugo = try TestSite(
            plugins: .command,
            [
                "hugo.toml": """
                title = "Docs"
                [languages.en]
                  weight = 1
                [languages."fr\\napi: {port: 1}\\nstrict: false\\nfeed: {live: true}"]
                  weight = 2
                """,
                "content/_index.md": "---\ntitle: Home\n---\n",
            ])
        let out = hugo.folder.appendingPathComponent("imported")
        let error = ImportRun.error { try ImportRun.hugo(hugo, into: out) }
        #expect(error?.location == SourceLocation(file: hugo.folder.path + "/hugo.toml", line: 4))
        #expect(
            error?.diagnostic.message.hasPrefix(
                #"'fr\napi: {port: 1}\nstrict: false\nfeed: {live: true}' cannot be a language code"#) == true)
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test(
        "which language codes are codes",
        arguments: [
            ("en", true), ("pt-br", true), ("zh_Hans", true), ("sr-latn-rs", true), ("..", false), ("../x", false),
            ("en\nx", false),
            ("", false), ("a b", false), ("fr/", false), ("-en", false), (String(repeating: "a", count: 36), false),
        ])
    func codes(code: String, isCode: Bool) {
        #expect((SettingsKey.languageProblem(code) == nil) == isCode)
    }

    @Test("a permalink's section that cannot name a folder is refused at its line")
    func permalinkSection() throws {
        let hugo = try TestSite(
            plugins: .command,
            [
                "hugo.toml": "title = \"Docs\"\n[permalinks]\n  \"posts\\nstrict\" = \"/:year/:slug/\"\n",
                "content/_index.md": "---\ntitle: Home\n---\n",
            ])
        let error = ImportRun.error { try ImportRun.hugo(hugo, into: hugo.folder.appendingPathComponent("imported")) }
        #expect(error?.location == SourceLocation(file: hugo.folder.path + "/hugo.toml", line: 3))
    }
}
