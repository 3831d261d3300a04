import Foundation
import HashTreeCollections
import Hummingbird
import Logging
import SectionSite
import SectionSiteEngine
import ServiceLifecycle
import UnixSignals

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
    /// How edits are noticed (`serve --poll`).
    var watch = WatchMethod.native

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
        let watcher = FileWatcher(root: options.site, method: watch, quietMilliseconds: quietMilliseconds) { paths in
            rebuilds.add(Set(paths.map { SiteChange.file(SourcePath($0)) }))
        }
        try watcher.start(log: log)
        // The API reference's package: a saved Swift file dumps its symbol graphs again.
        var packageWatcher: FileWatcher?
        if let api = site.config.api, api.symbolGraphs.isEmpty {
            let watcher = FileWatcher(
                root: api.packageFolder(site: options.site), roots: ["Sources", "Package.swift"], method: watch,
                quietMilliseconds: quietMilliseconds
            ) { _ in
                rebuilds.add([.apiSources])
            }
            try watcher.start(log: log)
            packageWatcher = watcher
        }
        // The settings files of `--config`: a change to one is a change to the settings.
        var settingsWatchers: [FileWatcher] = []
        for file in options.settingsFiles {
            let watcher = FileWatcher(
                root: file.deletingLastPathComponent(), roots: [file.lastPathComponent], method: watch,
                quietMilliseconds: quietMilliseconds
            ) { _ in
                rebuilds.add([.settings])
            }
            try watcher.start(log: log)
            settingsWatchers.append(watcher)
        }
        let rebuildLoop = Task { await Self.rebuild(rebuilds, hub: hub, log: log) }
        let keepAlive = Task { await hub.keepAlive(every: .seconds(15), clock: ContinuousClock()) }
        defer {
            watcher.stop()
            packageWatcher?.stop()
            settingsWatchers.forEach { $0.stop() }
            rebuildLoop.cancel()
            keepAlive.cancel()
        }

        let boundPort = Locked(port)  // the port actually bound, once known (port 0 picks one)
        let editor = PreviewEditor(hub: hub, folder: options.site) { rebuilds.add([$0]) }
        let routes = PreviewRoutes(
            hub: hub, policy: HostPolicy(host: host, allowed: allowedHosts), port: { boundPort.withLock { $0 } },
            log: log,
            editor: editor)
        let router = routes.router(root: site.config.rootPath)
        var logger = Logger(label: "sectionsite.serve")
        logger.logLevel = .critical
        let host = self.host
        let app = Application(
            router: router,
            configuration: .init(address: .hostname(host, port: port), serverName: "sectionsite"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                boundPort.withLock { $0 = port }
                ready("http://\(HostPolicy.bracketed(host)):\(port)/")  // http://[::1]:8000/ for IPv6
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
                let update = try next.apply(batch.changes, pages: Array(batch.pages.values))
                let applied = ContinuousClock.now - start
                failed = RebuildQueue.Batch()
                let reloads = await hub.commit(next, update)
                if ProcessInfo.processInfo.environment["SECTIONSITE_TRACE"] != nil {
                    for reload in reloads { log("trace: reload patch \(reload)") }
                    log("trace: site updated in \(applied), patches sent in \(ContinuousClock.now - start - applied)")
                }
                let elapsed = ContinuousClock.now - start
                let toolchain =
                    batch.changes.contains(.apiSources)
                    ? next.apiToolchainSeconds.map { " (the package's build \(Int($0 * 1000)) ms)" } ?? "" : ""
                let took = elapsed.formatted(.units(allowed: [.milliseconds], fractionalPart: .show(length: 1)))
                log("rebuilt \(update.changed.count) page(s) in \(took)\(toolchain)")
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
