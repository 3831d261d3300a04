import Foundation
import SectionSite
import SectionSiteEngine

/// What the commands print: a progress line on a terminal for work over a second, warnings and errors on stderr.
final class Terminal: Sendable {
    private let quiet: Bool
    /// Whether errors are printed all, not only the first 100 (`--all-errors`).
    private let allErrors: Bool
    private let start = Date()
    private struct Line {
        var showing = false
        var lastStep = ""
    }
    private let line = Locked(Line())
    private let isTerminal = isatty(STDERR_FILENO) == 1

    init(quiet: Bool, allErrors: Bool = false) {
        self.quiet = quiet
        self.allErrors = allErrors
        if traces { LibraryTime.count() }
    }

    /// Whether `SECTIONSITE_TRACE` is set: `trace(_:)` prints, and progress is a line per step.
    let traces = ProcessInfo.processInfo.environment["SECTIONSITE_TRACE"] != nil

    /// Shows a progress line, only on a terminal and only once the work has taken a second; with
    /// `SECTIONSITE_TRACE` set, prints when each step starts instead, for profiling.
    var progress: @Sendable (BuildProgress) -> Void {
        { [self] update in
            if traces {
                line.withLock { line in
                    guard update.name != line.lastStep else { return }
                    line.lastStep = update.name
                    FileHandle.standardError.write(Data("\(stamp()): \(update.line)\n".utf8))
                }
                return
            }
            guard !quiet, isTerminal, Date().timeIntervalSince(start) > 1 else { return }
            line.withLock { line in
                FileHandle.standardError.write(Data(("\r\u{1B}[K" + update.line).utf8))
                line.showing = true
            }
        }
    }

    /// With `SECTIONSITE_TRACE` set, prints when the build finished, in the form of a step's line.
    func traceFinished() {
        guard traces else { return }
        FileHandle.standardError.write(Data("\(stamp()): finished\n".utf8))
        for (library, name) in [(LibraryTime.Library.markdown, "libcmark-gfm"), (.highlighter, "highlighter")] {
            let (seconds, bytes) = LibraryTime.total(library)
            trace([String(format: "in %@: CPU %.3f s for %d bytes", name, seconds, bytes)])
        }
    }

    /// The wall clock since the command started and the processor time used so far.
    private func stamp() -> String {
        String(format: "%.3f s, CPU %.3f s", Date().timeIntervalSince(start), Self.processorTime())
    }

    /// The processor time this process has used so far, user and system, in seconds: beside the wall clock in a
    /// trace, it shows whether a step kept every core busy or waited on one.
    static func processorTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
    }

    /// Clears the progress line.
    func finishProgress() {
        line.withLock { line in
            if line.showing { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
            line.showing = false
        }
    }

    func warnings(_ warnings: [Diagnostic]) {
        guard !quiet else { return }
        for warning in warnings { FileHandle.standardError.write(Data((warning.description + "\n").utf8)) }
    }

    /// Lines printed only with `SECTIONSITE_TRACE` set.
    func trace(_ lines: [String]) {
        guard traces else { return }
        for text in lines { FileHandle.standardError.write(Data("trace: \(text)\n".utf8)) }
    }

    func error(_ error: SectionSiteError) {
        let text = error.description(showing: allErrors ? nil : SectionSiteError.shownErrors)
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// Any error a command meets: ours as it is, another in its own words.
    func error(_ error: any Error) {
        self.error(error as? SectionSiteError ?? SectionSiteError("\(error)"))
    }

    func say(_ line: String) {
        guard !quiet else { return }
        print(line)
    }
}
