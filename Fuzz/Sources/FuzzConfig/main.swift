import FuzzSupport

@testable import SectionSiteEngine

// `sectionsite.yml` as anyone could write it. Errors are expected; a crash, a hang or a runaway allocation is a
// finding.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let text = text(start, count) else { return 0 }
    _ = try? ConfigParser().parse(text)
    return 0
}

fuzz(testOneInput)
