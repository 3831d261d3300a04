import Foundation

/// A value of the source site as its templates see it (Hugo's and Liquid's): front matter, settings, data,
/// a template tag's arguments.
indirect enum SourceValue: Equatable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case map([String: SourceValue])
    case list([SourceValue])
    case null

    var isTruthy: Bool {
        switch self {
        case .string(let text): !text.isEmpty
        case .number(let number): number != 0
        case .bool(let flag): flag
        case .map(let map): !map.isEmpty
        case .list(let list): !list.isEmpty
        case .null: false
        }
    }

    var text: String {
        switch self {
        case .string(let text): text
        case .number(let number):
            number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
        case .bool(let flag): flag ? "true" : "false"
        case .null: ""
        case .map, .list: "[...]"
        }
    }

    /// A field, looked up as Hugo does for parameters: exactly, else without regard to case.
    func field(_ name: String) -> SourceValue? {
        guard case .map(let map) = self else { return nil }
        if let found = map[name] { return found }
        // Of keys that differ only in case, the least, whatever order the map holds them in.
        let lower = name.lowercased()
        return map.keys.filter { $0.lowercased() == lower }.min().flatMap { map[$0] }
    }

    /// A value read from YAML, TOML or JSON.
    static func of(_ any: Any?) -> SourceValue {
        // Swift's own types first: a map or a list tried as an `NSNumber` is bridged to Foundation whole first.
        switch any {
        case nil: return .null
        case let text as String: return .string(text)
        case let map as [String: Any]: return .map(map.mapValues { of($0) })
        case let list as [Any]: return .list(list.map { of($0) })
        case let flag as Bool where type(of: any!) == Bool.self: return .bool(flag)
        case let number as Int where type(of: any!) == Int.self: return .number(Double(number))
        case let number as Double where type(of: any!) == Double.self: return .number(number)
        case let date as Date: return .string(date.formatted(.iso8601))
        case let number as NSNumber:
            let kind = String(cString: number.objCType)
            return kind == "c" || kind == "B" ? .bool(number.boolValue) : .number(number.doubleValue)
        default: return .string("\(any!)")
        }
    }

    /// A number as a count or an index a template may ask for: whole, and kept within ±100,000 so that no
    /// value of a hostile site can trap a conversion or ask for a loop of a billion turns.
    static func integer(_ number: Double) -> Int {
        guard number.isFinite else { return 0 }
        return Int(max(-100_000, min(100_000, number.rounded(.towardZero))))
    }
}
