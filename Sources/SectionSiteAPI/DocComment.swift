import Foundation
import SectionSiteEngine

/// A doc comment as Markdown a page shows: DocC's callouts (`- Parameters:`, `- Parameter x:`, `- Returns:`,
/// `- Throws:`, `- Note:` and the other aside kinds) become asides (`> Parameters:`, `> Note: ...`), which the
/// engine's Markdown draws as DocC draws them, and ``` ``Symbol`` ``` links become links to the reference's pages.
///
/// Our own reading of the comment's lines: swift-markdown, which DocC uses for this, is not among the packages
/// SectionSite can depend on here, and the callouts are a small, line-shaped grammar (a top-level list item whose
/// text starts with a known word and a colon).
struct DocComment: Equatable {
    /// The first paragraph: what lists of symbols show.
    var abstract: String
    /// The whole comment as Markdown, the abstract included, callouts as asides.
    var markdown: String

    /// Reads a comment's lines (without `///`), resolving ``` ``links`` ``` with `link` and Markdown links in
    /// DocC's URL layout with `page` (see `resolvingLinks`).
    init(lines: [String], link: (String) -> String?, page: (String) -> String? = { _ in nil }) {
        let lines = Self.dedented(lines)
        var output: [String] = []
        var parameters: [String] = []  // `- name: text` lines, continuation lines indented below them
        var callouts: [String] = []  // asides, after the parameters, in the comment's order
        var index = 0
        var inFence = false
        while index < lines.count {
            let line = lines[index]
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") { inFence.toggle() }
            guard !inFence, let (word, rest) = Self.callout(line) else {
                output.append(line)
                index += 1
                continue
            }
            // The item's lines: its first, then those indented under it.
            var body = [rest]
            index += 1
            while index < lines.count,
                lines[index].isEmpty || lines[index].hasPrefix(" ") || lines[index].hasPrefix("\t")
            {
                body.append(lines[index])
                index += 1
            }
            while body.last?.isEmpty == true { body.removeLast() }
            let lowered = word.lowercased()
            if lowered == "parameters" {
                // Nested `- name: text` items.
                for nested in Self.dedented(Array(body.dropFirst())) {
                    if nested.hasPrefix("- ") || nested.hasPrefix("* ") {
                        parameters.append("- " + Self.parameterLine(String(nested.dropFirst(2))))
                    } else if !nested.isEmpty {
                        parameters.append("  " + nested.trimmingCharacters(in: .whitespaces))
                    }
                }
            } else if lowered.hasPrefix("parameter ") {
                let name = word.dropFirst("parameter ".count).trimmingCharacters(in: .whitespaces)
                parameters.append("- `\(name)`: " + rest)
                parameters += body.dropFirst().map { "  " + $0.trimmingCharacters(in: .whitespaces) }
            } else {
                let label = QuotePass.aside(named: word)!.label  // `callout` found it
                var aside = ["> \(label): " + rest]
                aside += body.dropFirst().map { $0.isEmpty ? ">" : "> " + $0.trimmingCharacters(in: .whitespaces) }
                callouts.append(aside.joined(separator: "\n"))
            }
        }
        while output.last?.isEmpty == true { output.removeLast() }
        var blocks = [output.joined(separator: "\n")]
        if !parameters.isEmpty {
            blocks.append("> Parameters:\n>\n" + parameters.map { "> " + $0 }.joined(separator: "\n"))
        }
        blocks += callouts
        let text = blocks.filter { !$0.isEmpty }.joined(separator: "\n\n")
        markdown = Self.resolvingLinks(text, link: link, page: page)
        abstract = Self.resolvingLinks(Self.firstParagraph(output), link: link, page: page)
    }

    /// For a top-level list item that is a callout, its word (`Note`, `Parameter name`) and the text after the
    /// colon.
    static func callout(_ line: String) -> (word: String, rest: String)? {
        guard line.hasPrefix("- ") || line.hasPrefix("* ") || line.hasPrefix("+ ") else { return nil }
        let item = line.dropFirst(2)
        guard let colon = item.firstIndex(of: ":") else { return nil }
        let word = item[..<colon].trimmingCharacters(in: .whitespaces)
        let rest = item[item.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        let key = word.lowercased()
        if key == "parameters" { return (word, rest) }
        if key.hasPrefix("parameter "), !word.dropFirst("parameter ".count).trimmingCharacters(in: .whitespaces).isEmpty
        {
            return (word, rest)
        }
        return QuotePass.aside(named: word) != nil ? (word, rest) : nil
    }

    /// `title: The title.` as `` `title`: The title.``
    private static func parameterLine(_ item: String) -> String {
        guard let colon = item.firstIndex(of: ":") else { return item }
        let name = item[..<colon].trimmingCharacters(in: .whitespaces)
        return "`\(name)`: " + item[item.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }

    /// The lines with the indentation they all share taken off (a comment written `/// text` keeps one space).
    static func dedented(_ lines: [String]) -> [String] {
        let indents = lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map {
            $0.prefix { $0 == " " }.count
        }
        let common = indents.min() ?? 0
        return lines.map { $0.trimmingCharacters(in: .whitespaces).isEmpty ? "" : String($0.dropFirst(common)) }
    }

    /// The first paragraph of Markdown lines, joined: what lists of symbols and articles show. Headings before
    /// it are passed over; code first means none.
    static func firstParagraph(_ lines: [String]) -> String {
        var paragraph: [String] = []
        for line in lines {
            if line.trimmingCharacters(in: .whitespaces).isEmpty {
                if paragraph.isEmpty { continue } else { break }
            }
            if paragraph.isEmpty, line.hasPrefix("#") { continue }
            if paragraph.isEmpty, line.hasPrefix("```") || line.hasPrefix("    ") { break }
            paragraph.append(line.trimmingCharacters(in: .whitespaces))
        }
        return paragraph.joined(separator: " ")
    }

    /// ``` ``Book`` ``` and ``` ``Shelf/add(_:)`` ``` as Markdown links to their pages, outside code; a link that
    /// resolves to nothing stays code. The destination of each Markdown link `[text](destination)` is given to
    /// `page`, which answers for those written for DocC's URL layout (`./orderedcollections/orderedset`) with the
    /// page's site path, and nil for the others, which stay as written.
    static func resolvingLinks(
        _ text: String, link: (String) -> String?, page: (String) -> String? = { _ in nil }
    ) -> String {
        var result = ""
        var rest = Substring(text)
        var inFence = false
        var lines: [Substring] = []
        while let newline = rest.firstIndex(of: "\n") {
            lines.append(rest[..<newline])
            rest = rest[rest.index(after: newline)...]
        }
        lines.append(rest)
        for (number, line) in lines.enumerated() {
            if number > 0 { result += "\n" }
            let trimmed = line.drop { $0 == " " || $0 == ">" }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") { inFence.toggle() }
            result +=
                inFence
                ? String(line) : resolvingDestinations(inLine: resolvingLinks(inLine: line, link: link), page: page)
        }
        return result
    }

    /// `](destination)` with each destination `page` knows replaced by its site path.
    private static func resolvingDestinations(inLine line: String, page: (String) -> String?) -> String {
        guard line.contains("](") else { return line }
        var result = ""
        var rest = Substring(line)
        while let open = rest.range(of: "](") {
            result += rest[..<open.upperBound]
            rest = rest[open.upperBound...]
            guard let close = rest.firstIndex(where: { $0 == ")" || $0 == " " }) else { continue }
            let destination = String(rest[..<close])
            if let path = page(destination) {
                result += path
                rest = rest[close...]
            }
        }
        return result + rest
    }

    private static func resolvingLinks(inLine line: Substring, link: (String) -> String?) -> String {
        var result = ""
        var rest = line
        while let start = rest.range(of: "``") {
            result += rest[..<start.lowerBound]
            let after = rest[start.upperBound...]
            guard let end = after.range(of: "``"), !after[..<end.lowerBound].isEmpty,
                !after[..<end.lowerBound].contains("`")
            else {
                result += "``"
                rest = after
                continue
            }
            let target = String(after[..<end.lowerBound])
            let shown = target.split(separator: "/").last.map(String.init) ?? target
            if let url = link(target) {
                result += "[`\(shown)`](\(url))"
            } else {
                result += "``\(target)``"
            }
            rest = after[end.upperBound...]
        }
        return result + rest
    }
}
