import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif
import Testing

@testable import SectionSite
import SectionSiteDiff
@testable import SectionSiteEngine
import SiteTestSupport

@Suite("Patch feed")
struct FeedTests {
    static func site(keep: Int = 20) throws -> TestSite {
        try TestSite(
            TestSite.theme.merging([
                "sectionsite.yml": "feed: {keep: \(keep)}\n",
                "Content/index.md": TestSite.page("s:a,b"),
                "Content/other.md": TestSite.page("s:x"),
            ]) { $1 })
    }

    static func head(_ site: TestSite, _ url: String) throws -> [String: Any] {
        let data = try Data(contentsOf: site.out.appendingPathComponent("_sectionsite/pages\(url)head.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func version(_ site: TestSite, _ url: String) throws -> String {
        try #require(try head(site, url)["version"] as? String)
    }

    @Test("a changed page gets a patch from its previous version; an unchanged page keeps its files")
    func changedPage() throws {
        let site = try Self.site()
        try site.build()
        let first = try Self.version(site, "/")
        let otherHead = try site.output("_sectionsite/pages/other/head.json")
        try site.write(["Content/index.md": TestSite.page("s:b,a")])
        let report = try site.build()
        #expect(report.changedPages == 1)
        let second = try Self.version(site, "/")
        #expect(try Self.head(site, "/")["from"] as? [String] == [first])
        let patch = try site.output("_sectionsite/pages/from-\(first).json")
        #expect(
            patch
                == #"{"format":"sectionsite-patch/1","page":"/","from":"\#(first)","to":"\#(second)","ops":[{"op":"move","key":"i:b","parent":"s:s","before":"i:a"}]}"#
        )
        #expect(try site.output("_sectionsite/pages/other/head.json") == otherHead)
        #expect(
            try FileManager.default.contentsOfDirectory(
                atPath: site.out.appendingPathComponent("_sectionsite/pages/other").path) == ["head.json"])
    }

    @Test("a reload patch says why, head.json lists the versions it starts from, and the build's line counts it")
    func reload() throws {
        let site = try Self.site()
        try site.build()
        let first = try Self.version(site, "/")
        let layout = "Themes/default/layouts/page.mustache"
        try site.write([
            layout: try String(contentsOf: site.folder.appendingPathComponent(layout), encoding: .utf8)
                .replacingOccurrences(of: "<body>", with: "<body><hr>")
        ])
        let report = try site.build()
        #expect(try Self.head(site, "/")["reload"] as? [String] == [first])
        #expect(
            try site.output("_sectionsite/pages/from-\(first).json").hasSuffix(
                #""ops":[{"op":"reload","reason":"the page changed outside every keyed element"}]}"#))
        #expect(report.summary(out: "_site").hasPrefix("Built 2 pages (2 changed, 2 by a reload, "))
        // Then a change that patches: from the version before the layout changed it is still a reload, from the
        // last one it is not.
        let second = try Self.version(site, "/")
        try site.write(["Content/index.md": TestSite.page("s:b,a")])
        let patched = try site.build()
        #expect(try Self.head(site, "/")["from"] as? [String] == [second, first])
        #expect(try Self.head(site, "/")["reload"] as? [String] == [first])
        #expect(
            patched.summary(out: "_site").hasPrefix("Built 2 pages (1 changed, "), "the tab on the last build patches")
    }

    @Test("every earlier version kept gets a patch straight to the current one, at most feed.keep of them")
    func keep() throws {
        let site = try Self.site(keep: 2)
        var versions: [String] = []
        for order in ["s:a,b", "s:b,a", "s:a,b,c", "s:c"] {
            try site.write(["Content/index.md": TestSite.page(order)])
            try site.build()
            versions.append(try Self.version(site, "/"))
        }
        #expect(try Self.head(site, "/")["from"] as? [String] == [versions[2], versions[1]])
        let files = try FileManager.default.contentsOfDirectory(
            atPath: site.out.appendingPathComponent("_sectionsite/pages").path
        )
        .filter { $0.hasPrefix("from-") }.sorted()
        #expect(files == ["from-\(versions[1]).json", "from-\(versions[2]).json"].sorted())
        let straight = try site.output("_sectionsite/pages/from-\(versions[1]).json")
        #expect(straight.contains(#""from":"\#(versions[1])","to":"\#(versions[3])""#))
        let stored = try FileManager.default.contentsOfDirectory(
            atPath: site.folder.appendingPathComponent(".sectionsite/versions").path)
        #expect(!stored.contains("\(versions[0]).html"))
    }

    @Test(
        "a history keeps the newest version last, moves a version seen again to the end, and keeps feed.keep earlier ones"
    )
    func historyRule() {
        #expect(PatchFeed.appending("d", to: ["a", "b", "c"], keep: 2) == ["b", "c", "d"])
        #expect(PatchFeed.appending("a", to: ["a", "b"], keep: 5) == ["b", "a"])
        #expect(PatchFeed.appending("x", to: [], keep: 0) == ["x"])
    }

    @Test("head.json is read as JSON: its version, or nil when it names none or is not a head")
    func headVersion() throws {
        let site = try TestSite([:])
        let file = site.folder.appendingPathComponent("head.json").path
        try site.write(["head.json": PatchFeed.head("/a/", version: "v1", from: ["v0"])])
        #expect(PatchFeed.headVersion(file) == "v1")
        try site.write(["head.json": PatchFeed.head("/a/", version: nil, from: [])])
        #expect(PatchFeed.headVersion(file) == nil)
        // Text that merely contains the field, as the old substring test accepted, is no head.
        try site.write(["head.json": #"truncated {"format":"sectionsite-head/1","version":"v1""#])
        #expect(PatchFeed.headVersion(file) == nil)
        try site.write(["head.json": #"{"format":"another/1","version":"v1"}"#])
        #expect(PatchFeed.headVersion(file) == nil)
        #expect(PatchFeed.headVersion(site.folder.appendingPathComponent("missing.json").path) == nil)
    }

    @Test("a page that disappears keeps a head.json that says it is gone")
    func deletedPage() throws {
        let site = try Self.site()
        try site.build()
        try site.remove("Content/other.md")
        try site.build()
        #expect(
            try site.output("_sectionsite/pages/other/head.json")
                == #"{"format":"sectionsite-head/1","page":"/other/","version":null,"from":[]}"#)
        #expect(!FileManager.default.fileExists(atPath: site.out.appendingPathComponent("other/index.html").path))
    }

    @Test("a failed build changes neither the output nor the state of the next build")
    func failedBuildKeepsState() throws {
        let site = try Self.site()
        try site.build()
        let state = try String(
            contentsOf: site.folder.appendingPathComponent(".sectionsite/history.json"), encoding: .utf8)
        try site.write(["Content/index.md": "---\ntitle: [unclosed\n---\n"])
        #expect(site.buildError() != nil)
        #expect(
            try String(contentsOf: site.folder.appendingPathComponent(".sectionsite/history.json"), encoding: .utf8)
                == state)
    }

    @Test(
        "asked, a build's report holds the patch of each page that changed, from its previous version, for a push server"
    )
    func reportPatches() throws {
        let site = try Self.site()
        var options = site.options
        options.keepsPatches = true
        let build = { try SiteBuilder(options: options).build() }
        #expect(try build().patches.isEmpty)  // from nothing: no reader is on an earlier version
        let first = try Self.version(site, "/")
        try site.write(["Content/index.md": TestSite.page("s:b,a")])
        let patches = try build().patches
        #expect(patches.map(\.page) == ["/"])
        #expect(patches.first?.from.rawValue == first)
        #expect(patches.first?.to.rawValue == (try Self.version(site, "/")))
        #expect(patches.first?.json == (try site.output("_sectionsite/pages/from-\(first).json")))
        #expect(try build().patches.isEmpty)  // nothing changed
        // Not asked (a build that publishes nothing), the patches go with the rest of the output.
        try site.write(["Content/index.md": TestSite.page("s:a,b")])
        #expect(try site.build().patches.isEmpty)
        #expect(try site.build().changedPages == 0)
    }

    @Test("feed.live names the push server's subscriber location in every page; anything else is a located error")
    func live() throws {
        let site = try Self.site()
        try site.write(["sectionsite.yml": "feed: {live: /_push/sub}\n"])
        try site.build()
        #expect(try site.output("index.html").contains(#"<meta name="sectionsite-live" content="/_push/sub">"#))
        #expect(try site.output("other/index.html").contains(#"<meta name="sectionsite-live" content="/_push/sub">"#))
        try site.write(["sectionsite.yml": "feed: {live: push.example.com}\n"])
        #expect(
            site.buildError()?.description.hasPrefix(
                "sectionsite.yml:1:14: error: 'live' must be the URL of the push server's subscriber location") == true)
        // A path that a browser reads as another origin's address is no path on the site.
        for other in ["//evil.example/sub", "/\\\\evil.example/sub"] {
            try site.write(["sectionsite.yml": "feed: {live: '\(other)'}\n"])
            #expect(
                site.buildError()?.description.hasPrefix(
                    "sectionsite.yml:1:14: error: 'live' must be a path on this site ('/_push/sub') or a whole URL")
                    == true)
        }
        try site.write(["sectionsite.yml": "feed: {}\n"])
        try site.build()
        #expect(try !site.output("index.html").contains("sectionsite-live"))
    }

    @Test("a page's channel is the publisher location followed by its URL, percent-encoded")
    func channel() {
        #expect(
            PatchPublisher.channel("/posts/café au lait/", endpoint: "http://127.0.0.1:8080/_push/pub")?.absoluteString
                == "http://127.0.0.1:8080/_push/pub/posts/caf%C3%A9%20au%20lait/")
        #expect(throws: SectionSiteError.self) {
            try PatchPublisher(endpoint: PatchPublisher.endpoint("127.0.0.1:8080/pub")) { _ in }
        }
    }

    @Test("a build whose push server takes nothing still builds, and its report says so")
    func unreachablePublisher() async throws {
        let site = try Self.site()
        try site.build()
        try site.write(["Content/index.md": TestSite.page("s:b,a")])
        // A port nothing listens on: bound, never listened to, then closed.
        let report = try await Website(folder: site.folder).build(
            into: site.out, publish: URL(string: "http://127.0.0.1:9/_push/pub"))
        #expect(report.changedPages == 1)
        #expect(
            report.warnings.map(\.message).contains {
                $0.hasPrefix("the push server did not take 1 of 1 patches at http://127.0.0.1:9/_push/pub (")
            })
    }

    @Test("a push server that accepts and never answers holds a build's patches no longer than the deadline")
    func silentPublisher() async throws {
        // A socket that listens and never accepts: the kernel completes each connection, nobody ever answers.
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) }
        }
        #expect(listen(listener, 512) == 0)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        let port = UInt16(bigEndian: address.sin_port)
        let patches = (0..<160).map { PatchFeed.Message(page: PageURL("/p\($0)/"), from: "a", to: "b", json: "{}") }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = PatchPublisher.requestTimeout  // as the publisher's own session
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        // The first requests wait out what is left of the deadline; the rest are never started (with only a
        // limit per request, all 160 were sent, 16 at a time, each waiting its 5 s).
        let (failed, sent) = await PatchPublisher.send(
            patches, to: "http://127.0.0.1:\(port)/pub", session: session, until: Date().addingTimeInterval(1))
        #expect(sent.isEmpty)
        #expect(failed.count == 160)
        let late = failed.filter { $0.reason == "not sent within the time a build's patches may take" }
        #expect(late.count >= 160 - 2 * PatchPublisher.parallel)
    }
}
