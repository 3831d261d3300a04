import Foundation
import Testing

import SectionSiteDiff
@testable import SectionSiteEngine
import SiteTestSupport
import TestSupport

@Suite("Patches")
struct PatchTests {
    /// The patch of page `/` between two versions of `Content/index.md` on the test theme.
    static func patch(_ old: String, _ new: String, extra: [String: String] = [:]) throws -> Patch {
        let before = try TestSite(TestSite.theme.merging(extra) { $1 }.merging(["Content/index.md": old]) { $1 })
        let after = try TestSite(TestSite.theme.merging(extra) { $1 }.merging(["Content/index.md": new]) { $1 })
        return try #require(try SiteDiff.patches(old: before.folder, new: after.folder, page: "/").first)
    }

    static func item(_ id: String, cell: String = "b") -> String {
        cell == "b"
            ? #"<div class="ss-item" data-ss-key="i:\#(id)" data-ss-cell="b"><p class="b">\#(id)</p></div>"#
            : #"<div class="ss-item" data-ss-key="i:\#(id)" data-ss-cell="a"><h3>\#(id)</h3></div>"#
    }

    @Test("an item inserted, deleted and moved")
    func itemOps() throws {
        #expect(
            try Self.patch(TestSite.page("s:a,b"), TestSite.page("s:a,x,b")).ops == [
                .insert(parent: "s:s", before: "i:b", html: Self.item("x"))
            ])
        #expect(try Self.patch(TestSite.page("s:a,b,c"), TestSite.page("s:a,c")).ops == [.remove(key: "i:b")])
        #expect(
            try Self.patch(TestSite.page("s:a,b,c"), TestSite.page("s:c,a,b")).ops == [
                .move(key: "i:c", parent: "s:s", before: "i:a")
            ])
        #expect(
            try Self.patch(TestSite.page("s:a,b t:c"), TestSite.page("s:a t:b,c")).ops == [
                .move(key: "i:b", parent: "s:t", before: "i:c")
            ])
    }

    @Test("a new section holds only new items; a kept item moves into it afterwards")
    func sectionInsert() throws {
        let patch = try Self.patch(TestSite.page("s:a,b"), TestSite.page("s:a u:b,n"))
        let shell =
            #"<section class="ss-section" data-ss-key="s:u"><div class="ss-items" data-ss-children="s:u">"#
            + Self.item("n") + "</div></section>"
        #expect(
            patch.ops == [
                .insert(parent: "page", before: nil, html: shell), .move(key: "i:b", parent: "s:u", before: "i:n"),
            ])
    }

    @Test("a section deleted and moved")
    func sectionOps() throws {
        #expect(try Self.patch(TestSite.page("s:a t:b"), TestSite.page("t:b")).ops == [.remove(key: "s:s")])
        #expect(
            try Self.patch(TestSite.page("s:a t:b u:c"), TestSite.page("u:c s:a t:b")).ops == [
                .move(key: "s:u", parent: "page", before: "s:s")
            ])
    }

    @Test("a header added, changed and removed")
    func headers() throws {
        let header = #"<header class="ss-header" data-ss-key="h:s" data-ss-supplementary="header"><h2>Hi</h2></header>"#
        #expect(
            try Self.patch(TestSite.page("s:a"), TestSite.page("s:a", header: "Hi")).ops == [
                .insert(parent: "s:s", before: nil, html: header)
            ])
        #expect(
            try Self.patch(TestSite.page("s:a", header: "Hi"), TestSite.page("s:a", header: "Ho")).ops == [
                .html(key: "h:s", html: "<h2>Ho</h2>")
            ])
        #expect(try Self.patch(TestSite.page("s:a", header: "Hi"), TestSite.page("s:a")).ops == [.remove(key: "h:s")])
    }

    @Test("a changed cell kind replaces the item; a changed title is a text op and a title op")
    func updates() throws {
        #expect(
            try Self.patch(TestSite.page("s:a"), TestSite.page("s:a", cells: ["a": "a"])).ops == [
                .replace(key: "i:a", html: Self.item("a", cell: "a"))
            ])
        #expect(
            try Self.patch(TestSite.page("s:a", title: "Old"), TestSite.page("s:a", title: "New & better")).ops
                == [.text(key: "r:title", text: "New & better"), .title(text: "New & better")])
    }

    @Test("body blocks: an edited paragraph is replaced in place; others untouched")
    func body() throws {
        let patch = try Self.patch(
            TestSite.page("s:a", body: "One.\n\nTwo.\n\nThree.\n"),
            TestSite.page("s:a", body: "One.\n\nTwo, edited.\n\nThree.\n"))
        let three = "b:" + ContentHash.of("<p>Three.</p>").prefix(8)
        let two = "b:" + ContentHash.of("<p>Two.</p>").prefix(8)
        let edited = "b:" + ContentHash.of("<p>Two, edited.</p>").prefix(8)
        #expect(patch.ops == [.replace(key: two, html: #"<p data-ss-key="\#(edited)">Two, edited.</p>"#)])
        _ = three
        let inserted = try Self.patch(
            TestSite.page("s:a", body: "One.\n\nThree.\n"), TestSite.page("s:a", body: "One.\n\nTwo.\n\nThree.\n"))
        #expect(inserted.ops == [.insert(parent: "body", before: three, html: #"<p data-ss-key="\#(two)">Two.</p>"#)])
        let removedTwo = try Self.patch(
            TestSite.page("s:a", body: "One.\n\nTwo.\n\nThree.\n"), TestSite.page("s:a", body: "Three.\n\nOne.\n"))
        #expect(removedTwo.ops.count == 2)
        #expect(removedTwo.ops.first == .remove(key: two))
    }

    @Test("a change outside every keyed element reloads")
    func reload() throws {
        let layout = "Themes/default/layouts/page.mustache"
        let before = try TestSite(TestSite.theme.merging(["Content/index.md": TestSite.page("s:a")]) { $1 })
        let after = try TestSite(
            TestSite.theme.merging([
                "Content/index.md": TestSite.page("s:a"),
                layout: "<html><head></head><body><p>Footer</p>{{{sections}}}</body></html>",
            ]) { $1 })
        let patch = try #require(try SiteDiff.patches(old: before.folder, new: after.folder, page: "/").first)
        #expect(patch.ops == [.reload])
        #expect(patch.reloadReason == "the page changed outside every keyed element")
        #expect(
            patch.json.hasSuffix(#""ops":[{"op":"reload","reason":"the page changed outside every keyed element"}]}"#))
    }

    /// A page with `head` in its head and `body` as its one body block.
    static func page(_ head: String, body: String = "One", root: String = "<html>") -> String {
        "<!doctype html>\(root)<head><title>T</title>" + #"<meta name="sectionsite-version" content="v">"# + head
            + #"</head><body><div data-ss-children="body"><p data-ss-key="b:1">\#(body)</p></div></body></html>"#
    }

    @Test(
        "the head is a keyed list: an alternate inserted, a meta's content set, a stylesheet at a new address replaced")
    func headOps() {
        let before = Self.page(
            #"<meta name="description" content="Old"><link rel="stylesheet" href="/a.css?v=1">"#
                + #"<link rel="alternate" hreflang="de" href="/de/">"#)
        let after = Self.page(
            #"<link rel="alternate" hreflang="fr" href="/fr/"><meta name="description" content="New">"#
                + #"<link rel="stylesheet" href="/a.css?v=2">"#, root: #"<html lang="fr" dir="rtl">"#)
        let patch = PatchBuilder.patch(page: "/", from: before, version: "a", to: after, version: "b")
        #expect(
            patch.ops == [
                .remove(key: "link rel=alternate hreflang=de"),
                .insert(
                    parent: "head", before: "meta name=description",
                    html: #"<link rel="alternate" hreflang="fr" href="/fr/">"#),
                .attrs(key: "meta name=description", attrs: [.init(name: "content", value: "New")]),
                .replace(key: "stylesheet /a.css", html: #"<link rel="stylesheet" href="/a.css?v=2">"#),
                .attrs(key: "html", attrs: [.init(name: "dir", value: "rtl"), .init(name: "lang", value: "fr")]),
            ], "\(patch.reloadReason ?? "")")
        // The head's elements in a new order: the fewest moves.
        let moved = PatchBuilder.patch(
            page: "/", from: before, version: "a",
            to: Self.page(
                #"<link rel="alternate" hreflang="de" href="/de/"><meta name="description" content="Old">"#
                    + #"<link rel="stylesheet" href="/a.css?v=1">"#), version: "b")
        #expect(
            moved.ops == [.move(key: "link rel=alternate hreflang=de", parent: "head", before: "meta name=description")]
        )
    }

    @Test("a script added to or changed in the head reloads, naming it; one removed, or a body's class, is a patch")
    func headScripts() {
        let before = Self.page(#"<script src="/a.js"></script>"#)
        let added = PatchBuilder.patch(
            page: "/", from: before, version: "a",
            to: Self.page(#"<script src="/a.js"></script><script>go()</script>"#), version: "b")
        #expect(added.ops == [.reload])
        #expect(added.reloadReason?.hasPrefix("the page's head has script ") == true, "\(added.reloadReason ?? "")")
        #expect(added.reloadReason?.hasSuffix(" added, which a patch cannot bring: it must run") == true)
        let changed = PatchBuilder.patch(
            page: "/", from: before, version: "a", to: Self.page(#"<script src="/a.js" async></script>"#), version: "b")
        #expect(
            changed.reloadReason == "the page's head has script /a.js changed, which a patch cannot bring: it must run")
        let removed = PatchBuilder.patch(page: "/", from: before, version: "a", to: Self.page(""), version: "b")
        #expect(removed.ops == [.remove(key: "script /a.js")])
        let body = PatchBuilder.patch(
            page: "/", from: before, version: "a",
            to: Self.page(#"<script src="/a.js"></script>"#).replacingOccurrences(
                of: "<body>", with: #"<body class="dark">"#), version: "b")
        #expect(body.ops == [.attrs(key: "body", attrs: [.init(name: "class", value: "dark")])])
        // A change outside the head and every keyed element still reloads.
        let outside = PatchBuilder.patch(
            page: "/", from: before, version: "a", to: before.replacingOccurrences(of: "<body>", with: "<body><hr>"),
            version: "b")
        #expect(outside.reloadReason == "the page changed outside every keyed element")
    }

    @Test("each head element of the contract's table has the key the table gives (the browser test reads it too)")
    func headKeyTable() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/head-keys.json")
        let table = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let cases = try #require(table["cases"] as? [[String]])
        let document = try KeyedDocument(Self.page(cases.map { $0[0] }.joined(separator: "\n")))
        #expect(document.head.map(\.key) == cases.map { $0[1] })
    }

    @Test("a head element's key says what it is: a new query is the same stylesheet, two nameless metas are two")
    func headKeys() {
        func key(_ tag: String, _ attributes: [(String, String)], _ text: String = "") -> String {
            HeadKey.of(tag: tag, attributes: attributes.map { (name: $0.0, value: $0.1) }, text: text)
        }
        #expect(key("link", [("rel", "stylesheet"), ("href", "/a.css?v=1")]) == "stylesheet /a.css")
        #expect(key("link", [("rel", "stylesheet"), ("href", "/a.css?v=2")]) == "stylesheet /a.css")
        #expect(
            key("link", [("rel", "alternate"), ("hreflang", "fr"), ("href", "/fr/")])
                == "link rel=alternate hreflang=fr")
        #expect(key("meta", [("property", "og:Title"), ("content", "x")]) == "meta property=og:title")
        #expect(key("meta", [("itemprop", "a")]) != key("meta", [("itemprop", "b")]))
        #expect(key("script", [], "a()") != key("script", [], "b()"))
        #expect(key("script", [("src", "/x.js")], "") == "script /x.js")
    }

    @Test("patch JSON: fixed key order, escaped strings, null anchors, animation only when not the default")
    func json() {
        let patch = Patch(
            page: "/m/", from: "a", to: "b",
            ops: [
                .move(key: "i:x", parent: "page", before: nil),
                .attrs(key: "s:y", attrs: [.init(name: "data-ss-kind", value: nil)]),
                .text(key: "r:t", text: "say \"hi\"\n"),
            ],
            animation: AnimationConfiguration(delete: .left))
        #expect(
            patch.json
                == #"{"format":"sectionsite-patch/1","page":"/m/","from":"a","to":"b","ops":[{"op":"move","key":"i:x","parent":"page","before":null},{"op":"attrs","key":"s:y","attrs":{"data-ss-kind":null}},{"op":"text","key":"r:t","text":"say \"hi\"\n"}],"animation":{"insert":"fade","delete":"left","reload":"fade","move":"flip"}}"#
        )
        #expect(
            Patch(page: "/", from: "a", to: "b", ops: [], animation: .default).json
                == #"{"format":"sectionsite-patch/1","page":"/","from":"a","to":"b","ops":[]}"#)
    }

    @Test("two patches made from the same two pages are byte-identical (across processes: test_build_patches.py)")
    func deterministic() throws {
        let old = TestSite.page("s:a,b,c t:d", body: "x\n\ny\n")
        let new = TestSite.page("t:d,b s:c,a,n", header: "H", body: "y\n\nx\n")
        #expect(try Self.patch(old, new).json == Self.patch(old, new).json)
    }

    // MARK: - Size goals

    @Test("one edited item title on a 100-item page is at most 200 bytes")
    func titleEditSize() throws {
        let ids = (1...100).map { "item\($0)" }
        let old = TestSite.page("s:" + ids.joined(separator: ","))
        let new = old.replacingOccurrences(of: "{id: item50, title: item50}", with: "{id: item50, title: Item fifty}")
        let patch = try Self.patch(old, new)
        #expect(patch.ops.count == 1)
        #expect(patch.json.utf8.count <= 200, "\(patch.json.utf8.count) bytes: \(patch.json)")
    }

    /// The goal of the issue is 120 bytes for the whole patch, which the format of SPEC §5 cannot meet: its envelope
    /// (format, page, from, to, ops) is 94 bytes for page `/` with 12-digit versions before any operation. So the
    /// operation itself is held to 120 bytes, and the whole patch to the envelope plus the operation.
    @Test("one item moved on a 100-item page is one move operation of at most 120 bytes")
    func moveSize() throws {
        var ids = (1...100).map { "item\($0)" }
        let old = TestSite.page("s:" + ids.joined(separator: ","))
        ids.insert(ids.remove(at: 70), at: 10)
        let patch = try Self.patch(old, TestSite.page("s:" + ids.joined(separator: ",")))
        #expect(patch.ops == [.move(key: "i:item71", parent: "s:s", before: "i:item11")])
        let envelope = Patch(page: patch.page, from: patch.from, to: patch.to, ops: []).json.utf8.count
        #expect(envelope == 94)
        #expect(patch.json.utf8.count - envelope <= 120, "\(patch.json.utf8.count) bytes: \(patch.json)")
    }

    @Test("one edited paragraph of a 5,000-word article is at most the paragraph's HTML plus 200 bytes")
    func paragraphEditSize() throws {
        var random = SeededRandom(seed: 7)
        let words = ["section", "item", "identity", "patch", "browser", "diff", "header", "footer", "cell", "model"]
        let paragraphs = (0..<100).map { index in
            "Paragraph \(index): " + (0..<50).map { _ in words.randomElement(using: &random)! }.joined(separator: " ")
                + "."
        }
        var edited = paragraphs
        edited[42] = edited[42].replacingOccurrences(of: "Paragraph 42:", with: "Paragraph forty-two, edited:")
        let patch = try Self.patch(
            TestSite.page("s:a", body: paragraphs.joined(separator: "\n\n")),
            TestSite.page("s:a", body: edited.joined(separator: "\n\n")))
        let paragraphHTML = "<p>\(edited[42])</p>"
        #expect(patch.ops.count == 1)
        #expect(
            patch.json.utf8.count <= paragraphHTML.utf8.count + 200,
            "\(patch.json.utf8.count) bytes for a \(paragraphHTML.utf8.count)-byte paragraph")
    }
}
