import Foundation
import SectionSite
import SectionSiteEngine

/// How the preview learns that files changed.
public enum WatchMethod: Sendable, Equatable {
    /// The platform's own notifications: inotify on Linux, FSEvents on macOS. Where there are none, or where the
    /// file system is one whose changes they miss (a network mount, FUSE), the watcher polls instead and says so.
    case native
    /// A look at every watched file's size, times and inode every `interval` (`serve --poll`): slower to notice
    /// an edit and busier at rest, but it works on any platform and any file system.
    case polling(interval: Duration)

    /// The interval `serve --poll` uses unless told otherwise.
    public static let pollingInterval: Duration = .milliseconds(300)
}

/// What a source of file events does: starts reporting changed paths (relative to the watched root, folders ending
/// in `/`) and stops. Each kind of source reports through the `onChange` it was made with.
protocol FileEvents: AnyObject, Sendable {
    func start() throws
    func stop()
}

/// Watches a site's `Content/`, `Data/`, `Themes/`, `Static/` and `sectionsite.yml` (or other `roots` under a
/// folder), recursively (folders created later are watched too), and reports the changed paths once a burst of
/// events is over: a save that writes, renames and touches a file is one change, not five.
///
/// The events come from the platform (`InotifyEvents`, `FSEventsEvents`) or from looking again and again
/// (`PollingEvents`); the watcher picks one by `WatchMethod` and by what the platform and file system offer.
final class FileWatcher: Sendable {
    /// The folder watched (or, for the API reference, the package's).
    let root: URL
    private let roots: Set<String>
    private let quiet: Duration
    private let longest: Duration
    private let method: WatchMethod
    private let onChange: @Sendable (Set<String>) -> Void
    private let events = Locked<(any FileEvents)?>(nil)

    /// Creates a watcher; `quietMilliseconds` is how long events must stop before a change is reported, and a
    /// change is reported at the latest `longestMilliseconds` after its first event even if events keep coming.
    init(
        root: URL, roots: Set<String> = SiteLayout.watchedRoots, method: WatchMethod = .native,
        quietMilliseconds: Int = 8,
        longestMilliseconds: Int = 100, onChange: @escaping @Sendable (Set<String>) -> Void
    ) {
        self.root = root.standardizedFileURL
        self.roots = roots
        self.method = method
        self.quiet = .milliseconds(quietMilliseconds)
        self.longest = .milliseconds(longestMilliseconds)
        self.onChange = onChange
    }

    /// Starts watching on a thread of its own. `log` is told, in one line, when the watcher polls although native
    /// events were asked for, and why.
    func start(log: @Sendable (String) -> Void = { _ in }) throws {
        let tree = WatchedTree(root: root, roots: roots)
        var chosen: any FileEvents
        switch method {
        case .polling(let interval):
            chosen = PollingEvents(tree: tree, interval: interval, onChange: onChange)
            try chosen.start()
        case .native:
            do {
                chosen = try Self.native(tree: tree, quiet: quiet, longest: longest, onChange: onChange)
                try chosen.start()
            } catch let reason as NoNativeEvents {
                log(
                    "note: watching \(root.path) by polling every \(WatchMethod.pollingInterval.milliseconds) ms: "
                        + "\(reason.why) (`serve --poll` chooses polling without this note)"
                )
                chosen = PollingEvents(tree: tree, interval: WatchMethod.pollingInterval, onChange: onChange)
                try chosen.start()
            }
        }
        events.withLock { $0 = chosen }
    }

    /// Stops watching. Safe to call more than once and from any thread.
    func stop() {
        events.withLock { $0 }?.stop()
    }

    /// The platform's own events for `tree`, or `NoNativeEvents` saying why there are none here.
    private static func native(
        tree: WatchedTree, quiet: Duration, longest: Duration, onChange: @escaping @Sendable (Set<String>) -> Void
    ) throws -> any FileEvents {
        #if os(Linux) && !SECTIONSITE_PORTABLE
        if let kind = InotifyEvents.blindFileSystem(at: tree.root.path) {
            throw NoNativeEvents(why: "it is on \(kind), whose changes made elsewhere inotify does not see")
        }
        return InotifyEvents(tree: tree, quiet: quiet, longest: longest, onChange: onChange)
        #elseif canImport(CoreServices) && !SECTIONSITE_PORTABLE
        return FSEventsEvents(tree: tree, quiet: quiet, longest: longest, onChange: onChange)
        #else
        throw NoNativeEvents(why: "this platform has no file events SectionSite uses")
        #endif
    }
}

/// Why a native source of events cannot watch: the watcher polls instead.
struct NoNativeEvents: Error {
    var why: String
}

/// The files a watcher watches: `roots` at the top of `root` (folders recursively, files as they are), without the
/// names `SiteLayout.isIgnored` leaves out (an editor's backup and swap files, hidden files).
struct WatchedTree: Sendable {
    /// The watched folder, standardized.
    let root: URL
    /// The names at the top of `root` that are watched.
    let roots: Set<String>

    /// The path of `root` as the file system has it (symbolic links resolved): FSEvents reports real paths.
    var realRoot: String {
        root.resolvingSymlinksInPath().path
    }

    /// The path relative to `root` of a watched file or folder, if the path names one; nil for the root itself,
    /// for anything outside it or outside its roots, and for ignored names.
    func relative(_ path: Substring) -> String? {
        let parts = path.split(separator: "/")
        guard let first = parts.first, roots.contains(String(first)),
            !parts.contains(where: { SiteLayout.isIgnored(name: $0) })
        else { return nil }
        return parts.joined(separator: "/")
    }
}

extension Duration {
    /// The whole milliseconds in this duration.
    var milliseconds: Int64 {
        components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
    }
}
