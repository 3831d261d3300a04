import Foundation
import Synchronization

/// The processor time a build spends inside the libraries it stands on, and how many bytes each was given: what a
/// stage must do at least, beside which `Benchmarks/build/stages.py` sets what the stage took. Counted only once
/// `count()` was called (`SECTIONSITE_TRACE`); a build that does not ask pays one relaxed load a call.
///
/// Each call is timed by its own thread's clock, so two cores working at once count twice, as the process's
/// processor time does.
package enum LibraryTime {
    /// A library timed.
    package enum Library: Sendable, CaseIterable {
        /// libcmark-gfm reading Markdown (feeding and finishing the parser) and writing its HTML.
        case markdown
        /// The highlighter (KSyntaxHighlighting in `sectionsite`) on fenced code, with the conversions of its call.
        case highlighter
    }

    private static let counting = Atomic<Bool>(false)
    private static let markdownTime = Atomic<Int>(0)
    private static let markdownBytes = Atomic<Int>(0)
    private static let highlighterTime = Atomic<Int>(0)
    private static let highlighterBytes = Atomic<Int>(0)

    /// Starts counting, for the rest of the process.
    package static func count() { counting.store(true, ordering: .relaxed) }

    /// Runs `work`, a call into `library` given `bytes`, timed when counting.
    @inline(__always)
    static func measure<Result>(_ library: Library, bytes: Int, _ work: () -> Result) -> Result {
        guard counting.load(ordering: .relaxed) else { return work() }
        let start = threadTime()
        let result = work()
        let spent = threadTime() - start
        switch library {
        case .markdown:
            markdownTime.add(spent, ordering: .relaxed)
            markdownBytes.add(bytes, ordering: .relaxed)
        case .highlighter:
            highlighterTime.add(spent, ordering: .relaxed)
            highlighterBytes.add(bytes, ordering: .relaxed)
        }
        return result
    }

    /// What `library` took so far: processor seconds, and the bytes it was given (Markdown read, and read again to
    /// write its HTML, counts once).
    package static func total(_ library: Library) -> (seconds: Double, bytes: Int) {
        switch library {
        case .markdown:
            (Double(markdownTime.load(ordering: .relaxed)) / 1e9, markdownBytes.load(ordering: .relaxed))
        case .highlighter:
            (Double(highlighterTime.load(ordering: .relaxed)) / 1e9, highlighterBytes.load(ordering: .relaxed))
        }
    }

    /// The calling thread's processor time, in nanoseconds.
    private static func threadTime() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Int(time.tv_sec) * 1_000_000_000 + Int(time.tv_nsec)
    }
}
