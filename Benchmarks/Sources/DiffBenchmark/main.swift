// Times the sectioned diff on the workloads of the diff issue, then prints the patch sizes of the size goals.
// Run: swift run -c release -Xswiftc -enable-testing --package-path Benchmarks DiffBenchmark [--runs N]
// (the patch sizes come from the engine's `SiteDiff`, which is `package`: this separate package reaches it with
// `@testable`, hence `-enable-testing`).
import Foundation
import SectionSiteDiff

@testable import SectionSiteEngine

struct Item: IdentifiableType, Equatable, Sendable {
    var identity: Int
    var content: Int
}

typealias Section = SectionModel<Int, Int, Item>

/// SplitMix64, so every run times the same lists.
struct Seeded: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// `sections` sections of `perSection` items, then the same with 10% of items deleted, 10% inserted, 5% moved
/// (half of them to another section) and 5% updated.
func workload(sections: Int, perSection: Int, seed: UInt64) -> (old: [Section], new: [Section], trueMoves: Int) {
    var random = Seeded(state: seed)
    var next = 0
    let old = (0..<sections).map { s in
        Section(
            identity: s, model: 0,
            items: (0..<perSection).map { _ in
                next += 1
                return Item(identity: next, content: 0)
            })
    }
    let total = sections * perSection
    var new = old
    for _ in 0..<(total / 10) {  // delete
        let s = Int.random(in: 0..<sections, using: &random)
        if !new[s].items.isEmpty { new[s].items.remove(at: Int.random(in: new[s].items.indices, using: &random)) }
    }
    var moves = 0
    for _ in 0..<(total / 20) {  // move
        let s = Int.random(in: 0..<sections, using: &random)
        guard !new[s].items.isEmpty else { continue }
        let item = new[s].items.remove(at: Int.random(in: new[s].items.indices, using: &random))
        let t = sections > 1 && Bool.random(using: &random) ? Int.random(in: 0..<sections, using: &random) : s
        new[t].items.insert(item, at: Int.random(in: 0...new[t].items.count, using: &random))
        moves += 1
    }
    for _ in 0..<(total / 20) {  // update
        let s = Int.random(in: 0..<sections, using: &random)
        if !new[s].items.isEmpty { new[s].items[Int.random(in: new[s].items.indices, using: &random)].content += 1 }
    }
    for _ in 0..<(total / 10) {  // insert
        let s = Int.random(in: 0..<sections, using: &random)
        next += 1
        new[s].items.insert(
            Item(identity: next, content: 0), at: Int.random(in: 0...new[s].items.count, using: &random))
    }
    return (old, new, moves)
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1
        ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

let arguments = CommandLine.arguments
let runs = arguments.firstIndex(of: "--runs").flatMap { Int(arguments[$0 + 1]) } ?? 21

print("| workload | items | median | min | max | moves emitted | items moved by the edit | changes |")
print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
for (name, sections, perSection) in [
    ("1 section of 100,000 items", 1, 100_000), ("1,000 sections of 100 items", 1_000, 100),
] {
    let (old, new, trueMoves) = workload(sections: sections, perSection: perSection, seed: 42)
    var times: [Double] = []
    var changeset = try Differ.changeset(from: old, to: new)
    for _ in 0..<runs {
        let clock = ContinuousClock()
        let start = clock.now
        changeset = try Differ.changeset(from: old, to: new)
        let elapsed = clock.now - start
        times.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)
    }
    let format = { (ms: Double) in String(format: "%.2f ms", ms) }
    print(
        "| \(name) | \(sections * perSection) | \(format(median(times))) | \(format(times.min()!)) | \(format(times.max()!)) | \(changeset.moveCount) | \(trueMoves) | \(changeset.changes.count) |"
    )
}

// MARK: - Patch sizes of the size goals, through real builds of two small sites.

/// Writes a one-page site (a minimal theme and `Content/index.md`) into a new temporary folder.
func site(_ page: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sectionsite-bench-\(UUID().uuidString)")
    let files = [
        "Themes/default/layouts/page.mustache":
            "<!doctype html><html><head><title>{{page.title}}</title></head><body><h1 data-ss-key=\"r:title\">{{page.title}}</h1>{{{sections}}}{{{body}}}</body></html>\n",
        "Themes/default/cells/item.mustache": "<h3>{{title}}</h3><p>{{text}}</p>\n",
        "Content/index.md": page,
    ]
    for (path, text) in files {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
    return folder
}

func listPage(_ ids: [String], retitle: String? = nil, body: String = "") -> String {
    var text = "---\ntitle: List\nsections:\n  - id: items\n    cell: item\n    items:\n"
    for id in ids {
        text +=
            "      - {id: \(id), title: \(id == ids[ids.count / 2] ? (retitle ?? id) : id), text: The item called \(id).}\n"
    }
    return text + "---\n" + body
}

func patchBytes(_ old: String, _ new: String) throws -> Int {
    let (a, b) = (try site(old), try site(new))
    defer {
        try? FileManager.default.removeItem(at: a)
        try? FileManager.default.removeItem(at: b)
    }
    return try SiteDiff.patches(old: a, new: b, page: "/")[0].json.utf8.count
}

let ids = (1...100).map { "item-\($0)" }
var moved = ids
moved.insert(moved.remove(at: 70), at: 10)
var words = Seeded(state: 7)
let vocabulary = ["section", "item", "identity", "patch", "browser", "diff", "header", "footer", "cell", "model"]
let paragraphs = (0..<100).map { index in
    "Paragraph \(index): " + (0..<50).map { _ in vocabulary.randomElement(using: &words)! }.joined(separator: " ") + "."
}
var edited = paragraphs
edited[42] = edited[42].replacingOccurrences(of: "Paragraph 42:", with: "Paragraph forty-two, edited:")
let paragraphHTML = "<p>\(edited[42])</p>".utf8.count

print("")
print("| change | patch | goal |")
print("| --- | ---: | ---: |")
print(
    "| one item title edited on a 100-item page | \(try patchBytes(listPage(ids), listPage(ids, retitle: "Renamed"))) B | 200 B |"
)
print("| one item moved on a 100-item page | \(try patchBytes(listPage(ids), listPage(moved))) B | 120 B |")
print(
    "| one paragraph edited in a 5,000-word article (paragraph: \(paragraphHTML) B) | \(try patchBytes(listPage(["a"], body: paragraphs.joined(separator: "\n\n")), listPage(["a"], body: edited.joined(separator: "\n\n")))) B | \(paragraphHTML + 200) B |"
)
