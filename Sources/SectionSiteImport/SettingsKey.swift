import Foundation
import SectionSiteEngine

/// Keys of a site's settings that an import turns into folder names of the new site and keys of its settings: a
/// language's code (`Content/fr/`, `languages: fr:`), a section a permalink is for. A key that cannot be one (a
/// code with `..` in it, or a newline) is refused where the settings file writes it, before anything is written.
enum SettingsKey {
    /// Why `code` cannot be a language code, or nil when it can: letters and digits in parts joined by `-` or `_`
    /// (`en`, `pt-br`, `zh-hans`), as BCP 47 tags and Hugo's codes are, at most 35 characters.
    static func languageProblem(_ code: String) -> String? {
        let isPlain = code.utf8.count <= 35 && code.wholeMatch(of: /[A-Za-z0-9]+(?:[-_][A-Za-z0-9]+)*/) != nil
        return isPlain
            ? nil
            : "'\(shown(code))' cannot be a language code (letters and digits, parts joined by '-' or '_', as in "
                + "'pt-br')"
    }

    /// Why `key` cannot name a folder of the site's content (a permalink's section), or nil when it can.
    static func folderProblem(_ key: String) -> String? {
        if key.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "'\(shown(key))' cannot name a content folder: it holds a control character (a newline, say)"
        }
        if let escape = URLPath.escape(fromFolder: key) {
            return "'\(shown(key))' cannot name a content folder: \(escape)"
        }
        return nil
    }

    /// The line (from 1) of a settings file's `text` where `key` is first written, as it is or with its newlines,
    /// tabs and quotes escaped as TOML, YAML and JSON write them; nil when it is not found.
    static func line(of key: String, in text: String) -> Int? {
        let escaped = key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\r", with: "\\r")
            .replacingOccurrences(of: "\t", with: "\\t")
        let firstLine = String(key.split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
        for written in [escaped, key, firstLine] where !written.isEmpty {
            if let range = text.range(of: written, options: .caseInsensitive) {
                return text[..<range.lowerBound].count(where: { $0 == "\n" }) + 1
            }
        }
        return nil
    }

    /// A key as a message shows it: control characters escaped, so a newline cannot start a line of its own.
    static func shown(_ key: String) -> String {
        String(
            key.unicodeScalars.flatMap { scalar -> [Character] in
                scalar.properties.generalCategory == .control
                    ? Array(scalar.escaped(asASCII: true)) : [Character(scalar)]
            }.prefix(120))
    }
}
