import Foundation
import FuzzSupport
import SectionSiteHighlight

@testable import SectionSiteEngine

// A Markdown page as a contributor could write it: front matter, sections, Markdown body and item bodies, through
// everything that reads a page (YAML, the page model, libcmark-gfm, heading ids, link rewriting, highlighting).
// Errors are expected; a crash, a hang or a runaway allocation is a finding.
let loader = ContentLoader(
    site: URL(fileURLWithPath: "/nonexistent-fuzz-site"),
    markdown: Markdown(config: SiteConfig(), highlighter: HighlightCache(.kate)), permalinks: Permalinks())

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let text = text(start, count) else { return 0 }
    _ = try? loader.load("Content/posts/fuzz.md", text: text)
    return 0
}

fuzz(testOneInput)
