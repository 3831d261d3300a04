/// A value from front matter or site settings, as templates see it.
///
/// Maps are dictionaries: templates look keys up and never iterate a map, so output stays deterministic.
package enum Value: Sendable, Equatable, Hashable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case null
    case list([Value])
    case map([String: Value])

    /// Whether this is text or a number: what edit mode lets an author change when a section allows every field.
    package var isTextOrNumber: Bool {
        switch self {
        case .string, .int, .double: true
        case .bool, .null, .list, .map: false
        }
    }

    /// The string, when this is a scalar; numbers and booleans print as written.
    var scalarText: String? {
        switch self {
        case .string(let text): text
        case .int(let number): String(number)
        case .double(let number): String(number)
        case .bool(let flag): flag ? "true" : "false"
        case .null, .list, .map: nil
        }
    }

    /// The value as swift-mustache renders it: strings, numbers, booleans, arrays and dictionaries.
    var mustache: Any {
        switch self {
        case .string(let text): text
        case .int(let number): number
        case .double(let number): number
        case .bool(let flag): flag
        case .null: false
        case .list(let values): values.map(\.mustache)
        case .map(let fields): fields.mapValues(\.mustache)
        }
    }
}

extension Dictionary where Key == String, Value == SectionSiteEngine.Value {
    /// The map as a Mustache context.
    var mustache: [String: Any] { mapValues(\.mustache) }
}
