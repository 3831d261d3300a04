import Foundation

/// Liquid as Jekyll reads a page or an include: text, outputs (`{{ page.title | upcase }}`) and tags, a tag with a
/// matching `end` tag being a block with its branches (`if` / `elsif` / `else`, `case` / `when`, `for` / `else`).
/// Kept as ranges of the source text, so that what is reported names its line and column and a component knows
/// whether it stood on lines of its own.
///
/// Why our own: no Swift package here reads Liquid (Stencil and Leaf are other languages), and the import needs the
/// tags' places, which a renderer would not keep.
struct LiquidTemplate {
    enum Node {
        case text(Range<String.Index>)
        /// `{{ expression }}`: its markup, and the whole tag.
        case output(String, Range<String.Index>)
        case tag(Tag)
    }

    struct Tag {
        var name: String
        /// What follows the name.
        var markup: String
        /// The opening tag.
        var range: Range<String.Index>
        /// A block's branches, the first the opening tag's own; nil for a lone tag.
        var branches: [Branch]?
        /// The closing tag of a block.
        var closing: Range<String.Index>?
        /// The text between `raw` and `endraw`, or `comment` and `endcomment`, as written.
        var verbatim: Range<String.Index>?
    }

    struct Branch {
        var name: String
        var markup: String
        var nodes: [Node]
    }

    let text: String
    var nodes: [Node] = []

    /// The tags that continue a block rather than start one.
    static let continuations: [String: Set<String>] = [
        "if": ["elsif", "else"], "unless": ["elsif", "else"], "case": ["when", "else"], "for": ["else"],
    ]

    init(_ text: String) {
        self.text = text
        let tokens = Self.lex(text)
        // Which tags are blocks: those whose `end` tag follows.
        var ends: [String: Int] = [:]
        for token in tokens {
            if case .tag(let name, _, _) = token.kind, name.hasPrefix("end") {
                ends[String(name.dropFirst(3)), default: 0] += 1
            }
        }
        var index = 0
        nodes = Self.parse(tokens, &index, until: [], ends: &ends).nodes
    }

    struct Token {
        enum Kind {
            case text
            case output(String)
            case tag(String, String, verbatim: Range<String.Index>?)
        }

        var kind: Kind
        var range: Range<String.Index>
    }

    /// The tokens of `text`: `{%-` and `-%}` take the spaces beside them away; `raw` and `comment` keep their text
    /// as written up to their end tag.
    static func lex(_ text: String) -> [Token] {
        var tokens: [Token] = []
        var position = text.startIndex
        var textStart = text.startIndex
        var trimNext = false
        func addText(_ range: Range<String.Index>, trimEnd: Bool) {
            var lower = range.lowerBound, upper = range.upperBound
            if trimNext { while lower < upper, text[lower].isWhitespace { lower = text.index(after: lower) } }
            if trimEnd {
                while upper > lower, text[text.index(before: upper)].isWhitespace { upper = text.index(before: upper) }
            }
            if lower < upper { tokens.append(Token(kind: .text, range: lower..<upper)) }
        }
        while let open = text[position...].firstIndex(of: "{") {
            let next = text.index(after: open)
            guard next < text.endIndex, text[next] == "{" || text[next] == "%" else {
                position = next
                continue
            }
            let isTag = text[next] == "%"
            let closer = isTag ? "%}" : "}}"
            guard let end = Self.end(of: closer, in: text, from: text.index(after: next)) else { break }
            var inner = text[text.index(after: next)..<end.lowerBound]
            let trimBefore = inner.hasPrefix("-")
            if trimBefore { inner = inner.dropFirst() }
            let trimAfter = inner.hasSuffix("-")
            if trimAfter { inner = inner.dropLast() }
            addText(textStart..<open, trimEnd: trimBefore)
            trimNext = trimAfter
            let markup = inner.trimmingCharacters(in: .whitespacesAndNewlines)
            var tagEnd = end.upperBound
            if isTag {
                let name = String(markup.prefix { !$0.isWhitespace })
                let rest = markup.dropFirst(name.count).trimmingCharacters(in: .whitespacesAndNewlines)
                var verbatim: Range<String.Index>?
                if name == "raw" || name == "comment" {
                    // Up to the end tag, whatever is between.
                    let pattern = name == "raw" ? /\{%-?\s*endraw\s*-?%\}/ : /\{%-?\s*endcomment\s*-?%\}/
                    if let close = text[end.upperBound...].firstMatch(of: pattern) {
                        verbatim = end.upperBound..<close.range.lowerBound
                        tokens.append(Token(kind: .tag(name, rest, verbatim: verbatim), range: open..<end.upperBound))
                        tokens.append(Token(kind: .tag("end" + name, "", verbatim: nil), range: close.range))
                        tagEnd = close.range.upperBound
                        trimNext = close.output.hasSuffix("-%}")
                        position = tagEnd
                        textStart = tagEnd
                        continue
                    }
                }
                tokens.append(Token(kind: .tag(name, rest, verbatim: nil), range: open..<end.upperBound))
            } else {
                tokens.append(Token(kind: .output(markup), range: open..<end.upperBound))
            }
            position = tagEnd
            textStart = tagEnd
        }
        addText(textStart..<text.endIndex, trimEnd: false)
        return tokens
    }

    /// Where `closer` first follows `start`, outside quotes.
    static func end(of closer: String, in text: String, from start: String.Index) -> Range<String.Index>? {
        var index = start
        var quote: Character?
        while index < text.endIndex {
            let character = text[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if text[index...].hasPrefix(closer) {
                return index..<text.index(index, offsetBy: closer.count)
            }
            index = text.index(after: index)
        }
        // A quote never closed: the first closer at all.
        return text.range(of: closer, range: start..<text.endIndex)
    }

    /// Nodes up to a tag named in `stops` (left to read); `ends` counts the end tags still ahead by name.
    static func parse(
        _ tokens: [Token], _ index: inout Int, until stops: Set<String>, ends: inout [String: Int]
    ) -> (nodes: [Node], stop: String?) {
        var nodes: [Node] = []
        while index < tokens.count {
            let token = tokens[index]
            switch token.kind {
            case .text:
                nodes.append(.text(token.range))
                index += 1
            case .output(let markup):
                nodes.append(.output(markup, token.range))
                index += 1
            case .tag(let name, let markup, let verbatim):
                if stops.contains(name) { return (nodes, name) }
                index += 1
                if name.hasPrefix("end") {
                    ends[String(name.dropFirst(3)), default: 0] -= 1
                    continue  // an end tag with nothing open: Jekyll stops; it is dropped here
                }
                var tag = Tag(
                    name: name, markup: markup, range: token.range, branches: nil, closing: nil, verbatim: verbatim)
                guard ends[name, default: 0] > 0 else {
                    nodes.append(.tag(tag))
                    continue
                }
                let continuations = Self.continuations[name] ?? []
                var branches: [Branch] = []
                var branch = Branch(name: name, markup: markup, nodes: [])
                while true {
                    let (inner, stop) = parse(tokens, &index, until: continuations.union(["end" + name]), ends: &ends)
                    branch.nodes = inner
                    branches.append(branch)
                    guard let stop, index < tokens.count, case .tag(_, let nextMarkup, _) = tokens[index].kind else {
                        break
                    }
                    if stop == "end" + name {
                        tag.closing = tokens[index].range
                        ends[name, default: 0] -= 1
                        index += 1
                        break
                    }
                    branch = Branch(name: stop, markup: nextMarkup, nodes: [])
                    index += 1
                }
                tag.branches = branches
                nodes.append(.tag(tag))
            }
        }
        return (nodes, nil)
    }
}
