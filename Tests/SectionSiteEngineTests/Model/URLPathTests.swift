import Foundation
import Testing

import SectionSiteDiff
@testable import SectionSiteEngine

/// Page URLs percent-encoded whatever the file name, and the output path each names.
@Suite("URL paths")
struct URLPathTests {
    @Test(
        "a file name becomes a valid URL, and the URL names the file again",
        arguments: [
            ("Content/with space.md", "/with%20space/", "with space/index.html"),
            ("Content/c#-notes.md", "/c%23-notes/", "c#-notes/index.html"),
            ("Content/what?.md", "/what%3F/", "what?/index.html"),
            ("Content/100%-sure.md", "/100%25-sure/", "100%-sure/index.html"),
            ("Content/fish&chips.md", "/fish%26chips/", "fish&chips/index.html"),
            ("Content/say \"hi\".md", "/say%20%22hi%22/", "say \"hi\"/index.html"),
            ("Content/it's.md", "/it%27s/", "it's/index.html"),
            ("Content/café/index.md", "/caf%C3%A9/", "café/index.html"),
            ("Content/notes/🎉.md", "/notes/%F0%9F%8E%89/", "notes/🎉/index.html"),
            ("Content/plain-name_1.md", "/plain-name_1/", "plain-name_1/index.html"),
        ])
    func route(_ path: String, _ url: String, _ output: String) {
        #expect(Page.route(SourcePath(path)).url == url)
        #expect(OutputPath(page: PageURL(url)) == OutputPath(output))
        #expect(OutputPath(output).page == PageURL(url))
        #expect(URL(string: "https://example.com" + url) != nil)
    }

    @Test("a page's folder stays as on disk, for collections")
    func folder() {
        #expect(Page.route("Content/my notes/a b.md").folder == "my notes")
        #expect(Page.route("Content/my notes/a b.md").url == "/my%20notes/a%20b/")
    }

    @Test("aliases as written are encoded like page URLs; escapes already there stay")
    func aliases() {
        #expect(Page.Alias.normalized("/old page/") == "/old%20page/")
        #expect(Page.Alias.normalized("/caf%C3%A9/") == "/caf%C3%A9/")
        #expect(Page.Alias.normalized("café") == "/caf%C3%A9/")
        #expect(Page.Alias.normalized("/100%-sure/") == "/100%25-sure/")
        #expect(Page.Alias.normalized("/a b.html") == "/a%20b.html")
        #expect(
            Page.Alias(url: "/old%20page/", location: SourceLocation(file: "x")).outputPath == "old page/index.html")
    }

    @Test("tag pages of non-ASCII tags have encoded URLs and their feed beside their page")
    func tags() {
        #expect(TagPages.url("café") == "/tags/caf%C3%A9/")
        #expect(TagPages.feedPath(TagPages.url("café")) == "tags/café/feed.xml")
    }

    @Test("a path with a dot segment, a NUL or a backslash names a file outside its folder; dots in names do not")
    func escapes() {
        let dots = { (segment: String) in
            "it has a '\(segment)' segment once decoded, which would lead outside the output folder"
        }
        for path in ["..", "../x", "a/../b", "a/..", "/../x/", "a//../", "./a", "a/./b", "a/.", "."] {
            #expect(URLPath.escape(fromFolder: path) == dots(path.contains("..") ? ".." : "."), "\(path)")
        }
        #expect(URLPath.escape(fromFolder: "a/./b/../c") == dots("."))  // the first one
        for path in ["a/index.html", "", "/", "a/.well-known/x", "a/...", "a/..b/c", "b../c", ".x/y", "a.b/c.d"] {
            #expect(URLPath.escape(fromFolder: path) == nil, "\(path)")
        }
        #expect(URLPath.escape(fromFolder: "a\\..\\b") == "it holds a backslash")
        #expect(URLPath.escape(fromFolder: "../a\u{0}") == "it holds a NUL byte")
        #expect(URLPath.escape(fromFolder: "../a\\b") == "it holds a backslash")
        #expect(URLPath.escape(url: "/%2e%2E/x/") == dots(".."))
    }

    @Test("absolute URLs join the base URL's origin and path with a site path")
    func absolute() {
        var config = SiteConfig()
        #expect(config.origin == nil && config.absoluteURL("/a/") == "/a/")
        for (base, origin, url) in [
            ("https://example.com/blog/", "https://example.com", "https://example.com/blog/a/"),
            ("https://example.com", "https://example.com", "https://example.com/a/"),
            ("http://h:8080/x", "http://h:8080", "http://h:8080/x/a/"),
            ("/docs/", nil, "/docs/a/"),
            // A doubled slash (Jekyll's `url: https://x.org/` joined with `baseurl: ""`) is the root, not a host.
            ("https://nim-lang.org//", "https://nim-lang.org", "https://nim-lang.org/a/"),
            ("mailto:x/y", nil, "/mailto:x/y/a/"),
        ] as [(String, String?, String)] {
            config.baseURL = base
            #expect(config.origin == origin, "\(base)")
            #expect(config.absoluteURL("/a/") == url, "\(base)")
        }
    }
}
