import Foundation
import SectionSiteEngine
import SystemPackage

/// File events found by looking: every `interval`, the tree's files and folders are listed with their size,
/// modification and change times and inode, and whatever differs from the last look is reported at once. A save
/// that writes in place, an editor's atomic save (a new inode renamed over the old), a rename and a deleted
/// folder all show. It works on every platform and every file system; it is slower to notice an edit than native
/// events (half an interval on average) and costs a listing of the tree at every look.
///
/// A burst of saves shorter than the interval is one change; a longer one is reported a look at a time, and the
/// preview's rebuild queue joins what comes while it rebuilds.
final class PollingEvents: FileEvents, @unchecked Sendable {
    private let tree: WatchedTree
    private let interval: Duration
    private let onChange: @Sendable (Set<String>) -> Void
    private let condition = NSCondition()
    private var stopped = false  // under `condition`
    private var last: [String: Stamp] = [:]  // only the watching thread touches it once started

    init(tree: WatchedTree, interval: Duration, onChange: @escaping @Sendable (Set<String>) -> Void) {
        self.tree = tree
        self.interval = interval
        self.onChange = onChange
    }

    /// Takes the first look now (an edit made as soon as `start` returns is seen), then looks again on a thread
    /// of its own.
    func start() throws {
        last = tree.stamps()
        let thread = Thread { [self] in run() }
        thread.name = "sectionsite-poller"
        thread.start()
    }

    func stop() {
        condition.lock()
        stopped = true
        condition.signal()
        condition.unlock()
    }

    /// Looks, waits, and looks again. The wait is the interval, or three times as long as the last look took when
    /// that is longer: on a site so large that a look takes a good part of the interval, the poller takes at most a
    /// quarter of a core.
    private func run() {
        let clock = ContinuousClock()
        var wait = interval
        while true {
            condition.lock()
            let deadline = Date(
                timeIntervalSinceNow: Double(wait.components.seconds) + Double(wait.components.attoseconds) / 1e18)
            while !stopped && condition.wait(until: deadline) {}
            let done = stopped
            condition.unlock()
            if done { return }
            let start = clock.now
            let now = tree.stamps()
            wait = max(interval, (clock.now - start) * 3)
            let changed = WatchedTree.changes(from: last, to: now)
            last = now
            if !changed.isEmpty { onChange(changed) }
        }
    }
}

/// A file's device and inode: the same pair is the same file, whatever its path.
struct FileIdentity: Hashable {
    var device: UInt64
    var inode: UInt64
}

/// What a look at a file or folder records: enough to tell a save (in place or by rename) from no change.
struct Stamp: Equatable, Sendable {
    var folder: Bool
    var size: Int64
    var modified: Int64  // nanoseconds since 1970
    var changed: Int64
    var inode: UInt64
}

extension WatchedTree {
    /// Every watched file and folder, by path relative to the root, with its stamp. Symbolic links are followed
    /// (as a build follows them), each folder once, so that a link loop ends.
    func stamps() -> [String: Stamp] {
        var found: [String: Stamp] = [:]
        var seen = Set<FileIdentity>()
        for name in roots.sorted() {
            look(at: name, into: &found, seen: &seen)
        }
        return found
    }

    private func look(at path: String, into found: inout [String: Stamp], seen: inout Set<FileIdentity>) {
        guard let status = FileStatus.of(FilePath(root.path + "/" + path)) else { return }
        let folder = status.isFolder
        // A folder's own times change with its entries, which are looked at one by one: only its being there counts.
        found[path] =
            folder
            ? Stamp(folder: true, size: 0, modified: 0, changed: 0, inode: 0)
            : Stamp(
                folder: false, size: status.size, modified: status.modified, changed: status.changed,
                inode: status.inode)
        guard folder, seen.insert(FileIdentity(device: status.device, inode: status.inode)).inserted else { return }
        for entry in FileTree.names(in: FilePath(root.path + "/" + path))
        where !SiteLayout.isIgnored(name: Substring(entry)) {
            look(at: path + "/" + entry, into: &found, seen: &seen)
        }
    }

    /// The paths that differ between two looks, as native events name them: a file added, removed or changed,
    /// and a folder added or removed as its path ending in `/` beside its files.
    static func changes(from old: [String: Stamp], to new: [String: Stamp]) -> Set<String> {
        var paths = Set<String>()
        for (path, stamp) in new where old[path] != stamp {
            paths.insert(stamp.folder ? path + "/" : path)
            if let before = old[path], before.folder != stamp.folder { paths.insert(before.folder ? path + "/" : path) }
        }
        for (path, stamp) in old where new[path] == nil {
            paths.insert(stamp.folder ? path + "/" : path)
        }
        return paths
    }
}
