#if os(Linux) && !SECTIONSITE_PORTABLE
import CLinux
import Foundation
import Glibc
import SectionSiteEngine
import Synchronization

/// File events from inotify (Linux): a watch on every folder of the tree, added as folders appear. Events are
/// gathered into an `EventBatch` and reported once the burst is over.
final class InotifyEvents: FileEvents, @unchecked Sendable {
    private let tree: WatchedTree
    private let quiet: Duration
    private let longest: Duration
    private let onChange: @Sendable (Set<String>) -> Void
    private var descriptor: Int32 = -1
    private var wake: [Int32] = [-1, -1]
    private var folders: [Int32: String] = [:]  // watch descriptor -> folder relative to the root ("" for it)
    private var thread: Thread?
    private let stopped = Atomic<Bool>(false)

    init(tree: WatchedTree, quiet: Duration, longest: Duration, onChange: @escaping @Sendable (Set<String>) -> Void) {
        self.tree = tree
        self.quiet = quiet
        self.longest = longest
        self.onChange = onChange
    }

    /// The kind of file system at `path` when it is one where inotify misses changes (those made by another
    /// machine or by the host of a container): a network mount or FUSE. Nil for a local file system.
    static func blindFileSystem(at path: String) -> String? {
        let type = sectionsite_file_system_type(path)
        guard type >= 0 else { return nil }
        let kinds: [Int: String] = [
            0x6969: "an NFS mount", 0x517B: "an SMB mount", 0xFF53_4D42: "a CIFS mount", 0xFE53_4D42: "an SMB mount",
            0x6573_5546: "a FUSE file system", 0x0102_1997: "a 9p mount", 0x0BD0_0BD0: "a Lustre file system",
            0x0047_5441: "a GPFS file system",
        ]
        return kinds[Int(UInt32(truncatingIfNeeded: type))]
    }

    /// Starts watching on a thread of its own; throws `NoNativeEvents` when inotify cannot watch the whole tree
    /// (no inotify in this kernel, or the user's limit of watches reached).
    func start() throws {
        descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else {
            throw NoNativeEvents(why: "inotify is not available (\(SystemReason.ofLastCall))")
        }
        guard pipe(&wake) == 0 else {
            Glibc.close(descriptor)
            throw PreviewProblem.cannotWatch(reason: SystemReason.ofLastCall).error()
        }
        var refused: Int32 = 0
        if !watch("", refused: &refused) { return try fail(refused) }
        for name in tree.roots.sorted() where !name.contains(".") {  // folders; files are seen from the root
            _ = watchTree(name, refused: &refused)
        }
        if refused != 0 { return try fail(refused) }
        let thread = Thread { [self] in run() }
        thread.name = "sectionsite-watcher"
        self.thread = thread
        thread.start()
    }

    private func fail(_ error: Int32) throws {
        for end in [descriptor, wake[0], wake[1]] { Glibc.close(end) }
        wake = [-1, -1]
        let why =
            error == ENOSPC
            ? "the folders outnumber this user's inotify watches (raise fs.inotify.max_user_watches to use them)"
            : "inotify cannot watch it (\(String(cString: strerror(error))))"
        throw NoNativeEvents(why: why)
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

    /// Adds a watch on a folder; false, with the reason in `refused` when it is a lack of watches or memory, when
    /// inotify refuses (a folder that went away meanwhile is not a refusal).
    @discardableResult
    private func watch(_ folder: String, refused: inout Int32) -> Bool {
        let path = folder.isEmpty ? tree.root.path : tree.root.path + "/" + folder
        let watch = inotify_add_watch(descriptor, path, Self.mask)
        guard watch >= 0 else {
            if errno == ENOSPC || errno == ENOMEM { refused = errno }
            return false
        }
        folders[watch] = folder
        return true
    }

    /// Watches a folder and every folder under it; returns the files already in it.
    private func watchTree(_ folder: String, refused: inout Int32) -> [String] {
        guard watch(folder, refused: &refused) else { return [] }
        var files: [String] = []
        let path = tree.root.path + "/" + folder
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        where !SiteLayout.isIgnored(name: Substring(entry)) {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path + "/" + entry, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                files += watchTree(folder + "/" + entry, refused: &refused)
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
        var refused: Int32 = 0  // a folder created later that cannot be watched is seen when its files are saved
        loop: while true {
            var fds = [
                pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake[0], events: Int16(POLLIN), revents: 0),
            ]
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
                    (
                        raw.load(fromByteOffset: offset, as: Int32.self),
                        raw.load(fromByteOffset: offset + 4, as: UInt32.self),
                        Int(raw.load(fromByteOffset: offset + 12, as: UInt32.self))
                    )
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
                if folder.isEmpty && !tree.roots.contains(name) { continue }
                let now = clock.now
                if mask & UInt32(IN_ISDIR) != 0 {
                    if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                        for file in watchTree(path, refused: &refused) { batch.add(file, at: now) }
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
#endif
