import Foundation

extension Array where Element: Sendable {
    /// Maps on all cores, keeping the order; if any transform throws, the error of the lowest index is thrown, so
    /// the same input always reports the same error.
    func parallelMap<Result: Sendable>(
        progress: (@Sendable (Int) -> Void)? = nil, _ transform: @Sendable (Element) throws -> Result
    ) throws -> [Result] {
        let results = ResultSlots<Result>(count: count)
        let counter = Counter()
        self.withUnsafeBufferPointer { elements in
            nonisolated(unsafe) let elements = elements
            DispatchQueue.concurrentPerform(iterations: elements.count) { index in
                results.set(index, Swift.Result { try transform(elements[index]) })
                if let progress {
                    let done = counter.increment()
                    if done % 250 == 0 { progress(done) }
                }
            }
        }
        return try results.values()
    }
}

/// One slot per index, written once each from many threads.
private final class ResultSlots<Value: Sendable>: @unchecked Sendable {
    private var slots: [Result<Value, Error>?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ result: Result<Value, Error>) {
        slots.withUnsafeMutableBufferPointer { $0[index] = result }
    }

    func values() throws -> [Value] {
        try slots.map { try $0!.get() }
    }
}
