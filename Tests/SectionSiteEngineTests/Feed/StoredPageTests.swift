import Foundation
import Testing

@testable import SectionSiteEngine
import SiteTestSupport

/// A page a build keeps on disk is read back for its patches: a file that cannot be read is an error naming it,
/// never an empty document (a patch to an empty page would blank every reader's).
@Suite("Stored pages")
struct StoredPageTests {
    @Test("a stored page whose file is gone: reading it, and the patches made from it, are errors naming the file")
    func unreadable() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stored-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let state = BuildState(folder: folder)
        try FileManager.default.createDirectory(at: state.pages.folder, withIntermediateDirectories: true)
        let html = "<!doctype html><html><body><p data-ss-key=\"b:1\">new</p></body></html>"
        let page = try RenderedPage(
            url: "/a/", source: "Content/a.md", html: html, version: "b2", title: "A", date: nil, summary: .held(""),
            templatesUsed: [], animation: nil
        ).stored(in: state.pages)
        try PageStore.store(state.pages)(html.replacingOccurrences(of: "new", with: "old"), version: "b1")
        #expect(try page.document() == html)
        var feed = PatchFeed(keep: 5, state: state, previousOut: folder.appendingPathComponent("out"))
        // a patch and head.json
        #expect(try feed.make(pages: [page], current: ["/a/"], history: ["/a/": ["b1"]]).files.count == 2)

        try FileManager.default.removeItem(atPath: state.pages.file("b2"))
        let read = #expect(throws: SectionSiteError.self) { try page.document() }
        #expect(read?.description.contains(state.pages.file("b2")) == true)
        feed.keepsNewest = true
        #expect(throws: SectionSiteError.self) {
            try feed.make(pages: [page], current: ["/a/"], history: ["/a/": ["b1"]])
        }
    }

    @Test("a version that is no hash names no stored file: a restored record or history cannot read beside the store")
    func versionsAreNames() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stored-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let state = BuildState(folder: folder)
        try FileManager.default.createDirectory(at: state.pages.folder, withIntermediateDirectories: true)
        try "<p>secret</p>".write(to: folder.appendingPathComponent("secret.html"), atomically: true, encoding: .utf8)
        try "<p>kept</p>".write(toFile: state.pages.file("0a1b2c3d4e5f"), atomically: true, encoding: .utf8)
        #expect(state.pages.html(of: "0a1b2c3d4e5f") == "<p>kept</p>" && state.pages.holds("0a1b2c3d4e5f"))
        #expect(FileManager.default.fileExists(atPath: state.pages.file("../secret")))
        for version: PageVersion in ["../secret", "", "0A1B", "a/b", "abc.html"] {
            #expect(state.pages.html(of: version) == nil && !state.pages.holds(version), "\(version)")
        }
    }
}
