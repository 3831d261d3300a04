import Testing

import SectionSiteDiff
import SectionSiteEngine

/// Inputs the fuzz targets (Fuzz/) found crashing, each kept as a regression test of the same properties.
@Suite("Fuzz findings")
struct FuzzRegressionTests {
    @Test(
        "keyed documents the fuzzer found: the patch builder answers, never traps",
        arguments: [
            // FuzzPatch, 2026-11-23, within 30 s: an element whose unquoted attribute runs to the end of the document
            // made a range whose end came before its start.
            #"<l data-ss-children="page"><i data-ss-key="s:intro"></i><f data-ss-children=s:intro"#
        ])
    func patchBuilder(_ html: String) {
        let patch = PatchBuilder.patch(page: "/fuzz/", from: html, version: "a", to: html, version: "b")
        #expect(patch.isReload ? patch.reloadReason != nil : patch.ops.isEmpty)
        #expect(PatchBuilder.patch(page: "/fuzz/", from: html, version: "a", to: html, version: "b") == patch)
    }
}
