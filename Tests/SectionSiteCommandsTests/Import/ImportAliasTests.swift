import Foundation
import Testing

import SectionSiteEngine
import SectionSiteImport
import SiteTestSupport

/// The build's YAML alias budget holds for every YAML text an import reads: settings, front matter, data files.
/// The bomb here is five levels of nine aliases (59,049 nodes once expanded): past the 10,000-node budget, yet
/// small enough that a run without the budget only fails the test instead of taking the machine's memory, as
/// nine levels (387 million nodes, over 4 GB) did.
@Suite("Import: YAML alias budget")
struct ImportAliasTests {
    /// The bomb's five lines; the alias that passes the budget is on its fifth.
    static let bomb = """
        a: &a [x, x, x, x, x, x, x, x, x]
        b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]
        c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]
        d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]
        e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]

        """

    /// A site of each kind with the bomb in one file, the file, and the line the bomb starts on.
    static let cases: [(kind: String, files: [String: String], file: String, firstLine: Int)] = [
        ("jekyll", ["_config.yml": bomb], "_config.yml", 1),
        ("jekyll", ["_posts/2018-01-19-a.md": "---\ntitle: A\n" + bomb + "---\nBody.\n"], "_posts/2018-01-19-a.md", 3),
        (
            "jekyll",
            [
                "_data/people.yml": "- id: a\n  more:\n"
                    + bomb.split(separator: "\n").map { "    " + $0 + "\n" }.joined()
            ], "_data/people.yml", 3
        ),
        ("hugo", ["hugo.yaml": "title: Docs\n" + bomb], "hugo.yaml", 2),
        ("hugo", ["content/a.md": "---\n" + bomb + "---\nBody.\n"], "content/a.md", 2),
        ("hugo", ["data/people.yaml": bomb], "data/people.yaml", 1),
    ]

    @Test("an alias bomb is a located error, wherever the importer reads YAML", arguments: cases.indices)
    func bomb(index: Int) throws {
        let (kind, files, file, firstLine) = Self.cases[index]
        let site = try TestSite(plugins: .command, files)
        let out = site.folder.appendingPathComponent("imported")
        let error = ImportRun.error {
            kind == "hugo" ? try ImportRun.hugo(site, into: out) : try ImportRun.jekyll(site, into: out)
        }
        #expect(error?.location?.file == site.folder.path + "/" + file)
        #expect(error?.location?.line == firstLine + 4)
        #expect(error?.diagnostic.message.hasPrefix("YAML aliases expand this document past 10,000 nodes") == true)
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }
}
