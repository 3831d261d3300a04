import Foundation

/// The Hugo shortcodes documentation sites use most, turned into plain Markdown; the rest stays as written and is
/// reported.
enum Shortcodes {
    /// `text` (a body starting at `firstLine` of `file`, the page `page` relative to the content folder) with:
    /// - `{{< ref "guide.md#part" >}}` and `relref`: a relative link to that Markdown file, which SectionSite turns
    ///   into its page's URL and checks;
    /// - `{{< highlight go >}}` ... `{{< /highlight >}}`, and `code-toggle` (configuration in one language): a fenced
    ///   code block;
    /// - `{{< figure src="a.png" alt="..." caption="..." >}}`: an image;
    /// - `{{< param github_repo >}}`: the page's or the site's parameter, when it is a plain value.
    static func convert(
        _ text: String, file: String, firstLine: Int, contentFolder: String, page: String, exists: (String) -> Bool,
        files: [String] = [], parameters: (String) -> String? = { _ in nil }, report: inout ImportReport
    ) -> String {
        var output = ""
        var rest = Substring(text)
        let pageFolder = (page as NSString).deletingLastPathComponent
        while let code = rest.firstMatch(of: /\{\{([<%])\s*(\/?)\s*([\w.-]+)\s*(.*?)\s*[>%]\}\}/) {
            output += rest[..<code.range.lowerBound]
            rest = rest[code.range.upperBound...]
            let whole = String(code.output.0)
            let closing = !code.output.2.isEmpty
            let name = String(code.output.3)
            let arguments = Self.arguments(String(code.output.4))
            switch (name, closing) {
            case ("ref", false), ("relref", false):
                let target = arguments["0"] ?? ""
                if let resolved = resolve(target, from: pageFolder, exists: exists, files: files) {
                    output += resolved
                } else {
                    output += whole
                    leftover("'\(name)' to a page that is not there", whole, at: code.range.lowerBound)
                }
            case ("highlight", false):
                output += "```" + (arguments["0"] ?? "")
            case ("code-toggle", false):  // configuration shown in one language: its code, fenced
                output += "```" + (arguments["lang"] ?? arguments["config"].map { _ in "toml" } ?? "toml")
            case ("highlight", true), ("code-toggle", true):
                output += "```"
            case ("param", false):
                // A plain value of the page's front matter or the site's `params`, written where it stands.
                if let key = arguments["0"], let value = parameters(key) {
                    output += value
                } else {
                    output += whole
                    leftover("Hugo shortcode 'param' of a value that is not plain text", whole, at: code.range.lowerBound)
                }
            case ("figure", false):
                let alt = arguments["alt"] ?? arguments["caption"] ?? ""
                let title = arguments["caption"] ?? arguments["title"]
                output += "![\(alt)](\(arguments["src"] ?? "")\(title.map { " \"\($0.replacingOccurrences(of: "\"", with: "'"))\"" } ?? ""))"
            case (_, true):
                output += whole
            default:
                output += whole
                leftover("Hugo shortcode '\(name)'", whole, at: code.range.lowerBound)
            }
        }
        output += rest
        return output

        func leftover(_ kind: String, _ whole: String, at index: Substring.Index) {
            report.leftovers.append(.init(kind: kind, file: file, text: text, at: index, firstLine: firstLine, written: whole))
        }
    }

    /// `"a b" key="c"` as `["0": "a b", "key": "c"]`: positional arguments by their place.
    static func arguments(_ text: String) -> [String: String] {
        var result: [String: String] = [:]
        var position = 0
        for match in text.matches(of: /(?:([\w-]+)=)?(?:"([^"]*)"|'([^']*)'|([^\s"']+))/) {
            let value = String(match.output.2 ?? match.output.3 ?? match.output.4 ?? "")
            if let key = match.output.1 {
                result[String(key)] = value
            } else {
                result[String(position)] = value
                position += 1
            }
        }
        return result
    }

    /// The files a `ref` to `path` may name: `guide.md`, or the section or bundle `guide/` (Hugo reads
    /// `guide.md` as `guide/` too when that is a section).
    static func candidates(_ path: String) -> [String] {
        let stem = path.hasSuffix(".md") ? String(path.dropLast(3)) : path
        return (path.hasSuffix(".md") ? [path] : [path + ".md", path]) + [stem + "/_index.md", stem + "/index.md"]
    }

    /// The relative link from the page's folder to the Markdown file a `ref` names (from the content folder when
    /// it starts with `/`, else from the page's folder, then from the content folder; `guide` may be `guide.md`,
    /// `guide/_index.md` or `guide/index.md`), then, as Hugo does, the page whose path ends with it anywhere in
    /// `files` (`{{< ref "install.md" >}}` is `docs/setup/install.md`), the shortest when several do; with its
    /// `#part`; nil when no such file is there.
    static func resolve(_ target: String, from folder: String, exists: (String) -> Bool, files: [String] = []) -> String? {
        if target.hasPrefix("#") { return target }  // a part of the page itself
        let parts = target.split(separator: "#", maxSplits: 1)
        let path = String(parts.first ?? "").trimmingCharacters(in: CharacterSet(charactersIn: " "))
        let anchor = parts.count > 1 ? "#" + parts[1] : ""
        let trimmed = path.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        var bases = path.hasPrefix("/") ? [trimmed] : [folder.isEmpty ? trimmed : folder + "/" + trimmed, trimmed]
        bases = bases.map { base in
            var parts: [Substring] = []
            for part in base.split(separator: "/") {
                if part == ".." { _ = parts.popLast() } else if part != "." { parts.append(part) }
            }
            return parts.joined(separator: "/")
        }
        for base in bases {
            if let file = (base.isEmpty ? ["_index.md"] : candidates(base)).first(where: exists) {
                return ImportFiles.relativePath(from: folder, to: file) + anchor
            }
        }
        guard !path.hasPrefix("/"), let name = bases.last, !name.isEmpty else { return nil }
        let names = candidates(name)
        let found = files.filter { file in names.contains { file == $0 || file.hasSuffix("/" + $0) } }
        guard let file = found.min(by: { ($0.count, $0) < ($1.count, $1) }) else { return nil }
        return ImportFiles.relativePath(from: folder, to: file) + anchor
    }
}
