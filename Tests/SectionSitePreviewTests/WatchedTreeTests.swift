import Foundation
import Testing

@testable import SectionSitePreview

/// What the poller reports between two looks, and which paths a watcher reports at all.
@Suite("Watched tree")
struct WatchedTreeTests {
    func file(_ size: Int64, modified: Int64 = 1, inode: UInt64 = 1) -> Stamp {
        Stamp(folder: false, size: size, modified: modified, changed: modified, inode: inode)
    }

    let folder = Stamp(folder: true, size: 0, modified: 0, changed: 0, inode: 0)

    @Test("a save in place, an atomic save (a new inode, same size and time), an added and a removed file are changes")
    func files() {
        let old = ["Content": folder, "Content/a.md": file(10), "Content/b.md": file(10), "Content/c.md": file(10)]
        let new = [
            "Content": folder, "Content/a.md": file(11, modified: 2), "Content/b.md": file(10, inode: 9),
            "Content/d.md": file(3),
        ]
        #expect(
            WatchedTree.changes(from: old, to: new) == ["Content/a.md", "Content/b.md", "Content/c.md", "Content/d.md"])
        #expect(WatchedTree.changes(from: new, to: new).isEmpty)
    }

    @Test("a folder added or removed is named with a slash beside its files; one that became a file is both")
    func folders() {
        let old = ["Content": folder, "Content/docs": folder, "Content/docs/a.md": file(1), "Content/x": folder]
        let new = ["Content": folder, "Content/posts": folder, "Content/posts/b.md": file(1), "Content/x": file(2)]
        #expect(
            WatchedTree.changes(from: old, to: new) == [
                "Content/docs/", "Content/docs/a.md", "Content/posts/", "Content/posts/b.md", "Content/x", "Content/x/",
            ])
    }

    @Test("the poller lists the watched roots, follows a link to a folder once, and leaves out editors' files")
    func look() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("watched-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let content = root.appendingPathComponent("Content")
        try FileManager.default.createDirectory(
            at: content.appendingPathComponent("docs"), withIntermediateDirectories: true)
        for name in [
            "Content/index.md", "Content/docs/a.md", "Content/.a.md.swp", "Content/b.md~", "sectionsite.yml",
            "README.md",
        ] {
            try Data("x".utf8).write(to: root.appendingPathComponent(name))
        }
        try FileManager.default.createSymbolicLink(
            at: content.appendingPathComponent("docs/loop"), withDestinationURL: content.appendingPathComponent("docs"))
        let tree = WatchedTree(root: root, roots: ["Content", "sectionsite.yml"])
        let paths = Set(tree.stamps().keys)
        #expect(
            paths.isSuperset(of: [
                "Content", "Content/index.md", "Content/docs", "Content/docs/a.md", "sectionsite.yml",
            ]))
        #expect(!paths.contains { $0.hasSuffix(".swp") || $0.hasSuffix("~") || $0 == "README.md" })
        #expect(paths.filter { $0.hasSuffix("/a.md") }.count <= 2)  // the folder and, at most, the link to it
        #expect(tree.relative("Content/docs/a.md") == "Content/docs/a.md")
        #expect(tree.relative("Content/.git/HEAD") == nil)
        #expect(tree.relative("README.md") == nil)
    }
}
