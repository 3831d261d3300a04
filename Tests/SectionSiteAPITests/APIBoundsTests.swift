import Foundation
import Testing

@testable import SectionSiteAPI
@testable import SectionSiteEngine
import SiteTestSupport
import TestSupport

/// What the API reference may read and how much work a symbol graph may ask for: nothing outside the site and the
/// package it names is read (a catalog file or a graph that is a symbolic link out is an error at it), and graphs
/// of any shape give output that grows linearly, or a located error naming the limit they pass.
@Suite("API reference bounds", .serialized)
struct APIBoundsTests {
    /// A symbol graph of module `Gen`, as the compiler writes one: `symbols` as (precise identifier, kind, path),
    /// `members` as (member, parent) pairs.
    static func graph(
        _ symbols: [(id: String, kind: String, path: [String])], members: [(String, String)] = []
    ) -> String {
        let symbolList: [[String: Any]] = symbols.map { symbol in
            [
                "kind": ["identifier": "swift." + symbol.kind, "displayName": symbol.kind],
                "identifier": ["precise": symbol.id, "interfaceLanguage": "swift"],
                "pathComponents": symbol.path, "names": ["title": symbol.path.last!], "accessLevel": "public",
                "docComment": ["lines": [["text": "About \(symbol.path.joined(separator: "."))."]]],
            ]
        }
        let relationships: [[String: Any]] = members.map { ["kind": "memberOf", "source": $0.0, "target": $0.1] }
        let graph: [String: Any] = [
            "metadata": ["formatVersion": ["major": 0, "minor": 6, "patch": 0], "generator": "APIBoundsTests"],
            "module": ["name": "Gen", "platform": [String: Any]()], "symbols": symbolList,
            "relationships": relationships,
        ]
        return String(
            decoding: try! JSONSerialization.data(withJSONObject: graph, options: [.sortedKeys]), as: UTF8.self)
    }

    /// `count` top-level structures.
    static func topLevel(_ count: Int) -> String {
        graph((0..<count).map { ("s:Gen\($0)", "struct", ["T\($0)"]) })
    }

    /// Structures nested `depth` deep: `T0.T1.T2 ...`.
    static func nested(_ depth: Int) -> String {
        let ids = (0..<depth).map { "s:Gen" + (0...$0).map { "T\($0)" }.joined() }
        let symbols = (0..<depth).map { (ids[$0], "struct", (0...$0).map { "T\($0)" }) }
        return graph(symbols, members: (1..<max(depth, 1)).map { (ids[$0], ids[$0 - 1]) })
    }

    /// One structure, `Big`, with `count` properties.
    static func members(_ count: Int) -> String {
        let members = (0..<count).map { ("s:GenBig\($0)", "property", ["Big", "m\($0)"]) }
        return graph([("s:GenBig", "struct", ["Big"])] + members, members: members.map { ($0.0, "s:GenBig") })
    }

    /// A site with the default theme whose reference is read from `graphs/Gen.symbols.json`.
    static func site(graph: String, api: String = "", files: [String: String] = [:]) throws -> TestSite {
        let theme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Themes/default")
        var all: [String: String] = [
            "sectionsite.yml": "title: Gen\napi:\n  symbolGraphs: [graphs]\n" + api,
            "Content/index.md": "---\ntitle: Home\n---\nHi.\n",
            "graphs/Gen.symbols.json": graph,
        ]
        for path in FileTree.files(under: theme) {
            all["Themes/default/" + path] = try String(contentsOf: theme.appendingPathComponent(path), encoding: .utf8)
        }
        return try TestSite(plugins: .symbolGraphs, all.merging(files) { $1 })
    }

    /// A folder outside every test site, removed when `body` is done.
    static func outside<T>(_ body: (URL) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("outside-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try body(URL(fileURLWithPath: folder.resolvingSymlinksInPath().path))
    }

    /// Every output file's text, joined.
    static func everything(_ site: TestSite) -> String {
        FileTree.files(under: site.out).map { (try? site.output($0)) ?? "" }.joined()
    }

    @Test(
        "a catalog's .md that is a symbolic link out of the site and the package is an error at it, and is not published"
    )
    func catalogLinkOut() throws {
        try Self.outside { outside in
            try "# Keys\n\nTOP-SECRET-TOKEN\n".write(
                to: outside.appendingPathComponent(".secret"), atomically: true, encoding: .utf8)
            let site = try Self.site(
                graph: Self.topLevel(1), api: "  package: pkg\n",
                files: [
                    "pkg/Package.swift": "// swift-tools-version:6.0\n",
                    "pkg/Notes.md": "# Notes\n\nInside the package.\n",
                    "pkg/Sources/Gen/Gen.docc/Guide.md": "# Guide\n\nA guide.\n",
                ])
            let catalog = site.folder.appendingPathComponent("pkg/Sources/Gen/Gen.docc")
            // A link that stays in the package is read as any file.
            try FileManager.default.createSymbolicLink(
                atPath: catalog.appendingPathComponent("Notes.md").path, withDestinationPath: "../../../Notes.md")
            try site.build()
            #expect(try site.output("api/gen/notes/index.html").contains("Inside the package."))

            try FileManager.default.createSymbolicLink(
                atPath: catalog.appendingPathComponent("Secret.md").path,
                withDestinationPath: outside.appendingPathComponent(".secret").path)
            try FileManager.default.removeItem(at: site.out)
            let error = try #require(site.buildError())
            #expect(
                error.description
                    == "pkg/Sources/Gen/Gen.docc/Secret.md:1:1: error: api: 'pkg/Sources/Gen/Gen.docc/Secret.md' leads outside the site and the package, to '\(outside.path)/.secret': the reference reads only files of the site or of the package 'api:' names (name a folder in 'readOutside:' in sectionsite.yml to allow one)"
            )
            #expect(!Self.everything(site).contains("TOP-SECRET"))

            // A folder the settings name in readOutside: may be read.
            try site.write([
                "sectionsite.yml":
                    "title: Gen\nreadOutside: [\(outside.path)]\napi:\n  symbolGraphs: [graphs]\n  package: pkg\n"
            ])
            try site.build()
            #expect(try site.output("api/gen/secret/index.html").contains("TOP-SECRET-TOKEN"))
        }
    }

    @Test(
        "a DocC catalog's picture is found as DocC finds it, by name anywhere in the catalog (light, largest scale), in a package that holds the site too"
    )
    func catalogPictures() throws {
        try Self.outside { package in
            let catalog = package.appendingPathComponent("Sources/Gen/Gen.docc")
            try FileManager.default.createDirectory(
                at: catalog.appendingPathComponent("Resources"), withIntermediateDirectories: true)
            try "// swift-tools-version:6.0\n".write(
                to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
            try "# Guide\n\n![Repeat](repeat.png)\n\n![Shot](shot)\n\n![Gone](gone.png)\n".write(
                to: catalog.appendingPathComponent("Guide.md"), atomically: true, encoding: .utf8)
            try TestImages.png(width: 40, height: 20, seed: 1).write(
                to: catalog.appendingPathComponent("Resources/repeat@2x.png"))
            try TestImages.png(width: 20, height: 10, seed: 2).write(
                to: catalog.appendingPathComponent("Resources/repeat.png"))
            try TestImages.png(width: 40, height: 20, seed: 3).write(
                to: catalog.appendingPathComponent("Resources/repeat~dark@2x.png"))
            try TestImages.png(width: 30, height: 10, seed: 4).write(to: catalog.appendingPathComponent("shot.png"))
            let site = try Self.site(graph: Self.topLevel(1), api: "  package: \(package.path)\n")
            let report = try site.build()
            let guide = try site.output("api/gen/guide/index.html")
            // repeat@2x.png, not the 1x or the dark one
            #expect(guide.contains(#"width="40" height="20""#), "\(guide)")
            #expect(guide.contains(#"width="30" height="10""#))
            // A picture the catalog does not have is a warning, drawn as written.
            #expect(report.warnings.contains { $0.message.hasPrefix("image 'gone.png'") })
            #expect(guide.contains(#"src="gone.png""#))
        }
    }

    @Test("a symbol graph that is a symbolic link out of the site, or a graphs folder outside it, is an error")
    func graphLinkOut() throws {
        try Self.outside { outside in
            try Self.topLevel(1).write(
                to: outside.appendingPathComponent("Gen.symbols.json"), atomically: true, encoding: .utf8)
            let site = try Self.site(graph: Self.topLevel(1))
            try site.remove("graphs/Gen.symbols.json")
            try FileManager.default.createSymbolicLink(
                atPath: site.folder.appendingPathComponent("graphs/Gen.symbols.json").path,
                withDestinationPath: outside.appendingPathComponent("Gen.symbols.json").path)
            #expect(
                site.buildError()?.description
                    == "graphs/Gen.symbols.json:1:1: error: api: 'graphs/Gen.symbols.json' leads outside the site and the package, to '\(outside.path)/Gen.symbols.json': the reference reads only files of the site or of the package 'api:' names (name a folder in 'readOutside:' in sectionsite.yml to allow one)"
            )
            try site.write(["sectionsite.yml": "title: Gen\napi:\n  symbolGraphs: [\(outside.path)]\n"])
            #expect(
                site.buildError()?.description
                    == "sectionsite.yml:3:3: error: api: '\(outside.path)' leads outside the site and the package, to '\(outside.path)': the reference reads only files of the site or of the package 'api:' names (name a folder in 'readOutside:' in sectionsite.yml to allow one)"
            )
            #expect(
                !FileManager.default.fileExists(atPath: site.out.appendingPathComponent("api/gen/t0/index.html").path))
        }
    }

    @Test("types nested past maxNesting (64 by default) are an error naming the graph file and the limit")
    func nesting() throws {
        let site = try Self.site(graph: Self.nested(100))
        let path = (0...64).map { "T\($0)" }.joined(separator: ".")
        #expect(
            site.buildError()?.description
                == "graphs/Gen.symbols.json:1:1: error: api: '\(path)' is nested 65 deep, past the limit of 64 (api: {maxNesting})"
        )
        try site.write(["graphs/Gen.symbols.json": Self.nested(64)])
        try site.build()
        #expect(
            FileManager.default.fileExists(
                atPath: site.out.appendingPathComponent("api/gen/" + (0..<64).map { "t\($0)/" }.joined() + "index.html")
                    .path))
        // A graph whose memberOf relationships loop.
        try site.write([
            "graphs/Gen.symbols.json": Self.graph(
                [("s:A", "struct", ["A"]), ("s:B", "struct", ["B"])], members: [("s:A", "s:B"), ("s:B", "s:A")])
        ])
        #expect(
            site.buildError()?.description
                == "graphs/Gen.symbols.json:1:1: error: api: 'A' is nested in itself (its memberOf relationships make a loop)"
        )
    }

    @Test("a type with more than maxMembers members, graphs with more than maxSymbols symbols: errors naming the limit")
    func counts() throws {
        let site = try Self.site(graph: Self.members(101), api: "  maxMembers: 100\n")
        #expect(
            site.buildError()?.description
                == "graphs/Gen.symbols.json:1:1: error: api: 'Big' has 101 members, past the limit of 100 (api: {maxMembers})"
        )
        try site.write(["sectionsite.yml": "title: Gen\napi:\n  symbolGraphs: [graphs]\n  maxSymbols: 100\n"])
        #expect(
            site.buildError()?.description
                == "graphs/Gen.symbols.json:1:1: error: api: the symbol graphs hold 102 symbols up to this one, past the limit of 100 (api: {maxSymbols})"
        )
        try site.write(["sectionsite.yml": "title: Gen\napi:\n  symbolGraphs: [graphs]\n  maxMembers: 0\n"])
        #expect(site.buildError()?.description == "sectionsite.yml:4:15: error: 'maxMembers' must be more than 0")
        #expect(APIBounds.grouped(1_234_567) == "1,234,567" && APIBounds.grouped(999) == "999")
    }

    @Test("output grows linearly with the types: each page's sidebar lists a window of its folder, not every type")
    func linearOutput() throws {
        func bytes(_ count: Int) throws -> (all: Int, page: String) {
            let site = try Self.site(graph: Self.topLevel(count))
            try site.build()
            let api = site.out.appendingPathComponent("api")
            let total = FileTree.files(under: api).reduce(0) { sum, path in
                sum
                    + ((try? FileManager.default.attributesOfItem(atPath: api.appendingPathComponent(path).path)[.size]
                        as? Int) ?? 0)
            }
            return (total, try site.output("api/gen/t100/index.html"))
        }
        let (small, page) = try bytes(200)
        let (large, _) = try bytes(400)
        // Every page lists every type without the window: 400 types give 3.3 times the bytes of 200.
        #expect(Double(large) <= 2.2 * Double(small), "200 types: \(small) bytes, 400 types: \(large) bytes")
        // The sidebar: the 50 types around this one, with a link for the others to the module's page (names sort
        // as text, so T100 is fourth and the window starts at the first type).
        let sidebar = String(
            page[page.range(of: #"<nav class="docs-sidebar""#)!.lowerBound...].prefix { $0 != "\u{0}" }
        )
        .components(separatedBy: "</nav>")[0]
        #expect(sidebar.matches(of: /class="docs-tree-item/).count == 1 + 50 + 1)  // the module, 50 types, "150 more"
        #expect(sidebar.contains(#"<a href="/api/gen/t100/" aria-current="page">T100</a>"#))
        #expect(sidebar.contains(#"<li class="docs-tree-item docs-tree-more"><a href="/api/gen/">150 more</a></li>"#))
    }

    @Test("anchors number overloads by identifier among their siblings, as before they were made once")
    func anchors() throws {
        let symbols: [(id: String, kind: String, path: [String])] = [
            ("s:GenA", "struct", ["A"]), ("s:GenA2", "method", ["A", "f()"]), ("s:GenA1", "method", ["A", "f()"]),
            ("s:GenA3", "method", ["A", "g()"]), ("s:Genf1", "func", ["f()"]), ("s:Genf0", "func", ["f()"]),
        ]
        let members = [("s:GenA2", "s:GenA"), ("s:GenA1", "s:GenA"), ("s:GenA3", "s:GenA")]
        let site = try TestSite(
            plugins: .symbolGraphs, ["graphs/Gen.symbols.json": Self.graph(symbols, members: members)])
        var settings = APISettings()
        settings.symbolGraphs = ["graphs"]
        let bounds = SourceBounds(site: site.folder)
        let index = APIIndex(try SymbolGraphs.load(settings, site: site.folder, bounds: bounds).files, order: [])
        let pages = try APIPages(
            index: index, settings: settings, rootPath: "/", site: site.folder, package: nil, bounds: bounds)
        #expect(
            ["s:GenA1", "s:GenA2", "s:GenA3", "s:Genf0", "s:Genf1"].map { pages.urls.anchor($0).id } == [
                "f()", "f()-2", "g()", "f()", "f()-2",
            ])
        #expect(pages.urls.pageURL("s:GenA2") == "/api/gen/a/#f()-2")
    }
}
