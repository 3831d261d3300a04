import SectionSiteEngine

/// What changed since the last rebuild, filled by the file watcher's thread and by the tasks that follow bound
/// pages: changes and pages a program defined anew (the newest of each URL).
package final class RebuildQueue: Sendable {
    package init() {}

    /// One rebuild's worth of changes.
    package struct Batch: Sendable {
        /// What changed.
        package var changes = Set<SiteChange>()
        /// Pages defined anew, by URL.
        package var pages: [String: SitePage] = [:]

        package init(changes: Set<SiteChange> = [], pages: [String: SitePage] = [:]) {
            self.changes = changes
            self.pages = pages
        }

        var isEmpty: Bool { changes.isEmpty && pages.isEmpty }

        package mutating func merge(_ other: Batch) {
            changes.formUnion(other.changes)
            pages.merge(other.pages) { _, newer in newer }
        }
    }

    private struct State {
        var batch = Batch()
        var waiter: CheckedContinuation<Batch?, Never>?
        var closed = false
    }

    private let state = Locked(State())

    /// Adds changes; wakes the rebuild loop if it waits.
    package func add(_ changes: Set<SiteChange>) { add(Batch(changes: changes)) }

    /// Adds a page defined anew; wakes the rebuild loop if it waits.
    package func add(_ page: SitePage) { add(Batch(pages: [page.url: page])) }

    private func add(_ more: Batch) {
        let waiter = state.withLock { state -> CheckedContinuation<Batch?, Never>? in
            guard let waiter = state.waiter else {
                state.batch.merge(more)
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume(returning: more)
    }

    /// Ends the queue: `next()` gives what is waiting, then nil.
    package func cancel() {
        state.withLock { state in
            state.closed = true
            defer { state.waiter = nil }
            return state.waiter
        }?.resume(returning: nil)
    }

    /// Everything added since the last call, waiting for something if there is nothing; nil once cancelled.
    package func next() async -> Batch? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let ready = state.withLock { state -> Batch?? in
                    if !state.batch.isEmpty {
                        defer { state.batch = Batch() }
                        return .some(state.batch)
                    }
                    if Task.isCancelled || state.closed { return .some(nil) }
                    state.waiter = continuation
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            state.withLock { state in
                defer { state.waiter = nil }
                return state.waiter
            }?.resume(returning: nil)
        }
    }
}
