import Foundation
import TOMLKit

/// TOML front matter, as Hugo writes it between `+++` lines, read with TOMLKit (toml++) and handed on as YAML, so
/// that one reader checks every page's keys whatever it is written in.
///
/// Each top-level key becomes one line of YAML at the line where the TOML defines it (`title = "A"`, or the
/// `[params]` header of a table), its value written as JSON (which YAML reads as it is), so that errors about a key
/// point at the line in the file.
enum TOMLFrontMatter {
    /// The YAML for `toml`, whose first line is line `firstLine` of the file at `path`.
    static func yaml(_ toml: String, path: SourcePath, firstLine: Int) throws -> String {
        let table: TOMLTable
        do {
            table = try TOMLTable(string: toml)
        } catch let error as TOMLParseError {
            let place = SourceLocation(
                path, line: firstLine + error.source.begin.line - 1, column: error.source.begin.column)
            throw FileProblem.invalidTOML(error.description).error(at: place)
        }
        guard let data = table.convert(to: .json).data(using: .utf8),
            let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as? [String: Any]
        else {
            throw FileProblem.unreadableTOML.error(at: SourceLocation(path, line: firstLine))
        }
        let lines = toml.split(separator: "\n", omittingEmptySubsequences: false)
        var output = Array(repeating: "", count: lines.count)
        var extra: [String] = []
        let defined = definingLines(lines)
        for key in object.keys.sorted() {
            let value = try JSONSerialization.data(
                withJSONObject: object[key]!, options: [.fragmentsAllowed, .sortedKeys])
            let entry = "\(quoted(key)): \(String(decoding: value, as: UTF8.self))"
            if let line = defined[key], output[line].isEmpty {
                output[line] = entry
            } else {
                extra.append(entry)
            }
        }
        return (output + extra).joined(separator: "\n")
    }

    /// The line (from 0) where each top-level key is first defined: `key = ...` before any table header, or a
    /// header `[key]`, `[key.sub]` or `[[key]]`. One pass over the lines: looking each key up in turn made front
    /// matter of 10,000 keys take 82 s.
    ///
    /// - Complexity: O(n) in the text's length.
    private static func definingLines(_ lines: [Substring]) -> [String: Int] {
        var defined: [String: Int] = [:]
        var inTable = false
        let quotes = CharacterSet(charactersIn: " \t\"'")
        for (index, line) in lines.enumerated() {
            let text = line.drop(while: { $0 == " " || $0 == "\t" })
            if text.hasPrefix("[") {
                inTable = true
                let name = text.drop(while: { $0 == "[" }).prefix(while: { $0 != "]" && $0 != "." })
                    .trimmingCharacters(in: quotes)
                if defined[name] == nil { defined[name] = index }
                continue
            }
            guard !inTable, let equals = text.firstIndex(of: "="),
                let name = text[..<equals].split(separator: ".").first.map({ $0.trimmingCharacters(in: quotes) })
            else { continue }
            if defined[name] == nil { defined[name] = index }
        }
        return defined
    }

    /// A key as a YAML double-quoted scalar.
    private static func quoted(_ key: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: key, options: [.fragmentsAllowed])) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
