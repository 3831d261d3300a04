/// Writes compact JSON in the order it is told, so output bytes never depend on a dictionary's order.
struct JSONWriter {
    /// The JSON so far.
    private(set) var text = ""
    private var isFirst = [true]
    private var afterKey = false

    /// An object whose members `body` writes.
    mutating func object(_ body: (inout JSONWriter) -> Void) {
        beginValue()
        text += "{"
        isFirst.append(true)
        body(&self)
        isFirst.removeLast()
        text += "}"
    }

    /// An array of `elements`, each written by `body`.
    mutating func array<Element>(_ elements: [Element], _ body: (inout JSONWriter, Element) -> Void) {
        beginValue()
        text += "["
        isFirst.append(true)
        for element in elements { body(&self, element) }
        isFirst.removeLast()
        text += "]"
    }

    /// A member's key; the next value written is its value.
    mutating func key(_ name: String) {
        beginValue()
        string(name)
        text += ":"
        afterKey = true
    }

    /// A member with a string value, or null.
    mutating func field(_ name: String, _ value: String?) {
        key(name)
        stringValue(value)
    }

    /// A member with a number.
    mutating func field(_ name: String, _ value: Int) {
        key(name)
        beginValue()
        text += String(value)
    }

    /// A string value, or null.
    mutating func stringValue(_ value: String?) {
        beginValue()
        if let value { string(value) } else { text += "null" }
    }

    private mutating func beginValue() {
        if afterKey {
            afterKey = false
            return
        }
        if !isFirst[isFirst.count - 1] { text += "," }
        isFirst[isFirst.count - 1] = false
    }

    private mutating func string(_ value: String) {
        text += "\""
        // Most strings (URLs, versions, keys) need no escaping: append them whole.
        if !value.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0xE2 }) {
            text += value
            text += "\""
            return
        }
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\u{2028}": text += "\\u2028"
            case "\u{2029}": text += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        text += "\""
    }
}
