import Testing

import SectionSiteDiff
import TestSupport

struct Cell: IdentifiableType, Equatable, Sendable, CustomStringConvertible {
    var identity: String
    var value = 0
    var description: String { value == 0 ? identity : "\(identity)=\(value)" }
}

typealias Group = SectionModel<String, String, Cell>

/// `"s:a,b t:c"` is section s holding a and b, then section t holding c; `a=2` gives a value.
func groups(_ text: String) -> [Group] {
    text.split(separator: " ").map { part in
        let halves = part.split(separator: ":", omittingEmptySubsequences: false)
        let (id, model) =
            halves[0].contains("=")
            ? (String(halves[0].split(separator: "=")[0]), String(halves[0].split(separator: "=")[1]))
            : (String(halves[0]), "")
        let items = halves[1].split(separator: ",").map { token -> Cell in
            let pair = token.split(separator: "=")
            return Cell(identity: String(pair[0]), value: pair.count > 1 ? Int(pair[1])! : 0)
        }
        return Group(identity: id, model: model, items: items)
    }
}

@Suite("Differ")
struct DifferTests {
    typealias Change = Changeset<Group>.Change

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var old: String
        var new: String
        var expected: [Change]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "nothing changed", old: "s:a,b", new: "s:a,b", expected: []),
        Case(
            name: "item inserted", old: "s:a,b", new: "s:a,x,b",
            expected: [.insertItem(Cell(identity: "x"), section: "s", before: "b")]),
        Case(
            name: "item appended", old: "s:a", new: "s:a,x",
            expected: [.insertItem(Cell(identity: "x"), section: "s", before: nil)]),
        Case(name: "item deleted", old: "s:a,b,c", new: "s:a,c", expected: [.deleteItem("b", section: "s")]),
        Case(
            name: "item moved within its section", old: "s:a,b,c", new: "s:c,a,b",
            expected: [.moveItem("c", section: "s", before: "a")]),
        Case(
            name: "reversed list moves all but one", old: "s:a,b,c,d", new: "s:d,c,b,a",
            expected: [
                .moveItem("b", section: "s", before: "a"), .moveItem("c", section: "s", before: "b"),
                .moveItem("d", section: "s", before: "c"),
            ]),
        Case(
            name: "item moved to another section is one move", old: "s:a,b t:c", new: "s:a t:b,c",
            expected: [.moveItem("b", section: "t", before: "c")]),
        Case(
            name: "item moved into a new section", old: "s:a,b", new: "s:a u:b,n",
            expected: [
                .insertSection(Group(identity: "u", model: "", items: [Cell(identity: "n")]), before: nil),
                .moveItem("b", section: "u", before: "n"),
            ]),
        Case(
            name: "kept item moved out of a deleted section", old: "s:a t:b", new: "t:b,a",
            expected: [.moveItem("a", section: "t", before: nil), .deleteSection("s")]),
        Case(name: "section deleted with its items", old: "s:a,b t:c", new: "t:c", expected: [.deleteSection("s")]),
        Case(name: "section moved", old: "s:a t:b u:c", new: "u:c s:a t:b", expected: [.moveSection("u", before: "s")]),
        Case(
            name: "section inserted", old: "s:a", new: "n:x s:a",
            expected: [.insertSection(Group(identity: "n", model: "", items: [Cell(identity: "x")]), before: "s")]),
        Case(
            name: "item updated", old: "s:a,b", new: "s:a,b=1",
            expected: [.updateItem(Cell(identity: "b", value: 1), section: "s")]),
        Case(
            name: "section updated", old: "s:a", new: "s=Title:a",
            expected: [.updateSection(Group(identity: "s", model: "Title", items: []))]),
        Case(
            name: "moved and updated", old: "s:a,b", new: "s:b=2,a",
            expected: [
                .moveItem("b", section: "s", before: "a"), .updateItem(Cell(identity: "b", value: 2), section: "s"),
            ]),
    ]

    @Test("hand cases give exactly the expected steps, and applying them gives the new list", arguments: cases)
    func handCase(_ testCase: Case) throws {
        let old = groups(testCase.old)
        let new = groups(testCase.new)
        let changeset = try Differ.changeset(from: old, to: new)
        #expect(changeset.changes == testCase.expected)
        #expect(changeset.applied(to: old) == new)
        #expect(changeset.moveCount == DifferTests.moveFloor(old, new))
    }

    @Test("seeded random lists: applying the changeset gives the new list, with the fewest moves", arguments: 0..<20)
    func random(_ batch: Int) throws {
        for round in 0..<100 {
            var random = SeededRandom(seed: UInt64(batch * 1000 + round))
            let old = Self.randomGroups(&random)
            let new = Self.mutated(old, &random)
            let changeset = try Differ.changeset(from: old, to: new)
            let applied = changeset.applied(to: old)
            #expect(applied == new, "seed \(batch * 1000 + round)")
            #expect(changeset.moveCount == Self.moveFloor(old, new), "seed \(batch * 1000 + round)")
            #expect(try Differ.changeset(from: old, to: new) == changeset, "deterministic")
        }
    }

    @Test("duplicate identities throw, naming the id and both places")
    func duplicates() {
        #expect(
            throws: DiffError.duplicateItem(
                identity: "a", first: .init(section: 0, item: 0), second: .init(section: 1, item: 1), inNew: true)
        ) {
            try Differ.changeset(from: groups("s:a"), to: groups("s:a t:b,a"))
        }
        #expect(throws: DiffError.duplicateSection(identity: "s", first: 0, second: 1, inNew: false)) {
            try Differ.changeset(from: groups("s:a s:b"), to: groups("s:a"))
        }
        #expect(
            DiffError.duplicateItem(
                identity: "a", first: .init(section: 0, item: 0), second: .init(section: 1, item: 1), inNew: true
            ).description
                == "duplicate item identity 'a' in the new list: section 1, item 1 and section 2, item 2")
    }

    @Test("one content comparison per kept item, whatever the size", arguments: [10, 1000, 20000])
    func comparisons(_ size: Int) throws {
        final class Tally: @unchecked Sendable { var count = 0 }
        struct Counted: IdentifiableType, Equatable {
            var identity: Int
            var value: Int
            let tally: Tally
            static func == (lhs: Counted, rhs: Counted) -> Bool {
                lhs.tally.count += 1
                return lhs.identity == rhs.identity && lhs.value == rhs.value
            }
        }
        typealias Section = SectionModel<Int, Int, Counted>
        let tally = Tally()
        var random = SeededRandom(seed: UInt64(size))
        let old = [
            Section(identity: 0, model: 0, items: (0..<size).map { Counted(identity: $0, value: 0, tally: tally) })
        ]
        var items = old[0].items.filter { _ in Int.random(in: 0..<10, using: &random) != 0 }
        let kept = items.count
        items.shuffle(using: &random)
        items += (size..<(size + size / 10)).map { Counted(identity: $0, value: 0, tally: tally) }
        let changeset = try Differ.changeset(from: old, to: [Section(identity: 0, model: 0, items: items)])
        #expect(tally.count == kept)
        #expect(changeset.changes.count >= size / 10)
    }

    /// The fewest moves that can do: per list, kept elements minus a longest increasing subsequence of their old
    /// positions (computed here the slow, obvious way), plus one per item that changes section.
    static func moveFloor(_ old: [Group], _ new: [Group]) -> Int {
        func lisLength(_ values: [Int]) -> Int {
            var best = [Int](repeating: 1, count: values.count)
            for i in values.indices {
                for j in 0..<i where values[j] < values[i] { best[i] = max(best[i], best[j] + 1) }
            }
            return best.max() ?? 0
        }
        let oldSections = old.map(\.identity)
        let keptSections = new.compactMap { oldSections.firstIndex(of: $0.identity) }
        var moves = keptSections.count - lisLength(keptSections)
        var home: [String: (String, Int)] = [:]
        for section in old {
            for (index, item) in section.items.enumerated() { home[item.identity] = (section.identity, index) }
        }
        for section in new {
            let positions = section.items.compactMap { item in
                home[item.identity].flatMap { $0.0 == section.identity ? $0.1 : nil }
            }
            moves += positions.count - lisLength(positions)
            moves +=
                section.items.filter { item in home[item.identity].map { $0.0 != section.identity } ?? false }.count
        }
        return moves
    }

    static func randomGroups(_ random: inout SeededRandom) -> [Group] {
        var next = 0
        return (0..<Int.random(in: 0...5, using: &random)).map { index in
            Group(
                identity: "s\(index)", model: "",
                items: (0..<Int.random(in: 0...8, using: &random)).map { _ in
                    next += 1
                    return Cell(identity: "i\(next)")
                })
        }
    }

    static func mutated(_ old: [Group], _ random: inout SeededRandom) -> [Group] {
        var sections = old
        var fresh = 1000
        for _ in 0..<Int.random(in: 0...8, using: &random) {
            switch Int.random(in: 0..<9, using: &random) {
            case 0 where !sections.isEmpty:  // delete a section
                sections.remove(at: Int.random(in: sections.indices, using: &random))
            case 1:  // insert a section, maybe stealing an item
                fresh += 1
                var items = [Cell(identity: "n\(fresh)")]
                if let donor = sections.indices.randomElement(using: &random), !sections[donor].items.isEmpty {
                    items.append(sections[donor].items.removeLast())
                }
                sections.insert(
                    Group(identity: "n\(fresh)", model: "", items: items.shuffled(using: &random)),
                    at: Int.random(in: 0...sections.count, using: &random))
            case 2 where sections.count > 1:  // move a section
                let section = sections.remove(at: Int.random(in: sections.indices, using: &random))
                sections.insert(section, at: Int.random(in: 0...sections.count, using: &random))
            case 3 where !sections.isEmpty:  // change a section's own content
                sections[Int.random(in: sections.indices, using: &random)].model += "!"
            default:  // item changes
                guard !sections.isEmpty else { continue }
                let s = Int.random(in: sections.indices, using: &random)
                let choice = Int.random(in: 0..<4, using: &random)
                if choice == 0 || sections[s].items.isEmpty {
                    fresh += 1
                    sections[s].items.insert(
                        Cell(identity: "n\(fresh)"), at: Int.random(in: 0...sections[s].items.count, using: &random))
                } else {
                    let i = Int.random(in: sections[s].items.indices, using: &random)
                    switch choice {
                    case 1: sections[s].items.remove(at: i)
                    case 2: sections[s].items[i].value += 1
                    default:
                        let item = sections[s].items.remove(at: i)
                        let t = Int.random(in: sections.indices, using: &random)
                        sections[t].items.insert(item, at: Int.random(in: 0...sections[t].items.count, using: &random))
                    }
                }
            }
        }
        return sections
    }
}
