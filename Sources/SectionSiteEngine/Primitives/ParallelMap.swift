import Foundation
import Synchronization

extension Array where Element: Sendable {
    /// Maps on all cores, keeping the order; if any transform throws, the error of the lowest index is thrown, so
    /// the same input always reports the same error. `progress` is told the count done every 250 elements.
    ///
    /// Each result goes straight into its own slot of one buffer allocated up front: no thread touches another's
    /// slot, no array is resized or copied while the threads run, and no lock is taken on the way.
    /// A transform that cannot throw makes a map that cannot either (`Failure` is `Never`).
    func parallelMap<Result: Sendable, Failure: Error>(
        progress: (@Sendable (Int) -> Void)? = nil, _ transform: @Sendable (Element) throws(Failure) -> Result
    ) throws(Failure) -> [Result] {
        let count = self.count
        let slots = UnsafeMutableBufferPointer<Swift.Result<Result, Failure>>.allocate(capacity: count)
        defer {
            slots.baseAddress?.deinitialize(count: count)
            slots.deallocate()
        }
        nonisolated(unsafe) let output = slots
        let done = Atomic<Int>(0)
        withUnsafeBufferPointer { elements in
            nonisolated(unsafe) let elements = elements
            DispatchQueue.concurrentPerform(iterations: count) { index in
                (output.baseAddress! + index).initialize(
                    to: Swift.Result { () throws(Failure) -> Result in try transform(elements[index]) })
                if let progress {
                    let finished = done.add(1, ordering: .relaxed).newValue
                    if finished % 250 == 0 { progress(finished) }
                }
            }
        }
        var results: [Result] = []
        results.reserveCapacity(count)
        for slot in slots { results.append(try slot.get()) }
        return results
    }

    /// Runs `body` for every element on all cores and throws the error of the lowest index, if any.
    func parallelForEach<Failure: Error>(
        progress: (@Sendable (Int) -> Void)? = nil, _ body: @Sendable (Element) throws(Failure) -> Void
    ) throws(Failure) {
        _ = try parallelMap(progress: progress, body)
    }
}
