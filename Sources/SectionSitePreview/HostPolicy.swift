import SectionSite
import SectionSiteEngine
/// Which requests the preview answers, against DNS rebinding: a web page the author visits can point its own name
/// at 127.0.0.1 and then read the preview (drafts included) from the author's browser, unless the server refuses
/// every `Host` that is not one of its own names. Those are 127.0.0.1, localhost and [::1] at the bound port, the
/// address it was told to bind, and the names added with `--allow-host` (at any port: a proxy in front may use its
/// own). A `Host` without a port is taken as the bound port, as a client sends it for port 80. The event stream
/// also refuses requests made from another origin.
struct HostPolicy: Sendable {
    /// Names answered at the bound port, lowercased, IPv6 addresses in brackets.
    private(set) var own: Set<String>
    /// Names answered at any port.
    private(set) var allowed: Set<String>

    init(host: String, allowed: [String]) {
        own = ["127.0.0.1", "localhost", "[::1]", Self.bracketed(host.lowercased())]
        self.allowed = Set(allowed.map { Self.bracketed($0.lowercased()) })
    }

    /// Whether a request with this `Host` header is answered by a server bound to `port`.
    func allows(host header: String?, port: Int) -> Bool {
        guard let header, let (name, hostPort) = Self.split(header.lowercased()) else { return false }
        if allowed.contains(name) { return true }
        return own.contains(name) && (hostPort ?? port) == port
    }

    /// Whether an event-stream request may be answered: no `Origin`, or the origin of the page at this very
    /// `Host`; and no `Sec-Fetch-Site: cross-site`.
    func allowsEvents(origin: String?, fetchSite: String?, host: String?) -> Bool {
        if fetchSite?.lowercased() == "cross-site" { return false }
        guard let origin else { return true }
        guard let host else { return false }
        return origin.lowercased() == "http://" + host.lowercased()
    }

    /// The one-line answer to a refused request.
    func refusal(port: Int) -> String {
        "this preview answers only at its own addresses (such as http://127.0.0.1:\(port)/ and "
            + "http://localhost:\(port)/); start sectionsite serve with --allow-host NAME to answer at NAME too\n"
    }

    /// `name` and its port, from `name`, `name:port`, `[v6]` or `[v6]:port`; nil when malformed.
    static func split(_ header: String) -> (name: String, port: Int?)? {
        var name = Substring(header)
        var port: Substring?
        if header.hasPrefix("[") {
            guard let close = header.firstIndex(of: "]") else { return nil }
            name = header[...close]
            let rest = header[header.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":") else { return nil }
                port = rest.dropFirst()
            }
        } else if let colon = header.lastIndex(of: ":") {
            name = header[..<colon]
            port = header[header.index(after: colon)...]
        }
        guard !name.isEmpty else { return nil }
        guard let port else { return (String(name), nil) }
        guard !port.isEmpty, port.allSatisfy(\.isASCII), port.allSatisfy(\.isNumber), let number = Int(port) else {
            return nil
        }
        return (String(name), number)
    }

    /// An IPv6 address as a `Host` header or a URL writes it, in brackets; other names as they are.
    static func bracketed(_ name: String) -> String {
        name.contains(":") && !name.hasPrefix("[") ? "[\(name)]" : name
    }
}
