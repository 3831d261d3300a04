import Foundation
import Testing

@testable import SectionSiteEngine

@Suite("Link targets")
struct LinkTargetsTests {
    /// A site with a folder beside it: `Content/shared` links to a folder `readOutside:` allows, `Content/secret.txt`
    /// to a file outside, `Content/docs/loop` to the folder above it.
    @Test("the files links resolve against: folders and files, links followed only inside the bounds, a loop once")
    func listing() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("link-targets-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let site = root.appendingPathComponent("site")
        let files = [
            "site/Content/a.md", "site/Content/docs/chart.svg", "site/Content/.hidden.png", "site/Static/logo.png",
            "shared/photo.jpg", "outside/secret.txt",
        ]
        for file in files {
            let url = root.appendingPathComponent(file)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("x".utf8).write(to: url)
        }
        let links = [
            ("site/Content/shared", "../../shared"), ("site/Content/secret.txt", "../../outside/secret.txt"),
            ("site/Content/docs/loop", ".."),
        ]
        for (link, target) in links {
            try FileManager.default.createSymbolicLink(
                atPath: root.appendingPathComponent(link).path, withDestinationPath: target)
        }
        let bounds = SourceBounds(site: site, outside: ["../shared"])
        let listed = LinkTargets.files(of: site, within: bounds).map(\.rawValue).sorted()
        #expect(
            listed == [
                // The loop leads to Content/ again: followed once, its own link not again.
                "Content/docs", "Content/docs/chart.svg", "Content/docs/loop", "Content/docs/loop/docs",
                "Content/docs/loop/docs/chart.svg", "Content/shared", "Content/shared/photo.jpg", "Static/logo.png",
            ])
        // What a build copies follows no link at all.
        #expect(FileTree.files(under: site.appendingPathComponent("Content")) == ["a.md", "docs/chart.svg"])
    }
}
