/// Writes compact JSON in the order it is told, so output bytes never depend on a dictionary's order.
package struct JSONWriter {
    /// The JSON so far.
    package private(set) var text = ""
    private var isFirst = [true]
    private var afterKey = false

    /// An empty writer.
    package init() {}

    /// An object whose members `body` writes.
    package mutating func object(_ body: (inout JSONWriter) -> Void) {
        beginValue()
        text += "{"
        isFirst.append(true)
        body(&self)
        isFirst.removeLast()
        text += "}"
    }

    /// An array of `elements`, each written by `body`.
    package mutating func array<Element>(_ elements: [Element], _ body: (inout JSONWriter, Element) -> Void) {
        beginValue()
        text += "["
        isFirst.append(true)
        for element in elements { body(&self, element) }
        isFirst.removeLast()
        text += "]"
    }

    /// A member's key; the next value written is its value.
    package mutating func key(_ name: String) {
        beginValue()
        string(name)
        text += ":"
        afterKey = true
    }

    /// A member with a string value, or null.
    package mutating func field(_ name: String, _ value: String?) {
        key(name)
        stringValue(value)
    }

    /// A member with a number.
    package mutating func field(_ name: String, _ value: Int) {
        key(name)
        beginValue()
        text += String(value)
    }

    /// A member with `true` or `false`.
    package mutating func field(_ name: String, _ value: Bool) {
        key(name)
        beginValue()
        text += value ? "true" : "false"
    }

    /// A value already written as JSON (a long array of numbers, say).
    package mutating func raw(_ value: String) {
        beginValue()
        text += value
    }

    /// A string value, or null.
    package mutating func stringValue(_ value: String?) {
        beginValue()
        if let value { string(value) } else { text += "null" }
    }

    /// `value` as a JSON string, quotes and all.
    package static func quoted(_ value: String) -> String {
        // Most values (output paths, for the manifest's thousands of lines) need no escape.
        if !value.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0xE2 }) {
            return "\"" + value + "\""
        }
        var writer = JSONWriter()
        writer.string(value)
        return writer.text
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
        // Runs of bytes that need no escaping are appended whole: most strings (URLs, versions, keys) are one run,
        // appended as they are, and a page's text with typographic quotes (whose UTF-8 starts with 0xE2, as U+2028
        // does) stays a few. The bytes are scanned in place: a build writes tens of megabytes of page text.
        var value = value
        let whole = value.withUTF8 { bytes -> Bool in
            var run = 0
            var index = 0
            let count = bytes.count
            while index < count {
                let byte = bytes[index]
                // Most bytes need nothing: one comparison of each against the few that may.
                guard byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0xE2 else {
                    index += 1
                    continue
                }
                var escape: String?
                var length = 1
                switch byte {
                case 0x22: escape = "\\\""
                case 0x5C: escape = "\\\\"
                case 0x0A: escape = "\\n"
                case 0x0D: escape = "\\r"
                case 0x09: escape = "\\t"
                case 0..<0x20:
                    let hex = String(byte, radix: 16)
                    escape = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                case 0xE2
                where index + 2 < bytes.count && bytes[index + 1] == 0x80
                    && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                    escape = bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029"
                    length = 3
                default: break
                }
                if let escape {
                    text += String(decoding: UnsafeBufferPointer(rebasing: bytes[run..<index]), as: UTF8.self)
                    text += escape
                    index += length
                    run = index
                } else {
                    index += 1
                }
            }
            guard run > 0 else { return true }
            text += String(decoding: UnsafeBufferPointer(rebasing: bytes[run...]), as: UTF8.self)
            return false
        }
        if whole { text += value }
        text += "\""
    }
}
