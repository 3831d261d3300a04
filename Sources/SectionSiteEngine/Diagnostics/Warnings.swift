/// A list of warnings that a step adds to; sorted when read so output is stable. A value: every step that warns
/// does so on one thread (the parallel stages return what they find instead).
package struct Warnings: Sendable {
    private var items: [Diagnostic] = []

    /// Creates an empty list.
    package init() {}

    /// Adds a warning.
    mutating func add(_ warning: Diagnostic) {
        precondition(warning.severity == .warning, "Warnings holds warnings")
        items.append(warning)
    }

    /// All warnings so far, ordered by file, line and message.
    var all: [Diagnostic] { items.sorted(by: Diagnostic.inFileOrder) }
}
