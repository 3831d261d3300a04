import Foundation
import Testing

import SectionSite
import SectionSiteDiff
import SectionSiteEngine
@testable import SectionSitePreview
import SiteTestSupport
import TestSupport

@Suite("Preview", .timeLimit(.minutes(1)))
struct PreviewTests {
    @Test(
        "request paths map into the output, and nothing outside it",
        arguments: [
            ("/", "/", "index.html"),
            ("/posts/a/", "/", "posts/a/index.html"),
            ("/assets/style.css", "/", "assets/style.css"),
            ("/posts/a", "/", "posts/a"),
            ("/caf%C3%A9/", "/", "café/index.html"),
            ("/blog/x/", "/blog/", "x/index.html"),
            ("/blog", "/blog/", "index.html"),
            ("/x/?v=1", "/", "x/index.html"),
        ])
    func paths(_ raw: String, _ root: String, _ expected: OutputPath) {
        #expect(RequestPath.outputPath(raw, root: root) == expected)
    }

    @Test(
        "traversal, encoded separators and malformed paths are refused",
        arguments: [
            "/../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/a/%2F..%2F..%2Fetc/passwd", "/a%2fb", "/a%5c..%5cb",
            "/./a",
            "/a//b", "/%00", "/%zz", "/other/x", "//etc/passwd",
        ])
    func refused(_ raw: String) {
        #expect(RequestPath.outputPath(raw, root: raw.hasPrefix("/other") ? "/blog/" : "/") == nil)
    }

    static func blog() throws -> TestSite {
        try TestSite(
            TestSite.blog().merging(["Static/site.css": "body{}", "Content/about.md": "---\ntitle: About\n---\nHi\n"]) {
                $1
            })
    }

    @Test("an edited post re-renders it, the list and the tag page that hold it, nothing else")
    func editPost() throws {
        let site = try Self.blog()
        var live = try Site(options: site.options)
        let about = live.pages["/about/"]!.version
        try site.write(["Content/posts/alpha.md": "---\ntitle: Alpha two\ndate: 2026-01-01\ntags: [swift]\n---\nNew.\n"]
        )
        let update = try live.apply(["Content/posts/alpha.md"])
        // The tags index shows names and counts, which stay as they were.
        #expect(update.changed == ["/posts/", "/posts/alpha/", "/tags/swift/"])
        #expect(update.removed.isEmpty)
        #expect(live.pages["/posts/alpha/"]!.html.contains("Alpha two"))
        #expect(live.pages["/posts/"]!.html.contains("Alpha two"))
        #expect(live.pages["/about/"]!.version == about)
    }

    @Test("a new and a deleted page; a template edit re-renders the pages that use it; a stylesheet is an asset")
    func otherChanges() throws {
        let site = try Self.blog()
        var live = try Site(options: site.options)
        try site.write(["Content/posts/zeta.md": "---\ntitle: Zeta\ndate: 2026-02-01\n---\nZ.\n"])
        #expect(try live.apply(["Content/posts/zeta.md"]).changed == ["/posts/", "/posts/zeta/"])
        try site.remove("Content/posts/zeta.md")
        let removal = try live.apply(["Content/posts/zeta.md"])
        #expect(removal.removed == ["/posts/zeta/"])
        #expect(removal.changed == ["/posts/"])
        try site.write(["Themes/default/cells/b.mustache": "<p class=\"b2\">{{title}}</p>\n"])
        #expect(try live.apply(["Themes/default/cells/b.mustache"]).changed == ["/posts/"])
        try site.write(["Static/site.css": "body{color:red}"])
        #expect(try live.apply(["Static/site.css"]).assets == ["site.css"])
    }

    @Test("a failed rebuild throws and leaves the last good site")
    func failedRebuild() throws {
        let site = try Self.blog()
        var live = try Site(options: site.options)
        let before = live.pages
        try site.write(["Content/posts/alpha.md": "---\ntitle: [broken\n---\n"])
        #expect(throws: SectionSiteError.self) { try live.apply(["Content/posts/alpha.md"]) }
        #expect(live.pages == before)
    }

    /// Applies changes, then hands the new site to the hub (in that order: the site must be the changed one).
    static func commit(_ live: inout Site, _ changes: Set<SiteChange>, to hub: PreviewHub) async throws {
        let update = try live.apply(changes)
        await hub.commit(live, update)
    }

    static func events(_ stream: AsyncStream<ServerEvent>, count: Int) async -> [ServerEvent] {
        var events: [ServerEvent] = []
        for await event in stream {
            events.append(event)
            if events.count == count { break }
        }
        return events
    }

    @Test("the hub catches a client up with one patch, by version or by event id, and reloads what it cannot patch")
    func catchUp() async throws {
        let site = try Self.blog()
        var live = try Site(options: site.options)
        let hub = PreviewHub(site: live)
        let first = live.pages["/about/"]!.version
        try site.write(["Content/about.md": "---\ntitle: About\n---\nHello\n"])
        try await Self.commit(&live, ["Content/about.md"], to: hub)
        try site.write(["Content/about.md": "---\ntitle: About us\n---\nHello\n"])
        try await Self.commit(&live, ["Content/about.md"], to: hub)
        let current = live.pages["/about/"]!.version

        let bySince = await Self.events(await hub.connect(page: "/about/", lastEventID: nil, since: first), count: 1)
        #expect(bySince.first?.name == "patch")
        #expect(bySince.first?.id == 2)
        #expect(bySince.first?.data.contains(#""from":"\#(first)","to":"\#(current)""#) == true)
        let byID = await Self.events(await hub.connect(page: "/about/", lastEventID: 1, since: first), count: 1)
        #expect(byID.first?.data.contains(#""to":"\#(current)""#) == true)
        #expect(byID.first?.data.contains(#""from":"\#(first)""#) == false)
        let unknown = await Self.events(
            await hub.connect(page: "/about/", lastEventID: nil, since: "000000000000"), count: 1)
        #expect(unknown == [.reload])
        let missing = await Self.events(await hub.connect(page: "/nowhere/", lastEventID: nil, since: nil), count: 1)
        #expect(missing == [.reload])
        let future = await Self.events(await hub.connect(page: "/about/", lastEventID: 99, since: nil), count: 1)
        #expect(future == [.reload])
    }

    /// Two versions of the docs: `a` differs between them, `b` is only in 2.0.
    static func versioned() throws -> TestSite {
        var files = TestSite.theme
        files["sectionsite.yml"] = "versions:\n  list: [\"2.0\", \"1.0\"]\n"
        files["Content/docs/1.0/a.md"] = "---\ntitle: A\n---\nOne.\n"
        files["Content/docs/2.0/a.md"] = "---\ntitle: A\n---\nTwo.\n"
        files["Content/docs/2.0/b.md"] = "---\ntitle: B\n---\nB.\n"
        return try TestSite(files)
    }

    @Test("a tab on a page of changes between versions is patched when the pages it compares change it, only then")
    func changesBetweenVersions() async throws {
        let site = try Self.versioned()
        var live = try Site(options: site.options)
        let hub = PreviewHub(site: live)
        let url: PageURL = "/docs/2.0/changes/a/"
        let version = try #require(PreviewHub.changesPage(url, in: live)?.version)
        let stream = await hub.connect(page: url, lastEventID: nil, since: version)
        try site.write(["Content/docs/2.0/b.md": "---\ntitle: B\n---\nB again.\n"])
        var update = try live.apply(["Content/docs/2.0/b.md"])
        #expect(await hub.commit(live, update) == [])
        try site.write(["Content/docs/1.0/a.md": "---\ntitle: A\n---\nZero.\n"])
        update = try live.apply(["Content/docs/1.0/a.md"])
        #expect(await hub.commit(live, update) == [], "a patch, not a reload")
        let now = try #require(PreviewHub.changesPage(url, in: live)?.version)
        #expect(now != version)
        let patch = try #require(await Self.events(stream, count: 1).first)
        #expect(patch.name == "patch" && patch.data.contains(#""from":"\#(version)","to":"\#(now)""#))
        #expect(patch.data.contains("Zero.") && !patch.data.contains(#""op":"reload""#))
        // A tab that comes back with the old version is reloaded; one with the new is current.
        #expect(
            await Self.events(await hub.connect(page: url, lastEventID: nil, since: version), count: 1) == [.reload])
        let current = await hub.connect(page: url, lastEventID: nil, since: now)
        // The same text in both versions: no page of changes; its tabs are reloaded (to a page not found).
        try site.write(["Content/docs/1.0/a.md": "---\ntitle: A\n---\nTwo.\n"])
        update = try live.apply(["Content/docs/1.0/a.md"])
        #expect(!(await hub.commit(live, update)).isEmpty)
        #expect(PreviewHub.changesPage(url, in: live) == nil)
        #expect(await Self.events(current, count: 1) == [.reload])
        #expect(await hub.streamCount == 0)
    }

    @Test("open streams get patches in order, the error while it lasts, and ok before the next patch")
    func liveStream() async throws {
        let site = try Self.blog()
        var live = try Site(options: site.options)
        let hub = PreviewHub(site: live)
        let stream = await hub.connect(page: "/about/", lastEventID: nil, since: nil)
        try site.write(["Content/about.md": "---\ntitle: About\n---\nOne\n"])
        try await Self.commit(&live, ["Content/about.md"], to: hub)
        await hub.fail(
            SectionSiteError("invalid YAML: x", at: SourceLocation(file: "Content/about.md", line: 2, column: 8)))
        try site.write(["Content/about.md": "---\ntitle: About\n---\nTwo\n"])
        try await Self.commit(&live, ["Content/about.md"], to: hub)
        let events = await Self.events(stream, count: 4)
        #expect(events.map { $0.name ?? "" } == ["patch", "error", "ok", "patch"])
        #expect(events.map(\.id) == [1, nil, nil, 2])
        #expect(events[1].data == #"{"file":"Content/about.md","line":2,"column":8,"message":"invalid YAML: x"}"#)
        #expect(events[1].wire.hasPrefix("event: error\ndata: {"))
        let lateJoiner = await hub.connect(page: "/about/", lastEventID: nil, since: nil)
        await hub.fail(SectionSiteError("broken", at: SourceLocation(file: "Content/about.md")))
        #expect(await Self.events(lateJoiner, count: 1).first?.name == "error")
        let afterError = await Self.events(await hub.connect(page: "/about/", lastEventID: nil, since: nil), count: 1)
        #expect(afterError.first?.name == "error")
    }

    @Test("a patch history that cannot be saved is told to the log, and one that can is saved without a word")
    func stateSaveFailure() async throws {
        let site = try Self.blog()
        // `.sectionsite` is a file: the history cannot go under it.
        try site.write([".sectionsite": "not a folder"])
        let lines = Locked<[String]>([])
        let hub = PreviewHub(site: try Site(options: site.options), log: { line in lines.withLock { $0.append(line) } })
        await hub.closeAll()
        #expect(lines.withLock { $0 }.contains { $0.hasPrefix("warning: cannot save the patch history in ") })
        // The control: the same site with a folder there saves, says nothing, and leaves the history.
        try site.remove(".sectionsite")
        let quiet = Locked<[String]>([])
        let saved = PreviewHub(
            site: try Site(options: site.options), log: { line in quiet.withLock { $0.append(line) } })
        await saved.closeAll()
        #expect(quiet.withLock { $0 }.isEmpty)
        #expect(
            FileManager.default.fileExists(atPath: site.folder.appendingPathComponent(".sectionsite/history.json").path)
        )
    }

    @Test("open streams get a keep-alive comment each interval of the hub's clock, and none before")
    func keepAlive() async throws {
        let site = try Self.blog()
        let hub = PreviewHub(site: try Site(options: site.options))
        let clock = ManualClock()
        let stream = await hub.connect(page: "/about/", lastEventID: nil, since: nil)
        let beats = Task { await hub.keepAlive(every: .seconds(15), clock: clock) }
        defer { beats.cancel() }
        var events = stream.makeAsyncIterator()
        try await clock.untilSomeoneSleeps()
        clock.advance(by: .seconds(14))
        #expect(clock.sleeping == 1, "14 s in, the hub still waits")
        clock.advance(by: .seconds(1))
        #expect(await events.next() == .keepAlive)
        try await clock.untilSomeoneSleeps()
        clock.advance(by: .seconds(15))
        #expect(await events.next() == .keepAlive)
        #expect(ServerEvent.keepAlive.wire == ": keep-alive\n\n")
    }
}
