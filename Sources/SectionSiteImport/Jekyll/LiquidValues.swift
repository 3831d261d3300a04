import Foundation
import SectionSiteEngine

/// Liquid's reading of values (only `nil` and `false` are false; a list prints its items joined) and the filters of
/// Liquid and Jekyll that pages use, run at import time.
enum LiquidValues {
    static func isTruthy(_ value: SourceValue) -> Bool {
        switch value {
        case .null: false
        case .bool(let flag): flag
        default: true
        }
    }

    /// How a value prints.
    static func text(_ value: SourceValue) -> String {
        switch value {
        case .list(let list): list.map(text).joined()
        case .map(let map): "{" + map.keys.sorted().map { "\"\($0)\"=>\(text(map[$0]!))" }.joined(separator: ", ") + "}"
        default: value.text
        }
    }

    static func number(_ value: SourceValue) -> Double {
        switch value {
        case .number(let number): number
        case .string(let text): Double(text.trimmingCharacters(in: .whitespaces)) ?? 0
        case .bool(let flag): flag ? 1 : 0
        default: 0
        }
    }

    static func size(_ value: SourceValue) -> Int {
        switch value {
        case .list(let list): list.count
        case .map(let map): map.count
        case .string(let text): text.count
        default: 0
        }
    }

    static func compare(_ a: SourceValue, _ op: String, _ b: SourceValue) -> Bool {
        switch op {
        case "==": return equal(a, b)
        case "!=": return !equal(a, b)
        case "contains":
            switch a {
            case .list(let list): return list.contains { equal($0, b) }
            case .string(let text): return text.contains(b.text)
            case .map(let map): return map[b.text] != nil
            default: return false
            }
        default:
            let order: ComparisonResult
            if case .number(let x) = a, case .number(let y) = b {
                order = x < y ? .orderedAscending : x > y ? .orderedDescending : .orderedSame
            } else if case .null = a {
                return false
            } else {
                order = a.text.compare(b.text)
            }
            switch op {
            case "<": return order == .orderedAscending
            case ">": return order == .orderedDescending
            case "<=": return order != .orderedDescending
            default: return order != .orderedAscending
            }
        }
    }

    /// Liquid's equality: `empty` is any empty text, list or map.
    static func equal(_ a: SourceValue, _ b: SourceValue) -> Bool {
        switch (a, b) {
        case (.number(let x), .number(let y)): return x == y
        case (.null, .null): return true
        case (.null, _), (_, .null): return false
        case (.list(let list), .string("")), (.string(""), .list(let list)): return list.isEmpty
        case (.map(let map), .string("")), (.string(""), .map(let map)): return map.isEmpty
        case (.bool(let x), .bool(let y)): return x == y
        case (.bool, _), (_, .bool): return false
        default: return a.text == b.text
        }
    }

    /// A filter applied to `input` with `arguments`; throws for a filter this reader does not run.
    static func filter(
        _ name: String, _ input: SourceValue, _ arguments: [SourceValue], baseURL: String, siteURL: String
    ) throws -> SourceValue {
        switch name {
        case "relative_url": return .string(join(baseURL, input.text))
        case "absolute_url": return .string(siteURL + join(baseURL, input.text))
        default:
            let call = FilterCall(name: name, input: input, arguments: arguments)
            guard let value = texts(call) ?? items(call) ?? lists(call) ?? numbersAndDates(call) else {
                throw UnknownFilter(name: name)
            }
            return value
        }
    }

    /// A filter's name, input and arguments, with what every filter asks of them.
    struct FilterCall {
        var name: String, input: SourceValue, arguments: [SourceValue]

        func argument(_ index: Int) -> SourceValue { index < arguments.count ? arguments[index] : .null }
    }

    /// Filters over text: added to, defaulted, cased, stripped, escaped, replaced, cut, counted; nil for another name.
    static func texts(_ call: FilterCall) -> SourceValue? {
        let (name, input, arguments, argument) = (call.name, call.input, call.arguments, call.argument)
        let text = input.text
        switch name {
        case "prepend": return .string(argument(0).text + text)
        case "append": return .string(text + argument(0).text)
        case "default":
            switch input {
            case .null, .bool(false), .string(""): return argument(0)
            case .list(let list) where list.isEmpty: return argument(0)
            default: return input
            }
        case "downcase": return .string(text.lowercased())
        case "upcase": return .string(text.uppercased())
        case "capitalize": return .string(text.prefix(1).uppercased() + text.dropFirst())
        case "strip": return .string(text.trimmingCharacters(in: .whitespacesAndNewlines))
        case "lstrip": return .string(String(text.drop(while: \.isWhitespace)))
        case "rstrip": return .string(String(text.reversed().drop(while: \.isWhitespace).reversed()))
        case "strip_html": return .string(text.replacing(/<[^>]*>/, with: ""))
        case "strip_newlines": return .string(text.replacingOccurrences(of: "\n", with: ""))
        case "newline_to_br": return .string(text.replacingOccurrences(of: "\n", with: "<br />\n"))
        case "escape", "xml_escape", "escape_once": return .string(HTML.escape(text))
        case "url_encode", "cgi_escape", "uri_escape", "url_escape":
            return .string(
                text.addingPercentEncoding(
                    withAllowedCharacters: name == "uri_escape" ? .urlFragmentAllowed : .alphanumerics) ?? text)
        case "markdownify", "smartify", "normalize_whitespace",
            "jsonify" where !text.isEmpty:
            if name == "normalize_whitespace" {
                return .string(text.split(whereSeparator: \.isWhitespace).joined(separator: " "))
            }
            if name == "jsonify" { return .string("\"" + text.replacingOccurrences(of: "\"", with: "\\\"") + "\"") }
            return input
        case "markdownify", "smartify", "normalize_whitespace", "jsonify": return input
        case "slugify": return .string(Slug.of(text))
        case "replace": return .string(text.replacingOccurrences(of: argument(0).text, with: argument(1).text))
        case "replace_first":
            guard let range = text.range(of: argument(0).text) else { return input }
            return .string(text.replacingCharacters(in: range, with: argument(1).text))
        case "remove": return .string(text.replacingOccurrences(of: argument(0).text, with: ""))
        case "remove_first":
            guard let range = text.range(of: argument(0).text) else { return input }
            return .string(text.replacingCharacters(in: range, with: ""))
        case "truncate":
            let length = arguments.isEmpty ? 50 : SourceValue.integer(number(argument(0)))
            let ellipsis = arguments.count > 1 ? argument(1).text : "..."
            guard text.count > length else { return input }
            return .string(String(text.prefix(max(0, length - ellipsis.count))) + ellipsis)
        case "truncatewords":
            let count = arguments.isEmpty ? 15 : SourceValue.integer(number(argument(0)))
            let words = text.split(whereSeparator: \.isWhitespace)
            guard words.count > count else { return input }
            return .string(
                words.prefix(max(0, count)).joined(separator: " ") + (arguments.count > 1 ? argument(1).text : "..."))
        case "number_of_words": return .number(Double(text.split(whereSeparator: \.isWhitespace).count))
        default: return nil
        }
    }

    /// Filters over a list's or a text's items: counted, picked, joined, split, sliced, reversed; nil for another name.
    static func items(_ call: FilterCall) -> SourceValue? {
        let (input, arguments, argument) = (call.input, call.arguments, call.argument)
        let text = input.text
        switch call.name {
        case "size": return .number(Double(size(input)))
        case "first":
            if case .list(let list) = input { return list.first ?? .null }
            return .string(String(text.prefix(1)))
        case "last":
            if case .list(let list) = input { return list.last ?? .null }
            return .string(String(text.suffix(1)))
        case "join":
            guard case .list(let list) = input else { return input }
            return .string(list.map(self.text).joined(separator: arguments.isEmpty ? " " : argument(0).text))
        case "split": return .list(text.components(separatedBy: argument(0).text).map(SourceValue.string))
        case "slice":
            let start = SourceValue.integer(number(argument(0))),
                length = arguments.count > 1 ? SourceValue.integer(number(argument(1))) : 1
            if case .list(let list) = input {
                let from = max(0, start < 0 ? list.count + start : start)
                return .list(Array(list.dropFirst(from).prefix(max(0, length))))
            }
            let from = max(0, start < 0 ? text.count + start : start)
            return .string(String(text.dropFirst(from).prefix(max(0, length))))
        case "reverse":
            if case .list(let list) = input { return .list(list.reversed()) }
            return input
        case "array_to_sentence_string":
            guard case .list(let list) = input else { return input }
            let words = list.map(self.text)
            let connector = arguments.isEmpty ? "and" : argument(0).text
            switch words.count {
            case 0: return .string("")
            case 1: return .string(words[0])
            case 2: return .string("\(words[0]) \(connector) \(words[1])")
            default: return .string(words.dropLast().joined(separator: ", ") + ", \(connector) " + words.last!)
            }
        default: return nil
        }
    }

    /// Filters over lists: sorted, made unique, compacted, added to, mapped and filtered; nil for another name.
    static func lists(_ call: FilterCall) -> SourceValue? {
        let (name, input, arguments, argument) = (call.name, call.input, call.arguments, call.argument)
        switch name {
        case "sort", "sort_natural":
            guard case .list(let list) = input else { return input }
            let key = arguments.isEmpty ? nil : argument(0).text
            return .list(
                list.sorted { a, b in
                    let (x, y) = key.map { (a.field($0) ?? .null, b.field($0) ?? .null) } ?? (a, b)
                    return name == "sort_natural" ? x.text.lowercased() < y.text.lowercased() : compare(x, "<", y)
                })
        case "uniq":
            guard case .list(let list) = input else { return input }
            var kept: [SourceValue] = []
            for item in list where !kept.contains(where: { equal($0, item) }) { kept.append(item) }
            return .list(kept)
        case "compact":
            guard case .list(let list) = input else { return input }
            return .list(list.filter { $0 != .null })
        case "concat":
            guard case .list(let list) = input, case .list(let more) = argument(0) else { return input }
            return .list(list + more)
        case "push":
            guard case .list(let list) = input else { return .list([argument(0)]) }
            return .list(list + [argument(0)])
        case "map":
            guard case .list(let list) = input else { return input.field(argument(0).text) ?? .null }
            return .list(list.map { $0.field(argument(0).text) ?? .null })
        case "where":
            guard case .list(let list) = input else { return input }
            let key = argument(0).text
            return .list(
                list.filter { item in
                    guard let value = item.field(key) else { return false }
                    if arguments.count < 2 { return isTruthy(value) }
                    if case .list(let values) = value { return values.contains { equal($0, argument(1)) } }
                    return equal(value, argument(1)) || value.text == argument(1).text
                })
        default: return nil
        }
    }

    /// Filters over numbers, and dates written as Jekyll writes them; nil for another name.
    static func numbersAndDates(_ call: FilterCall) -> SourceValue? {
        let (name, input, argument) = (call.name, call.input, call.argument)
        switch name {
        case "plus": return .number(number(input) + number(argument(0)))
        case "minus": return .number(number(input) - number(argument(0)))
        case "times": return .number(number(input) * number(argument(0)))
        case "divided_by":
            let divisor = number(argument(0))
            guard divisor != 0 else { return .null }
            // Two whole numbers divide as whole numbers, as Liquid divides them.
            let (a, b) = (number(input), divisor)
            if a == a.rounded(), b == b.rounded(), !input.text.contains("."), !argument(0).text.contains(".") {
                return .number((a / b).rounded(.towardZero))
            }
            return .number(a / b)
        case "modulo":
            let divisor = number(argument(0))
            return divisor == 0 ? .null : .number(number(input).truncatingRemainder(dividingBy: divisor))
        case "abs": return .number(abs(number(input)))
        case "ceil": return .number(number(input).rounded(.up))
        case "floor": return .number(number(input).rounded(.down))
        case "round": return .number(number(input).rounded())
        case "date", "date_to_string", "date_to_long_string", "date_to_xmlschema", "date_to_rfc822":
            guard let date = LiquidDates.date(input) else { return input }
            switch name {
            case "date_to_string": return .string(LiquidDates.format(date, "%d %b %Y"))
            case "date_to_long_string": return .string(LiquidDates.format(date, "%d %B %Y"))
            case "date_to_xmlschema": return .string(LiquidDates.format(date, "%Y-%m-%dT%H:%M:%S+00:00"))
            case "date_to_rfc822": return .string(LiquidDates.format(date, "%a, %d %b %Y %H:%M:%S +0000"))
            default: return .string(LiquidDates.format(date, argument(0).text))
            }
        default: return nil
        }
    }

    /// A filter neither Liquid nor Jekyll has: a plugin's (`img_url`).
    struct UnknownFilter: Error {
        var name: String
    }

    /// A path under the base path, as Jekyll's `relative_url` joins them (one `/` between).
    static func join(_ base: String, _ path: String) -> String {
        guard !path.contains("://") else { return path }
        let trimmed = base.hasSuffix("/") ? String(base.dropLast()) : base
        return trimmed + (path.hasPrefix("/") ? path : "/" + path)
    }
}

/// Dates as Liquid's `date` filter reads and writes them (in UTC, as the importer keeps them).
enum LiquidDates {
    static func date(_ value: SourceValue) -> Date? {
        let text = value.text.trimmingCharacters(in: .whitespaces)
        if text == "now" || text == "today" { return nil }  // a build's own time would make the import differ each run
        guard let parsed = PageDate(parsing: text) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(from: DateComponents(year: parsed.year, month: parsed.month, day: parsed.day))
    }

    /// strftime's common directives.
    static func format(_ date: Date, _ format: String) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
        let months = [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November", "December",
        ]
        let days = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
        var output = ""
        var characters = format.makeIterator()
        while let character = characters.next() {
            guard character == "%" else {
                output.append(character)
                continue
            }
            var directive = characters.next().map(String.init) ?? ""
            if directive == "-" { directive += characters.next().map(String.init) ?? "" }
            let two = { (value: Int) in String(format: "%02d", value) }
            switch directive {
            case "Y": output += String(parts.year!)
            case "y": output += two(parts.year! % 100)
            case "m": output += two(parts.month!)
            case "d": output += two(parts.day!)
            case "e", "-d": output += String(parts.day!)
            case "-m": output += String(parts.month!)
            case "B": output += months[parts.month! - 1]
            case "b", "h": output += String(months[parts.month! - 1].prefix(3))
            case "A": output += days[parts.weekday! - 1]
            case "a": output += String(days[parts.weekday! - 1].prefix(3))
            case "H": output += two(parts.hour!)
            case "M": output += two(parts.minute!)
            case "S": output += two(parts.second!)
            case "%": output += "%"
            default: output += "%" + directive
            }
        }
        return output
    }
}
