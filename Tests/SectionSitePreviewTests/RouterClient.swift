import Hummingbird
import NIOEmbedded

/// Requests handed straight to an application's responder, in process (no socket, no server), as
/// HummingbirdTesting's `.router` framework hands them: without that library, whose live modes bring an HTTP client
/// and a TLS stack (AsyncHTTPClient, swift-nio-ssl with BoringSSL's C) into every test build, twice with
/// ThreadSanitizer's.
struct RouterClient {
    /// A response as a test reads it: the status, the headers and the whole body.
    struct Response {
        let status: HTTPResponse.Status
        let headers: HTTPFields
        let body: ByteBuffer
    }

    let responder: any HTTPResponder<BasicRequestContext>
    let makeContext: @Sendable () -> BasicRequestContext

    /// Runs `body` with a client of `app`'s responder.
    static func test<App: ApplicationProtocol, Value>(
        _ app: App, _ body: (RouterClient) async throws -> Value
    ) async throws -> Value where App.Responder.Context == BasicRequestContext {
        let logger = app.logger
        let client = RouterClient(responder: try await app.responder) {
            BasicRequestContext(
                source: ApplicationRequestContextSource(channel: NIOAsyncTestingChannel(), logger: logger))
        }
        return try await body(client)
    }

    /// Sends a request without a body and hands its response to `check`; an error the responder throws is a 500, as
    /// in HummingbirdTesting.
    func execute<Value>(
        uri: String, method: HTTPRequest.Method, headers: HTTPFields = [:], _ check: (Response) async throws -> Value
    ) async throws -> Value {
        let request = Request(
            head: HTTPRequest(method: method, scheme: "http", authority: "localhost", path: uri, headerFields: headers),
            body: RequestBody(buffer: ByteBuffer()))
        let response: Hummingbird.Response
        do {
            response = try await responder.respond(to: request, context: makeContext())
        } catch {
            response = Hummingbird.Response(status: .internalServerError)
        }
        let collector = BodyCollector()
        try await response.body.write(collector)
        return try await check(
            Response(status: response.status, headers: response.headers, body: collector.storage.body))
    }

    /// Collects what a response body writes; one task writes it, in order.
    private struct BodyCollector: ResponseBodyWriter {
        final class Storage: @unchecked Sendable { var body = ByteBuffer() }
        let storage = Storage()

        func write(_ buffer: ByteBuffer) async throws { storage.body.writeImmutableBuffer(buffer) }
        func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }
}
