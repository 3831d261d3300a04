import Foundation
import SectionSiteEngine
import TOMLKit
import Yams

/// What both importers do with files: read front matter in any of its languages, write it back as YAML, take data
/// files that SectionSite can read, and write the new site.
enum ImportFiles {
    /// Refuses a source that is no folder and a destination that is not new.
    static func checkFolders(source: URL, destination: URL) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: source.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw ImportProblem.sourceNotAFolder(source.path).error()
        }
        try ImportDestination(folder: destination).check()
    }

    /// A page's front matter (YAML between `---`, TOML between `+++`, or a JSON object) as values, how many lines
    /// come before its body, and the body; nil, with a leftover, when the front matter does not parse. A key given
    /// twice keeps its last value (as Jekyll and Hugo do), with a leftover. YAML whose aliases pass the build's
    /// budget is an error at the alias, in `shown` (the file as errors name it).
    static func split(
        _ text: String, file: String, shown: String, report: inout ImportReport, timestampsAsText: Bool = false,
        blankLinesFirst: Bool = false
    ) throws -> (front: [String: Any], frontLines: Int, body: String)? {
        // A file saved with Windows line ends (coredns.io's posts): `\r\n` is one Character to Swift, so no line
        // would end and the front matter would be read as text.
        let text = text.contains("\r\n") ? text.replacingOccurrences(of: "\r\n", with: "\n") : text
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        // Blank lines before the front matter are passed over where Hugo passes them (Jekyll's must be first).
        let blank = blankLinesFirst ? lines.prefix { $0.allSatisfy(\.isWhitespace) }.count : 0
        if blank > 0, blank < lines.count, ["---", "+++"].contains(lines[blank].trimmingCharacters(in: .whitespaces)) {
            lines.removeFirst(blank)
        } else if blank > 0 {
            return ([:], 0, text)
        }
        guard let first = lines.first?.trimmingCharacters(in: .whitespacesAndNewlines) else { return ([:], 0, text) }
        let closing: String
        switch first {
        case "---": closing = "---"
        case "+++": closing = "+++"
        case "{": closing = "}"
        default: return ([:], 0, text)
        }
        guard
            let end = lines.dropFirst().firstIndex(where: {
                $0.trimmingCharacters(in: .whitespacesAndNewlines) == closing
            })
        else {
            return ([:], 0, text)
        }
        let body = lines[(end + 1)...].joined(separator: "\n")
        do {
            switch first {
            case "+++":
                let json = try TOMLTable(string: lines[1..<end].joined(separator: "\n")).convert(to: .json)
                return (
                    (try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]) ?? [:], end + 1 + blank,
                    body
                )
            case "{":
                let json = lines[0...end].joined(separator: "\n")
                return (
                    (try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]) ?? [:], end + 1 + blank,
                    body
                )
            default:
                var frontLines = Array(lines[1..<end])
                do {
                    let loaded = try ImportYAML.load(
                        frontLines.joined(separator: "\n"), path: shown, firstLine: 2,
                        timestampsAsText: timestampsAsText)
                    return ((loaded as? [String: Any]) ?? [:], end + 1 + blank, body)
                } catch YamlError.duplicatedKeysInMapping(let keys, _) {
                    for key in keys {
                        let places = frontLines.indices.filter { frontLines[$0].hasPrefix(key + ":") }
                        for index in places.dropLast() {
                            report.leftovers.append(
                                .init(
                                    kind: "front matter key given twice, the last kept", file: file,
                                    line: index + 2 + blank, column: 1,
                                    text: String(frontLines[index].prefix(80))))
                            frontLines[index] = ""
                        }
                    }
                    let resolver = timestampsAsText ? Resolver.default.removing(.timestamp) : .default
                    return (
                        (try Yams.load(yaml: frontLines.joined(separator: "\n"), resolver) as? [String: Any]) ?? [:],
                        end + 1 + blank, body
                    )
                }
            }
        } catch let error as SectionSiteError {
            throw error  // the alias budget's, located
        } catch {
            report.leftovers.append(
                .init(kind: "front matter that does not parse, page not imported", file: file, text: "\(error)"))
            return nil
        }
    }

    /// Front matter written back as YAML, keys sorted.
    static func frontMatter(_ front: [String: Any]) -> String {
        guard !front.isEmpty, let yaml = try? Yams.dump(object: plain(front), allowUnicode: true, sortKeys: true) else {
            return ""
        }
        return "---\n" + yaml + "---\n"
    }

    /// Values as Swift's own types: numbers read from JSON (TOML goes through JSON too) are `NSNumber`s, which YAML
    /// would write as `1.0`; a whole number stays whole, true and false stay booleans.
    /// A setting's value as text when it is a plain one (text, a number, true or false); nil for a list or a map.
    static func plainText(_ value: Any) -> String? {
        switch plain(value) {
        case let text as String: text
        case let flag as Bool: flag ? "true" : "false"
        case let number as Int: String(number)
        case let number as Double: String(number)
        default: nil
        }
    }

    /// The data files under `folder` (`_data/`, `data/`) of the kinds given, as templates read them: a file in a
    /// folder below is nested (`_data/team/people.yml` is `data.team.people`). YAML is read within the build's
    /// alias budget, TOML as the JSON it converts to; a file that does not parse is left out (the data pass
    /// reports it).
    static func siteData(_ site: ImportSource, files: [String], folder: String, kinds: Set<String>) -> SourceValue {
        var data: [String: SourceValue] = [:]
        for file in files where file.hasPrefix(folder) {
            let ext = (file as NSString).pathExtension.lowercased()
            guard kinds.contains(ext), case .data(let bytes)? = try? site.reading(file) else { continue }
            var text = String(decoding: bytes, as: UTF8.self)
            let parsed: SourceValue
            if ext == "csv" {
                let rows = text.split(separator: "\n").map {
                    $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                }
                guard let header = rows.first else { continue }
                parsed = .list(
                    rows.dropFirst().map { row in
                        .map(Dictionary(zip(header, row.map(SourceValue.string))) { a, _ in a })
                    })
            } else {
                if ext == "toml" {
                    guard let json = try? TOMLTable(string: text).convert(to: .json) else { continue }
                    text = json
                }
                guard (try? YAMLAliasBudget.check(text, from: SourceLocation(file: file))) != nil,
                    let loaded = try? Yams.load(yaml: text)
                else { continue }
                parsed = .of(loaded)
            }
            let path = (String(file.dropFirst(folder.count)) as NSString).deletingPathExtension.split(separator: "/")
            insert(parsed, at: path.map(String.init)[...], into: &data)
        }
        return .map(data)
    }

    private static func insert(_ value: SourceValue, at path: ArraySlice<String>, into map: inout [String: SourceValue])
    {
        guard let first = path.first else { return }
        if path.count == 1 {
            map[first] = value
            return
        }
        var inner: [String: SourceValue] = [:]
        if case .map(let existing)? = map[first] { inner = existing }
        insert(value, at: path.dropFirst(), into: &inner)
        map[first] = .map(inner)
    }

    /// A value as the report shows it, the same in every run: a map's keys in order (`"\(map)"` follows the
    /// dictionary's order, which changes from run to run).
    static func shown(_ value: Any) -> String {
        switch plain(value) {
        case let map as [String: Any]:
            "{" + map.keys.sorted().map { "\($0): \(shown(map[$0]!))" }.joined(separator: ", ") + "}"
        case let list as [Any]: "[" + list.map(shown).joined(separator: ", ") + "]"
        case let other: "\(other)"
        }
    }

    static func plain(_ value: Any) -> Any {
        switch value {
        case let map as [String: Any]: return map.mapValues(plain)
        case let list as [Any]: return list.map(plain)
        case let flag as Bool where type(of: value) == Bool.self: return flag
        case let number as NSNumber:
            let kind = String(cString: number.objCType)
            if kind == "c" || kind == "B" { return number.boolValue }
            let double = number.doubleValue
            return double == double.rounded() && abs(double) < 1e15 ? Int(double) as Any : double as Any
        default: return value
        }
    }

    /// A value that is a list, or a string of words (`tags: a b`), as strings.
    static func list(_ value: Any?) -> [String] {
        switch value {
        case let text as String: text.split(separator: " ").map(String.init)
        case let items as [Any]: items.map { "\($0)" }
        default: []
        }
    }

    /// A front matter date (YAML gives `Date`s for unquoted ones), in UTC.
    static func date(_ value: Any?) -> PageDate? {
        switch value {
        case let date as Date: PageDate(parsing: ISO8601DateFormatter().string(from: date))
        case let text as String: PageDate(parsing: text)
        default: nil
        }
    }

    /// The layouts a theme has, by name.
    static func layouts(of theme: [(path: String, text: String)], themeName: String) -> Set<String> {
        let prefix = "Themes/\(themeName)/layouts/"
        return Set(
            themePaths(theme, themeName: themeName).compactMap {
                $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count).dropLast(".mustache".count)) : nil
            })
    }

    /// The top-level folders of the new site's content that read as documentation, for the theme's `docs` layout
    /// (a sidebar from the folder tree, breadcrumbs, previous and next): those named so (`docs`, `guide` ...), and
    /// those whose pages are nested two folders deep. `languageFolders` are skipped over.
    static func docsFolders(_ paths: [String], languageFolders: Set<String>) -> [String] {
        let named: Set<String> = [
            "docs", "doc", "documentation", "guide", "guides", "reference", "manual", "handbook", "tutorials", "learn",
        ]
        var found = Set<String>()
        for path in paths where path.hasPrefix("Content/") && path.hasSuffix(".md") {
            var parts = path.split(separator: "/").dropFirst().map(String.init)
            if parts.count > 1, languageFolders.contains(parts[0]) { parts.removeFirst() }
            guard parts.count > 1 else { continue }
            if named.contains(parts[0].lowercased()) || parts.count > 3 { found.insert(parts[0]) }
        }
        return found.sorted()
    }

    /// The cell the lists an importer writes draw each page with: the default theme's `post-row`, the starter
    /// theme's `post`.
    static func postCell(of theme: [(path: String, text: String)], themeName: String) -> String {
        themePaths(theme, themeName: themeName).contains("Themes/\(themeName)/cells/post-row.mustache")
            ? "post-row" : "post"
    }

    /// The paths of the new site's theme files (`Themes/<name>/...`): those written with it, or, for a theme the
    /// binary carries and the new site does not copy, the built-in one's.
    /// The directives the new site's theme draws, which the components of imported template tags may use.
    static func directives(of theme: [(path: String, text: String)], themeName: String) -> Set<String> {
        ImportComponent.directives(in: themePaths(theme, themeName: themeName))
    }

    private static func themePaths(_ theme: [(path: String, text: String)], themeName: String) -> [String] {
        theme.isEmpty
            ? (BuiltinThemes.files[themeName] ?? []).map { "Themes/\(themeName)/" + $0.path } : theme.map(\.path)
    }

    /// A data file goes to `Data/` whole, as templates read it (`site.data.<name>`); records without an `id` are
    /// data for templates, not a section's items. TOML, which SectionSite does not read, is written as JSON.
    static func importData(
        _ source: ImportSource, name: String, file: String, into outputs: inout [(path: String, data: Data)],
        report: inout ImportReport
    ) throws {
        guard let data = try source.read(file, report: &report) else { return }
        if name.contains("/") {
            report.leftovers.append(
                .init(
                    kind:
                        "data file in a folder, which site.data does not read yet (move it to Data/ itself), not "
                        + "imported",
                    file: file))
            return
        }
        let ext = (name as NSString).pathExtension.lowercased()
        switch ext {
        case "yml", "yaml":
            let text = String(decoding: data, as: UTF8.self)
            // an error, where a parse error is a leftover
            try YAMLAliasBudget.check(text, from: SourceLocation(file: source.shown(file)))
            guard (try? Yams.compose(yaml: text)) != nil else {
                report.leftovers.append(.init(kind: "data file that does not parse as YAML, not imported", file: file))
                return
            }
            outputs.append(("Data/\(name)", data))
        case "json", "csv":
            outputs.append(("Data/\(name)", data))
        case "toml":
            guard let table = try? TOMLTable(string: String(decoding: data, as: UTF8.self)),
                let json = try? table.convert(to: .json)
            else {
                report.leftovers.append(.init(kind: "data file that does not parse as TOML, not imported", file: file))
                return
            }
            outputs.append(("Data/\((name as NSString).deletingPathExtension).json", Data(json.utf8)))
        default:
            report.leftovers.append(
                .init(kind: "data file of a kind SectionSite does not read, not imported", file: file))
        }
    }

    /// Writes the new site: `outputs`, the theme (its link to the posts sent to `postsFolder`), and the report, all
    /// at once (`ImportDestination`).
    static func write(
        _ outputs: [(path: String, data: Data)], theme: [(path: String, text: String)], postsFolder: String?,
        to destination: URL,
        report: ImportReport
    ) throws -> ImportReport {
        var report = report
        var outputs = outputs
        for file in theme {
            // The starter theme links to its posts: to where the posts went, or nowhere when there are none.
            let text =
                postsFolder.map {
                    file.text.replacingOccurrences(of: "{{site.root}}posts/", with: "{{site.root}}\($0)/")
                }
                ?? file.text.replacingOccurrences(of: #" <a href="{{site.root}}posts/">Posts</a>"#, with: "")
            outputs.append((file.path, Data(text.utf8)))
        }
        report.leftovers.sort { ($0.file, $0.line, $0.column) < ($1.file, $1.line, $1.column) }
        outputs.append(("import-report.txt", Data(report.text.utf8)))
        outputs.sort { $0.path < $1.path }
        try ImportDestination(folder: destination).write(outputs)
        report.written = outputs.map(\.path)
        return report
    }

    /// The path from the folder `from` (relative to a root) to the file `to` (relative to the same root).
    static func relativePath(from folder: String, to file: String) -> String {
        let base = folder.split(separator: "/")
        let target = file.split(separator: "/")
        var common = 0
        while common < base.count, common < target.count - 1, base[common] == target[common] { common += 1 }
        return (Array(repeating: "..", count: base.count - common) + target[common...].map(String.init)).joined(
            separator: "/")
    }
}
