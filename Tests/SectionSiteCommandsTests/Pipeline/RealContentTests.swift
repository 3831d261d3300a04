import Foundation
import Testing

import SectionSite
import SectionSiteDiff
import SectionSiteEngine
import SiteTestSupport

/// Real Markdown, pinned in the repository: every Markdown file of it (the documentation site's pages, the DocC
/// articles, the READMEs), written for readers and not for this test, with tables, fences, headings and `.md` links
/// between files. (It once read the dependencies' checkouts under `.build`, which are neither pinned nor there in
/// every build folder.)
@Suite("Real content")
struct RealContentTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The repository's Markdown files, relative to it, but those of build folders, fuzz corpora and tests' sites.
    static func markdownFiles() -> [String] {
        let skipped = [".build", "Fuzz/", "Tests/", "_site"]
        return FileTree.files(under: repository).filter { path in
            path.hasSuffix(".md") && !skipped.contains { path.hasPrefix($0) } && !path.contains("/.")
        }
    }

    @Test("the repository's own Markdown builds with every .md link rewritten, heading ids, tables and code")
    func repositoryMarkdown() throws {
        let sources = Self.markdownFiles()
        try #require(sources.count >= 30, "expected the repository's Markdown under \(Self.repository.path)")
        var files = TestSite.theme
        // The pages use the default theme's directives.
        let directives = Self.repository.appendingPathComponent("Themes/default/directives")
        for file in FileTree.files(under: directives) {
            files["Themes/default/directives/" + file] = try String(
                contentsOf: directives.appendingPathComponent(file), encoding: .utf8)
        }
        var tables = 0
        var fences = 0
        for path in sources {
            var text = try String(contentsOf: Self.repository.appendingPathComponent(path), encoding: .utf8)
            // Front matter names the documentation theme's layouts, which the test theme has not: the body stays.
            if text.hasPrefix("---\n"),
                let end = text.range(of: "\n---\n", range: text.index(text.startIndex, offsetBy: 4)..<text.endIndex)
            {
                text = String(text[end.upperBound...])
            }
            files["Content/" + path] = text
            if text.contains("\n|") && text.range(of: #"\n\|? *:?-{3,}"#, options: .regularExpression) != nil {
                tables += 1
            }
            fences += text.components(separatedBy: "\n```").count / 2
        }
        let site = try TestSite(plugins: .command, files)
        // The pictures the pages show, at the same places.
        let skipped = [".build", "Fuzz/", "Tests/", "_site"]
        for path in FileTree.files(under: Self.repository)
        where ImageFormat(fileName: path) != nil && !skipped.contains(where: { path.hasPrefix($0) })
            && !path.contains("/.")
        {
            try site.write("Content/" + path, try Data(contentsOf: Self.repository.appendingPathComponent(path)))
        }
        let report = try site.build()
        #expect(report.pageCount == sources.count)
        let warned = Set(report.warnings.filter { $0.id == "site.link-to-no-page" }.map(\.location?.file))

        var tablesOut = 0
        var codeOut = 0
        var headingsWithoutID: [String] = []
        var mdLinksLeft: [String] = []
        for path in FileTree.files(under: site.out)
        where path.hasSuffix("index.html") && !path.hasPrefix("_sectionsite") {
            let html = try site.output(path)
            let body = html[html.range(of: "data-ss-children=\"body\"")!.lowerBound...]
            tablesOut += body.components(separatedBy: "<table").count - 1
            codeOut += body.components(separatedBy: "</code></pre>").count - 1
            for heading in body.matches(of: /<h([23])(>| [^>]*>)/) where !heading.2.contains("id=\"") {
                headingsWithoutID.append("\(path): \(heading.0)")
            }
            #expect(!body.contains("<p>|"), "a table left as text in \(path)")
            #expect(!body.contains("<p>```"), "a fence left as text in \(path)")
            for link in body.matches(of: /href="([^":#\/][^":#]*\.md)(#[^"]*)?"/) {  // relative ones
                mdLinksLeft.append("\(path): \(link.1)")
            }
        }
        #expect(headingsWithoutID.isEmpty, "\(headingsWithoutID.prefix(5))")
        #expect(tables > 10)
        #expect(tablesOut >= tables)
        #expect(codeOut >= fences * 9 / 10, "fenced blocks in: \(fences), code blocks out: \(codeOut)")
        // A .md link left in the output is one whose file is no page, and the build said so for that source file.
        let unexplained = mdLinksLeft.filter { left in
            let page = left.split(separator: ":")[0].dropLast("index.html".count)
            return !warned.contains {
                $0.map { "Content/" + page.dropLast() + ".md" == $0 || $0.hasSuffix("/" + page + "index.md") } ?? false
            }
        }
        #expect(unexplained.isEmpty, "\(unexplained.prefix(5))")
    }
}
