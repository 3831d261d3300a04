import Foundation
import Testing

@testable import SectionSiteCommands
import SectionSiteEngine
import SectionSiteImport
import SiteTestSupport

/// An import writes beside the destination and moves the whole site into place at the end: one that fails or is
/// killed partway leaves no half-written site, and failures say what was being done to which path.
@Suite("Import: writing the destination")
struct ImportDestinationTests {
    @Test("a destination that is a file: an error in our words, naming it")
    func destinationIsAFile() throws {
        let jekyll = try TestSite(plugins: .command, ["_config.yml": "title: T\n", "taken": "a file\n"])
        let out = jekyll.folder.appendingPathComponent("taken")
        let error = ImportRun.error { try ImportRun.jekyll(jekyll, into: out) }
        #expect(
            error?.description == "\(out.path): error: '\(out.path)' is a file, not a folder; import into a new folder")
        #expect(error?.diagnostic.id == "import.destination-is-a-file")
        #expect(try String(contentsOf: out, encoding: .utf8) == "a file\n")
    }

    /// `content/fr`, a file, and `guide.fr.md`, whose page goes to `Content/fr/`: the second file cannot be written
    /// once the first is, as a full disk or a permission would stop an import halfway.
    @Test("an import that fails halfway leaves no destination, and says which file it could not write")
    func failsHalfway() throws {
        let hugo = try TestSite(
            plugins: .command,
            [
                "hugo.toml":
                    "title = \"Docs\"\ndefaultContentLanguage = \"en\"\n[languages.en]\nweight = 1\n[languages.fr]\nweight = 2\n",
                "content/_index.md": "---\ntitle: Home\n---\n",
                "content/fr": "not a folder\n",
                "content/guide.fr.md": "---\ntitle: Guide\n---\n",
            ])
        let out = hugo.folder.appendingPathComponent("imported")
        let error = ImportRun.error { try ImportRun.hugo(hugo, into: out) }
        #expect(
            error?.description
                == "\(out.path)/Content/fr/_index.md: error: could not make the folder for 'Content/fr/_index.md' in the new site: File exists"
        )  // the home Hugo makes for fr, first of the folder
        #expect(error?.diagnostic.id == "import.cannot-make-folder-for")
        #expect(!FileManager.default.fileExists(atPath: out.path))
        let beside = try FileManager.default.contentsOfDirectory(atPath: hugo.folder.path)
        #expect(!beside.contains { $0.hasPrefix(".imported.") }, "\(beside)")
    }

    @Test(
        "what a killed import left beside the destination is removed by the next, which works; an empty folder is taken"
    )
    func afterAKilledImport() throws {
        let jekyll = try TestSite(
            plugins: .command, ["_config.yml": "title: T\n", "about.md": "---\ntitle: About\n---\nMe.\n"])
        // A process that has ended: its pid names the folder a killed import would have left.
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let leftover = ".imported.importing-\(ended.processIdentifier)"
        try jekyll.write(leftover + "/Content/half.md", Data("---\ntitle: Ha".utf8))
        let out = jekyll.folder.appendingPathComponent("imported")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: false)
        let report = try ImportRun.jekyll(jekyll, into: out)
        #expect(report.written.contains("Content/about.md"))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("Content/about.md").path))
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("Content/half.md").path))
        let beside = try FileManager.default.contentsOfDirectory(atPath: jekyll.folder.path)
        #expect(!beside.contains { $0.hasPrefix(".imported.") }, "\(beside)")
    }
}

/// An import ends by building what it wrote, in memory, and says whether that builds, with the first errors.
@Suite("Import: the closing build")
struct ImportClosingBuildTests {
    @Test("a site that builds says how many pages; one that does not says its errors, the first ten")
    func summary() throws {
        let good = try TestSite(
            plugins: .command,
            ["sectionsite.yml": "title: T\ntheme: default\n", "Content/index.md": "---\ntitle: Home\n---\nHi.\n"])
        #expect(Import.buildSummary(good.folder, shown: "new") == "The new site builds: 1 page.")
        let bad = try TestSite(
            plugins: .command,
            [
                "sectionsite.yml": "title: T\ntheme: default\n",
                "Content/index.md": "---\ntitle: Home\ndraft: maybe\n---\nHi.\n",
            ])
        #expect(
            Import.buildSummary(bad.folder, shown: "new")
                == "The new site does not build yet: 1 error, the first:\n  Content/index.md:3:8: error: 'draft' must be true or false"
        )
    }
}
