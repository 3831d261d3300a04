import CMark
import Foundation

/// CommonMark through libcmark: a whole document, or its top-level blocks one by one.
public struct Markdown: Sendable {
    private let options: Int32

    /// Smart punctuation turns quotes and dashes typographic; raw HTML passes through only when `unsafe` is on.
    public init(smart: Bool = true, unsafe: Bool = false) {
        var options = CMARK_OPT_DEFAULT | CMARK_OPT_VALIDATE_UTF8
        if smart { options |= CMARK_OPT_SMART }
        if unsafe { options |= CMARK_OPT_UNSAFE }
        self.options = options
    }

    /// A rendered top-level block.
    public struct Block: Sendable, Equatable {
        /// The block's HTML, one element (or raw HTML for an HTML block), without the trailing newline.
        public var html: String
        /// Whether the block is raw HTML from the source (kept only when raw HTML is allowed).
        public var isRawHTML: Bool
    }

    /// The document as HTML.
    ///
    /// - Complexity: O(n) in the length of `text`.
    public func html(_ text: String) -> String {
        withDocument(text) { document in render(document) }
    }

    /// The document's top-level blocks, and the plain text of its first paragraph (for summaries).
    ///
    /// Raw HTML blocks are dropped when raw HTML is off, rather than leaving libcmark's placeholder comment.
    /// - Complexity: O(n) in the length of `text`.
    public func blocks(_ text: String) -> (blocks: [Block], firstParagraph: String?) {
        withDocument(text) { document in
            var blocks: [Block] = []
            var firstParagraph: String?
            var node = cmark_node_first_child(document)
            while let current = node {
                let type = cmark_node_get_type(current)
                if type == CMARK_NODE_HTML_BLOCK {
                    if options & CMARK_OPT_UNSAFE != 0 {
                        blocks.append(Block(html: trimmed(render(current)), isRawHTML: true))
                    }
                } else {
                    if type == CMARK_NODE_PARAGRAPH, firstParagraph == nil { firstParagraph = plainText(current) }
                    blocks.append(Block(html: trimmed(render(current)), isRawHTML: false))
                }
                node = cmark_node_next(current)
            }
            return (blocks, firstParagraph)
        }
    }

    private func withDocument<Result>(_ text: String, _ body: (OpaquePointer) -> Result) -> Result {
        var text = text
        return text.withUTF8 { bytes in
            let document = bytes.withMemoryRebound(to: CChar.self) { chars in
                cmark_parse_document(chars.baseAddress, chars.count, options)!
            }
            defer { cmark_node_free(document) }
            return body(document)
        }
    }

    private func render(_ node: OpaquePointer) -> String {
        guard let html = cmark_render_html(node, options) else { return "" }
        defer { free(html) }
        return String(cString: html)
    }

    private func trimmed(_ html: String) -> String {
        var end = html.utf8.endIndex
        while end > html.utf8.startIndex, html.utf8[html.utf8.index(before: end)] == 10 { end = html.utf8.index(before: end) }
        return end == html.utf8.endIndex ? html : String(html[..<end])
    }

    private func plainText(_ node: OpaquePointer) -> String {
        var text = ""
        let iterator = cmark_iter_new(node)
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let current = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(current) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE:
                if let literal = cmark_node_get_literal(current) { text += String(cString: literal) }
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                text += " "
            default:
                break
            }
        }
        return text
    }
}
