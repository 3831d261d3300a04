/// The text an author typed for a field, written as a value of the file's format: of the old value's kind when the
/// text is valid for it (a number stays a number), else a string, plain where the format allows and it reads back
/// as that string, else quoted as the format needs.
struct ValueText: Equatable {
    /// The languages items are written in.
    enum Format {
        case yaml, json, toml, csv
    }

    /// What to write into the file.
    var text: String
    /// What the engine's readers will make of it.
    var value: Value

    init(_ typed: String, old: Value?, format: Format, inFlow: Bool = false) {
        let isInteger = typed.wholeMatch(of: /-?(0|[1-9][0-9]*)/) != nil
        let isDecimal = typed.wholeMatch(of: /-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?/) != nil
        let isNumber: Bool
        switch old {
        case .int?, .double?: isNumber = true
        default: isNumber = false
        }
        if format != .csv, isNumber, isDecimal, !isInteger || Int(typed) != nil {
            (text, value) = (typed, isInteger ? .int(Int(typed)!) : .double(Double(typed) ?? 0))
        } else if format != .csv, old == .bool(true) || old == .bool(false), typed == "true" || typed == "false" {
            (text, value) = (typed, .bool(typed == "true"))
        } else {
            let plain =
                format == .csv
                ? !typed.unicodeScalars.contains { ",\"\r\n".unicodeScalars.contains($0) }
                : format == .yaml && Self.isPlain(typed, inFlow: inFlow)
            text =
                plain ? typed : format == .csv ? "\"" + typed.replacing("\"", with: "\"\"") + "\"" : Self.quoted(typed)
            value = .string(typed)
        }
    }

    /// A string as YAML, JSON and TOML all read it between double quotes.
    static func quoted(_ string: String) -> String {
        var result = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _
            where scalar.value < 0x20 || scalar.value == 0x7F || [0x85, 0x2028, 0x2029, 0xFEFF].contains(scalar.value):
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// Whether YAML reads `string` written plain back as that same string (not a number, a boolean or null, and no
    /// character that would end or change the scalar).
    static func isPlain(_ string: String, inFlow: Bool) -> Bool {
        guard let first = string.unicodeScalars.first, let last = string.unicodeScalars.last,
            !"-?:,[]{}#&*!|>'\"%@` \t".unicodeScalars.contains(first), last != " ", last != ":",
            !string.contains(": "), !string.contains(" #"),
            !string.unicodeScalars.contains(where: {
                $0.value < 0x20 || $0.value == 0x7F || $0.value == 0x85 || $0.value >= 0x2028 && $0.value <= 0x2029
                    || $0.value == 0xFEFF
            }),
            !inFlow || !string.unicodeScalars.contains(where: { ",[]{}".unicodeScalars.contains($0) })
        else { return false }
        // YAML 1.1's booleans, which other readers of the file (Jekyll, PyYAML) take as such: quoted for them.
        guard !["y", "yes", "n", "no", "on", "off"].contains(string.lowercased()) else { return false }
        let reader = YAMLReader(path: "", firstLine: 1)
        guard let node = try? reader.compose("- " + string), case .list(let values) = reader.value(node) else {
            return false
        }
        return values == [.string(string)]
    }
}
