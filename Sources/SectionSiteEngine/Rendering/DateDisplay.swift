import Foundation

/// Dates as a language writes them, from Foundation's locale data (ICU's CLDR tables): `dateFormat` is `short`,
/// `medium`, `long` (the default) or `full`, or a pattern such as `d MMMM y`. Pages are dated in UTC, so a date is
/// the same day in every language.
enum DateDisplay {
    /// One formatter per language and format, each used under the lock (a `DateFormatter` is not safe to share
    /// between threads on Linux); a page needs few dates, so the lock is never where time goes.
    private static let formatters = Locked<[String: DateFormatter]>([:])
    /// The dates already written, by language, format and date: a list of thousands of pages repeats few dates.
    private static let written = Locked<[String: String]>([:])

    /// The date written for `locale` (a language code) in `format`.
    static func text(_ date: PageDate, locale: String, format: String) -> String {
        let key = "\(locale)\u{1}\(format)\u{1}\(date.rfc3339)"
        if let text = written.withLock({ $0[key] }) { return text }
        let text = formatted(date, locale: locale, format: format)
        written.withLock { $0[key] = text }
        return text
    }

    private static func formatted(_ date: PageDate, locale: String, format: String) -> String {
        formatters.withLock { formatters in
            let key = locale + "\u{1}" + format
            let formatter = formatters[key] ?? make(locale: locale, format: format)
            formatters[key] = formatter
            var parts = DateComponents()
            (parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second) =
                (date.year, date.month, date.day, date.hour, date.minute, date.second)
            guard let moment = formatter.calendar.date(from: parts) else { return date.isoDate }
            return formatter.string(from: moment)
        }
    }

    private static func make(locale: String, format: String) -> DateFormatter {
        let formatter = DateFormatter()
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        formatter.calendar = calendar
        formatter.timeZone = calendar.timeZone
        formatter.locale = Locale(identifier: locale)
        formatter.timeStyle = .none
        switch format {
        case "short": formatter.dateStyle = .short
        case "medium": formatter.dateStyle = .medium
        case "long": formatter.dateStyle = .long
        case "full": formatter.dateStyle = .full
        default: formatter.dateFormat = format
        }
        return formatter
    }
}

extension SiteConfig {
    /// A page's date as its language writes it (`dateDisplay`): in a site with `languages:` or a `dateFormat`, by
    /// the language's locale data; otherwise as SectionSite always wrote it (`5 January 2026`).
    func display(_ date: PageDate, in code: LanguageCode? = nil) -> String {
        let code = code ?? language
        let format = languages.language(code)?.settings["dateFormat"]?.scalarText ?? data["dateFormat"]?.scalarText
        guard languages.isMultilingual || format != nil else { return date.display }
        return DateDisplay.text(date, locale: code.rawValue, format: format ?? "long")
    }
}
