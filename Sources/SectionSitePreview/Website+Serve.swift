import Foundation
import SectionSite
import SectionSiteEngine

extension Website {
    /// Serves the site from memory with live patching, as `sectionsite serve` does, until SIGINT or SIGTERM.
    ///
    /// - Parameters:
    ///   - host: the address to bind; only 127.0.0.1, localhost, [::1] and `host` are answered.
    ///   - port: the port; 0 picks a free one (`ready` says which).
    ///   - allowedHosts: more host names to answer (the command's `--allow-host`), for a proxy or another device.
    ///   - drafts: publishes pages marked draft.
    ///   - watch: how edits are noticed: the platform's own file events, or polling (`serve --poll`).
    ///   - ready: told the URL once the server listens.
    ///   - log: told each line `sectionsite serve` prints (rebuilds, warnings, errors).
    public func serve(
        host: String = "127.0.0.1", port: Int = 8000, allowedHosts: [String] = [], drafts: Bool = false,
        watch: WatchMethod = .native, ready: @escaping @Sendable (String) -> Void = { _ in },
        log: @escaping @Sendable (String) -> Void = { _ in }
    ) async throws {
        try await serve(
            options(drafts: drafts), host: host, port: port, allowedHosts: allowedHosts, watch: watch, ready: ready,
            log: log)
    }

    /// Serves the site built with `options` and this site's bindings.
    package func serve(
        _ options: BuildOptions, host: String, port: Int, allowedHosts: [String], watch: WatchMethod = .native,
        ready: @escaping @Sendable (String) -> Void, log: @escaping @Sendable (String) -> Void
    ) async throws {
        var server = PreviewServer(options: options, host: host, port: port)
        server.allowedHosts = allowedHosts
        server.bindings = bindings
        server.watch = watch
        try await server.run(ready: ready, log: log)
    }

}
