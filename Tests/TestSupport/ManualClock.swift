import Foundation
import Testing

/// A clock that moves only when a test says so: sleepers wake when `advance(by:)` passes their deadline.
package final class ManualClock: Clock, @unchecked Sendable {
    package struct Instant: InstantProtocol {
        package var offset: Duration
        package init(offset: Duration) { self.offset = offset }
        package func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        package func duration(to other: Instant) -> Duration { other.offset - offset }
        package static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    package init() {}

    private let lock = NSLock()
    private var current = Instant(offset: .zero)
    private var sleepers: [(deadline: Instant, continuation: CheckedContinuation<Void, Error>)] = []

    package var now: Instant { lock.withLock { current } }
    package var minimumResolution: Duration { .zero }

    /// How many tasks are asleep on this clock.
    package var sleeping: Int { lock.withLock { sleepers.count } }

    package func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
                lock.lock()
                if deadline <= current || Task.isCancelled {
                    lock.unlock()
                    if Task.isCancelled {
                        continuation.resume(throwing: CancellationError())
                    } else {
                        continuation.resume()
                    }
                    return
                }
                sleepers.append((deadline, continuation))
                lock.unlock()
            }
        } onCancel: {
            lock.lock()
            let all = sleepers
            sleepers = []
            lock.unlock()
            for sleeper in all { sleeper.continuation.resume(throwing: CancellationError()) }
        }
    }

    /// Moves the clock on and wakes every sleeper whose deadline has come.
    package func advance(by duration: Duration) {
        lock.lock()
        current = current.advanced(by: duration)
        let due = sleepers.filter { $0.deadline <= current }
        sleepers.removeAll { $0.deadline <= current }
        lock.unlock()
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Waits, half a second at most, until a task sleeps on the clock: advancing before would wake nobody.
    package func untilSomeoneSleeps() async throws {
        for _ in 0..<100 where sleeping == 0 { try await Task.sleep(for: .milliseconds(5)) }
        #expect(sleeping > 0, "nothing went to sleep on the clock")
    }
}
