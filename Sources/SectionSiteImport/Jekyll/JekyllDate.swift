import Foundation
import SectionSiteEngine

/// A date as Jekyll sites write it in front matter: `2013-05-06`, `2014-11-13 12:00`, `2013-05-06 02:12:52 +0200`,
/// `2013-05-06T02:12:52-07:00`, `2014-11-13 12:00:00.250 Z`. Jekyll files a post under its day in the site's
/// `timezone:` (a date without an offset is in that zone), so a post written at 02:12 in Berlin is filed on the day
/// before in Los Angeles; `local(in:)` gives that day, and `written` the date as the new site's front matter keeps
/// it, offset included, so the builder files it the same way.
struct JekyllDate: Equatable {
    /// Year, month, day, hour, minute, second, as written.
    var parts: [Int]
    /// Whether a time of day was written.
    var hasTime: Bool
    /// The offset from UTC written with it, in seconds; nil when none was.
    var offset: Int?

    /// The date `text` holds, or nil when it is no date Jekyll reads.
    init?(_ text: String) {
        let pattern =
            #/
            ^\s*(\d{4})-(\d{1,2})-(\d{1,2})
            (?:(?:[Tt]|\s+)(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?)?
            \s*(Z|z|UTC|GMT|[-+]\d{1,2}(?::?\d{2})?)?\s*$
            /#
        guard let match = text.wholeMatch(of: pattern) else { return nil }
        let numbers =
            [match.1, match.2, match.3].map { Int($0)! }
            + [match.4, match.5, match.6].map { $0.flatMap { Int($0) } ?? 0 }
        guard PageDate(parts: numbers) != nil else { return nil }
        parts = numbers
        hasTime = match.4 != nil
        offset = match.7.flatMap { Self.seconds(ofOffset: String($0)) }
        if match.7 != nil && offset == nil { return nil }
    }

    /// A date YAML read as a moment (`Date`), in UTC.
    init(_ date: Date) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        parts = [c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!]
        hasTime = parts[3...].contains { $0 != 0 }
        offset = hasTime ? 0 : nil
    }

    /// A front matter value as a date: text as written, or a `Date` YAML made.
    static func of(_ value: Any?) -> JekyllDate? {
        switch value {
        case let text as String: JekyllDate(text)
        case let date as Date: JekyllDate(date)
        default: nil
        }
    }

    /// `+0200`, `+02:00`, `-5`, `Z` in seconds east of UTC.
    private static func seconds(ofOffset text: String) -> Int? {
        if ["Z", "z", "UTC", "GMT"].contains(text) { return 0 }
        let sign = text.hasPrefix("-") ? -1 : 1
        let digits = text.dropFirst().replacingOccurrences(of: ":", with: "")
        let (hours, minutes): (Int?, Int?) =
            digits.count <= 2 ? (Int(digits), 0) : (Int(digits.dropLast(2)), Int(digits.suffix(2)))
        guard let hours, let minutes, hours <= 14, minutes < 60 else { return nil }
        return sign * (hours * 3600 + minutes * 60)
    }

    /// The date and time in `zone`: as written when no offset was, else the same moment there.
    func local(in zone: TimeZone) -> PageDate {
        guard let offset else { return PageDate(parts: parts)! }
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let written = DateComponents(
            year: parts[0], month: parts[1], day: parts[2], hour: parts[3], minute: parts[4], second: parts[5])
        guard let moment = utc.date(from: written)?.addingTimeInterval(TimeInterval(-offset)) else {
            return PageDate(parts: parts)!
        }
        var there = Calendar(identifier: .gregorian)
        there.timeZone = zone
        let c = there.dateComponents([.year, .month, .day, .hour, .minute, .second], from: moment)
        return PageDate(parts: [c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!]) ?? PageDate(parts: parts)!
    }

    /// The date as the new site's front matter writes it (RFC 3339, its offset kept): `2013-05-06T02:12:52+02:00`,
    /// `2014-11-13T12:00:00` without one, `2014-11-13` without a time.
    var written: String {
        func pad(_ number: Int, _ width: Int = 2) -> String {
            String(repeating: "0", count: max(0, width - String(number).count)) + String(number)
        }
        let day = "\(pad(parts[0], 4))-\(pad(parts[1]))-\(pad(parts[2]))"
        guard hasTime || offset != nil else { return day }
        let time = "\(day)T\(pad(parts[3])):\(pad(parts[4])):\(pad(parts[5]))"
        guard let offset else { return time }
        return time + (offset < 0 ? "-" : "+") + pad(abs(offset) / 3600) + ":" + pad(abs(offset) % 3600 / 60)
    }
}
