import Foundation
import Testing

@testable import SectionSiteAPI
@testable import SectionSiteEngine

/// A member's id and the link to it, made by `APIAnchor`, meet for every operator of the standard library: the
/// names with the most characters that HTML escapes and URLs encode (`&>>(_:_:)`, `..<(_:_:)`, `%(_:_:)`).
@Suite("API anchors")
struct APIAnchorTests {
    /// The name of every operator in the standard library's symbol graph, extracted by the toolchain the tests run
    /// with (about a second).
    static func standardLibraryOperators() throws -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stdlib-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        #if os(Linux)
        let target = "\(Self.architecture)-unknown-linux-gnu"
        #else
        let target = "\(Self.architecture)-apple-macosx13.0"
        #endif
        process.arguments = [
            "swift", "symbolgraph-extract", "-module-name", "Swift", "-target", target, "-output-dir", folder.path,
        ]
        try process.run()
        process.waitUntilExit()
        let data = try Data(contentsOf: folder.appendingPathComponent("Swift.symbols.json"))
        let graph = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let symbols = try #require(graph["symbols"] as? [[String: Any]])
        var names = Set<String>()
        for symbol in symbols {
            guard let kind = symbol["kind"] as? [String: Any],
                (kind["identifier"] as? String)?.hasSuffix(".func.op") == true,
                let title = (symbol["names"] as? [String: Any])?["title"] as? String
            else { continue }
            names.insert(title)
        }
        return names.sorted()
    }

    static var architecture: String {
        #if arch(arm64)
        "arm64"
        #else
        "x86_64"
        #endif
    }

    @Test("every operator's link, as a template writes it, reaches its id, as a browser and check read them")
    func everyOperator() throws {
        let operators = try Self.standardLibraryOperators()
        #expect(operators.count > 50)  // the graph was read: the standard library declares 63 operator names
        #expect(operators.contains("&>>(_:_:)") && operators.contains("..<(_:_:)"))
        var missed: [String] = []
        for name in operators {
            for id in [name, name + "-2"] {  // an overload's anchor too
                let anchor = APIAnchor(id: id)
                // What the member's cell writes: both values escaped, as every template value is.
                let html = #"<article id="\#(HTML.escape(anchor.id))"><a href="\#(HTML.escape(anchor.link))">x</a>"#
                let ids = LinkCheck.ids(in: html)
                let links = LinkCheck.links(in: html)
                let fragment = links.first.flatMap {
                    LinkCheck.target(of: $0, base: "/api/swift/int/", config: SiteConfig())?.fragment
                }
                if links.count != 1 || fragment == nil || !ids.contains(fragment!) { missed.append(id) }
            }
        }
        #expect(missed.isEmpty, "links that lead nowhere: \(missed.prefix(10))")
    }
}
