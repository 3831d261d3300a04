import Foundation
import Testing

import SectionSite
import SectionSiteDiff
@testable import SectionSiteEngine
import SectionSiteHighlight
import SiteTestSupport
import TestSupport

/// An incremental build must write exactly what a build from nothing writes: after every step of a seeded random
/// series of edits, the output of the site built step by step equals, byte for byte, a build from nothing of a
/// copy of the same files and the same feed history.
@Suite("Incremental builds")
struct IncrementalBuildTests {
    /// The settings of the site in two languages.
    static func settings(title: String, languages: Bool) -> String {
        "title: \(title)\nfeed: {keep: 3}\nimages: {widths: [8, 16]}\n"
            + (languages ? "languages:\n  en: {name: English}\n  fr: {name: Français, title: Le site}\n" : "")
    }

    static func startingSite(languages: Bool = false) -> [String: String] {
        var files = TestSite.theme
        files["Themes/default/layouts/list.mustache"] =
            "<!doctype html><html><head><title>{{page.title}}</title></head><body><h1 data-ss-key=\"r:title\">{{site.title}}: {{page.title}}</h1>{{{sections}}}{{{body}}}<nav>{{#page.nav.children}}{{title}}|{{/page.nav.children}}</nav></body></html>\n"
        // Posts draw their neighbours: a retitled, new, deleted or drafted post changes the pages beside it.
        files["Themes/default/layouts/page.mustache"] =
            "<!doctype html><html><head><title>{{page.title}}</title></head><body><h1 data-ss-key=\"r:title\">{{page.title}}</h1>{{{sections}}}{{{body}}}<nav>{{#page.nav.prev}}{{title}}{{/page.nav.prev}}|{{#page.nav.next}}{{title}}{{/page.nav.next}}|{{#page.tagLinks}}{{name}}{{/page.tagLinks}}</nav>{{#page.translations}}<a hreflang=\"{{code}}\" href=\"{{link}}\">{{site.i18n.read}}</a>{{/page.translations}}</body></html>\n"
        files["Content/index.md"] =
            "---\ntitle: Home\nsections:\n  - id: latest\n    cell: b\n    from: posts\n    limit: 4\n  - id: swift\n    cell: a\n    from: posts\n    tags: [swift]\n    sort: title\n---\nWelcome.\n"
        files["Content/posts/index.md"] =
            "---\ntitle: Posts\nsections:\n  - id: all\n    cell: b\n    from: posts\n    paginate: 3\n---\n"
        // A page with an animation of its own, which the record does not keep.
        files["Content/about.md"] =
            "---\ntitle: About\nanimation:\n  insert: top\nsections:\n  - id: facts\n    cell: a\n    items:\n      - {id: one, title: One, body: \"See [home](index.md).\"}\n---\nAbout us.\n"
        files["Static/robots.txt"] = "User-agent: *\n"
        files["Data/team.csv"] = "id,name\nada,Ada\n"
        files["Content/team.md"] = "---\ntitle: Team\nsections:\n  - id: people\n    cell: a\n    data: team\n---\n"
        files["Content/posts/picture.svg"] = "<svg/>\n"
        // Directives and pictures: a post shows a processed picture and a row; the theme draws the row.
        files["Themes/default/directives/row.mustache"] = "<div class=\"row\">{{{body}}}</div>\n"
        files["Themes/default/directives/column.mustache"] =
            "{{! arguments: size (number) }}<div class=\"col\" data-size=\"{{size}}\">{{{body}}}</div>\n"
        files["sectionsite.yml"] = settings(title: "Site", languages: languages)
        if languages {  // French translations of some posts, a French home listing French posts, the theme's words
            files["Content/fr/index.md"] =
                "---\ntitle: Accueil\nsections:\n  - id: latest\n    cell: b\n    from: posts\n    limit: 4\n---\nBienvenue.\n"
            files["Content/fr/posts/index.md"] =
                "---\ntitle: Billets\nsections:\n  - id: all\n    cell: b\n    from: posts\n    paginate: 2\n---\n"
            for n in 0..<3 {
                files["Content/fr/posts/p\(n).md"] = post(n, title: "Billet \(n)", day: n + 1, tags: "[swift]")
            }
            files["Themes/default/i18n/en.yml"] = "read: Read\n"
            files["Themes/default/i18n/fr.yml"] = "read: Lire\n"
        }
        for n in 0..<8 {
            files["Content/posts/p\(n).md"] = post(
                n, title: "Post \(n)", day: n + 1, tags: n % 2 == 0 ? "[swift]" : "[]")
        }
        files["Content/posts/p1.md"] = post(
            1, title: "Post 1", day: 2, tags: "[]",
            body: "![A picture](photo.png)\n\n@Row {\n  @Column { One }\n}\n\nBody")
        // A post that links to another, whose slug the series changes.
        files["Content/posts/p3.md"] = post(3, title: "Post 3", day: 4, tags: "[]", body: "See [two](p2.md). Body")
        return files
    }

    /// The pictures the starting site shows.
    static func startingPictures(_ site: TestSite) throws {
        try site.write("Content/posts/photo.png", TestImages.png(width: 20, height: 10, seed: 0))
    }

    /// A row of the page a program defines among the posts (`/posts/live/`), which the home page and the post list
    /// hold like the Markdown posts.
    struct Row: IdentifiableType, Equatable, Encodable, Sendable {
        var id: String
        var title: String
        var identity: String { id }
    }

    static let rowSource = SectionedDataSource<SectionModel<String, String, Row>>(
        configureCell: { _, row in
            row.id.hasSuffix("0")
                ? .init(kind: "raw", html: "<i>\(HTML.escape(row.title))</i>") : try .template("b", row)
        },
        titleForHeaderInSection: { $0.model })

    /// The Swift page's value for `day`: its title, date, tags and rows all follow the day.
    static func livePage(day: Int) throws -> SitePage {
        let ids = Set((1...(day % 5 + 1)).map { ($0 * day) % 7 * 10 + $0 % 2 })
        let rows = ids.sorted {
            ($0 * 31 + day) % 11 < ($1 * 31 + day) % 11 || (($0 * 31 + day) % 11 == ($1 * 31 + day) % 11 && $0 < $1)
        }
        .map { Row(id: "r\($0)", title: "Row \($0) on \(day)") }
        return try SitePage(
            url: "/posts/live/", title: day % 3 == 0 ? "Live" : "Live \(day)",
            date: Date(timeIntervalSince1970: 1_767_225_600 + Double(day) * 86_400),
            tags: day % 2 == 0 ? ["swift"] : [],
            sections: [SectionModel(identity: "rows", model: "Rows", items: rows)], dataSource: rowSource)
    }

    static func post(
        _ n: Int, title: String, day: Int, tags: String, body: String = "Body", draft: Bool = false, extra: String = ""
    ) -> String {
        "---\ntitle: \(title)\ndate: 2026-01-\(String(format: "%02d", day))\ntags: \(tags)\ndraft: \(draft)\n\(extra)---\n\(body) of \(n), ~~struck~~.\n\n| state | ~~was~~ |\n| --- | --- |\n| ~~draft \(n)~~ | now |\n\n## Part\n\n```swift\nlet n = \(n)\n```\n"
    }

    /// One random edit of the kinds an author makes.
    static func edit(
        _ site: TestSite, _ random: inout SeededRandom, posts: inout Set<Int>, next: inout Int, live: inout SitePage,
        languages: Bool = false
    ) throws -> String {
        let existing = posts.sorted()
        let n = existing.randomElement(using: &random) ?? 0
        let day = Int.random(in: 1...28, using: &random)
        switch Int.random(in: 0..<(languages ? 23 : 18), using: &random) {
        case 0:
            try site.write([
                "Content/posts/p\(n).md": post(n, title: "Post \(n)", day: day, tags: "[swift]", body: "Edited \(day)")
            ])
            posts.insert(n)
            return "body of p\(n)"
        case 1:
            try site.write(["Content/posts/p\(n).md": post(n, title: "Retitled \(day)", day: n + 1, tags: "[]")])
            posts.insert(n)
            return "title of p\(n)"
        case 2:
            try site.write([
                "Content/posts/p\(n).md": post(
                    n, title: "Post \(n)", day: day, tags: day % 2 == 0 ? "[swift]" : "[ios]")
            ])
            posts.insert(n)
            return "date and tags of p\(n)"
        case 3:
            next += 1
            try site.write(["Content/posts/p\(next).md": post(next, title: "New \(next)", day: day, tags: "[swift]")])
            posts.insert(next)
            return "new p\(next)"
        case 4:
            guard posts.contains(n) else { return "nothing" }
            try site.remove("Content/posts/p\(n).md")
            posts.remove(n)
            return "deleted p\(n)"
        case 5:
            try site.write(["Themes/default/cells/b.mustache": "<p class=\"b\">{{title}} ({{date}}) v\(day)</p>\n"])
            return "cell template"
        case 6:
            try site.write(["sectionsite.yml": settings(title: "Site \(day)", languages: languages)])
            return "settings"
        case 7:
            try site.write(["Static/robots.txt": "User-agent: *\nDisallow: /\(day)/\n"])
            return "static file"
        case 8:
            try site.write([
                "Content/posts/p\(n).md": post(n, title: "Post \(n)", day: n + 1, tags: "[]", draft: day % 2 == 0)
            ])
            posts.insert(n)
            return "draft flag of p\(n)"
        case 9:
            // ids unique, order varies
            let rows = (1...(day % 4 + 1)).map { "r\(($0 * day) % 5 + $0 * 10),Row \($0) of \(day)\n" }
            try site.write(["Data/team.csv": "id,name\n" + rows.shuffled(using: &random).joined()])
            return "data file"
        case 10:
            live = try livePage(day: day)
            return "Swift page, day \(day)"
        case 12:
            let body = "@Row {\n  @Column(size: \(day % 3 + 1)) { Day \(day) }\n  @Column { Two }\n}\n\nBody"
            try site.write(["Content/posts/p\(n).md": post(n, title: "Post \(n)", day: n + 1, tags: "[]", body: body)])
            posts.insert(n)
            return "directive in p\(n)"
        case 13:
            try site.write(["Themes/default/directives/row.mustache": "<div class=\"row r\(day)\">{{{body}}}</div>\n"])
            return "directive template"
        case 14:
            try site.write("Content/posts/photo.png", TestImages.png(width: 20 + day % 3, height: 10, seed: day))
            return "picture replaced"
        case 15:
            try site.write([
                "Content/posts/p\(n).md": post(
                    n, title: "Post \(n)", day: n + 1, tags: "[]", body: "![Day \(day)](photo.png)")
            ])
            posts.insert(n)
            return "picture shown in p\(n)"
        case 16:
            if day % 2 == 0 {
                try site.write([
                    "Themes/default/hooks/link.mustache": "<a class=\"h\(day)\" href=\"{{destination}}\">{{{text}}}</a>"
                ])
                return "link hook"
            }
            try? site.remove("Themes/default/hooks/link.mustache")
            return "no link hook"
        case 17:
            guard posts.contains(2) else { return "nothing" }
            let slug = day % 3 == 0 ? "" : "slug: moved-\(day)\n"  // p3 links to p2: the link follows it
            try site.write(["Content/posts/p2.md": post(2, title: "Post 2", day: 3, tags: "[swift]", extra: slug)])
            return "slug of p2"
        case 18:  // a translation comes or changes
            try site.write([
                "Content/fr/posts/p\(n).md": post(
                    n, title: "Billet \(day)", day: day, tags: day % 2 == 0 ? "[swift]" : "[ios]")
            ])
            return "French p\(n)"
        case 19:
            guard
                FileManager.default.fileExists(
                    atPath: site.folder.appendingPathComponent("Content/fr/posts/p\(n).md").path)
            else {
                return "nothing"
            }
            try site.remove("Content/fr/posts/p\(n).md")
            return "French p\(n) deleted"
        case 20:  // a translation under another name, linked by its key, or its key taken away
            let key = day % 3 == 0 ? "" : "translationKey: posts/p\(n)\n"
            try site.write([
                "Content/fr/posts/autre.md": post(90, title: "Autre", day: day, tags: "[swift]", extra: key)
            ])
            return "French autre for p\(n)"
        case 21:
            try site.write(["Themes/default/i18n/fr.yml": day % 2 == 0 ? "read: Lire \(day)\n" : "other: Autre\n"])
            return "French words"
        case 22:
            try site.write([
                "Content/fr/index.md":
                    "---\ntitle: Accueil \(day)\nsections:\n  - id: latest\n    cell: b\n    from: posts\n    limit: \(day % 4 + 1)\n---\nBienvenue.\n"
            ])
            return "French home"
        default:
            try site.write(["Content/about.md": "---\ntitle: About\n---\nAbout us, \(day).\n"])
            return "about page"
        }
    }

    static func tree(_ folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        for path in FileTree.files(under: folder) {
            files[path] = try? Data(contentsOf: folder.appendingPathComponent(path))
        }
        return files
    }

    /// The options of a build of the series' site in `folder`, with the page the program defines.
    static func options(_ folder: URL, live: SitePage) -> BuildOptions {
        var options = TestPlugins.command.options(site: folder, out: folder.appendingPathComponent("_site"))
        options.pages = [live]
        return options
    }

    static func copy(_ from: URL, to: URL) throws {
        try? FileManager.default.removeItem(at: to)
        try FileManager.default.copyItem(at: from, to: to)
    }

    @Test("the record leaves summaries, headings and search texts in its file, readable after a new record replaces it")
    func recordReadInPlace() throws {
        var files = TestSite.blog()
        files["Content/posts/alpha.md"] =
            "---\ntitle: Alpha\ndate: 2026-01-01\n---\nFirst paragraph, the summary.\n\n## A heading\n\nMore text.\n"
        let site = try TestSite(plugins: .command, files)
        try site.build()
        let snapshot = try #require(SiteSnapshot.load(site.folder.appendingPathComponent(".sectionsite")))
        let alpha = try #require(snapshot.pages.first { $0.source == "Content/posts/alpha.md" })
        #expect(alpha.summary.isStored && alpha.headings.isStored && alpha.text.isStored)
        // A later build writes a new record through a temporary file and a rename: this one's stay readable.
        try site.write(["Content/posts/alpha.md": "---\ntitle: Alpha\ndate: 2026-01-01\n---\nAnother summary.\n"])
        try site.build()
        #expect(alpha.summary.value == "First paragraph, the summary.")
        #expect(alpha.headings.value.map(\.text) == ["A heading"])
        #expect(alpha.text.value.contains("More text."))
        #expect(
            SiteSnapshot.load(site.folder.appendingPathComponent(".sectionsite"))?.pages.first {
                $0.source == "Content/posts/alpha.md"
            }?.summary.value == "Another summary.")
    }

    @Test(
        "a record after an incremental build copies the unchanged pages' records from the last one: the bytes writing each field gives"
    )
    func recordCopiesUnchangedPages() throws {
        var files = TestSite.theme
        for number in 10..<22 {
            files["Content/notes/n\(number).md"] = "---\ntitle: Note \(number)\n---\nText \(number).\n"
        }
        let site = try TestSite(plugins: .command, files)
        let state = site.folder.appendingPathComponent(".sectionsite")
        // Files an hour old: one stamped within two seconds of the record is read again, and its record written anew.
        for path in FileTree.files(under: site.folder) {
            try FileManager.default.setAttributes(
                [.modificationDate: Date().addingTimeInterval(-3600)],
                ofItemAtPath: site.folder.appendingPathComponent(path).path)
        }
        try site.build()
        try site.write(["Content/notes/n15.md": "---\ntitle: Note 15\n---\nText 15, changed.\n"])
        try site.build()
        let written = try Data(contentsOf: SiteSnapshot.file(state))
        var snapshot = try #require(SiteSnapshot.load(state))
        #expect(snapshot.pages.count == 12)
        for index in snapshot.pages.indices { snapshot.pages[index].recorded = nil }
        var encoded: [UInt8] = []
        try snapshot.encode { encoded += $0 }
        #expect(encoded == Array(written))
        #expect(try site.build().startedOver == nil)
    }

    @Test(
        "after every step of a random edit series, the incremental output equals a build from nothing (one language, two)",
        arguments: [(1, false), (2, false), (3, true), (4, true)] as [(UInt64, Bool)])
    func equalsColdBuild(seed: UInt64, languages: Bool) throws {
        var random = SeededRandom(seed: seed)
        let site = try TestSite(plugins: .command, Self.startingSite(languages: languages))
        try Self.startingPictures(site)
        var posts = Set(0..<8)
        var next = 7
        var live = try Self.livePage(day: 1)
        func options(_ folder: URL) -> BuildOptions { Self.options(folder, live: live) }
        try SiteBuilder(options: options(site.folder)).build()
        let reference = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sectionsite-cold-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: reference) }
        var incrementalSteps = 0
        for step in 1...12 {
            var what: [String] = []
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                what.append(try Self.edit(site, &random, posts: &posts, next: &next, live: &live, languages: languages))
            }
            let report = try SiteBuilder(options: options(site.folder)).build()
            incrementalSteps += report.incremental ? 1 : 0
            // The reference: the same files and feed history, built from nothing into an empty output folder.
            try Self.copy(site.folder, to: reference)
            try? FileManager.default.removeItem(at: reference.appendingPathComponent("_site"))
            try? FileManager.default.removeItem(at: SiteSnapshot.file(reference.appendingPathComponent(".sectionsite")))
            let cold = try SiteBuilder(options: options(reference)).build(incremental: false)
            // Compared by the manifests the builds write (what `build --verify` compares), each first checked
            // against the files it lists.
            let built = try #require(OutputManifest(of: site.out))
            let expected = try #require(OutputManifest(of: reference.appendingPathComponent("_site")))
            #expect(
                built == OutputManifest(hashing: site.out),
                "seed \(seed) step \(step) (\(what)): the manifest is not the output's")
            #expect(expected == OutputManifest(hashing: reference.appendingPathComponent("_site")))
            let differences = expected.changes(to: built)
            #expect(
                differences.added.isEmpty && differences.removed.isEmpty,
                "seed \(seed) step \(step) (\(what)): file lists differ")
            for path in differences.changed { Issue.record("seed \(seed) step \(step) (\(what)): \(path) differs") }
            #expect(report.warnings == cold.warnings, "seed \(seed) step \(step) (\(what))")
            #expect(report.pageCount == cold.pageCount)
        }
        #expect(incrementalSteps >= 6, "most steps must start from the previous build (settings edits do not)")
    }

    @Test("a build with nothing changed renders nothing and links every file; one edited page renders it and its lists")
    func onlyWhatChanged() throws {
        let site = try TestSite(plugins: .command, Self.startingSite())
        try Self.startingPictures(site)
        try site.build()
        let before = try FileManager.default.attributesOfItem(
            atPath: site.out.appendingPathComponent("about/index.html").path)
        let unchanged = try site.build()
        #expect(unchanged.incremental && unchanged.changedPages == 0)
        let after = try FileManager.default.attributesOfItem(
            atPath: site.out.appendingPathComponent("about/index.html").path)
        #expect(
            before[.systemFileNumber] as? Int == after[.systemFileNumber] as? Int, "the page was linked, not written")
        let previous = site.outputSnapshot()
        func inodes() throws -> [String: Int] {
            try Dictionary(
                uniqueKeysWithValues: FileTree.files(under: site.out).map { path in
                    (
                        path,
                        try FileManager.default.attributesOfItem(atPath: site.out.appendingPathComponent(path).path)[
                            .systemFileNumber] as! Int
                    )
                })
        }
        let filesBefore = try inodes()
        try site.write(["Content/posts/p3.md": Self.post(3, title: "Changed", day: 4, tags: "[]")])
        let one = try site.build()
        let now = site.outputSnapshot()
        // A file made again with the same bytes (the search index's, the feeds of other pages) is not written again:
        // whatever syncs the output sees only what changed.
        let filesAfter = try inodes()
        let rewritten = now.keys.filter { now[$0] == previous[$0] && filesAfter[$0] != filesBefore[$0] }.sorted()
        #expect(rewritten == [], "written again with the same bytes")
        #expect(one.incremental)
        let changed = now.keys.filter { $0.hasSuffix(".html") && now[$0] != previous[$0] }.sorted()
        // The post; the one page of the paginated list that shows it (newest first, three a page: p7 p6 p5 |
        // p4 p3 p2 | ...); the posts beside it in title order before and after, which draw their neighbours'
        // titles (Post 2 | Post 3 | Post 4 becomes Changed | Post 0 ... Post 2 | Post 4); and every page of the list,
        // which draws the folder's children. The home page lists the four newest, which p3 is not among.
        #expect(
            changed == [
                "posts/index.html", "posts/p0/index.html", "posts/p2/index.html", "posts/p3/index.html",
                "posts/p4/index.html",
                "posts/page/2/index.html", "posts/page/3/index.html",
            ])
        #expect(one.changedPages == changed.count)
        #expect(try site.output("posts/p3/index.html").contains("Changed"))
        #expect(try site.output("posts/page/2/index.html").contains("Changed"))
        #expect(!(try site.output("index.html").contains("Changed")))
        let stillLinked = try FileManager.default.attributesOfItem(
            atPath: site.out.appendingPathComponent("about/index.html").path)
        #expect(before[.systemFileNumber] as? Int == stillLinked[.systemFileNumber] as? Int)
    }
}

extension IncrementalBuildTests {
    @Test("a page that warns (a picture it cannot find) is read again at every build, and the builds stay incremental")
    func warnedPage() throws {
        let site = try TestSite(
            plugins: .command,
            TestSite.theme.merging([
                "sectionsite.yml": "title: Site\n",
                "Content/a.md": "---\ntitle: A\n---\n![Gone](missing.png)\n",
                "Content/b.md": "---\ntitle: B\n---\nB.\n",
            ]) { $1 })
        let first = try site.build()
        #expect(first.warnings.contains { $0.message.contains("missing.png") })
        try site.write(["Content/b.md": "---\ntitle: B\n---\nB again.\n"])
        let second = try site.build()
        #expect(second.incremental, "the record was thrown away: a build from nothing")
        #expect(second.warnings.contains { $0.message.contains("missing.png") })
        let incremental = site.outputSnapshot()
        try FileManager.default.removeItem(at: site.folder.appendingPathComponent(".sectionsite"))
        _ = try site.build()
        let fresh = site.outputSnapshot()
        let differing = Set(incremental.keys).union(fresh.keys).filter {
            !$0.hasPrefix("_sectionsite/") && incremental[$0] != fresh[$0]
        }
        #expect(differing.isEmpty, "\(differing.sorted())")
    }
}

extension IncrementalBuildTests {
    @Test("a file that comes or goes redraws the pages whose links name it, in the preview as in a build")
    func linkedFileComesAndGoes() throws {
        let site = try TestSite(
            plugins: .command,
            TestSite.theme.merging([
                "sectionsite.yml": "title: Site\n",
                "Content/docs/page.md":
                    "---\ntitle: Page\n---\nSee [the sheet](sheet.pdf) and [the old one](old.pdf).\n",
                "Content/docs/old.pdf": "old",
                "Content/other.md": "---\ntitle: Other\n---\nOther.\n",
            ]) { $1 })
        _ = try site.build()
        let file = site.out.appendingPathComponent("docs/page/index.html")
        #expect(try String(contentsOf: file, encoding: .utf8).contains(#"href="/docs/old.pdf""#))
        try site.write(["Content/docs/sheet.pdf": "new"])
        try site.remove("Content/docs/old.pdf")
        let second = try site.build()
        #expect(second.incremental, "the record was thrown away: a build from nothing")
        let page = try String(contentsOf: file, encoding: .utf8)
        #expect(page.contains(#"href="/docs/sheet.pdf""#) && page.contains(#"href="old.pdf""#))
        // The live site the preview keeps does the same.
        var live = try Site(options: BuildOptions(site: site.folder))
        try site.write(["Content/docs/old.pdf": "back"])
        _ = try live.apply([.file("Content/docs/old.pdf")])
        let html = try live.pages[PageURL("/docs/page/")]?.document() ?? ""
        #expect(html.contains(#"href="/docs/old.pdf""#), "\(html)")
    }
}

@Suite("In-place output updates")
struct InPlaceUpdateTests {
    @Test("a journal left by an interrupted update is finished: renames made, removed files and emptied folders gone")
    func journalRollsForward() throws {
        let site = try TestSite(
            plugins: .command,
            [
                "_site/a/index.html": "old a", "_site/a/index.html.sectionsite-new": "new a",
                "_site/gone/x/index.html": "x",
                "_site/b.txt": "b", ".sectionsite/output-journal": "rename\ta/index.html\nremove\tgone/x/index.html\n",
            ])
        let journal = site.folder.appendingPathComponent(".sectionsite/output-journal")
        SiteWriter.finish(journal: journal, out: site.out)
        #expect(try site.output("a/index.html") == "new a")
        #expect(try site.output("b.txt") == "b")
        #expect(FileTree.files(under: site.out).sorted() == ["a/index.html", "b.txt"])
        #expect(!FileManager.default.fileExists(atPath: site.out.appendingPathComponent("gone").path))
        #expect(!FileManager.default.fileExists(atPath: journal.path))
    }
}

/// The preview and a build must agree: after every step of a seeded random edit series applied to the live site
/// as the watcher reports it (the changed paths), the pages it serves are exactly those a fresh build renders.
@Suite("Preview agrees with a build")
struct PreviewAgreementTests {
    static func files(_ site: TestSite) -> [String: Data] {
        var files: [String: Data] = [:]
        for top in ["Content", "Data", "Themes", "Static"] {
            for path in FileTree.files(under: site.folder.appendingPathComponent(top)) {
                files["\(top)/\(path)"] = try? Data(contentsOf: site.folder.appendingPathComponent("\(top)/\(path)"))
            }
        }
        files["sectionsite.yml"] = try? Data(contentsOf: site.folder.appendingPathComponent("sectionsite.yml"))
        return files
    }

    @Test(
        "after every step of a random edit series, the live site's pages and files equal a fresh build's (one language, two)",
        arguments: [(11, false), (12, true), (13, true)] as [(UInt64, Bool)])
    func liveEqualsFresh(seed: UInt64, languages: Bool) throws {
        var random = SeededRandom(seed: seed)
        let site = try TestSite(plugins: .command, IncrementalBuildTests.startingSite(languages: languages))
        try IncrementalBuildTests.startingPictures(site)
        var page = try IncrementalBuildTests.livePage(day: 1)
        var options = site.options
        options.pages = [page]
        var live = try Site(options: options)
        var posts = Set(0..<8)
        var next = 7
        for step in 1...12 {
            let before = Self.files(site)
            var what: [String] = []
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                what.append(
                    try IncrementalBuildTests.edit(
                        site, &random, posts: &posts, next: &next, live: &page, languages: languages))
            }
            let after = Self.files(site)
            let changed = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }
            _ = try live.apply(Set(changed.map { SiteChange.file(SourcePath($0)) }), pages: [page])
            options.pages = [page]
            let fresh = try Site(options: options)
            #expect(live.pages.keys.sorted() == fresh.pages.keys.sorted(), "seed \(seed) step \(step) (\(what))")
            for url in fresh.pages.keys.sorted() where live.pages[url]?.html != fresh.pages[url]?.html {
                Issue.record("seed \(seed) step \(step) (\(what)): \(url) differs from a fresh build")
            }
            #expect(live.files.keys.sorted() == fresh.files.keys.sorted())
            #expect(SiteOutput(live).paths() == SiteOutput(fresh).paths(), "seed \(seed) step \(step) (\(what))")
            #expect(SiteOutput(live).indexes() == SiteOutput(fresh).indexes())
            #expect(live.warnings == fresh.warnings, "seed \(seed) step \(step) (\(what))")
        }
    }
}
