import Foundation
import HashTreeCollections
import Hummingbird
import SectionSite
import SectionSiteEngine
import SystemPackage

/// What the preview answers, as routes on Hummingbird's `Router`: the event stream of a page, and every other
/// `GET` or `HEAD` from the last good build in memory. A gate before the routes refuses what is not for this server:
/// a `Host` that is not one of its names (`HostPolicy`), and any other method. Tests drive the router in process
/// (the preview tests' `RouterClient`), without a socket.
struct PreviewRoutes: Sendable {
    /// The live site.
    let hub: PreviewHub
    /// Which hosts and origins are answered.
    let policy: HostPolicy
    /// The port the server is bound to, once known (port 0 picks one).
    let port: @Sendable () -> Int
    /// Told each refused host name, once.
    let log: @Sendable (String) -> Void
    /// Edit mode's server half; none in tests that do not edit.
    var editor: PreviewEditor? = nil

    /// The router of a site whose pages live under `root` (`/`, or the base URL's path).
    func router(root: String) -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: Gate(policy: policy, port: port, log: log))
        for method in [HTTPRequest.Method.get, .head] {
            for path in ["/", "**"] {
                router.on(RouterPath(path), method: method) { request, _ in
                    var response = await respond(request)
                    if request.method == .head { response.body = ResponseBody() }
                    return response
                }
            }
        }
        router.on("**", method: .post) { request, _ in await edit(request) }
        return router
    }

    /// The event stream and edit mode's settings at the site's root (which an edit of the settings may move), else
    /// a file of the build.
    private func respond(_ request: Request) async -> Response {
        let root = await hub.site.config.rootPath
        let path = request.uri.path
        guard path == root + "_sectionsite/events" || path == root + "_sectionsite/edit" else {
            return await serve(path)
        }
        guard isOwnPage(request) else {
            return Self.forbidden("this preview answers only its own pages here, not other origins\n")
        }
        guard path.hasSuffix("/edit") else { return await events(request) }
        let page = request.uri.queryParameters.get("page").map { String($0) } ?? "/"
        guard let editor, let settings = await editor.settings(for: PageURL(page)) else { return await notFound() }
        return Response(
            status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: settings)))
    }

    /// Whether a request comes from a page of this preview (or from no page at all), by `Origin` and `Sec-Fetch-Site`.
    private func isOwnPage(_ request: Request) -> Bool {
        let fetchSite = request.headers.first { $0.name.canonicalName == "sec-fetch-site" }?.value
        return policy.allowsEvents(origin: request.headers[.origin], fetchSite: fetchSite, host: request.head.authority)
    }

    /// An edit made on a page in edit mode: from a page of this preview (its `Origin` is this very host, and it
    /// carries the token the page was given), as JSON. Answers 204, or the reason in plain words.
    private func edit(_ request: Request) async -> Response {
        let site = await hub.site
        guard request.uri.path == site.config.rootPath + "_sectionsite/edit", let editor, site.hasEditableSections
        else {
            return Response(status: .methodNotAllowed, headers: [.allow: "GET, HEAD"])
        }
        guard request.headers[.origin] != nil, isOwnPage(request),
            request.headers.first(where: { $0.name.canonicalName == "x-sectionsite-token" })?.value == editor.token
        else { return Self.forbidden("edits are taken only from pages of this preview\n") }
        do {
            let body = request.body
            let bytes = try await body.collect(upTo: 1 << 20)
            let action = try JSONDecoder().decode(PreviewEditor.Request.self, from: Data(bytes.readableBytesView))
            try await editor.perform(action)
            return Response(status: .noContent)
        } catch let error as SectionSiteError {
            return Self.refused(error.diagnostics.map(\.message).joined(separator: "\n"))
        } catch {
            return Self.refused("the edit request is not valid: \(error)")
        }
    }

    /// An edit refused, with what the author is shown.
    private static func refused(_ why: String) -> Response {
        Response(
            status: .conflict, headers: [.contentType: "text/plain; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: why + "\n")))
    }

    /// Refuses, before any route, a request for a host that is not this server's and a method other than `GET`
    /// and `HEAD`.
    struct Gate: RouterMiddleware {
        typealias Context = BasicRequestContext
        let policy: HostPolicy
        let port: @Sendable () -> Int
        let log: @Sendable (String) -> Void
        let refused = Locked(Set<String>())  // host names refused so far, each logged once

        func handle(
            _ request: Request, context: Context, next: (Request, Context) async throws -> Response
        ) async throws -> Response {
            let port = port()
            guard policy.allows(host: request.head.authority, port: port) else {
                let name = request.head.authority ?? "(none)"
                if refused.withLock({ $0.insert(name).inserted }) {
                    log(
                        "warning: refused a request for Host '\(name)': not one of this server's names (see "
                            + "--allow-host)"
                    )
                }
                return PreviewRoutes.forbidden(policy.refusal(port: port))
            }
            guard request.method == .get || request.method == .head || request.method == .post else {
                return Response(status: .methodNotAllowed, headers: [.allow: "GET, HEAD"])
            }
            return try await next(request, context)
        }
    }

    /// The event stream of one page: `page`, and `Last-Event-ID` or `since`, say where the client stands.
    func events(_ request: Request) async -> Response {
        let query = request.uri.queryParameters
        // Hummingbird has decoded the query once: the URL as written
        let page = query.get("page").map { String($0) } ?? "/"
        let lastEventID = request.headers.first { $0.name.canonicalName == "last-event-id" }.flatMap { Int($0.value) }
        let since = query.get("since").map { PageVersion(String($0)) }
        let events = await hub.connect(page: PageURL(page), lastEventID: lastEventID, since: since)
        return Response(
            status: .ok,
            headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"],
            body: ResponseBody { writer in
                try await writer.write(ByteBuffer(string: ": connected\n\n"))
                for await event in events { try await writer.write(ByteBuffer(string: event.wire)) }
                try await writer.finish(nil)
            })
    }

    /// Serves one request path from the last good build.
    func serve(_ raw: String) async -> Response {
        let site = await hub.site
        let root = site.config.rootPath
        guard let path = RequestPath.outputPath(raw, root: root) else { return await notFound() }
        if path == OutputPath("_sectionsite/sectionsite.js") {
            let live = "window.SectionSiteLive={events:\"\(root)_sectionsite/events\"};\n" + Runtime.script
            // Edit mode, only where the site has something to edit: nothing of it is in a built site.
            guard editor != nil, site.hasEditableSections else { return Self.ok(live, type: path) }
            return Self.ok(
                live + "window.SectionSiteEdit={endpoint:\"\(root)_sectionsite/edit\"};\n" + Runtime.editScript,
                type: path)
        }
        if let url = path.page, site.pages[url] == nil, let changes = PreviewHub.changesPage(url, in: site) {
            // A page of changes between versions, live: patched when a saved file changes it.
            return Self.ok(
                ChangeReport.live(changes.html, page: url, config: site.config, nonce: Self.nonce), type: path)
        }
        if let file = SiteOutput(site).file(at: path) {
            switch file.contents {
            case .text(let text): return Self.ok(text, type: path)
            case .made(let maker): return Self.ok(maker.text, type: path)
            case .copy(let source):
                // The build's check (`SiteWriter.check`), for the file served: nothing from outside the site, even
                // a file replaced by a link since the site was loaded.
                guard site.config.sourceBounds(site: site.options.site).allows(FilePath(source)),
                    let data = FileManager.default.contents(atPath: source)
                else { return await notFound() }
                return Response(
                    status: .ok, headers: [.contentType: RequestPath.contentType(path), .cacheControl: "no-cache"],
                    body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
            case .unchanged:
                preconditionFailure("the preview builds from nothing; only an incremental build links files")
            }
        }
        if SiteOutput(site).file(at: OutputPath(path.rawValue + "/index.html")) != nil {
            return Response(
                status: .movedPermanently, headers: [.location: root + URLPath.encoded(path.rawValue) + "/"])
        }
        return await notFound()
    }

    /// The one script a page of changes lets run in the preview: the runtime, with this server's nonce.
    static let nonce = (0..<4).map { _ in String(UInt32.random(in: .min ... .max), radix: 16) }.joined()

    static func forbidden(_ line: String) -> Response {
        Response(
            status: .forbidden, headers: [.contentType: "text/plain; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: line)))
    }

    static func ok(_ text: String, type path: OutputPath) -> Response {
        Response(
            status: .ok, headers: [.contentType: RequestPath.contentType(path), .cacheControl: "no-cache"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    private func notFound() async -> Response {
        let page = await hub.site.pages[PageURL("/404/")]
        let html =
            page.map(PreviewHub.html)
            ?? "<!doctype html><title>Not found</title><h1>Not found</h1><p>Nothing is served at this address.</p>\n"
        return Response(
            status: .notFound, headers: [.contentType: "text/html; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }
}
