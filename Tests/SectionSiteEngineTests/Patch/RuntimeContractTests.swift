import Foundation
import Testing

import SectionSiteDiff
@testable import SectionSiteEngine
import SiteTestSupport

/// The browser runtime is JavaScript and cannot import `PatchContract`: its constants are checked here against the
/// Swift definitions, so that a key kind or attribute renamed on one side fails the tests, not a reader's page.
@Suite("The patch contract")
struct RuntimeContractTests {
    static func constant(_ name: String) -> String? {
        let pattern = try! Regex(#"\b"# + name + #"\s*=\s*"([^"]*)""#)
        return Runtime.script.firstMatch(of: pattern).map { String($0.output[1].substring!) }
    }

    @Test("the runtime's attribute and key-prefix constants are PatchContract's")
    func runtimeConstants() {
        #expect(Self.constant("KEY") == PatchContract.keyAttribute)
        #expect(Self.constant("CHILDREN") == PatchContract.childrenAttribute)
        #expect(Self.constant("SECTION") == PatchContract.Kind.section.rawValue)
        #expect(Self.constant("HEADER") == PatchContract.Kind.header.rawValue)
        #expect(Self.constant("FOOTER") == PatchContract.Kind.footer.rawValue)
        #expect(Self.constant("HEAD") == PatchContract.headList)
        #expect(Runtime.script.components(separatedBy: "\"data-ss-children\"").count == 2, "named once, as CHILDREN")
    }

    @Test("the renderer writes every key through the contract's kinds and lists")
    func renderedKeys() throws {
        var files = TestSite.theme
        files["Content/index.md"] =
            "---\nsections:\n  - id: s1\n    header: H\n    footer: F\n    cell: a\n    items:\n      - {id: x, title: X}\n---\nBody.\n"
        let site = try TestSite(files)
        try site.build()
        let html = try site.output("index.html")
        let keys = html.matches(of: /data-ss-key="([^"]*)"/).map { String($0.1) }
        #expect(keys.allSatisfy { key in PatchContract.Kind.allCases.contains { $0.matches(key) } }, "\(keys)")
        #expect(
            Set(keys.compactMap { key in PatchContract.Kind.allCases.first { $0.matches(key) } }) == [
                .section, .header, .footer, .item, .block, .region,
            ])
        let lists = html.matches(of: /data-ss-children="([^"]*)"/).map { String($0.1) }
        #expect(lists == [PatchContract.pageList, PatchContract.Kind.section.key("s1"), PatchContract.bodyList])
    }
}
