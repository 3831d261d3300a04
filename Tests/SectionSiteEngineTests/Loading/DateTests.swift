import Foundation
import Testing

@testable import SectionSiteEngine
import SiteTestSupport
import TestSupport

/// Dates as authors and other generators write them (`2013-05-06 02:12:52 +0200` is Jekyll's), read in the site's
/// time zone (`timezone:`): a page is filed and shown by its day there, and Atom gets the same instant.
@Suite("Dates")
struct DateTests {
    static let paris = TimeZone(identifier: "Europe/Paris")!
    static let losAngeles = TimeZone(identifier: "America/Los_Angeles")!

    @Test(
        "written forms, in UTC",
        arguments: [
            ("2026-01-05", "2026-01-05T00:00:00Z"),
            ("2026-01-05T09:30:00Z", "2026-01-05T09:30:00Z"),
            ("2026-01-05T09:30Z", "2026-01-05T09:30:00Z"),
            ("2026-01-05 09:30", "2026-01-05T09:30:00Z"),
            ("2014-11-13 12:00:00 +0000", "2014-11-13T12:00:00Z"),
            ("2013-05-06 02:12:52 +0200", "2013-05-06T00:12:52Z"),
            ("2014-06-09T10:00:00-07:00", "2014-06-09T17:00:00Z"),
            ("2019-09-29 T18:00:00-07:00", "2019-09-30T01:00:00Z"),
            ("2020-02-03T04:05:06.789+05:30", "2020-02-02T22:35:06Z"),
            ("2021-1-2 3:04:05 -07", "2021-01-02T10:04:05Z"),
            ("2021-01-02 03:04:05 UTC", "2021-01-02T03:04:05Z"),
        ])
    func utc(text: String, expected: String) throws {
        #expect(try #require(PageDate(parsing: text)).rfc3339 == expected)
    }

    @Test(
        "not dates",
        arguments: [
            "yesterday", "2026-13-01", "2026-01-05 25:00", "2026-01-05T09:30:00+2500", "2026-01-05 then",
            "2026-01-05-\u{663}9",
        ])
    func refused(text: String) {
        #expect(PageDate(parsing: text) == nil)
    }

    @Test("in a site's zone: an offset is converted to it, a date without one is in it")
    func zoned() throws {
        // 02:12 in Paris on the 6th is the 5th in Los Angeles, as Jekyll files it with `timezone: America/Los_Angeles`.
        let jekyll = try #require(PageDate(parsing: "2013-05-06 02:12:52 +0200", in: Self.losAngeles))
        #expect(jekyll.isoDate == "2013-05-05" && jekyll.rfc3339 == "2013-05-05T17:12:52-07:00")
        let local = try #require(PageDate(parsing: "2026-01-05 09:30", in: Self.paris))
        #expect(local.rfc3339 == "2026-01-05T09:30:00+01:00")
        let summer = try #require(PageDate(parsing: "2026-07-05", in: Self.paris))
        #expect(summer.rfc3339 == "2026-07-05T00:00:00+02:00")
        #expect(Permalinks.fileName("2026-07-05-hello", in: Self.paris).date == summer)
    }

    @Test("a build files a post under its day in the site's zone, and Atom and the sitemap carry the offset")
    func build() throws {
        let site = try TestSite(
            PermalinkTests.theme.merging([
                "sectionsite.yml":
                    "title: Blog\ntimezone: America/Los_Angeles\nbaseURL: https://example.org/\npermalinks:\n  blog: /blog/:year/:month/:day/:slug/\n",
                "Content/blog/index.md": "---\ntitle: Blog\nsections:\n  - id: all\n    cell: b\n    from: blog\n---\n",
                "Content/blog/a.md": "---\ntitle: A\ndate: 2013-05-06 02:12:52 +0200\n---\nx\n",
            ]) { $1 })
        _ = try site.build()
        #expect(
            FileManager.default.fileExists(atPath: site.out.appendingPathComponent("blog/2013/05/05/a/index.html").path)
        )
        #expect(try site.output("feed.xml").contains("<updated>2013-05-05T17:12:52-07:00</updated>"))
        // A zone the tz database does not name is an error at its place, never a path the system reads.
        try site.write(["sectionsite.yml": "title: Blog\ntimezone: ../../etc/passwd\n"])
        let error = site.buildError()?.diagnostic
        #expect(
            error?.id == "settings.not-a-time-zone"
                && error?.location == SourceLocation(file: "sectionsite.yml", line: 2, column: 11))
    }

    /// Dates are read by hand; the regular expression they were read with before is the reference, on 5,000 texts
    /// made of the pieces dates are written with, near-misses included.
    @Test("read as the regular expression read them")
    func sameAsExpression() {
        let pieces = [
            "2026", "-", "1", "05", "123", "T", "t", " ", "  ", ":", "30", "9", ".", ",", "789", "Z", "z", "UTC",
            "GMT", "+", "02", "0200", "x", "\u{663}", "\u{A0}",
        ]
        var random = SeededRandom(seed: 38)
        var dates = 0
        for round in 0..<5_000 {
            // Half start like a date, so that most texts get past the year.
            var text = round % 2 == 0 ? "2026-01-05" : ""
            for _ in 0..<Int.random(in: 1...7, using: &random) { text += pieces.randomElement(using: &random)! }
            let read = PageDate(parsing: text, in: Self.paris)
            if read != nil { dates += 1 }
            // The expression's \d took any script's digits, and a zone it could not read as a number was dropped:
            // `2026-01-05-٣9` was midnight UTC. Only ASCII digits are digits now.
            if text.contains("\u{663}") { continue }
            #expect(read == Self.expressionDate(text, in: Self.paris), "\(text.debugDescription)")
        }
        #expect(dates > 80)
    }

    /// How dates were read until session 21.
    static func expressionDate(_ text: String, in zone: TimeZone) -> PageDate? {
        let match = text.trimmingCharacters(in: .whitespaces).wholeMatch(
            of:
                /(\d{4})-(\d{1,2})-(\d{1,2})(?:(?:[Tt]| +[Tt]?)(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?)? *(?:([Zz]|UTC|GMT)|([+-])(\d{2}):?(\d{2})?)?/
        )
        guard let match, let year = Int(match.1), let month = Int(match.2), let day = Int(match.3) else { return nil }
        let parts = [year, month, day] + [match.4, match.5, match.6].map { $0.flatMap { Int($0) } ?? 0 }
        if match.7 == nil, match.8 == nil { return PageDate(parts: parts, in: zone) }
        guard var utc = PageDate(parts: parts) else { return nil }
        if let sign = match.8, let hours = Int(match.9 ?? "") {
            let written = (hours * 3600 + (match.10.flatMap { Int($0) } ?? 0) * 60) * (sign == "-" ? -1 : 1)
            guard abs(written) < 24 * 3600 else { return nil }
            utc.offset = written
        }
        guard let instant = utc.instant else { return nil }
        return PageDate(instant, in: zone)
    }
}
