import Dispatch
import Foundation
import Testing

import SectionSiteDiff
@testable import SectionSiteEngine
@testable import SectionSiteHighlight

/// The C libraries the engine calls keep process-wide state (libcmark-gfm's table of special inline characters,
/// Qt's and KSyntaxHighlighting's registries): each is run on every core at once against a serial run of the same
/// input, which must come out the same to the byte. ThreadSanitizer cannot see into them (they are not
/// instrumented), so these compare output instead.
@Suite("C libraries on all cores give what they give on one")
struct ConcurrencyTests {
    /// A page using every Markdown extension with characters of its own: strikethrough in a paragraph, a table
    /// cell, a task list, a footnote and an alert, autolinks, smart punctuation, and code in several languages.
    static func page(_ number: Int) -> String {
        """
        # Page \(number)

        A ~~struck \(number)~~ word, "quoted" -- and www.example.com/\(number) and https://example.org/a.

        | column | ~~old~~ |
        | --- | --- |
        | ~~cell \(number)~~ | kept |

        - [x] ~~done \(number)~~
        - [ ] www.example.net

        > [!NOTE]
        > A ~~noted~~ alert \(number).

        Footnoted[^n].

        [^n]: A ~~footnote~~ \(number).

        ```swift
        let x\(number) = "~~not struck~~"
        ```

        ```python
        def f\(number)(): return 1  # comment
        ```

        ```json
        {"n": \(number)}
        ```
        """
    }

    /// Renders every page on several threads at once, each starting at another page, against one serial render.
    ///
    /// Threads of its own rather than `concurrentPerform`: the test runner runs other tests at the same time, and
    /// a busy dispatch pool can leave one thread doing all the work, which would hide a race.
    static func compare(pages: Int, render: @escaping @Sendable (String) -> String) {
        let texts = (0..<pages).map(page)
        let serial = texts.map(render)
        let threads = max(4, ProcessInfo.processInfo.activeProcessorCount)
        let differing = Locked(0)
        let done = DispatchGroup()
        for thread in 0..<threads {
            done.enter()
            Thread.detachNewThread {
                var count = 0
                for step in 0..<pages {
                    let index = (step + thread * pages / threads) % pages
                    if render(texts[index]) != serial[index] { count += 1 }
                }
                differing.withLock { $0 += count }
                done.leave()
            }
        }
        done.wait()
        let total = differing.withLock { $0 }
        #expect(total == 0, "\(total) of \(pages * threads) renders on \(threads) threads differ from the serial one")
    }

    @Test("libcmark-gfm: strikethrough, autolinks and tables survive parsers finishing on other threads")
    func markdown() {
        let markdown = Markdown(smart: true)
        Self.compare(pages: 2_000) { text in
            markdown.render(text, source: "Content/a.md").blocks.map(\.html).joined(separator: "\n")
        }
        let sample = markdown.render(Self.page(7), source: "Content/a.md").blocks.map(\.html).joined()
        #expect(sample.components(separatedBy: "<del>").count - 1 == 6)
        #expect(sample.contains(#"<a href="http://www.example.com/7">"#))
    }

    #if os(Linux) && !SECTIONSITE_PORTABLE
    /// What the test above checks runs without a lock here: if the binary stopped taking the library's table-filling
    /// function's place (a linker that no longer exports it), this says so rather than the build getting slower.
    @Test("on Linux, documents finish on every thread at once: libcmark-gfm's table is filled once for the process")
    func inlinesInParallel() {
        #expect(Markdown.finishesInParallel)
    }
    #endif

    @Test(
        "KSyntaxHighlighting: each thread's repository highlights as one thread does",
        .enabled(if: Highlighter.kateIsBuiltIn, "built without KSyntaxHighlighting"))
    func highlighter() {
        let languages = ["swift", "python", "json", "cpp", "bash", "yaml", "rust", "go"]
        Self.compare(pages: 300) { text in
            languages.map { Highlighter.kateHTML(text, language: $0) ?? "-" }.joined(separator: "\n")
        }
    }
}
