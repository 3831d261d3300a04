import Foundation
import Synchronization

#if !os(Linux)
#error("The live preview builds on Linux only for now: its watcher uses inotify. The engine, SectionSite and the highlighter build elsewhere.")
#endif
import Glibc
import SectionSite
import SectionSiteEngine

/// Watches a site's `Content/`, `Data/`, `Themes/`, `Static/` and `sectionsite.yml` with inotify, recursively (folders
/// created later are watched too), and reports the changed paths once the burst of events has been quiet for a
/// few milliseconds: a save that writes, renames and touches a file is one change, not five.
final class FileWatcher: @unchecked Sendable {
    /// The site folder (or, for the API reference, the package's).
    let root: URL
    /// The names at the top of `root` that are watched: folders recursively, files as they are.
    private let roots: Set<String>
    private let quiet: Duration
    private let longest: Duration
    private let onChange: @Sendable (Set<String>) -> Void
    private var descriptor: Int32 = -1
    private var wake: [Int32] = [-1, -1]
    private var folders: [Int32: String] = [:]  // watch descriptor -> folder relative to the root ("" for it)
    private var thread: Thread?
    private let stopped = Atomic<Bool>(false)


    /// Creates a watcher; `quietMilliseconds` is how long events must stop before a change is reported, and a
    /// change is reported at the latest `longestMilliseconds` after its first event even if events keep coming.
    init(
        root: URL, roots: Set<String> = SiteLayout.watchedRoots, quietMilliseconds: Int = 8, longestMilliseconds: Int = 100,
        onChange: @escaping @Sendable (Set<String>) -> Void
    ) {
        self.root = root.standardizedFileURL
        self.roots = roots
        self.quiet = .milliseconds(quietMilliseconds)
        self.longest = .milliseconds(longestMilliseconds)
        self.onChange = onChange
    }

    /// Starts watching on a thread of its own.
    func start() throws {
        descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0, pipe(&wake) == 0 else {
            throw SectionSiteError("cannot watch files: \(String(cString: strerror(errno)))")
        }
        watch("")
        for name in roots.sorted() where !name.contains(".") { _ = watchTree(name) }  // folders; files are seen from the root
        let thread = Thread { [self] in run() }
        thread.name = "sectionsite-watcher"
        self.thread = thread
        thread.start()
    }

    /// Stops watching: wakes the watching thread, which closes the rest. Safe to call more than once and from
    /// any thread; `wake` itself is never reassigned once the thread runs.
    func stop() {
        guard wake[1] >= 0, !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        var byte: UInt8 = 1
        _ = Glibc.write(wake[1], &byte, 1)
        Glibc.close(wake[1])
    }

    private static let mask: UInt32 = UInt32(
        IN_MODIFY | IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF)

    @discardableResult
    private func watch(_ folder: String) -> Bool {
        let path = folder.isEmpty ? root.path : root.path + "/" + folder
        let watch = inotify_add_watch(descriptor, path, Self.mask)
        guard watch >= 0 else { return false }
        folders[watch] = folder
        return true
    }

    /// Watches a folder and every folder under it; returns the files already in it.
    private func watchTree(_ folder: String) -> [String] {
        guard watch(folder) else { return [] }
        var files: [String] = []
        let path = root.path + "/" + folder
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] where !SiteLayout.isIgnored(name: Substring(entry)) {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path + "/" + entry, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                files += watchTree(folder + "/" + entry)
            } else {
                files.append(folder + "/" + entry)
            }
        }
        return files
    }

    private func run() {
        var batch = EventBatch<ContinuousClock.Instant>(quiet: quiet, longest: longest)
        let clock = ContinuousClock()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        loop: while true {
            var fds = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0), pollfd(fd: wake[0], events: Int16(POLLIN), revents: 0)]
            let timeout = batch.wait(at: clock.now).map { Int32(($0 + .microseconds(999)) / .milliseconds(1)) } ?? -1
            let ready = poll(&fds, 2, timeout)
            if ready < 0 && errno != EINTR { break }
            if fds[1].revents != 0 { break loop }
            if let paths = batch.due(at: clock.now) { onChange(paths) }
            guard fds[0].revents != 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { continue }
            var offset = 0
            while offset + 16 <= count {
                let (watch, mask, length) = buffer.withUnsafeBytes { raw in
                    (raw.load(fromByteOffset: offset, as: Int32.self), raw.load(fromByteOffset: offset + 4, as: UInt32.self),
                     Int(raw.load(fromByteOffset: offset + 12, as: UInt32.self)))
                }
                let nameBytes = buffer[(offset + 16)..<min(count, offset + 16 + length)]
                let name = String(decoding: nameBytes.prefix(while: { $0 != 0 }), as: UTF8.self)
                offset += 16 + length
                guard let folder = folders[watch] else { continue }
                if mask & UInt32(IN_IGNORED) != 0 {
                    folders[watch] = nil
                    continue
                }
                guard !name.isEmpty, !SiteLayout.isIgnored(name: Substring(name)) else { continue }
                let path = folder.isEmpty ? name : folder + "/" + name
                if folder.isEmpty && !roots.contains(name) { continue }
                let now = clock.now
                if mask & UInt32(IN_ISDIR) != 0 {
                    if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                        for file in watchTree(path) { batch.add(file, at: now) }
                    }
                    batch.add(path + "/", at: now)
                } else {
                    batch.add(path, saved: mask & UInt32(IN_CLOSE_WRITE | IN_MOVED_TO) != 0, at: now)
                }
            }
            if let paths = batch.due(at: clock.now) { onChange(paths) }
        }
        Glibc.close(descriptor)
        Glibc.close(wake[0])
    }
}

/// When the watcher reports a burst of file events: once no event has come for `quiet`, at the latest `longest` after
/// the burst's first event, and at once after a finished save (a file closed after writing, or renamed into place),
/// with no need to wait for quiet. A value over the instants it is given, so that tests can drive it with any clock.
struct EventBatch<Instant: InstantProtocol> where Instant.Duration == Duration {
    /// How long events must stop before the batch is due.
    var quiet: Duration
    /// How long after its first event a batch is due even if events keep coming.
    var longest: Duration
    private var paths = Set<String>()
    private var first: Instant?
    private var last: Instant?
    private var saved = false

    init(quiet: Duration, longest: Duration) {
        self.quiet = quiet
        self.longest = longest
    }

    /// Adds a changed path; `saved` when the event says a save is complete.
    mutating func add(_ path: String, saved: Bool = false, at now: Instant) {
        paths.insert(path)
        if first == nil { first = now }
        last = now
        self.saved = self.saved || saved
    }

    /// The paths to report now, if the batch is due; the batch is then empty.
    mutating func due(at now: Instant) -> Set<String>? {
        guard let first, let last, saved || now >= last.advanced(by: quiet) || now >= first.advanced(by: longest)
        else { return nil }
        defer { self = EventBatch(quiet: quiet, longest: longest) }
        return paths
    }

    /// How long to wait for the next event before the batch is due; nil when the batch is empty (wait for ever).
    func wait(at now: Instant) -> Duration? {
        guard let first, let last else { return nil }
        let until = min(last.advanced(by: quiet), first.advanced(by: longest))
        return max(.zero, now.duration(to: until))
    }
}
