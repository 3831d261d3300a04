import Foundation
import Testing

@testable import SectionSiteEngine

/// The example site's own pages and data: every item moved to the end of its section and to the start of every
/// other, deleted, and given a field, each result read back as the page or data file it must be.
@Suite("Source rewrite of the example site")
struct SourceRewriteExampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test(
        "every item of the example's pages and data files",
        arguments: [
            "Content/menu.md", "Content/photos.md", "Content/settings.md", "Content/index.md", "Data/sides.csv",
        ])
    func example(_ path: String) throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
        let front = try SourceRewrite.model(of: text, path: SourcePath(path)).front
        let lists: [ItemList]
        if path.hasSuffix(".md") {
            guard case .list(let sections)? = SourceRewriteTests.field("sections", front) else { return }
            lists = sections.compactMap { section in
                guard case .list? = SourceRewriteTests.field("items", section),
                    let id = SourceRewriteTests.field("id", section)?.scalarText
                else { return nil }
                return .section(id)
            }
        } else {
            lists = [.records]
        }
        var edits = 0
        for list in lists {
            for item in SourceRewriteTests.items(front, list).compactMap({
                SourceRewriteTests.field("id", $0)?.scalarText
            }) {
                var cases: [ItemEdit] = [.move(item: item, to: list, before: nil), .delete(item: item)]
                cases.append(
                    .set(item: item, field: path.hasSuffix(".csv") ? "name" : "note", value: "Edited: \"yes\", ✓"))
                for other in lists where other != list {
                    cases.append(
                        .move(
                            item: item, to: other,
                            before: SourceRewriteTests.items(front, other).first.flatMap {
                                SourceRewriteTests.field("id", $0)?.scalarText
                            }))
                }
                for edit in cases {
                    do {
                        let result = try SourceRewrite.apply(edit, from: list, to: text, path: SourcePath(path))
                        try SourceRewriteTests.read(result, path: path)
                        try Self.expectEffect(of: edit, from: list, before: text, after: result, path: path)
                        edits += 1
                    } catch {
                        Issue.record("\(path): \(edit): \(error)")
                    }
                }
            }
        }
        #expect(edits > 0)
    }

    /// What the edit must have done, read back from the rewritten file: the item at its new place with every
    /// other item where it was, gone, or holding the new value.
    static func expectEffect(of edit: ItemEdit, from list: ItemList, before: String, after: String, path: String) throws
    {
        let old = try SourceRewrite.model(of: before, path: SourcePath(path)).front,
            new = try SourceRewrite.model(of: after, path: SourcePath(path)).front
        func ids(_ front: Value, _ list: ItemList) -> [String] {
            SourceRewriteTests.items(front, list).compactMap { SourceRewriteTests.field("id", $0)?.scalarText }
        }
        let item = edit.item
        let rest = ids(old, list).filter { $0 != item }
        switch edit {
        case .delete:
            #expect(ids(new, list) == rest, "\(path): \(edit)")
        case .move(_, let to, let before) where to == list:
            #expect(before == nil && ids(new, list) == rest + [item], "\(path): \(edit)")
        case .move(_, let to, let before):
            let others = ids(old, to)
            let place = before.flatMap { others.firstIndex(of: $0) } ?? others.count
            #expect(ids(new, list) == rest, "\(path): \(edit)")
            #expect(ids(new, to) == Array(others[..<place]) + [item] + Array(others[place...]), "\(path): \(edit)")
        case .set(_, let field, let value):
            let found = SourceRewriteTests.items(new, list).first {
                SourceRewriteTests.field("id", $0)?.scalarText == item
            }
            #expect(found.flatMap { SourceRewriteTests.field(field, $0)?.scalarText } == value, "\(path): \(edit)")
            #expect(ids(new, list) == ids(old, list), "\(path): \(edit)")
        }
    }
}
