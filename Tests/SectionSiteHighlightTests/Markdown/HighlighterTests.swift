import Foundation
import Testing

import SectionSiteDiff
@testable import SectionSiteEngine
@testable import SectionSiteHighlight
import SiteTestSupport
import TestSupport

@Suite(
    "Highlighter: KSyntaxHighlighting spans that leave the code as it was",
    .enabled(if: Highlighter.kateIsBuiltIn, "built without KSyntaxHighlighting"))
struct HighlighterTests {
    /// The languages the README promises, as fence words, with the definition each must select.
    static let languages: [(word: String, definition: String)] = [
        ("swift", "Swift"), ("objc", "Objective-C"), ("objective-c", "Objective-C"), ("c", "C"), ("cpp", "C++"),
        ("c++", "C++"), ("javascript", "JavaScript"), ("js", "JavaScript"), ("typescript", "TypeScript"),
        ("ts", "TypeScript"), ("html", "HTML"), ("css", "CSS"), ("json", "JSON"), ("yaml", "YAML"), ("yml", "YAML"),
        ("toml", "TOML"), ("sh", "Bash"), ("bash", "Bash"), ("shell", "Bash"), ("console", "Bash"), ("zsh", "Zsh"),
        ("python", "Python"), ("py", "Python"), ("go", "Go"), ("rust", "Rust"), ("ruby", "Ruby"), ("java", "Java"),
        ("kotlin", "Kotlin"), ("sql", "SQL"), ("diff", "Diff"), ("markdown", "Markdown"), ("md", "Markdown"),
        ("Swift", "Swift"), ("PYTHON", "Python"),
        // As other generators' sites name their fences.
        ("go-html-template", "Mustache/Handlebars (HTML)"), ("gotmpl", "Mustache/Handlebars (HTML)"),
        ("shell-session", "Bash"), ("jsx", "JavaScript React (JSX)"), ("tsx", "TypeScript React (TSX)"),
        ("vue", "HTML"), ("conf", "INI Files"), ("liquid", "Django HTML Template"), ("erb", "Ruby/Rails/RHTML"),
        ("php", "PHP (HTML)"), ("postgres", "SQL (PostgreSQL)"), ("hcl", "Terraform"), ("gitignore", "Git Ignore"),
        ("jsonl", "JSON"), ("mdx", "Markdown"), ("ps1", "PowerShell"), ("dockerfile", "Dockerfile"),
    ]

    @Test("every promised language selects its definition", arguments: languages.map(\.word))
    func definitions(word: String) {
        #expect(Highlighter.kateDefinitionName(word) == Self.languages.first { $0.word == word }!.definition)
    }

    @Test(
        "a fence in a language the highlighter does not know is drawn plain and said once per build, at the first page; 'text' and the like, and an empty block, are not unknown"
    )
    func unknownListed() throws {
        // An empty block in a language it knows is no unknown language (found in Swift Evolution's SE-0021).
        let fence = "```mermaid\ngraph TD\n```\n\n```text\nplain\n```\n\n```plaintext\nplain\n```\n\n```swift\n```\n"
        let site = try TestSite(
            plugins: .kate,
            TestSite.theme.merging([
                "Content/b.md": "---\ntitle: B\n---\n" + fence, "Content/a.md": "---\ntitle: A\n---\n" + fence,
            ]) { $1 })
        let expected = [
            "Content/a.md:4:1: warning: code in 'mermaid' (and 1 other page) is drawn plain: the highlighter knows no such language (name one it knows, or 'text')"
        ]
        let plain = { (report: BuildReport) in report.warnings.map(\.description).filter { $0.contains("drawn plain") }
        }
        #expect(plain(try site.build()) == expected)
        #expect(try site.output("a/index.html").contains(#"<code class="language-mermaid">graph TD"#))
        #expect(plain(try site.build()) == expected)  // an incremental build, which reads neither page, says it too
    }

    @Test("an unknown language is nil, not an error")
    func unknown() {
        #expect(Highlighter.kateDefinitionName("klingon") == nil)
        #expect(Highlighter.kateHTML("x", language: "klingon") == nil)
        #expect(Highlighter.kateHTML("x", language: "") == nil)
    }

    /// Pieces of code that lexers find hard: strings and comments left open, markup characters, tabs, Unicode
    /// beyond the BMP, blank lines, CRs.
    static let pieces = [
        "let x = 1", "\"open string", "'c'", "/* open comment", "*/", "// line", "# hash", "<tag attr=\"v\">", "&amp;",
        "a < b && c > d", "\t", "    ", "😀 ü ß 中文", "{", "}", "(", ")", "[", "]", "`tick`", "${x}", "\\", "\\n", "0x1F",
        "3.14e10", "@attr", "#include <x.h>", "---", "+added", "-removed", "key: value", "[table]", "SELECT *", "\r",
        "", "fn main() {}", "def f(): pass", "<!-- c -->", "\"\"\"", "'''", "=begin", "<<EOF",
    ]

    /// Stripping the spans and undoing the escapes gives the code back.
    static func text(of html: String) -> String {
        var text = html.replacingOccurrences(of: #"<span class="hl-[a-z]{2}">"#, with: "", options: .regularExpression)
        text = text.replacingOccurrences(of: "</span>", with: "")
        #expect(!text.contains("<"), "only span tags are added")
        return text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
    }

    @Test("seeded random code in every language: the text is unchanged", arguments: languages.map(\.word))
    func textUnchanged(word: String) throws {
        var random = SeededRandom(seed: word.utf8.reduce(7) { $0 &* 31 &+ UInt64($1) })
        for _ in 0..<40 {
            var code = ""
            for _ in 0..<Int.random(in: 1...40, using: &random) {
                code += Self.pieces.randomElement(using: &random)!
                code += ["", " ", "\n", "\n\n"].randomElement(using: &random)!
            }
            let html = try #require(Highlighter.kateHTML(code, language: word))
            #expect(Self.text(of: html) == code, "\(word): \(code.debugDescription)")
        }
    }

    @Test("spans open and close on the same line and carry known classes")
    func spansPerLine() throws {
        let html = try #require(Highlighter.kateHTML("/* a\nb */ let s = \"x\"\n", language: "swift"))
        for line in html.split(separator: "\n", omittingEmptySubsequences: false) {
            #expect(line.components(separatedBy: "<span").count == line.components(separatedBy: "</span>").count)
        }
        #expect(html.hasPrefix(#"<span class="hl-co">/* a</span>"#))
        #expect(html.contains(#"<span class="hl-st">&quot;x&quot;</span>"#))
    }

    @Test("the cache answers what it saved, and a damaged cache file is ignored")
    func cache() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sectionsite-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("highlight.cache")
        let first = HighlightCache(.kate, cache: file)
        let html = try #require(first.html("let a = \"b\"\n", language: "swift"))
        #expect(first.html("x", language: "klingon") == nil)
        try first.save(to: file)
        #expect(try String(contentsOf: file, encoding: .utf8).hasPrefix(HighlightCache.format(.kate) + "\n"))
        // A second run answers from the file; prove it by planting a different answer for the same key.
        let planted = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "hl-kw", with: "hl-XX")
        try planted.write(to: file, atomically: true, encoding: .utf8)
        #expect(
            HighlightCache(.kate, cache: file).html("let a = \"b\"\n", language: "swift")
                == html.replacingOccurrences(of: "hl-kw", with: "hl-XX"))
        try "sectionsite-highlight/1 ksyntaxhighlighting\nabc 99999\nshort\n".write(
            to: file, atomically: true, encoding: .utf8)
        #expect(HighlightCache(.kate, cache: file).html("let a = \"b\"\n", language: "swift") == html)
    }

    @Test("a cache kept on disk writes what the run uses as it goes, answers from it, and saves the same entries")
    func cacheOnDisk() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sectionsite-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("highlight.cache")
        let codes = (0..<50).map { "let a\($0) = \"b\"\n" }
        let inMemory = HighlightCache(.kate, cache: file)
        let expected = codes.map { inMemory.html($0, language: "swift") }
        let first = HighlightCache(.kate, cache: file, onDisk: true)
        #expect(codes.map { first.html($0, language: "swift") } == expected)
        #expect(codes.map { first.html($0, language: "swift") } == expected)  // from the file being written
        #expect(first.html("x", language: "klingon") == nil)
        let next = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(next.count == 1 && next[0].hasPrefix("highlight.cache.next-\(getpid())-"))
        try first.save(to: file)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["highlight.cache"])
        // The next run answers from the saved file: planted answers prove it.
        let planted = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "hl-kw", with: "hl-XX")
        try planted.write(to: file, atomically: true, encoding: .utf8)
        let second = HighlightCache(.kate, cache: file, onDisk: true)
        #expect(
            codes.map { second.html($0, language: "swift") }
                == expected.map { $0?.replacingOccurrences(of: "hl-kw", with: "hl-XX") })
        #expect(second.html("x", language: "klingon") == nil)
    }
}
