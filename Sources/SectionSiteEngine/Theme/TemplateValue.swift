import Foundation

/// A value a template reads: what a context is made of once it reaches the theme.
///
/// Rendering switches over these cases and never asks the Swift runtime what a value is: a cast to a protocol
/// consults the runtime's conformance cache, whose one shared counter every thread writes, and a template engine
/// that finds each field that way (swift-mustache) stops getting faster past a few cores.
enum TemplateValue {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    /// Nothing: a lookup that finds it stops there and finds nothing.
    case null
    /// A list; `sortable` when its elements are all text or all integers, the lists `sorted(...)` applies to.
    case list([TemplateValue], sortable: Bool = false)
    case map([String: TemplateValue])
    /// A value of ours that makes its fields when a template asks for them (navigation, a picture).
    case object(any TemplateObject)
}

/// A value whose fields are made when a template reads them.
protocol TemplateObject {
    /// The field of that name, or nil, which lets the lookup go on to the enclosing values.
    func child(named name: String) -> TemplateValue?
    /// The elements a section repeats its content for, or nil where the object is one value.
    var elements: [TemplateValue]? { get }
    /// What `{{object}}` writes.
    var text: String { get }
    /// A key that names everything the value's fields are made of, their fields' included, where the same value
    /// stands in many pages (an entry of a sidebar off the page's way): a partial drawn over it is then drawn once
    /// for each key, unless it reads a name from below it. nil: drawn every time.
    var drawingKey: String? { get }
}

extension TemplateObject {
    var elements: [TemplateValue]? { nil }
    var drawingKey: String? { nil }
}

/// Text that reads as text but takes no transform, as an identifier type did.
struct TemplateText: TemplateObject {
    var text: String
    func child(named name: String) -> TemplateValue? { name == "rawValue" ? .string(text) : nil }
}

extension TemplateValue {
    /// A context value built as `Any`, made typed with casts to concrete types only, the common ones first.
    init(any value: Any) {
        if let text = value as? String {
            self = .string(text)
        } else if let typed = value as? TemplateValue {
            self = typed
        } else if let flag = value as? Bool {
            self = .bool(flag)
        } else if let number = value as? Int {
            self = .int(number)
        } else if let map = value as? [String: Any] {
            self = .map(map.mapValues(TemplateValue.init(any:)))
        } else if let list = value as? [[String: Any]] {
            self = .list(list.map { .map($0.mapValues(TemplateValue.init(any:))) })
        } else if let list = value as? [String], type(of: value) == [String].self {
            self = .list(list.map(TemplateValue.string), sortable: true)
        } else if let list = value as? [Int], type(of: value) == [Int].self {
            self = .list(list.map(TemplateValue.int), sortable: true)
        } else if let list = value as? [Any] {
            self = .list(list.map(TemplateValue.init(any:)))
        } else if let number = value as? Double {
            self = .double(number)
        } else if let url = value as? PageURL {
            self = .object(TemplateText(text: url.rawValue))
        } else {
            self = .object(TemplateText(text: String(describing: value)))
        }
    }

    /// A context of fields built as `Any`.
    static func map(any fields: [String: Any]) -> TemplateValue { .map(fields.mapValues(TemplateValue.init(any:))) }

    /// The field of that name, for a map or an object.
    func child(named name: String) -> TemplateValue? {
        switch self {
        case .map(let fields): fields[name]
        case .object(let object): object.child(named: name)
        default: nil
        }
    }

    /// What `{{value}}` writes, before escaping.
    var text: String {
        switch self {
        case .string(let text): text
        case .int(let number): String(number)
        case .double(let number): "\(number)"
        case .bool(let flag): flag ? "true" : "false"
        case .null: "nil"
        case .list(let values, _): "[" + values.map(\.debugText).joined(separator: ", ") + "]"
        case .map(let fields):
            fields.isEmpty
                ? "[:]"
                : "["
                    + fields.keys.sorted().map { "\($0.debugDescription): \(fields[$0]!.debugText)" }.joined(
                        separator: ", ") + "]"
        case .object(let object): object.text
        }
    }

    /// The value inside a printed list: text is quoted, as Swift prints an array.
    private var debugText: String {
        if case .string(let text) = self { return text.debugDescription }
        return text
    }
}

extension Value {
    /// The value as templates read it; a YAML null is false, as it always was.
    var template: TemplateValue {
        switch self {
        case .string(let text): .string(text)
        case .int(let number): .int(number)
        case .double(let number): .double(number)
        case .bool(let flag): .bool(flag)
        case .null: .bool(false)
        case .list(let values): .list(values.map(\.template))
        case .map(let fields): .map(fields.mapValues(\.template))
        }
    }
}

extension Dictionary where Key == String, Value == SectionSiteEngine.Value {
    /// The map as template fields.
    var template: [String: TemplateValue] { mapValues(\.template) }
}
