import Foundation

/// A value made on another thread from the moment this is made, waited for where it is read: a build starts
/// what it will need later (the output's listing, the patch feed's history) while it reads its record.
final class Background<Value: Sendable>: Sendable {
    private let done = DispatchGroup()
    private let made = Locked<Value?>(nil)

    /// Starts making the value.
    init(_ make: @escaping @Sendable () -> Value) {
        DispatchQueue.global().async(group: done) { [made] in
            let value = make()
            made.withLock { $0 = value }
        }
    }

    /// The value; waits until it is made.
    var value: Value {
        done.wait()
        return made.withLock { $0! }
    }
}
