#if canImport(CoreServices) && !SECTIONSITE_PORTABLE
import CoreServices
import Foundation
import SectionSiteEngine

/// File events from FSEvents (macOS): one stream over the whole root, with an event per file. Events are gathered
/// into an `EventBatch` on a queue of their own and reported once the burst is over.
///
/// Written from Apple's documentation of the FSEvents API; no machine of ours has run it (see the documentation's
/// page on platforms). `serve --poll` is the way around it should it misbehave.
final class FSEventsEvents: FileEvents, @unchecked Sendable {
    private let tree: WatchedTree
    private let realRoot: String
    private let onChange: @Sendable (Set<String>) -> Void
    private let queue = DispatchQueue(label: "sectionsite-watcher")
    // Touched on `queue` only, once started.
    private var batch: EventBatch<ContinuousClock.Instant>
    private var stream: FSEventStreamRef?
    private var timer: (any DispatchSourceTimer)?

    init(tree: WatchedTree, quiet: Duration, longest: Duration, onChange: @escaping @Sendable (Set<String>) -> Void) {
        self.tree = tree
        self.realRoot = tree.realRoot
        self.onChange = onChange
        self.batch = EventBatch(quiet: quiet, longest: longest)
    }

    func start() throws {
        var context = FSEventStreamContext(
            version: 0, info: Unmanaged.passUnretained(self).toOpaque(), retain: nil, release: nil, copyDescription: nil
        )
        let callback: FSEventStreamCallback = { _, info, count, paths, flags, _ in
            guard let info else { return }
            let events = Unmanaged<FSEventsEvents>.fromOpaque(info).takeUnretainedValue()
            let names = paths.assumingMemoryBound(to: UnsafePointer<CChar>.self)
            for index in 0..<count {
                events.received(String(cString: names[index]), flags: flags[index])
            }
            events.flush()
        }
        let options = FSEventStreamCreateFlags(kFSEventStreamCreateFlagFileEvents | kFSEventStreamCreateFlagNoDefer)
        guard
            let stream = FSEventStreamCreate(
                kCFAllocatorDefault, callback, &context, [realRoot] as CFArray,
                FSEventStreamEventId(kFSEventStreamEventIdSinceNow), 0.005, options)
        else { throw NoNativeEvents(why: "FSEvents cannot watch it") }
        FSEventStreamSetDispatchQueue(stream, queue)
        guard FSEventStreamStart(stream) else {
            FSEventStreamInvalidate(stream)
            FSEventStreamRelease(stream)
            throw NoNativeEvents(why: "FSEvents cannot watch it")
        }
        self.stream = stream
    }

    func stop() {
        queue.sync {
            guard let stream else { return }
            FSEventStreamStop(stream)
            FSEventStreamInvalidate(stream)
            FSEventStreamRelease(stream)
            self.stream = nil
            timer?.cancel()
            timer = nil
        }
    }

    /// One event, on `queue`.
    private func received(_ path: String, flags: FSEventStreamEventFlags) {
        let now = ContinuousClock.now
        func has(_ flag: Int) -> Bool { flags & FSEventStreamEventFlags(flag) != 0 }
        if has(kFSEventStreamEventFlagMustScanSubDirs) || has(kFSEventStreamEventFlagRootChanged) {
            for name in tree.roots { batch.add(name.contains(".") ? name : name + "/", saved: true, at: now) }
            return
        }
        guard path.hasPrefix(realRoot + "/"), let relative = tree.relative(path.dropFirst(realRoot.count + 1)) else {
            return
        }
        if has(kFSEventStreamEventFlagItemIsDir) {
            batch.add(relative + "/", saved: true, at: now)
        } else {
            batch.add(relative, saved: !has(kFSEventStreamEventFlagItemRemoved), at: now)
        }
    }

    /// Reports the batch if it is due, else wakes up when it will be; on `queue`.
    private func flush() {
        let clock = ContinuousClock()
        if let paths = batch.due(at: clock.now) { onChange(paths) }
        timer?.cancel()
        timer = nil
        guard let wait = batch.wait(at: clock.now) else { return }
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + .milliseconds(Int(wait.milliseconds) + 1))
        timer.setEventHandler { [weak self] in self?.flush() }
        timer.resume()
        self.timer = timer
    }
}
#endif
