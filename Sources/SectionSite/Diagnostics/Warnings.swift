import Synchronization

/// A list of warnings that stages add to from any thread; sorted when read so output is stable.
public final class Warnings: Sendable {
    private let items = Mutex<[Diagnostic]>([])

    /// Creates an empty list.
    public init() {}

    /// Adds a warning.
    public func warn(_ message: String, at location: SourceLocation? = nil) {
        items.withLock { $0.append(Diagnostic(.warning, message, at: location)) }
    }

    /// All warnings so far, ordered by file, line and message.
    public var all: [Diagnostic] {
        items.withLock { $0 }.sorted {
            ($0.location?.file ?? "", $0.location?.line ?? 0, $0.location?.column ?? 0, $0.message)
                < ($1.location?.file ?? "", $1.location?.line ?? 0, $1.location?.column ?? 0, $1.message)
        }
    }
}
