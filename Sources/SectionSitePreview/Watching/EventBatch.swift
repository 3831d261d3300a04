import Foundation

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
