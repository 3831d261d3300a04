import SectionSite
import SectionSiteEngine
/// One Server-Sent Event of the preview's event stream, as it goes on the wire.
struct ServerEvent: Sendable, Equatable {
    /// The event name (`patch`, `reload`, `error`, `ok`, `css`), or nil for a comment line.
    var name: String?
    /// The event id, for `Last-Event-ID`.
    var id: Int?
    /// The data line (one line of JSON).
    var data: String
    /// For a patch that is a `reload`, why: traced, never sent.
    var reloadReason: String? = nil

    /// `event:`, `id:` and `data:` lines and a blank line; a comment is one `:` line.
    var wire: String {
        guard let name else { return ": \(data)\n\n" }
        var text = "event: \(name)\n"
        if let id { text += "id: \(id)\n" }
        return text + "data: \(data)\n\n"
    }

    /// A patch, with the build id that made it.
    static func patch(_ patch: Patch, id: Int) -> ServerEvent {
        ServerEvent(name: "patch", id: id, data: patch.json, reloadReason: patch.reloadReason)
    }
    /// The client cannot be patched and should reload.
    static let reload = ServerEvent(name: "reload", id: nil, data: "{}")
    /// The build error is gone.
    static let ok = ServerEvent(name: "ok", id: nil, data: "{}")
    /// A keep-alive comment.
    static let keepAlive = ServerEvent(name: nil, id: nil, data: "keep-alive")

    /// A build error, with the file relative to the site and line and column from 1.
    static func error(_ error: SectionSiteError) -> ServerEvent {
        var json = JSONWriter()
        json.object { json in
            json.field("file", error.location?.file)
            json.field("line", error.location?.line ?? 1)
            json.field("column", error.location?.column ?? 1)
            json.field("message", error.diagnostic.message)
        }
        return ServerEvent(name: "error", id: nil, data: json.text)
    }

    /// A stylesheet or other asset changed: the runtime swaps stylesheets without reloading the page.
    static func asset(_ path: String) -> ServerEvent {
        var json = JSONWriter()
        json.object { json in json.field("path", path) }
        return ServerEvent(name: "css", id: nil, data: json.text)
    }
}
