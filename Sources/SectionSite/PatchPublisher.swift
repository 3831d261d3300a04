import Foundation
import SectionSiteEngine
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends each build's new patches to a push server, one channel per page: an HTTP POST of the patch's JSON to the
/// publisher location followed by the page's URL (`http://127.0.0.1:8080/_push/pub` + `/posts/a/`), as nchan's
/// `nchan_publisher` with `nchan_channel_id` taken from the path expects.
///
/// Builds never wait for it: `publish(_:)` queues a build's patches and returns. The queue sends one build's
/// patches at a time, each page's before the next build's, so every channel gets its patches in order; within a
/// build, pages go in parallel. A build whose patches the server does not take after a few tries (enough for a
/// restart) is dropped with one warning until the server takes patches again: readers lose nothing, they catch up
/// from the static feed.
package final class PatchPublisher: Sendable {
    /// The publisher location; a page's channel is this followed by the page's URL.
    package let endpoint: String
    private let batches: AsyncStream<[PatchFeed.Message]>.Continuation
    private let sender: Task<Void, Never>

    /// How many builds may wait to be sent; past it the oldest are dropped (readers catch up from the feed).
    static let backlog = 1000
    /// How many pages of one build are sent at once.
    static let parallel = 16
    /// The pauses between tries of a build's patches that the server did not take: the length of a server restart.
    static let retries: [Duration] = [.milliseconds(250), .seconds(1), .seconds(2)]
    /// The most time one build's patches may take, tries included: a server that accepts connections and never
    /// answers held a build of 160 changed pages for 206 s when only each request had a limit (5 s). Patches not
    /// sent by then are dropped with the build's one warning; readers catch up from the feed.
    static let deadline: TimeInterval = 10
    /// The most time one request may take.
    static let requestTimeout: TimeInterval = 5

    /// The publisher location `text` names (`--publish`), or the error that it names none.
    package static func endpoint(_ text: String) throws -> URL {
        guard let url = URL(string: text) else { throw WebsiteProblem.notAPublisherURL(text).error() }
        return url
    }

    /// A publisher to `endpoint`.
    ///
    /// - Parameters:
    ///   - endpoint: the publisher location, `http://` or `https://`; a trailing `/` is dropped.
    ///   - log: told, as lines `sectionsite build` prints, when the server stops taking patches and when it takes
    ///     them again.
    ///   - trace: for measuring, told each patch sent (`published /a/ 1f2e...->9c0d... at <seconds since 1970> in
    ///     0.002 s`) and each build (`published 50 patches in 0.012 s`); nil for none.
    package init(
        endpoint url: URL, log: @escaping @Sendable (String) -> Void, trace: (@Sendable (String) -> Void)? = nil
    ) throws {
        guard ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
            throw WebsiteProblem.notAPublisherURL(url.absoluteString).error()
        }
        let endpoint = url.absoluteString.hasSuffix("/") ? String(url.absoluteString.dropLast()) : url.absoluteString
        self.endpoint = endpoint
        let (stream, continuation) = AsyncStream.makeStream(
            of: [PatchFeed.Message].self, bufferingPolicy: .bufferingNewest(Self.backlog))
        batches = continuation
        sender = Task {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.timeoutIntervalForRequest = Self.requestTimeout
            configuration.httpMaximumConnectionsPerHost = Self.parallel
            let session = URLSession(configuration: configuration)
            var failing = false
            for await batch in stream {
                let start = Date()
                let deadline = start.addingTimeInterval(Self.deadline)
                var (failed, sent) = await Self.send(batch, to: endpoint, session: session, until: deadline)
                // A server that was taking patches gets a few more tries (a restart); one that was not, none, so a
                // follow whose server is gone keeps pace with its builds.
                for pause in failing ? [] : Self.retries where !failed.isEmpty && Date() < deadline {
                    try? await Task.sleep(for: pause)
                    let again = await Self.send(failed.map(\.patch), to: endpoint, session: session, until: deadline)
                    failed = again.failed
                    sent += again.sent
                }
                if let trace {
                    for (patch, at, took) in sent {
                        trace(
                            "published \(patch.page) \(patch.from)->\(patch.to) at \(String(format: "%.6f", at)) in "
                                + "\(String(format: "%.6f", took)) s"
                        )
                    }
                }
                if let first = failed.first {
                    if !failing {
                        log(
                            "warning: the push server did not take \(failed.count) of \(batch.count) patches at "
                                + "\(endpoint) (\(first.reason)); readers catch up from the patch feed, and builds "
                                + "go on"
                        )
                    }
                    failing = true
                } else {
                    if failing { log("the push server at \(endpoint) takes patches again") }
                    failing = false
                    trace?(
                        "published \(batch.count) patches in "
                            + "\(String(format: "%.6f", Date().timeIntervalSince(start))) s"
                    )
                }
            }
            session.finishTasksAndInvalidate()
        }
    }

    deinit {
        batches.finish()
    }

    /// Queues a build's patches; returns at once.
    package func publish(_ patches: [PatchFeed.Message]) {
        guard !patches.isEmpty else { return }
        batches.yield(patches)
    }

    /// Waits until every queued patch is sent or dropped; nothing may be published after.
    package func finish() async {
        batches.finish()
        await sender.value
    }

    /// The channel URL of `page`: the endpoint followed by the page's URL, percent-encoded as a path.
    package static func channel(_ page: PageURL, endpoint: String) -> URL? {
        URL(
            string: endpoint
                + (page.rawValue.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? page.rawValue))
    }

    /// Sends `patches` in parallel until `deadline`: those the server did not take (or that were not sent in time),
    /// each with why, and those it took, each with when its request started (seconds since 1970) and how long it
    /// took. No request outlives the deadline.
    static func send(
        _ patches: [PatchFeed.Message], to endpoint: String, session: URLSession, until deadline: Date
    ) async -> (
        failed: [(patch: PatchFeed.Message, reason: String)],
        sent: [(patch: PatchFeed.Message, at: Double, seconds: Double)]
    ) {
        let late = "not sent within the time a build's patches may take"
        return await withTaskGroup(of: (PatchFeed.Message, String?, Double, Double).self) { group in
            var failed: [(patch: PatchFeed.Message, reason: String)] = []
            var sent: [(patch: PatchFeed.Message, at: Double, seconds: Double)] = []
            var next = patches.makeIterator()
            func add(_ patch: PatchFeed.Message) {
                group.addTask {
                    let at = Date().timeIntervalSince1970
                    let left = min(requestTimeout, deadline.timeIntervalSinceNow)
                    let reason = left <= 0 ? late : await post(patch, to: endpoint, session: session, timeout: left)
                    return (patch, reason, at, Date().timeIntervalSince1970 - at)
                }
            }
            for _ in 0..<parallel { if let patch = next.next() { add(patch) } }
            for await (patch, reason, at, seconds) in group {
                if let reason { failed.append((patch, reason)) } else { sent.append((patch, at, seconds)) }
                if let patch = next.next() { add(patch) }
            }
            return (failed.sorted { $0.patch.page < $1.patch.page }, sent.sorted { $0.patch.page < $1.patch.page })
        }
    }

    /// POSTs one patch; nil when the server took it (any 2xx), else why not.
    private static func post(
        _ patch: PatchFeed.Message, to endpoint: String, session: URLSession, timeout: TimeInterval
    ) async -> String? {
        guard let url = channel(patch.page, endpoint: endpoint) else { return "no URL for the page \(patch.page)" }
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(patch.json.utf8)
        do {
            let (_, response) = try await session.data(for: request)
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            return (200..<300).contains(status) ? nil : "HTTP \(status) for \(url.absoluteString)"
        } catch {
            return error.localizedDescription
        }
    }
}
