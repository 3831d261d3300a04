// Times the sectioned diff on the workloads of the diff issue and prints the patch sizes of the size goals.
// Run: swift run -c release --package-path Benchmarks DiffBenchmark [--runs N]
import Foundation
import SectionSite

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
        Section(identity: s, model: 0, items: (0..<perSection).map { _ in
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
        new[s].items.insert(Item(identity: next, content: 0), at: Int.random(in: 0...new[s].items.count, using: &random))
    }
    return (old, new, moves)
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

let arguments = CommandLine.arguments
let runs = arguments.firstIndex(of: "--runs").flatMap { Int(arguments[$0 + 1]) } ?? 21

print("| workload | items | median | min | max | moves emitted | items moved by the edit | changes |")
print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
for (name, sections, perSection) in [("1 section of 100,000 items", 1, 100_000), ("1,000 sections of 100 items", 1_000, 100)] {
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
    print("| \(name) | \(sections * perSection) | \(format(median(times))) | \(format(times.min()!)) | \(format(times.max()!)) | \(changeset.moveCount) | \(trueMoves) | \(changeset.changes.count) |")
}
