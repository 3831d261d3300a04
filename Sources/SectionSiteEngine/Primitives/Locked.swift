import Foundation

/// A value that many threads share behind a lock, with the shape of `Synchronization.Mutex` (`withLock`).
///
/// Why not `Mutex` itself: on Linux with Swift 6.3 ThreadSanitizer does not see `Mutex`'s futex-based lock, and
/// reports every access it guards as a race (a ten-line program that increments a `Mutex`-guarded counter from
/// `concurrentPerform` gets 16 reports and the right total), which would make the ThreadSanitizer run of `make test`
/// cry wolf. `NSLock` is a pthread mutex, which ThreadSanitizer understands. This is the one place that vouches
/// for its own `Sendable`.
package final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// A value behind a new lock.
    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, holding the lock.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
