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
            url: "/a/", source: "Content/a.md", html: html, version: "v2", title: "A", date: nil, summary: .held(""),
            templatesUsed: [], animation: nil
        ).stored(in: state.pages)
        try PageStore.store(state.pages)(html.replacingOccurrences(of: "new", with: "old"), version: "v1")
        #expect(try page.document() == html)
        var feed = PatchFeed(keep: 5, state: state, previousOut: folder.appendingPathComponent("out"))
        #expect(try feed.make(pages: [page], current: ["/a/"], history: ["/a/": ["v1"]]).files.count == 2)  // a patch and head.json

        try FileManager.default.removeItem(atPath: state.pages.file("v2"))
        let read = #expect(throws: SectionSiteError.self) { try page.document() }
        #expect(read?.description.contains(state.pages.file("v2")) == true)
        feed.keepsNewest = true
        #expect(throws: SectionSiteError.self) { try feed.make(pages: [page], current: ["/a/"], history: ["/a/": ["v1"]]) }
    }
}
