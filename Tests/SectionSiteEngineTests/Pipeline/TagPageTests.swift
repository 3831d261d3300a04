import Foundation
import Testing

import SectionSiteDiff
@testable import SectionSiteEngine
import SiteTestSupport

@Suite("Tag pages")
struct TagPageTests {
    static func post(_ name: String, day: Int, tags: String, draft: Bool = false) -> (String, String) {
        let date = String(format: "2026-02-%02d", day)
        return (
            "Content/posts/\(name).md",
            "---\ntitle: \(name.capitalized)\ndate: \(date)\ntags: \(tags)\ndraft: \(draft)\n---\nAbout \(name).\n"
        )
    }

    static func files(_ post: (String, String)) -> [String: String] { [post.0: post.1] }

    static func site(_ posts: [(String, String)], extra: [String: String] = [:]) -> [String: String] {
        var files = TestSite.theme
        for (path, text) in posts { files[path] = text }
        return files.merging(extra) { $1 }
    }

    /// Each item of a page, as `key => inner HTML`, in order.
    static func items(_ html: String) -> [String] {
        html.matches(of: /data-ss-key="i:([^"]*)" data-ss-cell="[^"]*">(.*?)<\/div>/).map { "\($0.1) => \($0.2)" }
    }

    @Test("/tags/ lists every tag once by name with its count; spaces and capitals fold into one slug")
    func index() throws {
        let site = try TestSite(
            Self.site([
                Self.post("a", day: 1, tags: "[Swift UI, iOS]"), Self.post("b", day: 2, tags: "[swift-ui]"),
                Self.post("c", day: 3, tags: "[Swift UI, Swift UI]"),
                Self.post("d", day: 4, tags: "[draft-only]", draft: true),
                Self.post("e", day: 5, tags: "[\"!!\"]"),
                ("Content/posts/index.md", "---\ntitle: Posts\ntags: [index-only]\n---\n"),
            ]))
        try site.build()
        let live = try Site(options: site.options)
        // 'Swift UI' is written by two pages, 'swift-ui' by one: the name is the commoner spelling. The draft's tag,
        // the index page's tag and a tag without letters make no page.
        // One listing: the paths the link check reads and the files the preview serves one at a time are those a
        // build writes.
        #expect(SiteOutput(live).paths() == Set(SiteOutput(live).files().map(\.path)))
        for file in SiteOutput(live).files() { #expect(SiteOutput(live).file(at: file.path) == file, "\(file.path)") }
        #expect(SiteOutput(live).file(at: "posts/nowhere/index.html") == nil)
        // The preview makes one index at a time: each is the one `indexes()` makes, and other paths are none.
        for file in SiteOutput(live).indexes() { #expect(SiteOutput(live).indexFile(at: file.path) == file) }
        // (The search index's shards, under search/, are SearchShardsTests' business.)
        #expect(
            SiteOutput(live).indexes().map(\.path).filter { !$0.rawValue.hasPrefix("search/") }.sorted()
                == ["feed.xml", "search.json", "sitemap.xml", "tags/ios/feed.xml", "tags/swift-ui/feed.xml"])
        #expect(SiteOutput(live).indexes().contains { $0.path == "search/index.json" })
        #expect(
            SiteOutput(live).indexFile(at: "tags/index.html") == nil
                && SiteOutput(live).indexFile(at: "other.xml") == nil)
        #expect(
            live.tags == [
                Tag(name: "iOS", slug: "ios", count: 1, language: "en"),
                Tag(name: "Swift UI", slug: "swift-ui", count: 3, language: "en"),
            ])
        let html = try site.output("tags/index.html")
        #expect(
            Self.items(html) == [
                #"ios => <a class="ss-tag" href="/tags/ios/">iOS</a> <span class="ss-tag-count">1</span>"#,
                #"swift-ui => <a class="ss-tag" href="/tags/swift-ui/">Swift UI</a> <span class="ss-tag-count">3</span>"#,
            ])
        #expect(html.contains(#"<section class="ss-section" data-ss-key="s:tags" data-ss-kind="tags">"#))
        #expect(html.contains("<title>Tags</title>"))
        let outputs = Set(
            FileTree.files(under: site.out).filter { $0.hasPrefix("tags/") && !$0.hasSuffix("head.json") })
        #expect(
            outputs == [
                "tags/index.html", "tags/ios/index.html", "tags/ios/feed.xml", "tags/swift-ui/index.html",
                "tags/swift-ui/feed.xml",
            ])
        #expect(try site.output("tags/swift-ui/index.html").contains("<title>Swift UI</title>"))
        // A collection's tag filter folds the same way.
        try site.write([
            "Content/index.md":
                "---\ntitle: Home\nsections:\n  - id: ui\n    cell: b\n    from: posts\n    tags: [swift ui]\n---\n"
        ])
        try site.build()
        #expect(TestSite.itemKeys(try site.output("index.html")) == ["/posts/c/", "/posts/b/", "/posts/a/"])
    }

    @Test("a tag page lists its pages newest first, ten a page, and the theme's cells may draw them")
    func paginated() throws {
        var posts = (1...23).map { Self.post("p\($0)", day: $0, tags: $0 == 7 ? "[other]" : "[big]") }
        posts.append(Self.post("p24", day: 24, tags: "[big]", draft: true))
        let site = try TestSite(
            Self.site(
                posts,
                extra: [
                    "Themes/default/cells/tagged.mustache":
                        "{{title}} {{date}} {{#tagLinks}}[{{name}} {{link}}]{{/tagLinks}}"
                ]))
        try site.build()
        let pages = try ["tags/big/index.html", "tags/big/page/2/index.html", "tags/big/page/3/index.html"].map {
            try site.output($0)
        }
        let expected = (1...23).reversed().filter { $0 != 7 }.map { "/posts/p\($0)/" }
        #expect(
            pages.map(TestSite.itemKeys) == [Array(expected[0..<10]), Array(expected[10..<20]), Array(expected[20...])])
        #expect(
            pages[0].contains(
                #"<div class="ss-item" data-ss-key="i:/posts/p23/" data-ss-cell="tagged">P23 2026-02-23 [big /tags/big/]</div>"#
            ))
        #expect(!FileManager.default.fileExists(atPath: site.out.appendingPathComponent("tags/big/page/4").path))
        // Settings may change the size, or put every page on one.
        try site.write(["sectionsite.yml": "tags:\n  paginate: 0\n"])
        try site.build()
        #expect(TestSite.itemKeys(try site.output("tags/big/index.html")) == expected)
        #expect(!FileManager.default.fileExists(atPath: site.out.appendingPathComponent("tags/big/page").path))
        try site.write(["sectionsite.yml": "tags:\n  pages: 3\n"])
        let error = site.buildError()?.diagnostic
        #expect(
            error?.id == "settings.unknown-option"
                && error?.location == SourceLocation(file: "sectionsite.yml", line: 2, column: 3))
    }

    @Test("each tag has an Atom feed of its dated pages under the site's title and the tag's name")
    func feed() throws {
        let site = try TestSite(
            Self.site(
                [
                    Self.post("a", day: 1, tags: "[swift]"), Self.post("b", day: 2, tags: "[ios]"),
                    Self.post("c", day: 3, tags: "[swift]"),
                ],
                extra: ["sectionsite.yml": "title: Notes\nbaseURL: https://example.org/blog/\n"]))
        try site.build()
        let atom = try site.output("tags/swift/feed.xml")
        #expect(atom.contains("<title>Notes: swift</title>"))
        #expect(atom.contains(#"<link rel="self" href="https://example.org/blog/tags/swift/feed.xml"/>"#))
        #expect(atom.contains("<id>https://example.org/blog/tags/swift/</id>"))
        let entries = atom.matches(of: /<entry>\s*<title>([^<]*)<\/title>/).map { String($0.1) }
        #expect(entries == ["C", "A"])
        #expect(try site.output("sitemap.xml").contains("<loc>https://example.org/blog/tags/swift/</loc>"))
    }

    @Test("a page written at a tag URL takes the generated page's place")
    func writtenPageWins() throws {
        let site = try TestSite(
            Self.site(
                [Self.post("a", day: 1, tags: "[swift]")],
                extra: [
                    "Content/tags/index.md": "---\ntitle: Topics\n---\nMine.\n",
                    "Content/tags/swift.md": "---\ntitle: All about Swift\n---\nMine too.\n",
                ]))
        try site.build()
        #expect(try site.output("tags/index.html").contains("<title>Topics</title>"))
        #expect(try site.output("tags/swift/index.html").contains("<title>All about Swift</title>"))
        // Taken away again, the generated pages come back.
        var live = try Site(options: site.options)
        try site.remove("Content/tags/swift.md")
        let update = try live.apply(["Content/tags/swift.md"])
        #expect(update.changed == ["/tags/swift/"])
        #expect(live.pages["/tags/swift/"]?.title == "swift")
    }

    @Test("in the preview, tagging a page makes or grows its tag page; untagging the last one removes it")
    func live() throws {
        let site = try TestSite(
            Self.site([Self.post("a", day: 1, tags: "[swift]"), Self.post("b", day: 2, tags: "[]")]))
        var live = try Site(options: site.options)
        #expect(live.pages.keys.sorted() == ["/posts/a/", "/posts/b/", "/tags/", "/tags/swift/"])
        try site.write(Self.files(Self.post("b", day: 2, tags: "[swift, new]")))
        var update = try live.apply(["Content/posts/b.md"])
        // The test theme's layout shows no tags: the post's own page stays as it was.
        #expect(update.changed == ["/tags/", "/tags/new/", "/tags/swift/"])
        #expect(TestSite.itemKeys(live.pages["/tags/swift/"]!.html) == ["/posts/b/", "/posts/a/"])
        #expect(Self.items(live.pages["/tags/"]!.html).map { $0.prefix(5) } == ["new =", "swift"])
        try site.write(Self.files(Self.post("b", day: 2, tags: "[]")))
        update = try live.apply(["Content/posts/b.md"])
        #expect(update.removed == ["/tags/new/"])
        #expect(update.changed == ["/tags/", "/tags/swift/"])
        #expect(
            SiteOutput(live).indexes().map(\.path).filter { $0.rawValue.hasPrefix("tags/") } == ["tags/swift/feed.xml"])
        try site.remove("Content/posts/a.md")
        update = try live.apply(["Content/posts/a.md"])
        #expect(update.removed == ["/posts/a/", "/tags/", "/tags/swift/"])
    }
}
