import Foundation
import Testing

@testable import SectionSiteEngine
import SiteTestSupport

/// Dates as authors and other generators write them (`2013-05-06 02:12:52 +0200` is Jekyll's), read in the site's
/// time zone (`timezone:`): a page is filed and shown by its day there, and Atom gets the same instant.
@Suite("Dates")
struct DateTests {
    static let paris = TimeZone(identifier: "Europe/Paris")!
    static let losAngeles = TimeZone(identifier: "America/Los_Angeles")!

    @Test("written forms, in UTC", arguments: [
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

    @Test("not dates", arguments: ["yesterday", "2026-13-01", "2026-01-05 25:00", "2026-01-05T09:30:00+2500", "2026-01-05 then"])
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
        let site = try TestSite(PermalinkTests.theme.merging([
            "sectionsite.yml": "title: Blog\ntimezone: America/Los_Angeles\nbaseURL: https://example.org/\npermalinks:\n  blog: /blog/:year/:month/:day/:slug/\n",
            "Content/blog/index.md": "---\ntitle: Blog\nsections:\n  - id: all\n    cell: b\n    from: blog\n---\n",
            "Content/blog/a.md": "---\ntitle: A\ndate: 2013-05-06 02:12:52 +0200\n---\nx\n",
        ]) { $1 })
        _ = try site.build()
        #expect(FileManager.default.fileExists(atPath: site.out.appendingPathComponent("blog/2013/05/05/a/index.html").path))
        #expect(try site.output("feed.xml").contains("<updated>2013-05-05T17:12:52-07:00</updated>"))
        // A zone the tz database does not name is an error at its place, never a path the system reads.
        try site.write(["sectionsite.yml": "title: Blog\ntimezone: ../../etc/passwd\n"])
        let error = site.buildError()?.diagnostic
        #expect(error?.id == "settings.not-a-time-zone" && error?.location == SourceLocation(file: "sectionsite.yml", line: 2, column: 11))
    }
}
