import Foundation

/// A thread-safe list of warnings that stages add to while the build goes on; sorted when read so output is stable.
public final class Warnings: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Diagnostic] = []

    /// Creates an empty list.
    public init() {}

    /// Adds a warning.
    public func warn(_ message: String, at location: SourceLocation? = nil) {
        lock.lock()
        items.append(Diagnostic(.warning, message, at: location))
        lock.unlock()
    }

    /// All warnings so far, ordered by file, line and message.
    public var all: [Diagnostic] {
        lock.lock()
        defer { lock.unlock() }
        return items.sorted {
            ($0.location?.file ?? "", $0.location?.line ?? 0, $0.location?.column ?? 0, $0.message)
                < ($1.location?.file ?? "", $1.location?.line ?? 0, $1.location?.column ?? 0, $1.message)
        }
    }
}
