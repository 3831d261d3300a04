// The hot paths of a build, counted in instructions and allocations rather than only timed, so that a change
// shows its cost the same on any machine: loading and rendering a site, Markdown with highlighting, the diff, and
// the patch of an edited page.
// Run: swift package --package-path Benchmarks --disable-sandbox -Xswiftc -enable-testing benchmark --target HotPaths
// (the engine's types are `package`: this separate package reaches them with `@testable`, hence -enable-testing).
import Benchmark
import Foundation
import SectionSite
import SectionSiteHighlight

@testable import SectionSiteCommands
@testable import SectionSiteEngine

/// Build options for `site` with code highlighted, as the command line builds.
func highlighted(_ site: URL) -> BuildOptions {
    var options = BuildOptions(site: site)
    options.highlighter = .kate
    return options
}

/// A starter site with `posts` more posts of a few paragraphs and a code block each, in a temporary folder.
func makeSite(posts: Int) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "sectionsite-hotpaths-\(UUID().uuidString)")
    _ = try Starter.write(to: folder)
    let content = folder.appendingPathComponent("Content/posts")
    try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
    for n in 0..<posts {
        try article(paragraphs: 6, seed: n).write(
            to: content.appendingPathComponent("post-\(n).md"), atomically: true, encoding: .utf8)
    }
    return folder
}

/// A Markdown article: a title, `paragraphs` paragraphs under headings, a Swift code block.
func article(paragraphs: Int, seed: Int) -> String {
    var text = "---\ntitle: Post \(seed)\ndate: 2026-01-\(String(format: "%02d", seed % 28 + 1))\n---\n"
    for n in 0..<paragraphs {
        if n % 3 == 0 { text += "## Part \(n / 3 + 1)\n\n" }
        text += "Paragraph \(n) of post \(seed): sections have identities, items have content, and a patch sends "
        text += "only what changed between two builds, *keyed* by identity, never by position.\n\n"
    }
    text +=
        "```swift\nstruct Item: Identifiable, Equatable { let id: Int; var title: String }\nlet items = (0..<\(seed)).map { Item(id: $0, title: \"#\\($0)\") }\n```\n"
    return text
}

struct Row: IdentifiableType, Equatable, Sendable {
    var identity: Int
    var content: Int
}

typealias Lists = (old: [SectionModel<Int, Int, Row>], new: [SectionModel<Int, Int, Row>])

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.instructions, .mallocCountTotal, .wallClock], maxDuration: .seconds(2), maxIterations: 50)

    Benchmark("Site from nothing, 200 pages (load, resolve, render)") { (benchmark: Benchmark, site: URL) in
        for _ in benchmark.scaledIterations { blackHole(try Site(options: highlighted(site))) }
    } setup: { () -> URL in
        try makeSite(posts: 200)
    }

    Benchmark("Markdown, a 5,000-word article, its code from the highlight cache") {
        (benchmark: Benchmark, text: String) in
        let markdown = Markdown(smart: true, highlighter: .kate)
        for _ in benchmark.scaledIterations { blackHole(markdown.render(text, source: "Content/a.md")) }
    } setup: { () -> String in
        article(paragraphs: 160, seed: 7)
    }

    Benchmark("Differ.changeset, 10,000 items in 100 sections, 10% changed") { (benchmark: Benchmark, lists: Lists) in
        for _ in benchmark.scaledIterations { blackHole(try Differ.changeset(from: lists.old, to: lists.new)) }
    } setup: { () -> Lists in
        let old = (0..<100).map { s in
            SectionModel(identity: s, model: 0, items: (0..<100).map { Row(identity: s * 100 + $0, content: 0) })
        }
        var new = old
        for s in stride(from: 0, to: 100, by: 10) {
            new[s].items.removeFirst(10)
            new[s].items.append(contentsOf: (0..<10).map { Row(identity: 100_000 + s * 10 + $0, content: 0) })
            new[s].items[0].content = 1
        }
        return (old, new)
    }

    Benchmark("PatchBuilder, one paragraph edited in a rendered 5,000-word page") {
        (benchmark: Benchmark, pages: (String, String)) in
        for _ in benchmark.scaledIterations {
            blackHole(PatchBuilder.patch(page: "/a/", from: pages.0, version: "a", to: pages.1, version: "b"))
        }
    } setup: { () -> (String, String) in
        let folder = try makeSite(posts: 0)
        let path = folder.appendingPathComponent("Content/a.md")
        try article(paragraphs: 160, seed: 1).write(to: path, atomically: true, encoding: .utf8)
        let before = try Site(options: highlighted(folder)).pages["/a/"]!.html
        try article(paragraphs: 160, seed: 1).replacingOccurrences(of: "Paragraph 80 ", with: "Paragraph eighty ")
            .write(to: path, atomically: true, encoding: .utf8)
        let after = try Site(options: highlighted(folder)).pages["/a/"]!.html
        return (before, after)
    }
}
