import Foundation
import SectionSiteEngine

/// Front matter made what the builder reads: the keys it gives a meaning (`PageParser`) hold values of their type
/// or are not written, so an imported page never fails the build for a value its old generator took. A key with
/// no value (`draft:`, `layout: null`) is not written, as the old generator read it as unset; a value of the wrong
/// kind is not written either, and is listed at its page.
enum BuilderFrontMatter {
    /// Keys SectionSite reads with a meaning of its own, which a page of another generator means otherwise.
    static let foreign: Set<String> = ["sections", "animation"]

    /// `front` with what the builder would refuse taken out, each taken value listed in `report` at `file`, on the
    /// line `lines` gives its key (line 1 for a key the file does not write: one `defaults:` gave).
    static func clean(
        _ front: inout [String: Any], file: String, lines: [String: Int] = [:], report: inout ImportReport
    ) {
        func drop(_ key: String, _ why: String) {
            let value = front.removeValue(forKey: key).map(ImportFiles.shown) ?? ""
            report.leftovers.append(
                .init(
                    kind: "front matter '\(key)' \(why), not written", file: file, line: lines[key] ?? 1, column: 1,
                    text: String(value.prefix(80))))
        }
        for key in front.keys.sorted() {
            let value = front[key]!
            if value is NSNull || (value as? String)?.isEmpty == true && typed.contains(key) {
                front[key] = nil
                continue
            }
            switch key {
            case "title", "summary", "slug", "translationKey", "url", "layout":
                if !isScalar(value) {
                    drop(key, "is not a single value")
                } else if !(value is String) {
                    front[key] = "\(value)"
                }
            case "date":
                if let date = JekyllDate.of(value) {
                    front[key] = date.written
                } else {
                    drop(key, "is no date the builder reads")
                }
            case "draft":
                if let flag = value as? Bool { front[key] = flag } else { drop(key, "is not true or false") }
            case "weight":
                if let number = value as? Int {
                    front[key] = number
                } else if let number = value as? Double, number == number.rounded(), abs(number) < 1e15 {
                    front[key] = Int(number)
                } else if let text = value as? String, let number = Int(text.trimmingCharacters(in: .whitespaces)) {
                    front[key] = number
                } else {
                    drop(key, "is not a whole number")
                }
            case "tags":
                let tags = ImportFiles.list(value).filter { !$0.isEmpty }
                if (value as? [Any])?.contains(where: { !isScalar($0) }) == true {
                    drop(key, "holds values that are not words")
                } else {
                    front[key] = tags.isEmpty ? nil : tags
                }
            case "aliases":
                var kept: [String] = []
                for written in ImportFiles.list(value) {
                    if let alias = alias(written) {
                        if !kept.contains(alias) { kept.append(alias) }
                    } else {
                        report.leftovers.append(
                            .init(
                                kind: "alias that is no path of the site, not written", file: file,
                                line: lines[key] ?? 1, column: 1,
                                text: written))
                    }
                }
                front[key] = kept.isEmpty ? nil : kept
            case _ where foreign.contains(key):
                drop(key, "means something else to SectionSite")
            default:
                break
            }
        }
    }

    /// Keys whose empty value the builder refuses or reads as something.
    private static let typed: Set<String> = [
        "title", "summary", "slug", "translationKey", "url", "layout", "date", "draft", "weight", "tags", "aliases",
    ]

    /// The line (from 1) of each top-level key of a file's front matter, in `text`, the whole file.
    static func keyLines(_ text: String) -> [String: Int] {
        var lines: [String: Int] = [:]
        guard text.hasPrefix("---") || text.hasPrefix("+++") else { return lines }
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().dropFirst() {
            if line.hasPrefix("---") || line.hasPrefix("+++") { break }
            guard let colon = line.firstIndex(of: ":"), let first = line.first, !first.isWhitespace, first != "#",
                first != "-"
            else { continue }
            let key = line[..<colon].trimmingCharacters(in: CharacterSet(charactersIn: " '\""))
            lines[key] = lines[key] ?? index + 1
        }
        return lines
    }

    private static func isScalar(_ value: Any) -> Bool { !(value is [Any]) && !(value is [String: Any]) }

    /// An old address as an alias: a path of the site, percent-encoded as page URLs are (`?` and `#` in a file's
    /// name are part of its path, as Jekyll encodes them); nil for an address elsewhere or one that leaves the site.
    static func alias(_ written: String) -> String? {
        let text = written.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty, !text.contains("://"), !text.hasPrefix("//"), !text.contains("\\") else { return nil }
        var path = text.hasPrefix("/") ? text : "/" + text
        path = URLPath.encoded(path.removingPercentEncoding ?? path)
        guard URLPath.escape(url: path) == nil, path != "/" else { return nil }
        return path
    }
}
