import Foundation
import SectionSiteEngine

/// A page bound to a sequence of values, as a relay is bound to a table view: every value becomes the page anew.
package struct PageBinding: Sendable {
    /// Starts the sequence: the pages made of its values, in order.
    let pages: @Sendable () -> AsyncThrowingStream<SitePage, any Error>

    /// A binding of `values`, each made a page by `page`.
    init<Values: AsyncSequence & Sendable>(
        _ values: Values, page: @escaping @Sendable (Values.Element) throws -> SitePage
    ) where Values.Element: Sendable {
        pages = {
            AsyncThrowingStream { continuation in
                let task = Task {
                    do {
                        for try await value in values { continuation.yield(try page(value)) }
                        continuation.finish()
                    } catch {
                        continuation.finish(throwing: error)
                    }
                }
                continuation.onTermination = { _ in task.cancel() }
            }
        }
    }

    /// Starts every binding and waits until each has made its first page: a bound page exists from its first value
    /// on, so that a build or the preview starts with it. Later pages go to `then` as they come; a binding whose
    /// sequence throws after its first value stops, its page staying as it was, and `log` is told. Cancel the
    /// returned task to stop them all.
    ///
    /// - Throws: what a sequence throws before its first value, or an error when it ends without one.
    package static func start(
        _ bindings: [PageBinding], then: @escaping @Sendable (SitePage) -> Void,
        log: @escaping @Sendable (String) -> Void
    ) async throws -> (first: [SitePage], task: Task<Void, Never>) {
        guard !bindings.isEmpty else { return ([], Task {}) }
        let firsts = FirstPages(count: bindings.count)
        let task = Task {
            await withTaskGroup(of: Void.self) { group in
                for (index, binding) in bindings.enumerated() {
                    group.addTask {
                        var url: String?
                        do {
                            for try await page in binding.pages() {
                                if let url, url != page.url {
                                    log(
                                        "error: a bound page's URL changed from \(url) to \(page.url); its new "
                                            + "values are left out"
                                    )
                                    return
                                }
                                if url == nil {
                                    url = page.url
                                    firsts.set(index, page)
                                } else {
                                    then(page)
                                }
                            }
                            if url == nil {
                                firsts.fail(WebsiteProblem.sequenceEndedEarly.error())
                            }
                        } catch {
                            if url == nil {
                                firsts.fail(error)
                            } else if !Task.isCancelled {
                                log(
                                    "error: the sequence bound to \(url!) failed, so the page stays as it was: \(error)"
                                )
                            }
                        }
                    }
                }
            }
        }
        do {
            return (
                try await withTaskCancellationHandler {
                    try await firsts.wait()
                } onCancel: {
                    task.cancel()
                }, task
            )
        } catch {
            task.cancel()
            throw error
        }
    }
}

/// The first page of each binding, and whoever waits for all of them.
private final class FirstPages: Sendable {
    private struct State {
        var pages: [Int: SitePage] = [:]
        var failure: (any Error)?
        var waiter: CheckedContinuation<[SitePage], any Error>?
    }

    private let count: Int
    private let state = Locked(State())

    init(count: Int) { self.count = count }

    func set(_ index: Int, _ page: SitePage) {
        state.withLock { $0.pages[index] = page }
        resumeIfDone()
    }

    func fail(_ error: any Error) {
        state.withLock { if $0.failure == nil { $0.failure = error } }
        resumeIfDone()
    }

    func wait() async throws -> [SitePage] {
        try await withCheckedThrowingContinuation { continuation in
            state.withLock { $0.waiter = continuation }
            resumeIfDone()
        }
    }

    private func resumeIfDone() {
        let (waiter, result) = state.withLock {
            state -> (CheckedContinuation<[SitePage], any Error>?, Result<[SitePage], any Error>?) in
            guard let waiter = state.waiter else { return (nil, nil) }
            if let failure = state.failure {
                state.waiter = nil
                return (waiter, .failure(failure))
            }
            guard state.pages.count == count else { return (nil, nil) }
            state.waiter = nil
            return (waiter, .success(state.pages.keys.sorted().map { state.pages[$0]! }))
        }
        if let waiter, let result { waiter.resume(with: result) }
    }
}
