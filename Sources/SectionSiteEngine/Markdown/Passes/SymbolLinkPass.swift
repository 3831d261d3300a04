import CMarkGFM
import Foundation

/// Symbol links: a code span in double backticks (``` ``Book/isbn`` ```) that names a symbol of the API reference
/// becomes a link to its page; one that names none is recorded, to be warned of, and stays code.
package struct SymbolLinkPass {
    let links: SymbolLinks
    let rootPath: String
    /// The code spans that become links, with their URLs.
    private var found: [(node: OpaquePointer, url: String)] = []

    init(_ links: SymbolLinks, rootPath: String) {
        (self.links, self.rootPath) = (links, rootPath)
    }

    mutating func visit(_ node: OpaquePointer, walk: inout Walk) {
        guard let target = Self.target(node, walk: &walk) else { return }
        if let path = Self.resolve(target, in: links.paths) {
            found.append((node, rootPath + path.drop { $0 == "/" }))
        } else {
            let (line, column) = walk.place(node)
            walk.result.fileLinks.append(
                Markdown.FileLink(target: nil, destination: "``\(target)``", line: line, column: column - 2))
        }
    }

    /// Puts each code span that names a symbol inside a link to it.
    func finish() {
        for (node, url) in found {
            guard let link = cmark_node_new(CMARK_NODE_LINK) else { continue }
            cmark_node_set_url(link, url)
            cmark_node_insert_before(node, link)
            cmark_node_append_child(link, node)  // moves the code span into the link
        }
    }

    /// For a code span written in double backticks (``` ``Book`` ```), what it names; nil for other code.
    /// libcmark-gfm keeps no delimiters: the two characters before the span's text in its line tell.
    private static func target(_ node: OpaquePointer, walk: inout Walk) -> String? {
        guard let literal = cmark_node_get_literal(node).map({ String(cString: $0) }), !literal.isEmpty,
            !literal.contains(" "), !literal.contains("`")
        else { return nil }
        let line = Int(cmark_node_get_start_line(node)) - 1
        let column = Int(cmark_node_get_start_column(node)) - 1  // the text's first byte, from 0
        let lines = walk.lines()
        guard line >= 0, line < lines.count, column >= 2 else { return nil }
        let bytes = lines[line]
        guard column <= bytes.count, bytes[column - 1] == UInt8(ascii: "`"), bytes[column - 2] == UInt8(ascii: "`")
        else { return nil }
        if column >= 3, bytes[column - 3] == UInt8(ascii: "`") { return nil }
        return literal
    }

    /// The site path of the symbol a ``` ``link`` ``` names: as written, or without DocC's disambiguation.
    package static func resolve(_ target: String, in symbols: [String: String]) -> String? {
        if let path = symbols[target] { return path }
        return symbols[withoutDisambiguation(target)]
    }

    /// A symbol path without DocC's disambiguation: `Book/add(_:)-swift.method`, `add(_:)-3bd4x`,
    /// `isDisjoint(with:)-(TreeSet)` and `subscript(_:)->Value?` as `Book/add(_:)`, `add(_:)`, `isDisjoint(with:)`,
    /// `subscript(_:)`. Of overloads told apart so, a caller takes the first.
    package static func withoutDisambiguation(_ link: String) -> String {
        link.split(separator: "/").map { component -> Substring in
            if let types = component.range(of: ")-(") ?? component.range(of: ")->") {
                return component[..<types.lowerBound] + ")"
            }
            guard let dash = component.lastIndex(of: "-"), dash != component.startIndex else { return component }
            let suffix = component[component.index(after: dash)...]
            return !suffix.isEmpty && suffix.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." })
                ? component[..<dash] : component
        }.joined(separator: "/")
    }
}
