import Foundation
import Testing

import SectionSiteEngine

/// A site written into a fresh temporary folder from `[path: contents]`, removed when the test is done with it.
/// Its builds use the engine alone unless it is given plug-ins (`TestPlugins`): the test targets over
/// SectionSiteHighlight, SectionSiteImages and SectionSiteAPI name theirs.
package final class TestSite {
    package let folder: URL
    package var out: URL { folder.appendingPathComponent("_site") }
    /// What its builds plug in.
    package let plugins: TestPlugins

    package init(plugins: TestPlugins = TestPlugins(), _ files: [String: String]) throws {
        self.plugins = plugins
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sectionsite-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try write(files)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// Writes (or overwrites) files.
    package func write(_ files: [String: String]) throws {
        for (path, text) in files { try write(path, Data(text.utf8)) }
    }

    package func write(_ path: String, _ data: Data) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    package func remove(_ path: String) throws {
        try FileManager.default.removeItem(at: folder.appendingPathComponent(path))
    }

    package var options: BuildOptions { plugins.options(site: folder, out: out) }

    @discardableResult
    package func build(drafts: Bool = false) throws -> BuildReport {
        try SiteBuilder(options: plugins.options(site: folder, out: out, drafts: drafts)).build()
    }

    /// The error a build throws, or nil when it succeeds.
    package func buildError() -> SectionSiteError? {
        do {
            try build()
            return nil
        } catch let error as SectionSiteError {
            return error
        } catch {
            Issue.record("unexpected error type: \(error)")
            return nil
        }
    }

    /// An output file's text.
    package func output(_ path: String) throws -> String {
        try String(contentsOf: out.appendingPathComponent(path), encoding: .utf8)
    }

    /// Every output file and its bytes, for checking that nothing changed.
    package func outputSnapshot() -> [String: Data] {
        var snapshot: [String: Data] = [:]
        for path in FileTree.files(under: out) {
            snapshot[path] = try? Data(contentsOf: out.appendingPathComponent(path))
        }
        return snapshot
    }

    /// A page on `theme`: `sections` is `"s:a,b t:c"`, each item with title = its id; `header` adds a header to section s.
    package static func page(
        _ sections: String, title: String = "T", header: String? = nil, body: String = "", cells: [String: String] = [:]
    ) -> String {
        var text = "---\ntitle: \(title)\nsections:\n"
        for part in sections.split(separator: " ") {
            let halves = part.split(separator: ":", omittingEmptySubsequences: false)
            text += "  - id: \(halves[0])\n    cell: b\n"
            if halves[0] == "s", let header { text += "    header: \(header)\n" }
            text += "    items:\n"
            for item in halves[1].split(separator: ",") {
                text += "      - {id: \(item), title: \(item)\(cells[String(item)].map { ", cell: \($0)" } ?? "")}\n"
            }
        }
        return text + "---\n" + body
    }

    /// The keys of the items in a page's HTML, in order.
    package static func itemKeys(_ html: String) -> [String] {
        html.matches(of: /data-ss-key="i:([^"]*)"/).map { String($0.1) }
    }

    /// A minimal theme: a layout with a keyed title, cells `a` and `b`, plain header and footer, a `banner` view.
    package static let theme: [String: String] = [
        "Themes/default/layouts/page.mustache":
            "<!doctype html><html><head><title>{{page.title}}</title></head><body><h1 data-ss-key=\"r:title\">{{page.title}}</h1>{{{sections}}}{{{body}}}</body></html>\n",
        "Themes/default/cells/a.mustache": "<h3>{{title}}</h3>{{{body}}}\n",
        "Themes/default/cells/b.mustache": "<p class=\"b\">{{title}}</p>\n",
        "Themes/default/supplementary/header.mustache": "<h2>{{title}}</h2>\n",
        "Themes/default/supplementary/footer.mustache": "<small>{{title}}</small>\n",
        "Themes/default/supplementary/banner.mustache": "<div class=\"banner\">{{text}}</div>\n",
    ]
}

/// The plug-ins a test build sets on `BuildOptions`: none by default, so a build is the engine's alone. The test
/// targets that depend on a plug-in module name a set of their own (`.kate`, `.vips`, `.symbolGraphs`, and
/// `.command`: all three, as the `sectionsite` command sets them).
package struct TestPlugins: Sendable {
    package var highlighter: Highlighter?
    package var imageProcessor: ImageProcessor?
    package var apiReader: APIReader?

    package init(highlighter: Highlighter? = nil, imageProcessor: ImageProcessor? = nil, apiReader: APIReader? = nil) {
        self.highlighter = highlighter
        self.imageProcessor = imageProcessor
        self.apiReader = apiReader
    }

    /// Build options for a site with these plug-ins.
    package func options(site: URL, out: URL? = nil, baseURL: String? = nil, drafts: Bool = false) -> BuildOptions {
        var options = BuildOptions(site: site, out: out, baseURL: baseURL, drafts: drafts)
        options.highlighter = highlighter
        options.imageProcessor = imageProcessor
        options.apiReader = apiReader
        return options
    }
}
