import Foundation
import Hummingbird
import Testing

import SectionSite
import SectionSiteEngine
@testable import SectionSitePreview
import SiteTestSupport

/// The preview's routes driven in process through Hummingbird's router (`RouterClient`): no socket, no browser.
@Suite("Preview routes", .timeLimit(.minutes(1)))
struct PreviewRoutesTests {
    /// The blog of the preview tests, served by a hub of its own; `refused` collects the gate's log.
    static func app(
        _ site: TestSite, refused: Locked<[String]> = Locked([])
    ) throws -> Application<RouterResponder<BasicRequestContext>> {
        let hub = PreviewHub(site: try Site(options: site.options))
        let routes = PreviewRoutes(
            hub: hub, policy: HostPolicy(host: "127.0.0.1", allowed: []), port: { 8000 },
            log: { line in refused.withLock { $0.append(line) } })
        return Application(router: routes.router(root: "/"))
    }

    @Test("a page, a stylesheet and the runtime are served from memory, typed, never cached; HEAD has the headers only")
    func files() async throws {
        let site = try PreviewTests.blog()
        try site.write(["Content/index.md": "---\ntitle: Home\n---\nWelcome.\n"])
        try await RouterClient.test(Self.app(site)) { client in
            try await client.execute(uri: "/posts/alpha/", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                #expect(response.headers[.cacheControl] == "no-cache")
                #expect(
                    String(buffer: response.body).contains("<meta name=\"sectionsite-page\" content=\"/posts/alpha/\">")
                )
            }
            try await client.execute(uri: "/posts/alpha/", method: .head) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                #expect(response.body.readableBytes == 0)
            }
            try await client.execute(uri: "/site.css", method: .get) { response in
                #expect(response.headers[.contentType] == "text/css; charset=utf-8")
                #expect(String(buffer: response.body) == "body{}")
            }
            try await client.execute(uri: "/_sectionsite/sectionsite.js", method: .get) { response in
                #expect(
                    String(buffer: response.body).hasPrefix(
                        "window.SectionSiteLive={events:\"/_sectionsite/events\"};\n"))
            }
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).contains("Welcome."))
            }
        }
    }

    @Test("a page of changes between versions is served live: the runtime, and no other script, may run")
    func changesBetweenVersions() async throws {
        let site = try PreviewTests.versioned()
        try await RouterClient.test(Self.app(site)) { client in
            try await client.execute(uri: "/docs/2.0/changes/a/", method: .get) { response in
                #expect(response.status == .ok)
                let html = String(buffer: response.body)
                let nonce = PreviewRoutes.nonce
                #expect(html.contains("content=\"script-src 'nonce-\(nonce)'\""))
                #expect(!html.contains("script-src 'none'"))
                #expect(html.contains(#"<meta name="sectionsite-page" content="/docs/2.0/changes/a/">"#))
                #expect(html.contains("<script nonce=\"\(nonce)\" src=\"/_sectionsite/sectionsite.js\" defer>"))
                #expect(html.contains("what changed in 2.0"))
            }
        }
    }

    @Test("a folder without its slash is redirected to it; what is not in the output, or outside it, is not found")
    func elsewhere() async throws {
        let site = try PreviewTests.blog()
        try await RouterClient.test(Self.app(site)) { client in
            try await client.execute(uri: "/about", method: .get) { response in
                #expect(response.status == .movedPermanently)
                #expect(response.headers[.location] == "/about/")
            }
            for uri in ["/nowhere/", "/../sectionsite.yml", "/%2e%2e/sectionsite.yml", "/Content/about.md"] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .notFound, "\(uri)")
                    // The preview's own page, not the router's empty answer: the request reached the routes.
                    #expect(String(buffer: response.body).contains("Nothing is served at this address"), "\(uri)")
                    #expect(!String(buffer: response.body).contains("title: About"), "\(uri)")
                }
            }
        }
    }

    @Test("methods other than GET and HEAD are refused with the allowed ones; the event stream refuses other origins")
    func refusals() async throws {
        let site = try PreviewTests.blog()
        try await RouterClient.test(Self.app(site)) { client in
            for method in [HTTPRequest.Method.post, .put, .delete] {
                try await client.execute(uri: "/posts/alpha/", method: method) { response in
                    #expect(response.status == .methodNotAllowed)
                    #expect(response.headers[.allow] == "GET, HEAD")
                }
            }
            try await client.execute(
                uri: "/_sectionsite/events?page=/posts/alpha/", method: .get, headers: [.origin: "https://evil.example"]
            ) { response in
                #expect(response.status == .forbidden)
            }
        }
    }
}
