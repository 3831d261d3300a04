import CMarkGFM
import Foundation

/// Attribute lists as other Markdown tools let authors write them, which CommonMark has no syntax for:
///
/// ```markdown
/// ## Install {#install .wide}        Goldmark, Pandoc, PHP Markdown Extra: at the end of a heading
///
/// A paragraph.
/// {: .note}                          kramdown: on the line after a block (or after a blank line)
/// ```
///
/// Both set the block's `id`, classes and other attributes (`key=value`, `key="a value"`) and never show as text.
/// A heading's `id` is kept as written (the table of contents and `#` links use it), so a site moved from Hugo or
/// Jekyll keeps its anchors. libcmark-gfm has no extension point for this, hence our own pass over its tree: the
/// attributes are taken out of the text before anything else reads it.
struct AttributeList: Sendable, Equatable {
    /// `#id`, if given.
    var id: String?
    /// `.class` words, in order.
    var classes: [String] = []
    /// `key=value` pairs, in order.
    var others: [(key: String, value: String)] = []

    static func == (lhs: AttributeList, rhs: AttributeList) -> Bool {
        lhs.id == rhs.id && lhs.classes == rhs.classes && lhs.others.elementsEqual(rhs.others) { $0 == $1 }
    }

    /// The list inside `{...}` (a leading `:` is kramdown's mark), or nil when `text` is not one: every word must be
    /// `#id`, `.class` or `key=value`, and there must be one.
    init?(_ text: Substring) {
        // Smart punctuation has made quotes typographic by now.
        let plain = text.replacingOccurrences(of: "\u{201C}", with: "\"").replacingOccurrences(
            of: "\u{201D}", with: "\""
        )
        .replacingOccurrences(of: "\u{2018}", with: "'").replacingOccurrences(of: "\u{2019}", with: "'")
        var rest = plain[...].drop { $0 == " " }
        if rest.first == ":" { rest = rest.dropFirst() }
        while true {
            rest = rest.drop { $0 == " " || $0 == "\t" }
            guard let first = rest.first else { break }
            if first == "#" || first == "." {
                let word = rest.dropFirst().prefix { $0.isLetter || $0.isNumber || "-_:.".contains($0) }
                guard !word.isEmpty else { return nil }
                if first == "#" { id = String(word) } else { classes.append(String(word)) }
                rest = rest.dropFirst(word.count + 1)
            } else {
                let key = rest.prefix { $0.isLetter || $0.isNumber || "-_:".contains($0) }
                guard !key.isEmpty, rest.dropFirst(key.count).first == "=" else { return nil }
                rest = rest.dropFirst(key.count + 1)
                let value: Substring
                if let quote = rest.first, quote == "\"" || quote == "'" {
                    guard let end = rest.dropFirst().firstIndex(of: quote) else { return nil }
                    value = rest[rest.index(after: rest.startIndex)..<end]
                    rest = rest[rest.index(after: end)...]
                } else {
                    value = rest.prefix { $0 != " " && $0 != "\t" }
                    rest = rest.dropFirst(value.count)
                }
                // An event handler would run script wherever raw HTML is off: such keys are not attributes here.
                guard !key.lowercased().hasPrefix("on") else { return nil }
                others.append((String(key), String(value)))
            }
        }
        guard id != nil || !classes.isEmpty || !others.isEmpty else { return nil }
    }

    /// The list at the end of `text` (`Title {#id}`): the text before it, without trailing spaces, and the list.
    static func trailing(_ text: String) -> (rest: String, list: AttributeList)? {
        guard text.hasSuffix("}"), let open = text.lastIndex(of: "{") else { return nil }
        let inside = text[text.index(after: open)..<text.index(before: text.endIndex)]
        guard !inside.contains("}"), let list = AttributeList(inside) else { return nil }
        return (String(text[..<open].reversed().drop { $0 == " " || $0 == "\t" }.reversed()), list)
    }

    /// The attributes as HTML, each escaped, with a space before each: ` class="a b" key="v"`; the `id` too unless
    /// the caller writes it.
    func html(withID: Bool) -> String {
        var html = ""
        if withID, let id { html += " id=\"\(HTML.escape(id))\"" }
        if !classes.isEmpty { html += " class=\"\(HTML.escape(classes.joined(separator: " ")))\"" }
        for (key, value) in others where key.lowercased() != "id" && key.lowercased() != "class" {
            html += " \(HTML.escape(key))=\"\(HTML.escape(value))\""
        }
        return html
    }

    /// `html`'s first element with these attributes added: `<p>` becomes `<p class="note">`.
    func applied(to html: String, withID: Bool) -> String {
        guard html.hasPrefix("<"), let end = html.firstIndex(where: { $0 == ">" || $0 == " " }) else { return html }
        let tagEnd = html[end] == " " ? html[end...].firstIndex(of: ">") ?? end : end
        let selfClosing = html[..<tagEnd].hasSuffix("/")
        let insertAt = selfClosing ? html.index(before: tagEnd) : tagEnd
        return String(html[..<insertAt]) + self.html(withID: withID) + String(html[insertAt...])
    }
}

/// Attribute lists, taken out of the text before the other passes and put on the HTML of their blocks after them:
/// a heading's with its id, a top-level block's on its HTML, a paragraph's or list's inside another block drawn in
/// its place.
struct AttributeListPass {
    /// Each list by the block it belongs to.
    private(set) var lists: [OpaquePointer: AttributeList] = [:]
    /// The list of each top-level block that is not a heading, by the block's place among them (top-level blocks are
    /// known by their place, not their node: nodes are replaced, and freed, and a new node may take a freed one's
    /// address).
    private(set) var topLevel: [Int: AttributeList] = [:]
    /// A paragraph or list inside another block, with its list, in document order.
    private var nested: [(OpaquePointer, AttributeList)] = []

    /// Takes the lists out of `document` when `on`.
    init(_ document: OpaquePointer, on: Bool) {
        guard on else { return }
        lists = Self.take(document)
        guard !lists.isEmpty else { return }
        var place = 0
        var top = cmark_node_first_child(document)
        while let current = top {
            if cmark_node_get_type(current) != CMARK_NODE_HEADING, let list = lists[current] { topLevel[place] = list }
            place += 1
            top = cmark_node_next(current)
        }
        let iterator = cmark_iter_new(document)
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator), let list = lists[node],
                cmark_node_parent(node) != document,
                [CMARK_NODE_PARAGRAPH, CMARK_NODE_LIST].contains(cmark_node_get_type(node))
            else { continue }
            nested.append((node, list))
        }
        cmark_iter_free(iterator)
    }

    /// Draws each nested block with its list in its place, innermost first (an outer list draws its inner
    /// paragraph), once the other passes have rewritten what is inside.
    func finish(drawing draw: (OpaquePointer) -> String) {
        for (node, list) in nested.reversed() {
            Markdown.replace(node, with: list.applied(to: draw(node), withID: true), block: true)
        }
    }

    /// Takes every attribute list out of the document's text and says which block each belongs to: headings with
    /// one at their end, blocks followed by a paragraph that is only a list (that paragraph removed), paragraphs
    /// whose last line is one.
    private static func take(_ document: OpaquePointer) -> [OpaquePointer: AttributeList] {
        var found: [OpaquePointer: AttributeList] = [:]
        var removed: [OpaquePointer] = []
        var leading: [OpaquePointer] = []
        let iterator = cmark_iter_new(document)
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(node) {
            case CMARK_NODE_HEADING:
                if let list = Self.takeTrailing(node, afterBreak: false) { found[node] = list }
            case CMARK_NODE_PARAGRAPH:
                // `{: .note}` alone: the previous block's (kramdown's block list), the paragraph goes.
                if let only = cmark_node_first_child(node), cmark_node_next(only) == nil,
                    cmark_node_get_type(only) == CMARK_NODE_TEXT, let literal = cmark_node_get_literal(only),
                    Self.mayOpenList(literal)
                {
                    let text = String(cString: literal).trimmingCharacters(in: .whitespaces)
                    if text.hasPrefix("{"), text.hasSuffix("}"), let list = AttributeList(text.dropFirst().dropLast()),
                        let previous = cmark_node_previous(node)
                    {
                        found[previous] = list
                        removed.append(node)
                        continue
                    }
                }
                if let list = Self.takeTrailing(node, afterBreak: true) { found[node] = list }
                if let first = cmark_node_first_child(node), cmark_node_get_type(first) == CMARK_NODE_TEXT,
                    let literal = cmark_node_get_literal(first), Self.mayOpenList(literal)
                {
                    leading.append(node)
                }
            default: break
            }
        }
        cmark_iter_free(iterator)
        for node in removed {
            cmark_node_unlink(node)
            cmark_node_free(node)
        }
        // `{: #id}` as a paragraph's first line (taken once the walk is over: it is the node the walk enters next):
        // kramdown's list before a block, or, right under a heading (no blank line between), the heading's.
        for node in leading {
            guard let list = Self.takeLeading(node) else { continue }
            if let previous = cmark_node_previous(node), cmark_node_get_type(previous) == CMARK_NODE_HEADING,
                cmark_node_get_start_line(node) == cmark_node_get_end_line(previous) + 1, found[previous] == nil
            {
                found[previous] = list
            } else if found[node] == nil {
                found[node] = list
            }
        }
        return found
    }

    /// Whether a paragraph's text may be an attribute list alone: its first character other than a space or tab is
    /// `{`, or is not ASCII (a Unicode space, which the full test trims). Most paragraphs are told apart at their
    /// first byte, without making a string of their text.
    private static func mayOpenList(_ literal: UnsafePointer<CChar>) -> Bool {
        var byte = literal
        while byte.pointee == 0x20 || byte.pointee == 0x09 { byte += 1 }
        return byte.pointee == 0x7B || UInt8(bitPattern: byte.pointee) >= 0x80
    }

    /// The kramdown list that is a paragraph's whole first line (`{: .note}` then a line break), taken out with the
    /// break.
    private static func takeLeading(_ paragraph: OpaquePointer) -> AttributeList? {
        var run: [OpaquePointer] = []
        var child = cmark_node_first_child(paragraph)
        while let current = child, cmark_node_get_type(current) == CMARK_NODE_TEXT {
            run.append(current)
            child = cmark_node_next(current)
        }
        guard let first = run.first, let literal = cmark_node_get_literal(first), mayOpenList(literal),
            let lineBreak = child, cmark_node_get_type(lineBreak) == CMARK_NODE_SOFTBREAK
        else { return nil }
        let text = run.map { cmark_node_get_literal($0).map { String(cString: $0) } ?? "" }.joined()
            .trimmingCharacters(in: .whitespaces)
        // Only kramdown's own mark (`{:`): a first line of `{.x}` or `{#id}` is text there.
        guard text.hasPrefix("{:"), text.hasSuffix("}"), let list = AttributeList(text.dropFirst().dropLast()) else {
            return nil
        }
        for node in run + [lineBreak] {
            cmark_node_unlink(node)
            cmark_node_free(node)
        }
        return list
    }

    /// The list at the end of a heading's text, or of a paragraph's last line (after a line break), taken out.
    private static func takeTrailing(_ node: OpaquePointer, afterBreak: Bool) -> AttributeList? {
        // The text nodes at the end: libcmark-gfm may split `{#a_b}` at the underscore.
        var run: [OpaquePointer] = []
        var child = cmark_node_last_child(node)
        while let current = child, cmark_node_get_type(current) == CMARK_NODE_TEXT {
            run.insert(current, at: 0)
            child = cmark_node_previous(current)
        }
        guard !run.isEmpty else { return nil }
        let before = child  // what precedes the run: for a paragraph, the line break
        if afterBreak {
            guard let before, cmark_node_get_type(before) == CMARK_NODE_SOFTBREAK else { return nil }
        }
        let text = run.map { cmark_node_get_literal($0).map { String(cString: $0) } ?? "" }.joined()
        guard let (rest, list) = AttributeList.trailing(text) else { return nil }
        if afterBreak {
            guard rest.isEmpty, let before else { return nil }
            for node in run + [before] {
                cmark_node_unlink(node)
                cmark_node_free(node)
            }
            return list
        }
        for node in run.dropFirst() {
            cmark_node_unlink(node)
            cmark_node_free(node)
        }
        if rest.isEmpty {
            cmark_node_unlink(run[0])
            cmark_node_free(run[0])
        } else {
            cmark_node_set_literal(run[0], rest)
        }
        return list
    }
}
