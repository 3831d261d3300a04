import Foundation
import Testing

@testable import SectionSiteAPI
import SectionSiteEngine
import SiteTestSupport

/// The API reference of `Tests/Fixtures/Shelf`, a small package of our own, built by the real toolchain: every
/// public symbol on a page, declarations linked, doc comments with DocC's callouts, the catalog's topics and
/// articles, extensions of the standard library, and an edit to one doc comment changing one page.
@Suite("API reference", .serialized)
struct APIReferenceTests {
    /// A copy of the fixture package in a temporary folder, so that its build folder stays out of the repository.
    static func package() throws -> URL {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Shelf")
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("shelf-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        for part in ["Package.swift", "Sources"] {  // not a build folder someone left there
            try FileManager.default.copyItem(
                at: fixture.appendingPathComponent(part), to: copy.appendingPathComponent(part))
        }
        return copy
    }

    /// A site with the repository's default theme and `api:` naming the package.
    static func site(package: URL?, extra: String = "") throws -> TestSite {
        let theme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Themes/default")
        var files: [String: String] = [
            "sectionsite.yml": "title: Shelf\nbaseURL: /docs/\n"
                + (package.map { "api:\n  package: \($0.path)\n" } ?? "") + extra,
            "Content/index.md": "---\ntitle: Home\n---\nSee the reference.\n",
            "Content/guide.md": """
            ---
            title: Guide
            ---
            Put a ``Book`` on a ``Shelf/Shelf`` with ``Shelf/add(_:)``, and time it with
            ``Book/readingTime(pagesPerHour:)-swift.method``; `Book` alone is code, and so is ``Bookcase``.

            ```swift
            let x = ``Book``
            ```

            Read <doc:Reading> and [the guide](doc:Reading#overview), not <doc:Nowhere>.
            """,
        ]
        for path in FileTree.files(under: theme) {
            files["Themes/default/" + path] = try String(
                contentsOf: theme.appendingPathComponent(path), encoding: .utf8)
        }
        return try TestSite(plugins: .symbolGraphs, files)
    }

    /// The precise identifier of every symbol in the package's graphs, as the build had the compiler write them.
    static func symbols(in site: TestSite) throws -> Set<String> {
        let graphs = site.folder.appendingPathComponent(".sectionsite/api/graphs")
        var ids = Set<String>()
        for path in FileTree.files(under: graphs) where path.hasPrefix("Shelf") && path.hasSuffix(".symbols.json") {
            let json =
                try JSONSerialization.jsonObject(with: Data(contentsOf: graphs.appendingPathComponent(path)))
                as! [String: Any]
            for symbol in json["symbols"] as! [[String: Any]] {
                ids.insert((symbol["identifier"] as! [String: Any])["precise"] as! String)
            }
        }
        return ids
    }

    @Test("every public symbol is on a page: declarations linked, callouts drawn, topics, articles and extensions")
    func reference() throws {
        let package = try Self.package()
        defer { try? FileManager.default.removeItem(at: package) }
        let site = try Self.site(package: package)
        try site.build()
        // Every symbol of the graphs is an item of some page, by its precise identifier.
        var html = ""
        for path in FileTree.files(under: site.out) where path.hasSuffix("index.html") { html += try site.output(path) }
        let ids = try Self.symbols(in: site)
        #expect(ids.count >= 30)
        let missing = ids.filter { !html.contains(#"data-ss-key="i:\#($0)""#) }
        #expect(missing.isEmpty, "not in the reference: \(missing.sorted())")

        // The module page: the catalog's topics in its order (the article in the topic that names it, so no
        // Articles group), then what no topic names, extended modules.
        let module = try site.output("api/shelf/index.html")
        let sections = module.matches(of: /data-ss-key="s:([a-z0-9-]+)"/).map { String($0.1) }
        #expect(sections == ["topic-1", "topic-2", "topic-3", "extended-modules"])
        #expect(module.contains(#"<h2 class="section-title">Guides</h2>"#))
        // `<doc:Article>` shown as its title; a link written for DocC's URL layout leads to the symbol's page.
        #expect(
            module.contains(
                #"start with <a href="/docs/api/shelf/reading/">Reading a shelf</a>, then <a href="/docs/api/shelf/book/#overview">a book</a>."#
            ))
        #expect(module.contains(#"<h2 class="section-title">Shelving books</h2>"#))
        let shelving = module.matches(of: /data-ss-key="i:(s:[^"]+)"/).map { String($0.1) }
        #expect(shelving.prefix(3) == ["s:5ShelfAAC", "s:5Shelf4BookV", "s:5Shelf9ShelvableP"])
        #expect(
            module.contains(
                #"<a class="api-symbol-link" href="/docs/api/shelf/reading/"><span class="api-symbol-name">Reading a shelf</span></a>"#
            ))

        // A type page: its declaration, its members with anchors, callouts, links in comments and declarations.
        let book = try site.output("api/shelf/book/index.html")
        #expect(book.contains(#"<span class="decl-keyword">struct</span> <span class="decl-identifier">Book</span>"#))
        #expect(book.contains(#"<article class="api-member" id="readingTime(pagesPerHour:)">"#))
        #expect(book.contains(#"<a class="decl-type" href="/docs/api/shelf/book/binding/">Binding</a>"#))
        #expect(book.contains(#"<aside class="aside aside-parameters"><p class="aside-label">Parameters</p>"#))
        #expect(book.contains("<li><code>isbn</code>: The book’s ISBN, 10 or 13 digits.</li>"))
        #expect(book.contains(#"<aside class="aside aside-returns"><p class="aside-label">Returns</p>"#))
        #expect(book.contains(#"<aside class="aside aside-note"><p class="aside-label">Note</p>"#))
        #expect(
            book.contains(
                #"<a href="/docs/api/shelf/shelferror/#invalidISBN(_:)"><code>invalidISBN(_:)</code></a> when"#))
        #expect(book.contains(#"same <a href="/docs/api/shelf/book/#isbn"><code>isbn</code></a>"#))  // relative to Book
        #expect(
            book.contains(#"data-ss-key="s:relationships""#)
                && book.contains(#"<a href="/docs/api/shelf/shelvable/"><code>Shelvable</code></a>"#))
        #expect(book.contains("Equatable Implementations"))

        let shelf = try site.output("api/shelf/shelf/index.html")
        #expect(shelf.contains(#"<p class="api-deprecated">Deprecated: use books(matching:)</p>"#))
        #expect(shelf.contains("<li>macOS 13.0+</li>"))
        #expect(
            try site.output("api/shelf/book/binding/index.html").contains(#"<li aria-current="page">Book.Binding</li>"#)
        )
        #expect(try site.output("api/shelf/swift/string/index.html").contains(#"id="titleCased""#))
        let article = try site.output("api/shelf/reading/index.html")
        #expect(article.contains("<h1 class=\"page-title\" data-ss-key=\"r:title\">Reading a shelf</h1>"))
        #expect(
            article.contains(
                #"<a href="/docs/api/shelf/shelf/#books(matching:)"><code>books(matching:)</code></a> finds"#))
        #expect(try site.output("api/index.html").contains(#"href="/docs/api/shelf/""#))
        // The reference's tree beside each of its pages: modules hold their types, types their nested types.
        let sidebar = book[book.range(of: #"<nav class="docs-sidebar""#)!.lowerBound...].prefix(2000)
        #expect(sidebar.contains(#"<p class="docs-sidebar-title"><a href="/docs/api/">API Reference</a></p>"#))
        #expect(sidebar.contains(#"<a href="/docs/api/shelf/book/" aria-current="page">Book</a><ul>"#))
        #expect(sidebar.contains(#"<a href="/docs/api/shelf/book/binding/">Book.Binding</a>"#))
        // The reference is in the site's sitemap and search index, as any page.
        #expect(try site.output("sitemap.xml").contains("<loc>/docs/api/shelf/book/</loc>"))
        #expect(try site.output("search.json").contains(#""/docs/api/shelf/shelf/""#))

        // A theme without the reference's templates (the starter theme of `sectionsite new`): SectionSite's own draw
        // it, every symbol still on a page.
        for name in [
            "layouts/api", "layouts/api-article", "cells/api-symbol", "cells/api-member", "cells/api-relation",
        ] {
            try FileManager.default.removeItem(
                at: site.folder.appendingPathComponent("Themes/default/\(name).mustache"))
        }
        try site.build()
        var plain = ""
        for path in FileTree.files(under: site.out) where path.hasSuffix("index.html") {
            plain += try site.output(path)
        }
        #expect(ids.allSatisfy { plain.contains(#"data-ss-key="i:\#($0)""#) })
        #expect(try site.output("api/shelf/book/index.html").contains(#"<body class="layout-api">"#))
    }

    @Test(
        "``Symbol`` links in the site's Markdown and in doc comments lead to the reference; one to nothing is a located warning"
    )
    func symbolLinks() throws {
        let package = try Self.package()
        defer { try? FileManager.default.removeItem(at: package) }
        let site = try Self.site(package: package)
        let report = try site.build()
        let guide = try site.output("guide/index.html")
        #expect(
            guide.contains(
                #"Put a <a href="/docs/api/shelf/book/"><code>Book</code></a> on a <a href="/docs/api/shelf/shelf/"><code>Shelf/Shelf</code></a> with <a href="/docs/api/shelf/shelf/#add(_:)"><code>Shelf/add(_:)</code></a>"#
            ))
        #expect(
            guide.contains(
                #"<a href="/docs/api/shelf/book/#readingTime(pagesPerHour:)"><code>Book/readingTime(pagesPerHour:)-swift.method</code></a>"#
            ))
        #expect(guide.contains("<code>Book</code> alone is code, and so is <code>Bookcase</code>."))
        let code = guide[guide.range(of: "<pre")!.lowerBound..<guide.range(of: "</pre>")!.upperBound]
        #expect(code.contains("``Book``") && !code.contains("<a "))  // code blocks are left alone
        #expect(
            guide.contains(
                #"Read <a href="/docs/api/shelf/reading/">Reading a shelf</a> and <a href="/docs/api/shelf/reading/#overview">the guide</a>, not doc:Nowhere."#
            ))
        let warnings = report.warnings.map(\.description)
        #expect(warnings.contains("Content/guide.md:5:83: warning: ``Bookcase`` names no symbol of the API reference"))
        #expect(
            warnings.contains("Content/guide.md:11:63: warning: <doc:Nowhere> names no article of the API reference"),
            "\(warnings)")
        #expect(
            warnings.contains {
                $0.hasSuffix(
                    "Sources/Shelf/Shelf.docc/Shelf.md:25:3: warning: topic <doc:Nowhere> names no article of the API reference"
                )
            }, "\(warnings)")
        #expect(
            warnings.contains {
                $0.hasSuffix(
                    "Sources/Shelf/Shelf.docc/Shelf.md:20:3: warning: topic ``Bookcase`` names no symbol of the API reference"
                )
            }, "\(warnings)")
        // In a doc comment, at the comment in the Swift file.
        #expect(
            warnings.contains {
                $0.hasSuffix(
                    "Sources/Shelf/Shelf.swift:47:9: warning: ``Shelf/contains(_:)`` names no symbol of the API reference"
                )
            }, "\(warnings)")
    }

    @Test("an edit to one doc comment renders one page again, and its patch changes one item")
    func editOneDocComment() throws {
        let package = try Self.package()
        defer { try? FileManager.default.removeItem(at: package) }
        let site = try Self.site(package: package)
        #expect(try site.build().changedPages == 12)  // the home page, the guide and the reference's ten
        #expect(try site.build().changedPages == 0)
        let source = package.appendingPathComponent("Sources/Shelf/Book.swift")
        let text = try String(contentsOf: source, encoding: .utf8)
        try text.replacingOccurrences(
            of: "/// How the book is bound.\n    public var binding",
            with: "/// How the book is bound, or not.\n    public var binding"
        )
        .write(to: source, atomically: true, encoding: .utf8)
        let report = try site.build()
        #expect(report.changedPages == 1)
        let book = try site.output("api/shelf/book/index.html")
        #expect(book.contains("How the book is bound, or not."))
        let feed = site.out.appendingPathComponent("_sectionsite/pages/api/shelf/book")
        let patches = FileTree.files(under: feed).filter { $0.hasSuffix(".json") && $0 != "head.json" }
        let patch = try patches.map { try String(contentsOf: feed.appendingPathComponent($0), encoding: .utf8) }
            .joined()
        #expect(patch.contains("i:s:5Shelf4BookV7bindingAC7BindingOvp"))
        #expect(!patch.contains("i:s:5Shelf4BookV4isbnSSvp"))
    }

    @Test(
        "live: a saved Swift file makes the reference again; a changed doc comment is one page, a removed type's page goes"
    )
    func live() throws {
        let package = try Self.package()
        defer { try? FileManager.default.removeItem(at: package) }
        let site = try Self.site(package: package)
        var live = try Site(options: site.options)
        let before = live.pages["/api/shelf/book/"]!.version
        let source = package.appendingPathComponent("Sources/Shelf/Book.swift")
        let text = try String(contentsOf: source, encoding: .utf8)
        try text.replacingOccurrences(
            of: "/// The number of pages; nil for an ebook.", with: "/// How many pages; nil for an ebook."
        )
        .write(to: source, atomically: true, encoding: .utf8)
        var update = try live.apply([.apiSources])
        #expect(update.changed == ["/api/shelf/book/"])
        #expect(update.removed.isEmpty)
        #expect(live.pages["/api/shelf/book/"]!.version != before)
        #expect(live.pages["/api/shelf/book/"]!.html.contains("How many pages; nil for an ebook."))
        // A type that goes takes its page, and the links to it, with it; the guide's ``Shelf/Shelf`` stays linked.
        let shelf = package.appendingPathComponent("Sources/Shelf/Shelf.swift")
        let shelfText = try String(contentsOf: shelf, encoding: .utf8)
        try shelfText.replacingOccurrences(of: "public protocol Shelvable {", with: "protocol Shelvable {")
            .replacingOccurrences(of: "extension Book: Shelvable {", with: "extension Book {")
            .write(to: shelf, atomically: true, encoding: .utf8)
        update = try live.apply([.apiSources])
        #expect(update.removed == ["/api/shelf/shelvable/"])
        #expect(update.changed.contains("/api/shelf/") && update.changed.contains("/api/shelf/book/"))
        // A compiler error: the apply fails, the site stays as it was (the preview keeps serving it).
        try "public struct Broken { let x: Nope }".write(
            to: package.appendingPathComponent("Sources/Shelf/Broken.swift"), atomically: true, encoding: .utf8)
        let kept = live
        #expect(throws: SectionSiteError.self) { try live.apply([.apiSources]) }
        #expect(live.pages.keys.sorted() == kept.pages.keys.sorted())
    }

    @Test("a site without api: is not warned that the default theme's reference templates are unused")
    func noReferenceNoWarnings() throws {
        let site = try Self.site(package: nil)
        let unused = try site.build().warnings.filter { $0.id == "site.unused-template" }.compactMap(\.location?.file)
        #expect(unused.contains { $0.hasSuffix("/cells/dish.mustache") })  // other unused templates still are
        #expect(!unused.contains { $0.contains("/layouts/api") || $0.contains("/cells/api-") }, "\(unused)")
    }

    @Test("api: settings that cannot work are errors at their place")
    func errors() throws {
        let site = try TestSite(
            plugins: .symbolGraphs,
            TestSite.theme.merging(["sectionsite.yml": "api:\n  package: nowhere\n  colour: blue\n"]) { $1 })
        #expect(
            site.buildError()?.description
                == "sectionsite.yml:3:3: error: unknown api option 'colour' (known: package, targets, symbolGraphs, url, maxNesting, maxMembers, maxSymbols)"
        )
        try site.write(["sectionsite.yml": "title: T\napi:\n  package: nowhere\n"])
        #expect(
            site.buildError()?.description
                == "sectionsite.yml:3:3: error: api: 'nowhere' is not a Swift package (it has no Package.swift)")
        try site.write(["sectionsite.yml": "title: T\napi:\n  symbolGraphs: [graphs]\n"])
        #expect(
            site.buildError()?.description == "sectionsite.yml:3:3: error: api: symbol graphs 'graphs' do not exist")
    }

    @Test("DocC's disambiguations: by kind, by hash, by parameter types, by return type")
    func disambiguation() {
        let symbols = ["Book/add(_:)": "/a/", "Book": "/b/"]
        for link in ["Book/add(_:)-swift.method", "Book/add(_:)-3bd4x", "Book/add(_:)-(Int)", "Book/add(_:)->Int"] {
            #expect(SymbolLinkPass.resolve(link, in: symbols) == "/a/", "\(link)")
        }
        #expect(SymbolLinkPass.resolve("Book/remove(_:)", in: symbols) == nil)
        #expect(SymbolLinkPass.resolve("Book-swift.struct", in: symbols) == "/b/")
    }

    @Test("a doc comment's callouts: parameters in one aside, the others each in their own, code left alone")
    func callouts() {
        let comment = DocComment(
            lines: [
                " Adds a book.", "", " ```swift", " - Note: not a callout in code", " ```", "",
                " - Parameter book: The book.", " - Parameters:", "   - shelf: The shelf,", "     the one it goes on.",
                " - Returns: Nothing.", " - Warning: Heavy.", " - Plain: a list item",
                " Uses ``Book`` and ``Nowhere``.",
            ],
            link: { $0 == "Book" ? "/api/m/book/" : nil })
        #expect(comment.abstract == "Adds a book.")
        #expect(
            comment.markdown == """
                Adds a book.

                ```swift
                - Note: not a callout in code
                ```

                - Plain: a list item
                Uses [`Book`](/api/m/book/) and ``Nowhere``.

                > Parameters:
                >
                > - `book`: The book.
                > - `shelf`: The shelf,
                >   the one it goes on.

                > Returns: Nothing.

                > Warning: Heavy.
                """)
    }
}
