import Foundation
import Testing

@testable import SectionSiteCommands
@testable import SectionSiteEngine
import SiteTestSupport

/// `sectionsite translations`: which translations are behind their source and what changed in the source since
/// the translation's last commit, read from a real git repository whose commits have fixed dates; the states it
/// cannot tell, with why; the exit status; and the block-level comparison and grouping it rests on.
@Suite("Translations command")
struct TranslationsCommandTests {
    /// A two-language site inside `site/` of the repository, so that paths in git differ from paths in the site.
    static let settings = """
        title: Notes
        languages:
          en: {name: English}
          fr: {name: Français}

        """

    static let source = """
        ---
        title: Hello
        sections:
          - id: menu
            cell: a
            items:
              - id: classic
                title: Classic
                price: 4
              - id: special
                title: Special
        ---
        First paragraph.

        Second paragraph.

        Third paragraph.

        """

    /// The source edited: retitled, one item changed, a section added, one paragraph reworded.
    static let edited = """
        ---
        title: Hello again
        sections:
          - id: menu
            cell: a
            items:
              - id: classic
                title: Classic
                price: 5
              - id: special
                title: Special
          - id: latest
            header: Latest posts
            cell: b
            from: posts
        ---
        First paragraph.

        Second paragraph, now reworded.

        Third paragraph.

        """

    static let translation = "---\ntitle: Bonjour\n---\nPremier paragraphe.\n"

    static func site(_ pages: [String: String] = [:]) throws -> TestSite {
        var files = TestSite.theme.reduce(into: ["site/sectionsite.yml": settings]) { $0["site/" + $1.key] = $1.value }
        for (path, text) in pages { files["site/" + path] = text }
        return try TestSite(plugins: .command, files)
    }

    /// Runs git in the test's repository with a fixed identity and date, and no settings of the machine's.
    @discardableResult
    static func git(_ arguments: [String], in folder: URL, date: String = "2026-01-01T10:00:00+00:00") throws -> String
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_AUTHOR_DATE"] = date
        environment["GIT_COMMITTER_DATE"] = date
        environment["GIT_CONFIG_GLOBAL"] = "/dev/null"
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "git \(arguments.joined(separator: " ")) failed")
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func initRepository(_ site: TestSite) throws {
        try git(["init", "-q"], in: site.folder)
        try git(["config", "user.name", "Test"], in: site.folder)
        try git(["config", "user.email", "test@example.org"], in: site.folder)
        try git(["config", "commit.gpgsign", "false"], in: site.folder)
    }

    /// Commits everything, and returns the commit's hash.
    @discardableResult
    static func commit(_ site: TestSite, _ message: String, date: String) throws -> String {
        try git(["add", "-A"], in: site.folder, date: date)
        try git(["commit", "-q", "-m", message], in: site.folder, date: date)
        return try git(["rev-parse", "HEAD"], in: site.folder)
    }

    static func report(_ site: TestSite) throws -> TranslationReport {
        try TranslationReport(site: site.folder.appendingPathComponent("site"))
    }

    @Test("a source edited after its translation's commit: behind, with exactly what changed; updated: up to date")
    func behindThenCurrent() throws {
        let site = try Self.site([
            "Content/posts/hello.md": Self.source, "Content/fr/posts/hello.md": Self.translation,
            "Content/posts/only.md": "---\ntitle: Only\n---\nHere.\n",
        ])
        try Self.initRepository(site)
        let first = try Self.commit(site, "hello and bonjour", date: "2026-01-02T10:00:00+00:00")
        try site.write(["site/Content/posts/hello.md": Self.edited])
        try Self.commit(site, "hello edited", date: "2026-01-03T10:00:00+00:00")

        let behind = try Self.report(site)
        let status = try #require(behind.translations.first)
        #expect(behind.translations.count == 1)
        #expect(status.state == .behind && status.reason == nil && !status.uncommitted)
        #expect(status.since == TranslationStatus.Since(commit: first, date: "2026-01-02T10:00:00+00:00"))
        #expect(
            status.changes == [
                SourceDifference(.title, .changed, text: "Hello again"),
                SourceDifference(.item, .changed, id: "menu/classic", line: 7, text: "Classic"),
                SourceDifference(.section, .added, id: "latest", line: 12, text: "Latest posts"),
                SourceDifference(.block, .changed, line: 19, text: "Second paragraph, now reworded."),
            ])
        #expect(behind.missing == [MissingTranslation(source: "Content/posts/only.md", languages: ["fr"])])
        #expect(behind.exitStatus == 1)
        let short = first.prefix(7)
        #expect(
            behind.text == """
                Content/fr/posts/hello.md is behind Content/posts/hello.md (translated as of \(short), 2026-01-02):
                  title: changed: "Hello again"
                  item 'menu/classic': changed at line 7: "Classic"
                  section 'latest': added at line 12: "Latest posts"
                  body: block changed at line 19: "Second paragraph, now reworded."
                Content/posts/only.md has no translation in fr
                1 translation: 1 behind, 0 up to date, 0 unknown; 1 page missing a translation

                """)
        #expect(
            behind.json == """
                {"format":"sectionsite-translations/1","translations":[{"path":"Content/fr/posts/hello.md","language":"fr",\
                "source":"Content/posts/hello.md","status":"behind","since":{"commit":"\(first)","date":"2026-01-02T10:00:00+00:00"},\
                "changes":[{"what":"title","change":"changed","text":"Hello again"},\
                {"what":"item","change":"changed","id":"menu/classic","line":7,"text":"Classic"},\
                {"what":"section","change":"added","id":"latest","line":12,"text":"Latest posts"},\
                {"what":"block","change":"changed","line":19,"text":"Second paragraph, now reworded."}]}],\
                "missing":[{"source":"Content/posts/only.md","languages":["fr"]}]}

                """)

        try site.write(["site/Content/fr/posts/hello.md": "---\ntitle: Bonjour encore\n---\nPremier paragraphe.\n"])
        let second = try Self.commit(site, "bonjour brought up to date", date: "2026-01-04T10:00:00+00:00")
        let current = try Self.report(site)
        #expect(current.translations.map(\.state) == [.current])
        #expect(current.translations.first?.changes == [] && current.translations.first?.reason == nil)
        #expect(current.exitStatus == 0)
        #expect(
            current.text == """
                Content/fr/posts/hello.md is up to date with Content/posts/hello.md (as of \(second.prefix(7)), 2026-01-04)
                Content/posts/only.md has no translation in fr
                1 translation: 0 behind, 1 up to date, 0 unknown; 1 page missing a translation

                """)
    }

    @Test("a site in no git repository: every translation's state is unknown, and says why")
    func notARepository() throws {
        let site = try Self.site(["Content/posts/hello.md": Self.source, "Content/fr/posts/hello.md": Self.translation])
        let report = try Self.report(site)
        #expect(
            report.translations == [
                .unknown(
                    TranslationPair(
                        source: "Content/posts/hello.md", translation: "Content/fr/posts/hello.md", language: "fr"),
                    "the site is not in a git repository, so when it was last brought up to date is not known")
            ])
        #expect(report.exitStatus == 0)
        #expect(
            report.text.hasPrefix(
                "Content/fr/posts/hello.md: not known whether it is up to date with Content/posts/hello.md: the site is not in a git repository"
            ))
    }

    @Test("a translation never committed, and one whose source came later, are unknown; uncommitted edits are noted")
    func unknownAndUncommitted() throws {
        let site = try Self.site([
            "Content/fr/posts/hello.md": Self.translation, "Content/fr/posts/new.md": Self.translation,
        ])
        try Self.initRepository(site)
        try site.remove("site/Content/fr/posts/new.md")
        let first = try Self.commit(site, "bonjour, before its source", date: "2026-01-02T10:00:00+00:00")
        try site.write(["site/Content/posts/hello.md": Self.source, "site/Content/posts/new.md": Self.source])
        try Self.commit(site, "hello", date: "2026-01-03T10:00:00+00:00")
        try site.write(["site/Content/fr/posts/new.md": Self.translation])  // never committed

        let report = try Self.report(site)
        #expect(report.translations.map(\.state) == [.unknown, .unknown])
        #expect(
            report.translations.map(\.reason) == [
                "Content/posts/hello.md was not in the repository at \(first.prefix(7)), the translation's last commit, so what it said then is not known",
                "Content/fr/posts/new.md has never been committed, so when it was last brought up to date is not known",
            ])
        #expect(report.exitStatus == 0)

        // Brought up to date, then edited without a commit: up to date as of the commit, and noted.
        try site.write(["site/Content/fr/posts/hello.md": Self.translation + "\nEncore.\n"])
        let second = try Self.commit(site, "bonjour again", date: "2026-01-04T10:00:00+00:00")
        try site.write(["site/Content/fr/posts/hello.md": Self.translation + "\nEncore une fois.\n"])
        let hello = try #require(try Self.report(site).translations.first)
        #expect(hello.state == .current && hello.uncommitted && hello.since?.commit == second)
        #expect(
            try Self.report(site).json.contains(
                #""status":"current","since":{"commit":"\#(second)","date":"2026-01-04T10:00:00+00:00"},"uncommitted":true,"changes":[]"#
            ))
    }

    @Test("front matter that did not parse in the source as of the translation's commit: unknown, with the error")
    func oldVersionDoesNotParse() throws {
        let site = try Self.site([
            "Content/posts/hello.md": "---\ntitle: [Hello\n---\nHi.\n", "Content/fr/posts/hello.md": Self.translation,
        ])
        try Self.initRepository(site)
        let first = try Self.commit(site, "broken hello", date: "2026-01-02T10:00:00+00:00")
        try site.write(["site/Content/posts/hello.md": Self.source])
        try Self.commit(site, "hello mended", date: "2026-01-03T10:00:00+00:00")
        let status = try #require(try Self.report(site).translations.first)
        #expect(status.state == .unknown && status.since?.commit == first)
        #expect(
            status.reason?.hasPrefix(
                "Content/posts/hello.md as of \(first.prefix(7)) does not parse: line 3: invalid YAML") == true,
            "\(status.reason ?? "")")
    }

    @Test("a site of one language says so; settings that do not parse are a located error")
    func oneLanguageAndBadSettings() throws {
        let single = try TestSite(
            plugins: .command,
            TestSite.theme.merging(["sectionsite.yml": "title: One\n", "Content/index.md": "Hi.\n"]) { $1 })
        let report = try TranslationReport(site: single.folder)
        #expect(report.text == "The site has one language (en): it has no translations to compare.\n")
        #expect(report.exitStatus == 0 && report.translations.isEmpty && report.missing.isEmpty)
        #expect(report.json == #"{"format":"sectionsite-translations/1","translations":[],"missing":[]}"# + "\n")

        let bad = try TestSite(plugins: .command, ["sectionsite.yml": "title: [One\n", "Content/index.md": "Hi.\n"])
        #expect {
            try TranslationReport(site: bad.folder)
        } throws: { error in
            (error as? SectionSiteError)?.description.hasPrefix("sectionsite.yml:") == true
        }
        #expect(try SectionSiteCommand.parseAsRoot(["translations", "--site", "s", "--json"]) is Translations)
    }

    @Test("sources and translations by path and by translationKey, and the pages missing a translation")
    func grouping() throws {
        let site = try TestSite(plugins: .command, TestSite.languages())
        let pairs = try TranslatedSite(site: site.folder).pairs
        #expect(
            pairs.pairs == [
                TranslationPair(source: "Content/index.md", translation: "Content/ar/index.md", language: "ar"),
                TranslationPair(
                    source: "Content/posts/hello.md", translation: "Content/ar/posts/salam.md", language: "ar"),
                TranslationPair(source: "Content/index.md", translation: "Content/fr/index.md", language: "fr"),
                TranslationPair(
                    source: "Content/posts/hello.md", translation: "Content/fr/posts/hello.md", language: "fr"),
            ])
        #expect(pairs.missing == [MissingTranslation(source: "Content/posts/only.md", languages: ["fr", "ar"])])
    }

    /// Blocks named by their text: `<p>A</p>`.
    static func blocks(_ names: String) -> [Markdown.Block] {
        names.map { Markdown.Block(html: "<p>\($0) paragraph</p>", isRawHTML: false) }
    }

    @Test(
        "body blocks: matched by content; a removed and an added block between the same neighbours are one change",
        arguments: [
            ("ABCD", "AXCYDE", ["changed X", "added Y", "added E"]),
            ("ABCD", "ACD", ["removed B"]),
            ("ABCD", "AXYD", ["changed X", "changed Y"]),
            ("ABC", "AXYC", ["changed X", "added Y"]),
            ("ABCD", "AXD", ["changed X", "removed C"]),
            ("ABC", "CAB", ["added C", "removed C"]),
            ("ABC", "ABC", []),
        ])
    func bodyBlocks(old: String, new: String, expected: [String]) {
        let changes = SourceDifference.bodyChanges(
            from: Self.blocks(old), to: Self.blocks(new), newText: "", bodyLine: 1)
        #expect(changes.map { "\($0.change.rawValue) \($0.text?.prefix(1) ?? "")" } == expected)
        #expect(changes.allSatisfy { $0.what == .block && $0.id == nil })
    }

    @Test("a block's line is where its text starts, found after the previous block's; links and marks left out")
    func blockLines() {
        let text =
            "---\ntitle: T\n---\nIntro with a [link](https://example.org/x) in it.\n\n## Second heading\n\nIntro with a link in it.\n"
        let blocks = [
            Markdown.Block(
                html: #"<p>Intro with a <a href="https://example.org/x">link</a> in it.</p>"#, isRawHTML: false),
            Markdown.Block(html: #"<h2 id="second-heading">Second heading</h2>"#, isRawHTML: false),
            Markdown.Block(html: "<p>Intro with a link in it.</p>", isRawHTML: false),
            Markdown.Block(html: "<hr />", isRawHTML: false),
        ]
        #expect(BlockLines(text, bodyLine: 4).lines(of: blocks) == [4, 6, 8, nil])
    }
}
