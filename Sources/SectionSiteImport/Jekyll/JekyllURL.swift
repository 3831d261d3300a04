import Foundation
import SectionSiteEngine

/// The addresses Jekyll gives, computed as Jekyll computes them: a permalink template (`/:collection/:path/`, a
/// named style as `pretty`) with its placeholders filled from the document, the values slugified where Jekyll
/// slugifies them. Addresses are kept decoded (`/what-is-a-rent-strike?/`); `URLPath.encoded` makes them the
/// new site's form.
enum JekyllURL {
    /// A named permalink style spelled out (`pretty` is `/:categories/:year/:month/:day/:title/`); any other
    /// template as it is, starting with `/`.
    static func template(ofStyle style: String?) -> String {
        switch style {
        case nil, "date": "/:categories/:year/:month/:day/:title:output_ext"
        case "pretty": "/:categories/:year/:month/:day/:title/"
        case "ordinal": "/:categories/:year/:y_day/:title:output_ext"
        case "weekdate": "/:categories/:year/W:week/:short_day/:title:output_ext"
        case "none": "/:categories/:title:output_ext"
        case let template?: template.hasPrefix("/") ? template : "/" + template
        }
    }

    /// A template given the ending the site's permalink style gives pages and collections: `/` for `pretty` and
    /// styles ending in `/`, `:output_ext` for `date`, `ordinal`, `none` and styles ending in it.
    static func suffixed(_ template: String, style: String?) -> String {
        switch style {
        case "pretty": return template + "/"
        case nil, "date", "ordinal", "none", "weekdate": return template + ":output_ext"
        case let style?:
            if style.hasSuffix("/") { return template + "/" }
            if style.hasSuffix(":output_ext") { return template + ":output_ext" }
            return template
        }
    }

    /// Jekyll's `slugify`: runs of characters other than letters, marks and digits (and, `pretty`, `._~!$&'()+,;=@`)
    /// become one `-`, none at either end; lowercased unless `cased`.
    static func slugify(_ text: String, pretty: Bool = false, cased: Bool = false) -> String {
        let kept = Set("._~!$&'()+,;=@".unicodeScalars)
        var slug = ""
        var inRun = false
        for scalar in text.unicodeScalars {
            let properties = scalar.properties
            let isKept =
                properties.isAlphabetic || properties.generalCategory == .decimalNumber
                || [.nonspacingMark, .spacingMark, .enclosingMark].contains(properties.generalCategory)
                || (pretty && kept.contains(scalar))
            if isKept {
                slug.unicodeScalars.append(scalar)
                inRun = false
            } else if !inRun {
                slug += "-"
                inRun = true
            }
        }
        if slug.hasPrefix("-") { slug.removeFirst() }
        if slug.hasSuffix("-") { slug.removeLast() }
        return cased ? slug : slug.lowercased()
    }

    /// `template` with each `:word` replaced by its value (Jekyll's rule for `:month_`: the word with or without
    /// its last `_`); a word without a value stays as written. The result made a site path as Jekyll makes it.
    static func fill(_ template: String, _ values: [String: String]) -> String {
        let filled = template.replacing(/:([a-z_]+)/) { match -> String in
            let name = String(match.1)
            for key in name.hasSuffix("_") ? [name, String(name.dropLast())] : [name] {
                if let value = values[key] { return value + String(name.dropFirst(key.count)) }
            }
            return String(match.0)
        }
        return sanitized(filled)
    }

    /// Jekyll's last step: a leading `/`, `..` made `/`, `./` dropped, runs of `/` made one.
    static func sanitized(_ path: String) -> String {
        var url = ("/" + path).replacingOccurrences(of: "..", with: "/").replacingOccurrences(of: "./", with: "")
        while url.contains("//") { url = url.replacingOccurrences(of: "//", with: "/") }
        return url
    }

    /// The placeholders a date gives, in the site's zone.
    static func dateValues(_ date: PageDate?) -> [String: String] {
        guard let date else { return [:] }
        func pad(_ number: Int, _ width: Int = 2) -> String {
            String(repeating: "0", count: max(0, width - String(number).count)) + String(number)
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let moment = calendar.date(from: DateComponents(year: date.year, month: date.month, day: date.day, hour: 12))
        let yearDay = moment.flatMap { calendar.ordinality(of: .day, in: .year, for: $0) } ?? 1
        let weekday = moment.map { calendar.component(.weekday, from: $0) } ?? 1
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let longMonths = [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November",
            "December",
        ]
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let longDays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
        return [
            "year": pad(date.year, 4), "short_year": pad(date.year % 100), "month": pad(date.month),
            "i_month": String(date.month), "short_month": months[date.month - 1],
            "long_month": longMonths[date.month - 1],
            "day": pad(date.day), "i_day": String(date.day), "y_day": pad(yearDay, 3), "hour": pad(date.hour),
            "minute": pad(date.minute), "second": pad(date.second), "short_day": days[weekday - 1],
            "long_day": longDays[weekday - 1],
        ]
    }

    /// The values of `defaults:` that apply to a file at `path` of type `type` (`posts`, `pages`, a collection's
    /// name), merged as Jekyll merges them: a longer scope path wins over a shorter one, a scope with a type over
    /// one without.
    static func defaults(_ config: [String: Any], path: String, type: String) -> [String: Any] {
        var matching: [(rank: (Int, Int), index: Int, values: [String: Any])] = []
        for (index, entry) in ((config["defaults"] as? [Any]) ?? []).enumerated() {
            guard let entry = entry as? [String: Any], let values = entry["values"] as? [String: Any] else { continue }
            let scope = entry["scope"] as? [String: Any] ?? [:]
            let scopePath = ((scope["path"] as? String) ?? "").trimmingCharacters(in: CharacterSet(charactersIn: "/"))
            if let scopeType = scope["type"] as? String, scopeType != type { continue }
            guard matches(path, scope: scopePath) else { continue }
            matching.append(((scopePath.count, scope["type"] == nil ? 0 : 1), index, values))
        }
        var merged: [String: Any] = [:]
        for match in matching.sorted(by: { ($0.rank.0, $0.rank.1, $0.index) < ($1.rank.0, $1.rank.1, $1.index) }) {
            merged.merge(match.values) { _, new in new }
        }
        return merged
    }

    /// Whether a scope's path (a folder, a file, or a pattern with `*`) covers `path`.
    private static func matches(_ path: String, scope: String) -> Bool {
        if scope.isEmpty { return true }
        if scope.contains("*") {
            let pattern =
                "^" + NSRegularExpression.escapedPattern(for: scope).replacingOccurrences(of: "\\*", with: "[^/]*")
            return path.range(of: pattern + "(/|$)", options: .regularExpression) != nil
        }
        return path == scope || path.hasPrefix(scope + "/")
    }
}
