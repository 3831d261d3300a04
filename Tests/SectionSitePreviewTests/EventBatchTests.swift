import Testing

import SectionSite
import SectionSiteDiff
import SectionSiteEngine
@testable import SectionSitePreview
import TestSupport

/// When the file watcher reports a burst of events, driven by the manual clock's instants.
@Suite("Watcher timing")
struct EventBatchTests {
    typealias Instant = ManualClock.Instant
    let start = Instant(offset: .zero)

    func at(_ milliseconds: Int) -> Instant { start.advanced(by: .milliseconds(milliseconds)) }

    @Test("a burst is reported once it has been quiet for the quiet period, as one set of paths")
    func quiet() {
        var batch = EventBatch<Instant>(quiet: .milliseconds(8), longest: .milliseconds(100))
        #expect(batch.wait(at: at(0)) == nil)
        batch.add("Content/a.md", at: at(0))
        batch.add("Content/b.md", at: at(5))
        #expect(batch.wait(at: at(5)) == .milliseconds(8))
        #expect(batch.due(at: at(12)) == nil)  // 7 ms after the last event
        #expect(batch.due(at: at(13)) == ["Content/a.md", "Content/b.md"])
        #expect(batch.due(at: at(50)) == nil)  // reported once
        #expect(batch.wait(at: at(50)) == nil)
    }

    @Test("events that never stop are reported at the latest 100 ms after the first")
    func longest() {
        var batch = EventBatch<Instant>(quiet: .milliseconds(8), longest: .milliseconds(100))
        for time in stride(from: 0, through: 99, by: 3) {
            batch.add("Content/a.md", at: at(time))
            #expect(batch.due(at: at(time)) == nil)
        }
        #expect(batch.wait(at: at(99)) == .milliseconds(1))
        #expect(batch.due(at: at(100)) == ["Content/a.md"])
        batch.add("Content/b.md", at: at(101))  // a new burst starts its own count
        #expect(batch.due(at: at(108)) == nil)
        #expect(batch.due(at: at(109)) == ["Content/b.md"])
    }

    @Test("a finished save (close after write, rename into place) is reported at once")
    func saved() {
        var batch = EventBatch<Instant>(quiet: .milliseconds(8), longest: .milliseconds(100))
        batch.add("Content/a.md", at: at(0))
        #expect(batch.due(at: at(1)) == nil)
        batch.add("Content/a.md", saved: true, at: at(1))
        #expect(batch.due(at: at(1)) == ["Content/a.md"])
    }
}
