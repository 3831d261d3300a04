import Foundation
import Testing

import SectionSite
import SectionSiteDiff
import SectionSiteEngine
import SectionSiteHighlight
import SiteTestSupport

/// Same input, same output: a feature-rich site built from nothing several times, each time from its own copy into
/// an empty output folder on all cores, writes the same files byte for byte.
@Suite("Builds are byte-identical")
struct DeterminismTests {
    /// The repository's example site (every layout, cell, header and footer kind of the default theme, data files,
    /// navigation, tags) and `count` more pages that use every Markdown extension, highlighted code in several
    /// languages, tags and sections of items.
    static func richSite(pages count: Int) throws -> TestSite {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let site = try TestSite(plugins: .command, [:])
        try copySite(repository, to: site.folder)
        var files: [String: String] = [
            "Content/stress/index.md": """
            ---
            title: Stress
            sections:
              - id: all
                cell: post-row
                from: stress
                paginate: 25
            ---
            Every page below, 25 a page.
            """
        ]
        let languages = ["swift", "python", "json", "bash", "rust", "yaml", "cpp", "go"]
        for n in 0..<count {
            let language = languages[n % languages.count]
            files["Content/stress/page-\(n).md"] = """
                ---
                title: Page ~~\(n)~~
                date: 2026-\(String(format: "%02d", n % 12 + 1))-\(String(format: "%02d", n % 28 + 1))
                tags: [stress, t\(n % 7)]
                sections:
                  - id: steps
                    header: Steps of \(n)
                    footer: ~~Done~~
                    cell: step
                    items:
                      - {id: s1, title: "One ~~\(n)~~", body: "A ~~struck~~ step with www.example.com."}
                      - {id: s2, title: Two, cell: value, value: "\(n)"}
                ---
                A ~~struck \(n)~~ word -- "quoted" -- see www.example.com/\(n) and https://example.org/\(n).

                | column | ~~old~~ |
                | --- | :-: |
                | ~~cell \(n)~~ | `code` |

                - [x] ~~done \(n)~~
                - [ ] still to do

                > [!WARNING]
                > A ~~warning~~ for \(n).

                Footnoted[^a] twice[^b].

                [^a]: A ~~footnote~~ \(n).
                [^b]: Another, www.example.net.

                ## Code in \(language)

                ```\(language)
                // \(n): ~~not struck~~
                let value = \(n) + 1
                ```
                """
        }
        try site.write(files)
        return site
    }

    /// Copies a site's inputs (not its output or build record) into `folder`.
    static func copySite(_ site: URL, to folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for item in ["Content", "Data", "Themes", "Static", "sectionsite.yml"] {
            try FileManager.default.copyItem(
                at: site.appendingPathComponent(item), to: folder.appendingPathComponent(item))
        }
    }

    @Test("a rich site built from nothing three times on all cores writes the same bytes every time")
    func threeColdBuilds() throws {
        let site = try Self.richSite(pages: 300)
        var builds: [[String: Data]] = []
        for round in 0..<3 {
            // Each build its own copy of the site (no build record) and an empty output folder.
            let copy = site.folder.appendingPathComponent("copy-\(round)")
            try Self.copySite(site.folder, to: copy)
            let out = site.folder.appendingPathComponent("out-\(round)")
            try SiteBuilder(options: TestPlugins.command.options(site: copy, out: out)).build()
            builds.append(IncrementalBuildTests.tree(out))
        }
        let first = builds[0]
        #expect(first.count > 700)
        let struck = first["stress/page-7/index.html"].map { String(decoding: $0, as: UTF8.self) } ?? ""
        #expect(struck.components(separatedBy: "<del>").count - 1 == 7, "every strikethrough of the page is drawn")
        for (round, build) in builds.enumerated().dropFirst() {
            #expect(build.keys.sorted() == first.keys.sorted(), "build \(round + 1) wrote other files")
            let differing = first.keys.sorted().filter { build[$0] != first[$0] }
            #expect(
                differing.isEmpty, "build \(round + 1): \(differing.count) files differ, first \(differing.prefix(5))")
            for path in differing.prefix(1) {
                let (a, b) = (Array(first[path]!), Array(build[path]!))
                let at = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
                let context = { (bytes: [UInt8]) in
                    String(decoding: bytes[max(0, at - 150)..<min(bytes.count, at + 150)], as: UTF8.self)
                }
                Issue.record("\(path) differs at byte \(at):\n\(context(a))\n----\n\(context(b))")
            }
        }
    }
}
