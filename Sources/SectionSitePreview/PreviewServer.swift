import Foundation
import Hummingbird
import Logging
import SectionSite
import SectionSiteEngine
import ServiceLifecycle
import UnixSignals
import HashTreeCollections

/// `sectionsite serve`: builds the site in memory, serves it over HTTP from memory, watches its files, rebuilds
/// what an edit affects, and pushes patches to every open tab over Server-Sent Events.
struct PreviewServer: Sendable {
    /// What to build.
    var options: BuildOptions
    /// The address to bind; 127.0.0.1 unless told otherwise.
    var host: String
    /// The port; 0 picks a free one.
    var port: Int
    /// How long a burst of file events must be quiet before a rebuild.
    var quietMilliseconds = 8
    /// Names answered besides 127.0.0.1, localhost, [::1] and `host` (`--allow-host`); see `HostPolicy`.
    var allowedHosts: [String] = []
    /// Pages bound to sequences of values (`Website.bind`): each new value patches the page's open tabs.
    var bindings: [PageBinding] = []

    /// Creates a server.
    init(options: BuildOptions, host: String = "127.0.0.1", port: Int = 8000) {
        self.options = options
        self.host = host
        self.port = port
    }

    /// Runs until SIGINT or SIGTERM; `ready` is told the URL once the socket is bound.
    func run(ready: @escaping @Sendable (String) -> Void, log: @escaping @Sendable (String) -> Void) async throws {
        let rebuilds = RebuildQueue()
        var options = self.options
        let bound = try await PageBinding.start(bindings, then: { rebuilds.add($0) }, log: log)
        options.pages += bound.first
        defer { bound.task.cancel() }
        let site = try Site(options: options)
        for warning in site.warnings { log(warning.description) }
        let hub = PreviewHub(site: site, log: log)
        let watcher = FileWatcher(root: options.site, quietMilliseconds: quietMilliseconds) { paths in rebuilds.add(paths) }
        try watcher.start()
        let rebuildLoop = Task { await Self.rebuild(rebuilds, hub: hub, log: log) }
        let keepAlive = Task { await hub.keepAlive(every: .seconds(15), clock: ContinuousClock()) }
        defer {
            watcher.stop()
            rebuildLoop.cancel()
            keepAlive.cancel()
        }

        let policy = HostPolicy(host: host, allowed: allowedHosts)
        let boundPort = Locked(port)  // the port actually bound, once known (port 0 picks one)
        let refused = Locked(Set<String>())  // Host names refused so far, each logged once
        let responder = CallbackResponder<BasicRequestContext> { request, _ in
            let port = boundPort.withLock { $0 }
            guard policy.allows(host: request.head.authority, port: port) else {
                let name = request.head.authority ?? "(none)"
                if refused.withLock({ $0.insert(name).inserted }) {
                    log("warning: refused a request for Host '\(name)': not one of this server's names (see --allow-host)")
                }
                return Self.forbidden(policy.refusal(port: port))
            }
            let root = await hub.site.config.rootPath
            guard request.method == .get || request.method == .head else {
                return Response(status: .methodNotAllowed, headers: [.allow: "GET, HEAD"])
            }
            if request.uri.path == root + "_sectionsite/events" {
                let origin = request.headers[.origin]
                let fetchSite = request.headers.first { $0.name.canonicalName == "sec-fetch-site" }?.value
                guard policy.allowsEvents(origin: origin, fetchSite: fetchSite, host: request.head.authority) else {
                    return Self.forbidden("the event stream answers only pages of this preview, not other origins\n")
                }
                return await Self.events(request, hub: hub)
            }
            var response = await Self.serve(request.uri.path, hub: hub)
            if request.method == .head { response.body = ResponseBody() }
            return response
        }
        var logger = Logger(label: "sectionsite.serve")
        logger.logLevel = .critical
        let host = self.host
        let app = Application(
            responder: responder,
            configuration: .init(address: .hostname(host, port: port), serverName: "sectionsite"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                boundPort.withLock { $0 = port }
                ready("http://\(host):\(port)/")
            },
            logger: logger)
        // SIGINT and SIGTERM shut the group down gracefully, services in reverse order: first the open event streams
        // are ended, then the server, which then has no request in flight, stops. It waits 0.3 s at most.
        var configuration = ServiceGroupConfiguration(
            services: [
                .init(service: app),
                .init(service: StreamCloser(hub: hub), successTerminationBehavior: .ignore),
            ],
            gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        configuration.maximumGracefulShutdownDuration = .milliseconds(300)
        try await ServiceGroup(configuration: configuration).run()
    }

    /// The event stream of one page: `page`, and `Last-Event-ID` or `since`, say where the client stands.
    static func events(_ request: Request, hub: PreviewHub) async -> Response {
        let query = request.uri.queryParameters
        let page = query.get("page").map { String($0) } ?? "/"  // Hummingbird has decoded the query once: the URL as written
        let lastEventID = request.headers.first { $0.name.canonicalName == "last-event-id" }.flatMap { Int($0.value) }
        let since = query.get("since").map { String($0) }
        let events = await hub.connect(page: page, lastEventID: lastEventID, since: since)
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
    static func serve(_ raw: String, hub: PreviewHub) async -> Response {
        let site = await hub.site
        let root = site.config.rootPath
        guard let path = RequestPath.outputPath(raw, root: root) else { return await notFound(hub) }
        if path == "_sectionsite/sectionsite.js" {
            return ok("window.SectionSiteLive={events:\"\(root)_sectionsite/events\"};\n" + Runtime.script, type: path)
        }
        if let url = OutputFile.pageURL(path), let page = site.pages[url] {
            return ok(page.html, type: path)
        }
        if let file = site.indexFile(at: path), case .text(let text) = file.contents {
            return ok(text, type: path)
        }
        if let file = site.files[path] {
            switch file.contents {
            case .text(let text): return ok(text, type: path)
            case .copy(let source):
                guard let data = try? Data(contentsOf: source) else { return await notFound(hub) }
                return Response(
                    status: .ok, headers: [.contentType: RequestPath.contentType(path), .cacheControl: "no-cache"],
                    body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
            case .unchanged:
                preconditionFailure("the preview builds from nothing; only an incremental build links files")
            }
        }
        if let alias = site.aliasFile(at: path), case .text(let text) = alias.contents {
            return ok(text, type: path)
        }
        if OutputFile.pageURL(path + "/index.html").flatMap({ site.pages[$0] }) != nil || site.aliasFile(at: path + "/index.html") != nil {
            return Response(status: .movedPermanently, headers: [.location: root + URLPath.encoded(path) + "/"])
        }
        return await notFound(hub)
    }

    private static func forbidden(_ line: String) -> Response {
        Response(
            status: .forbidden, headers: [.contentType: "text/plain; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: line)))
    }

    private static func ok(_ text: String, type path: String) -> Response {
        Response(
            status: .ok, headers: [.contentType: RequestPath.contentType(path), .cacheControl: "no-cache"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    private static func notFound(_ hub: PreviewHub) async -> Response {
        let page = await hub.site.pages["/404/"]
        let html = page?.html ?? "<!doctype html><title>Not found</title><h1>Not found</h1><p>Nothing is served at this address.</p>\n"
        return Response(
            status: .notFound, headers: [.contentType: "text/html; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }

    /// Rebuilds one batch of changes after another; edits made during a rebuild wait for the next one, and the
    /// paths of a failed rebuild are tried again with the next edit.
    static func rebuild(_ queue: RebuildQueue, hub: PreviewHub, log: @escaping @Sendable (String) -> Void) async {
        var failed = RebuildQueue.Batch()
        var warned = Set(await hub.site.warnings.map(\.description))
        while var batch = await queue.next() {
            failed.merge(batch)
            batch = failed
            var next = await hub.site
            let start = ContinuousClock.now
            do {
                let update = try next.apply(batch.paths, pages: Array(batch.pages.values))
                failed = RebuildQueue.Batch()
                let reloads = await hub.commit(next, update)
                if ProcessInfo.processInfo.environment["SECTIONSITE_TRACE"] != nil {
                    for reload in reloads { log("trace: reload patch \(reload)") }
                }
                let elapsed = ContinuousClock.now - start
                log("rebuilt \(update.changed.count) page(s) in \(elapsed.formatted(.units(allowed: [.milliseconds], fractionalPart: .show(length: 1))))")
                // Warnings as a build prints them, each once while it lasts; after the patches have gone out.
                let warnings = next.warnings.map(\.description)
                for warning in warnings where !warned.contains(warning) { log(warning) }
                warned = Set(warnings)
            } catch let error as SectionSiteError {
                await hub.fail(error)
                log(error.description)
            } catch {
                log("error: \(error)")
            }
        }
    }
}

/// Ends every open event stream when the server shuts down gracefully, so that the server's own graceful shutdown
/// finds no request still in flight.
struct StreamCloser: Service {
    let hub: PreviewHub

    func run() async throws {
        try? await gracefulShutdown()
        await hub.closeAll()
    }
}
