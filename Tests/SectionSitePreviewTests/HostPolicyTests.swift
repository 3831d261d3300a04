import Testing

import SectionSite
import SectionSiteDiff
import SectionSiteEngine
@testable import SectionSitePreview

@Suite("Host policy")
struct HostPolicyTests {
    let policy = HostPolicy(host: "127.0.0.1", allowed: ["Preview.Test"])

    @Test(
        "the server's own names at its port, and allowed names at any port, are answered",
        arguments: [
            "127.0.0.1:8123", "localhost:8123", "LocalHost:8123", "[::1]:8123", "localhost", "preview.test",
            "preview.test:9",
        ])
    func answered(_ host: String) {
        #expect(policy.allows(host: host, port: 8123))
    }

    @Test(
        "other names, other ports, malformed or missing hosts are refused",
        arguments: [
            "evil.example:8123", "localhost:8124", "127.0.0.1.nip.io:8123", "[::1", "[::1]x", "localhost:",
            "localhost:80a",
            ":8123", "", "[::2]:8123", "preview.test.evil.example",
        ] as [String?] + [nil])
    func refused(_ host: String?) {
        #expect(!policy.allows(host: host, port: 8123))
    }

    @Test("a bound IPv6 address is its own name, in brackets")
    func boundIPv6() {
        let policy = HostPolicy(host: "::", allowed: [])
        #expect(policy.allows(host: "[::]:8000", port: 8000))
        #expect(!policy.allows(host: "192.168.1.2:8000", port: 8000))
        // The ready line's URL writes the address as a Host header does: http://[::1]:8000/, not http://::1:8000/.
        #expect(HostPolicy.bracketed("::1") == "[::1]" && HostPolicy.bracketed("[::1]") == "[::1]")
        #expect(HostPolicy.bracketed("127.0.0.1") == "127.0.0.1" && HostPolicy.bracketed("localhost") == "localhost")
    }

    @Test("the event stream refuses other origins and cross-site fetches")
    func events() {
        #expect(policy.allowsEvents(origin: nil, fetchSite: nil, host: "localhost:8123"))
        #expect(policy.allowsEvents(origin: "http://localhost:8123", fetchSite: "same-origin", host: "localhost:8123"))
        #expect(!policy.allowsEvents(origin: "http://evil.example", fetchSite: nil, host: "localhost:8123"))
        #expect(!policy.allowsEvents(origin: "http://localhost:8124", fetchSite: nil, host: "localhost:8123"))
        #expect(!policy.allowsEvents(origin: nil, fetchSite: "cross-site", host: "localhost:8123"))
    }
}
