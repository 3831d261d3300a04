import Foundation
import Testing

@testable import SectionSite
@testable import SectionSiteAPI
@testable import SectionSiteDiff
@testable import SectionSiteEngine
@testable import SectionSiteHighlight
@testable import SectionSiteImages

/// A site written into a fresh temporary folder from `[path: contents]`, removed when the test is done with it.
final class TestSite {
    let folder: URL
    var out: URL { folder.appendingPathComponent("_site") }

    init(_ files: [String: String]) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sectionsite-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try write(files)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// Writes (or overwrites) files.
    func write(_ files: [String: String]) throws {
        for (path, text) in files { try write(path, Data(text.utf8)) }
    }

    func write(_ path: String, _ data: Data) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    func remove(_ path: String) throws { try FileManager.default.removeItem(at: folder.appendingPathComponent(path)) }

    var options: BuildOptions { BuildOptions.highlighted(site: folder, out: out) }

    @discardableResult
    func build(drafts: Bool = false) throws -> BuildReport {
        try SiteBuilder(options: BuildOptions.highlighted(site: folder, out: out, drafts: drafts)).build()
    }

    /// The error a build throws, or nil when it succeeds.
    func buildError() -> SectionSiteError? {
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
    func output(_ path: String) throws -> String {
        try String(contentsOf: out.appendingPathComponent(path), encoding: .utf8)
    }

    /// Every output file and its bytes, for checking that nothing changed.
    func outputSnapshot() -> [String: Data] {
        var snapshot: [String: Data] = [:]
        for path in FileTree.files(under: out) {
            snapshot[path] = try? Data(contentsOf: out.appendingPathComponent(path))
        }
        return snapshot
    }

    /// A minimal theme: a layout with a keyed title, cells `a` and `b`, plain header and footer, a `banner` view.
    static let theme: [String: String] = [
        "Themes/default/layouts/page.mustache":
            "<!doctype html><html><head><title>{{page.title}}</title></head><body><h1 data-ss-key=\"r:title\">{{page.title}}</h1>{{{sections}}}{{{body}}}</body></html>\n",
        "Themes/default/cells/a.mustache": "<h3>{{title}}</h3>{{{body}}}\n",
        "Themes/default/cells/b.mustache": "<p class=\"b\">{{title}}</p>\n",
        "Themes/default/supplementary/header.mustache": "<h2>{{title}}</h2>\n",
        "Themes/default/supplementary/footer.mustache": "<small>{{title}}</small>\n",
        "Themes/default/supplementary/banner.mustache": "<div class=\"banner\">{{text}}</div>\n",
    ]
}

extension BuildOptions {
    /// Options as the `sectionsite` command makes them: fenced code highlighted by KSyntaxHighlighting.
    static func highlighted(site: URL, out: URL? = nil, baseURL: String? = nil, drafts: Bool = false) -> BuildOptions {
        var options = BuildOptions(site: site, out: out, baseURL: baseURL, drafts: drafts)
        options.highlighter = .kate
        options.imageProcessor = .vips
        options.apiReader = .symbolGraphs
        return options
    }
}
