/// The text a reader sees of some HTML, for the excerpts that reports show: what changed in a page
/// (`ChangeReport`), in a translation's source (`SourceDifference`).
enum HTMLText {
    /// The text a reader sees of some HTML: tags dropped (with what `<script>` and `<style>` hold), a block's
    /// tags read as a space and an inline one's as nothing (`Span<T>` highlighted token by token stays one
    /// word), entities decoded, runs of white space one space.
    static func of(_ html: String) -> String {
        var text = ""
        var inTag = false
        var skipping: String?
        var index = html.startIndex
        while index < html.endIndex {
            let character = html[index]
            if let end = skipping {
                if html[index...].hasPrefix(end) {
                    skipping = nil
                    index = html.index(index, offsetBy: end.count)
                    continue
                }
            } else if inTag {
                if character == ">" { inTag = false }
            } else if character == "<" {
                inTag = true
                let next = html.index(after: index)
                let closing = next < html.endIndex && html[next] == "/"
                let name = html[next...].drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }.lowercased()
                if !closing, name == "script" || name == "style" { skipping = "</\(name)>" }
                if !inline.contains(name) { text += " " }
            } else {
                text.append(character)
            }
            index = html.index(after: index)
        }
        return Entities.decode(text).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The elements that flow within a line.
    private static let inline: Set<String> = [
        "a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "del", "dfn", "em", "i", "ins", "kbd", "mark", "q", "s",
        "samp", "small", "span", "strong", "sub", "sup", "time", "u", "var",
    ]
}
