import Foundation
import HashTreeCollections
import SectionSite
import SectionSiteEngine

/// The preview's state, owned by one actor: the last good site, the build counter, each page's recent versions,
/// the current build error, and the open event streams, by page.
actor PreviewHub {
    /// The last good build.
    private(set) var site: Site
    /// Increases with every successful build; the id of patch events.
    private(set) var buildID = 0
    /// The build error, while it lasts.
    private(set) var error: SectionSiteError?
    private var history: [PageURL: [Version]] = [:]
    private var streams: [PageURL: [UUID: Stream]] = [:]
    /// The pages of changes between versions open in a tab, as last sent: what their patches start from.
    private var changesPages: [PageURL: (version: PageVersion, html: String)] = [:]
    private let keep: Int
    private let saving: StateSaver

    private struct Version {
        var id: Int
        var version: PageVersion
        var html: String
    }

    private struct Stream {
        var continuation: AsyncStream<ServerEvent>.Continuation
        var version: PageVersion
    }

    /// Starts from a built site; each page keeps `keep` earlier versions to catch clients up from (the settings'
    /// `feed.keep`, as in a build, unless told otherwise); `log` is told when the history cannot be saved.
    init(site: Site, keep: Int? = nil, log: @escaping @Sendable (String) -> Void = { _ in }) {
        self.site = site
        self.keep = max(keep ?? site.config.feedKeep, 1)
        let state = BuildState(folder: site.options.site.appendingPathComponent(".sectionsite"))
        self.saving = StateSaver(state: state, log: log)
        for page in site.pages.values {
            history[page.url] = [Version(id: 0, version: page.version, html: Self.html(page))]
        }
        var ignored = Warnings()  // an unreadable history only means patches start again from here
        saving.start(
            from: state.loadHistory(warnings: &ignored), pages: Array(site.pages.values), keep: site.config.feedKeep)
    }

    /// Keeps `<site>/.sectionsite/` up to date as `build` does, in the background, one save after another.
    private func persist(_ pages: [RenderedPage]) {
        saving.append(pages, keep: site.config.feedKeep)
    }

    /// A page's document. The preview's site keeps every page in memory (it has no `BuildOptions.storage`), where
    /// reading one cannot fail.
    static func html(_ page: RenderedPage) -> String { (try? page.document()) ?? "" }

    /// The number of open event streams.
    var streamCount: Int { streams.values.reduce(0) { $0 + $1.count } }

    /// Opens the event stream of a page for a client at `lastEventID` (a build id) or `since` (a version); a
    /// client behind gets one patch straight to the current version, one that cannot be patched gets `reload`.
    func connect(page url: PageURL, lastEventID: Int?, since: PageVersion?) -> AsyncStream<ServerEvent> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: ServerEvent.self, bufferingPolicy: .bufferingNewest(256))
        guard let current = site.pages[url] else {
            // A page of changes between versions, made as it is asked for: current, or reloaded.
            if let page = Self.changesPage(url, in: site), since == nil || since == page.version {
                if let error { continuation.yield(.error(error)) }
                changesPages[url] = page
                open(url, continuation, at: page.version)
                return stream
            }
            continuation.yield(.reload)
            continuation.finish()
            return stream
        }
        var version: PageVersion? = current.version
        if let lastEventID {
            version = lastEventID > buildID ? nil : history[url]?.last(where: { $0.id <= lastEventID })?.version
        } else if let since {
            version = since
        }
        guard let version, let event = catchUp(url, from: version) else {
            continuation.yield(.reload)
            continuation.finish()
            return stream
        }
        if let event { continuation.yield(event) }
        if let error { continuation.yield(.error(error)) }
        open(url, continuation, at: current.version)
        return stream
    }

    private func open(_ url: PageURL, _ continuation: AsyncStream<ServerEvent>.Continuation, at version: PageVersion) {
        let id = UUID()
        streams[url, default: [:]][id] = Stream(continuation: continuation, version: version)
        continuation.onTermination = { _ in Task { await self.close(url, id) } }
    }

    /// The page of changes between versions at `url` (`SiteOutput.versionChangesFile`) and its version, nil where
    /// there is none.
    static func changesPage(_ url: PageURL, in site: Site) -> (version: PageVersion, html: String)? {
        guard let file = SiteOutput(site).versionChangesFile(at: OutputPath(page: url)),
            case .text(let html) = file.contents
        else { return nil }
        return (ChangeReport.version(of: html), html)
    }

    /// The event that brings a client at `version` up to date: nil inside when it is current, nil when it cannot.
    private func catchUp(_ url: PageURL, from version: PageVersion) -> ServerEvent?? {
        guard let current = site.pages[url] else { return nil }
        if version == current.version { return .some(nil) }
        guard let old = history[url]?.last(where: { $0.version == version }) else { return nil }
        let patch = PatchBuilder.patch(
            page: url, from: old.html, version: version, to: Self.html(current), version: current.version,
            animation: current.animation)
        return .some(.patch(patch, id: buildID))
    }

    private func close(_ url: PageURL, _ id: UUID) {
        streams[url]?[id] = nil
        if streams[url]?.isEmpty == true { (streams[url], changesPages[url]) = (nil, nil) }
    }

    /// Takes a successful rebuild: sends `ok` if an error was showing, then one patch to every open stream of each
    /// changed page (computed once per version it starts from), `reload` to streams of pages that are gone, and
    /// `css` for changed assets.
    @discardableResult
    func commit(_ next: Site, _ update: Site.Update) -> [String] {
        var reloads: [String] = []
        buildID += 1
        site = next
        if error != nil {
            error = nil
            broadcast(.ok)
        }
        for url in update.changed {
            guard let page = next.pages[url] else { continue }
            var versions = history[url] ?? []
            versions.append(Version(id: buildID, version: page.version, html: Self.html(page)))
            history[url] = Array(versions.suffix(keep + 1))
            guard let open = streams[url] else { continue }
            var patches: [PageVersion: ServerEvent] = [:]
            for (id, stream) in open {
                let event = patches[stream.version] ?? (catchUp(url, from: stream.version) ?? nil) ?? .reload
                if patches[stream.version] == nil, let reason = event.reloadReason {
                    reloads.append("\(url) from \(stream.version): \(reason)")
                }
                patches[stream.version] = event
                stream.continuation.yield(event)
                streams[url]?[id]?.version = page.version
            }
        }
        // A page of changes between versions open in a tab: patched when the pages it compares changed it, reloaded
        // (to the page not found) when it is gone.
        for (url, open) in streams where next.pages[url] == nil && !update.removed.contains(url) {
            guard let page = Self.changesPage(url, in: next) else {
                for stream in open.values {
                    reloads.append("\(url) from \(stream.version): no page of changes now")
                    stream.continuation.yield(.reload)
                    stream.continuation.finish()
                }
                (streams[url], changesPages[url]) = (nil, nil)
                continue
            }
            let sent = changesPages[url]
            changesPages[url] = page
            for (id, stream) in open where stream.version != page.version {
                var event = ServerEvent.reload
                var reason: String? = "not the page of changes last sent"
                if let sent, sent.version == stream.version {
                    event = .patch(
                        PatchBuilder.patch(
                            page: url, from: sent.html, version: sent.version, to: page.html, version: page.version),
                        id: buildID)
                    reason = event.reloadReason
                }
                if let reason { reloads.append("\(url) from \(stream.version): \(reason)") }
                stream.continuation.yield(event)
                streams[url]?[id]?.version = page.version
            }
        }
        for url in update.removed {
            for stream in streams[url]?.values ?? [:].values {
                stream.continuation.yield(.reload)
                stream.continuation.finish()
            }
            streams[url] = nil
        }
        for asset in update.assets { broadcast(.asset(next.config.link(URLPath.encoded("/" + asset.rawValue)))) }
        persist(update.changed.compactMap { next.pages[$0] })
        return reloads
    }

    /// Takes a failed rebuild: the last good site stays; every stream is told the error.
    func fail(_ error: SectionSiteError) {
        self.error = error
        broadcast(.error(error))
    }

    /// Sends a keep-alive comment on every stream.
    func keepAlive() { broadcast(.keepAlive) }

    /// Sends a keep-alive comment on every stream each `interval` of `clock` until the task is cancelled (SPEC §8:
    /// every 15 s). The clock is a parameter so that tests can advance it by hand.
    func keepAlive<C: Clock>(every interval: C.Duration, clock: C) async {
        while true {
            do {
                try await clock.sleep(for: interval)
            } catch {
                return  // cancelled
            }
            keepAlive()
        }
    }

    /// Ends every stream and writes any state still waiting, for shutting down.
    func closeAll() {
        saving.flush()
        for page in streams.values { for stream in page.values { stream.continuation.finish() } }
        streams = [:]
    }

    private func broadcast(_ event: ServerEvent) {
        for page in streams.values { for stream in page.values { stream.continuation.yield(event) } }
    }
}

/// Saves the preview's state for the next build in the background, at most about once a second: a burst of edits
/// is one write of the history, with the versions of every page that changed in between.
final class StateSaver: Sendable {
    private let state: BuildState
    private let log: @Sendable (String) -> Void
    private let queue = DispatchQueue(label: "sectionsite.preview.state")
    /// The history as the next build will find it, and the versions not yet written, by version.
    private let record = Locked<(history: BuildState.History, unwritten: [PageVersion: RenderedPage], scheduled: Bool)>(
        ([:], [:], false))

    /// A saver into `state` that tells `log` when a save fails (the preview goes on: only patches from earlier
    /// versions are lost).
    init(state: BuildState, log: @escaping @Sendable (String) -> Void) {
        self.state = state
        self.log = log
    }

    /// Starts from the history the last build left, with the pages the preview starts from appended.
    func start(from history: BuildState.History, pages: [RenderedPage], keep: Int) {
        record.withLock { $0.history = history }
        append(pages, keep: keep)
    }

    /// Appends each page's version to its history (`PatchFeed.appending`: the feed's one rule) and asks for a
    /// save, a second later with whatever came meanwhile. The history is this saver's alone, changed in place:
    /// the preview's edits never copy it.
    func append(_ pages: [RenderedPage], keep: Int) {
        let schedule = record.withLock { record -> Bool in
            for page in pages {
                let list = record.history[page.url] ?? []
                guard list.last != page.version else { continue }
                record.history[page.url] = PatchFeed.appending(page.version, to: list, keep: keep)
                record.unwritten[page.version] = page
            }
            guard !record.unwritten.isEmpty, !record.scheduled else { return false }
            record.scheduled = true
            return true
        }
        if schedule { queue.asyncAfter(deadline: .now() + 1) { [self] in write() } }
    }

    /// Writes what is waiting now, on the caller's thread (after any write in progress).
    func flush() {
        queue.sync { write() }
    }

    private func write() {
        let (history, pages) = record.withLock { record in
            defer {
                record.unwritten = [:]
                record.scheduled = false
            }
            return (record.history, Array(record.unwritten.values))
        }
        guard !pages.isEmpty else { return }
        do {
            try state.save(history, pages: pages, collect: false)
        } catch {
            log("warning: cannot save the patch history in \(state.folder.path): \(error)")
        }
    }
}
