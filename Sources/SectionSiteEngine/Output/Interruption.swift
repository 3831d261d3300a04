import Foundation

/// A request to stop a build (SIGINT or SIGTERM), honoured only where the output is whole. Before the output is
/// touched, the process may end at once. While files are written (into the staging folder, or beside their
/// targets for an update in place), the writer stops at its next file, removes what it wrote, and the build throws.
/// Once the new output is being put in place (one exchange of folders, or the journal's renames) and
/// `.sectionsite/` saved, that is finished first. So whenever the process ends, the output folder holds the
/// previous build or the new one, whole, with the record that goes with it.
package final class Interruption: Sendable {
    private struct State {
        var writing = false
        var signal: Int32?
    }

    private let state = Locked(State())

    /// A request not yet made.
    package init() {}

    /// Records a request; true when the process may end at once, false when the writer will stop at a whole point.
    package func request(signal: Int32) -> Bool {
        state.withLock { state in
            state.signal = state.signal ?? signal
            return !state.writing
        }
    }

    /// The signal of the request, if one was made.
    package var signal: Int32? { state.withLock { $0.signal } }

    /// Starts writing output; throws if a request came already.
    func beginWriting() throws {
        try state.withLock { state in
            if state.signal != nil { throw Self.error }
            state.writing = true
        }
    }

    /// Ends writing output: a request that came meanwhile now ends the process at once.
    func endWriting() {
        state.withLock { $0.writing = false }
    }

    /// Throws if a request came: the writer's check between files.
    func check() throws {
        if signal != nil { throw Self.error }
    }

    /// What a build that a request stopped throws, and what the command says when it ends at once.
    package static let error = OutputProblem.interrupted.error()
}
