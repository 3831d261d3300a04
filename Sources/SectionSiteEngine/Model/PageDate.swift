import Foundation

/// A page's date, as written in front matter (`2026-01-05`, `2026-01-05T09:30:00Z`, `2013-05-06 02:12:52 +0200`):
/// its calendar fields in the site's time zone (`timezone:`, UTC unless set), and that zone's offset from UTC then.
///
/// A page is filed (`:year/:month/:day` in its URL) and shown by its day in the site's zone, as Jekyll does: a post
/// written at 02:12 in Paris is on the 5th in Los Angeles. Atom and the sitemap get the same instant, with the offset.
package struct PageDate: Sendable, Equatable, Hashable, Comparable {
    /// Year, month, day, hour, minute, second, in the site's time zone.
    package var year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int
    /// UTC, the zone of a site without `timezone:`.
    package static let utc = TimeZone(secondsFromGMT: 0)!

    /// Seconds east of UTC of the site's zone at this moment (0 for UTC).
    package var offset = 0

    /// A date from its six parts (year, month, day, hour, minute, second) in UTC, or nil when one is out of range.
    package init?(parts: [Int]) {
        guard parts.count == 6, (1...12).contains(parts[1]), (1...31).contains(parts[2]), (0...23).contains(parts[3]),
            (0...59).contains(parts[4]), (0...60).contains(parts[5])
        else { return nil }
        (year, month, day, hour, minute, second) = (parts[0], parts[1], parts[2], parts[3], parts[4], parts[5])
    }

    /// The same parts read as a wall-clock time in `zone`, which gives the offset.
    package init?(parts: [Int], in zone: TimeZone) {
        self.init(parts: parts)
        // A day the calendar has not (February 30th, taken as written since the first release) keeps the zone's usual
        // offset.
        offset = moment(in: zone).map { zone.secondsFromGMT(for: $0) } ?? zone.secondsFromGMT()
    }

    /// Parses an RFC 3339 / ISO 8601 date as authors and other generators write it: `YYYY-MM-DD`, then optionally a
    /// time (`T` or spaces, `HH:MM`, `:SS`, a fraction of a second, which is dropped) and an offset (`Z`, `+02:00`,
    /// `+0200`, `-07`, or ` UTC`). Without an offset the time is the site's (`zone`); with one, it is converted to
    /// the site's zone. Nil for anything else.
    package init?(parsing text: String, in zone: TimeZone = PageDate.utc) {
        guard let written = WrittenDate(text.trimmingCharacters(in: .whitespaces)) else { return nil }
        let parts = [written.year, written.month, written.day, written.hour, written.minute, written.second]
        guard written.isInstant else {
            self.init(parts: parts, in: zone)
            return
        }
        // An instant: the written fields minus the written offset, then seen from the site's zone.
        guard var utc = PageDate(parts: parts) else { return nil }
        guard abs(written.offset) < 24 * 3600 else { return nil }
        utc.offset = written.offset
        guard let instant = utc.instant else { return nil }
        self.init(instant, in: zone)
    }

    /// The calendar fields of `instant` in `zone`.
    package init(_ instant: Date, in zone: TimeZone = PageDate.utc) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant)
        (year, month, day, hour, minute, second) = (
            parts.year!, parts.month!, parts.day!, parts.hour!, parts.minute!, parts.second!
        )
        offset = zone.secondsFromGMT(for: instant)
    }

    /// The moment these fields name, read with their offset; nil for a day the calendar has not (February 30th).
    var instant: Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: offset) ?? PageDate.utc
        return validDate(calendar)
    }

    /// The moment these fields name as a wall-clock time in `zone`.
    private func moment(in zone: TimeZone) -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return validDate(calendar)
    }

    private func validDate(_ calendar: Calendar) -> Date? {
        let parts = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard let date = calendar.date(from: parts), calendar.component(.day, from: date) == day else { return nil }
        return date
    }

    /// `2026-01-05`.
    package var isoDate: String { "\(pad(year, 4))-\(pad(month))-\(pad(day))" }
    /// `2026-01-05T00:00:00Z`, or `2013-05-05T17:12:52-07:00` in a site with a time zone, for Atom and the sitemap.
    var rfc3339: String {
        let zone =
            offset == 0
            ? "Z" : (offset < 0 ? "-" : "+") + pad(abs(offset) / 3600) + ":" + pad(abs(offset) % 3600 / 60)
        return "\(isoDate)T\(pad(hour)):\(pad(minute)):\(pad(second))\(zone)"
    }
    /// `5 January 2026`.
    var display: String { "\(day) \(Self.monthNames[month - 1]) \(year)" }

    /// Earlier first, part by part. (Comparing the RFC 3339 texts gave the same order for four-digit years, but
    /// made two strings per comparison: sorting a 4,000-page collection took milliseconds.)
    /// In one site every date has the site's zone, so fields order them; of two equal wall-clock times (the hour
    /// a summer time ends repeats), the one with the larger offset came first.
    package static func < (lhs: PageDate, rhs: PageDate) -> Bool {
        let (left, right) = (
            (lhs.year, lhs.month, lhs.day, lhs.hour, lhs.minute, lhs.second),
            (rhs.year, rhs.month, rhs.day, rhs.hour, rhs.minute, rhs.second)
        )
        return left != right ? left < right : lhs.offset > rhs.offset
    }

    private static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]

    private func pad(_ number: Int, _ width: Int = 2) -> String {
        let text = String(number)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}

/// A date as written, read by hand rather than with a `Regex`: the literal was compiled again at every page, a
/// tenth of a build's processor time. What it reads, in regular-expression terms (digits are ASCII):
/// `\d{4}-\d{1,2}-\d{1,2}`, then optionally `T` (or spaces and an optional `T`), `\d{1,2}:\d{2}`, optionally
/// `:\d{2}` with an optional fraction (`.` or `,` and digits), then spaces, then optionally `Z`, `UTC`, `GMT` or a
/// sign, two digits, an optional colon and two optional digits; and nothing after.
private struct WrittenDate {
    var year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0
    /// Seconds east of UTC as written.
    var offset = 0
    /// Whether an offset or a zone name was written.
    var isInstant = false

    init?(_ text: String) {
        var scanner = Scanner(Array(text.utf8))
        guard let year = scanner.number(digits: 4...4), scanner.take("-"), let month = scanner.number(digits: 1...2),
            scanner.take("-"), let day = scanner.number(digits: 1...2)
        else { return nil }
        (self.year, self.month, self.day) = (year, month, day)
        let afterDay = scanner.position
        if scanner.take("T") || scanner.take("t")
            || (scanner.spaces() && (scanner.take("T") || scanner.take("t") || true)),
            let hour = scanner.number(digits: 1...2), scanner.take(":"), let minute = scanner.number(digits: 2...2)
        {
            (self.hour, self.minute) = (hour, minute)
            let afterMinute = scanner.position
            if scanner.take(":"), let second = scanner.number(digits: 2...2) {
                self.second = second
                let afterSecond = scanner.position
                if !((scanner.take(".") || scanner.take(",")) && scanner.number(digits: 1...Int.max) != nil) {
                    scanner.position = afterSecond
                }
            } else {
                scanner.position = afterMinute
            }
        } else {
            scanner.position = afterDay  // no time
        }
        _ = scanner.spaces()
        if scanner.take("Z") || scanner.take("z") || scanner.take("UTC") || scanner.take("GMT") {
            isInstant = true
        } else if scanner.take("+") || scanner.take("-") {
            let sign = scanner.bytes[scanner.position - 1] == UInt8(ascii: "-") ? -1 : 1
            guard let hours = scanner.number(digits: 2...2) else { return nil }
            _ = scanner.take(":")
            let minutes = scanner.number(digits: 2...2)
            offset = sign * (hours * 3600 + (minutes ?? 0) * 60)
            isInstant = true
        }
        guard scanner.position == scanner.bytes.count else { return nil }
    }

    private struct Scanner {
        let bytes: [UInt8]
        var position = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        mutating func take(_ literal: String) -> Bool {
            guard bytes[position...].starts(with: literal.utf8) else { return false }
            position += literal.utf8.count
            return true
        }

        /// One or more spaces.
        mutating func spaces() -> Bool {
            let start = position
            while position < bytes.count, bytes[position] == UInt8(ascii: " ") { position += 1 }
            return position > start
        }

        /// A number of a count of ASCII digits in `digits`, as many as there are up to its upper bound.
        mutating func number(digits: ClosedRange<Int>) -> Int? {
            var value = 0, count = 0
            while position < bytes.count, count < digits.upperBound, (48...57).contains(bytes[position]) {
                value = value &* 10 &+ Int(bytes[position] - 48)
                position += 1
                count += 1
            }
            guard digits.contains(count) else {
                position -= count
                return nil
            }
            return value
        }
    }
}
