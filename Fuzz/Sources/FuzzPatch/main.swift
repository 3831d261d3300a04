import FuzzSupport

@testable import SectionSiteEngine

// Two versions of a page, split at the first NUL byte, through the keyed document reader and the patch builder:
// any HTML, including keys used twice, unclosed elements and attributes without quotes. The patch must be keyed
// operations or one `reload` that says why, the same when asked for twice, and empty from a page to itself.
// (That applying a patch gives the new page is checked in Chromium by the seeded property tests of Tests/Browser.)
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let text = text(start, count) else { return 0 }
    let parts = text.split(separator: "\0", maxSplits: 1, omittingEmptySubsequences: false)
    let old = String(parts[0])
    let new = parts.count > 1 ? String(parts[1]) : old
    let patch = PatchBuilder.patch(
        page: PageURL("/fuzz/"), from: old, version: PageVersion("a"), to: new, version: PageVersion("b"))
    let again = PatchBuilder.patch(
        page: PageURL("/fuzz/"), from: old, version: PageVersion("a"), to: new, version: PageVersion("b"))
    precondition(patch == again, "the same two pages gave two different patches")
    precondition(
        !patch.ops.contains(.reload) || (patch.isReload && patch.reloadReason != nil),
        "a reload must be alone and say why")
    let itself = PatchBuilder.patch(
        page: PageURL("/fuzz/"), from: new, version: PageVersion("b"), to: new, version: PageVersion("b"))
    precondition(itself.isReload || itself.ops.isEmpty, "a page patched into itself needs no operations")
    return 0
}

fuzz(testOneInput)
