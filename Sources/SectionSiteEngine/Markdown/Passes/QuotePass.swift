import CMarkGFM
import Foundation

/// Quotes that are more than quotes: GitHub's alerts (`> [!NOTE]`) and DocC's asides (`> Note: ...`), each drawn
/// as its box with a title, the marker taken out.
package struct QuotePass {
    private var alerts: [(node: OpaquePointer, kind: String)] = []
    private var asides: [(OpaquePointer, Aside)] = []

    mutating func visit(_ node: OpaquePointer) {
        if let kind = Self.alertKind(node) {
            alerts.append((node, kind))
        } else if let aside = Self.asideKind(node) {
            asides.append((node, aside))
        }
    }

    /// Draws the alerts, then the asides.
    func finish() {
        for (node, kind) in alerts { Self.makeAlert(node, kind: kind) }
        for (node, aside) in asides { Self.makeAside(node, aside) }
    }

    /// The kinds of GitHub's blockquote alerts, `> [!NOTE]` and the like.
    static let alertKinds = ["note", "tip", "important", "warning", "caution"]

    /// For a blockquote whose first line is only `[!NOTE]` (or another alert kind, any case), that kind.
    private static func alertKind(_ quote: OpaquePointer) -> String? {
        guard let paragraph = cmark_node_first_child(quote), cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH
        else {
            return nil
        }
        var marker = ""
        var node = cmark_node_first_child(paragraph)
        // Bytes counted, not Characters: the first text of most quotes is a long sentence. An alert's marker is ASCII.
        while let current = node, cmark_node_get_type(current) == CMARK_NODE_TEXT, marker.utf8.count < 12 {
            marker += cmark_node_get_literal(current).map { String(cString: $0) } ?? ""
            node = cmark_node_next(current)
        }
        if let next = node,
            cmark_node_get_type(next) != CMARK_NODE_SOFTBREAK && cmark_node_get_type(next) != CMARK_NODE_LINEBREAK
        {
            return nil
        }
        // What `trimmingCharacters(in: .whitespaces)` would start at (a space separator or a tab is skipped): most
        // quotes are told apart there.
        let start = marker.unicodeScalars.first { $0 != "\t" && $0.properties.generalCategory != .spaceSeparator }
        guard start == "[" else { return nil }
        let trimmed = marker.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("[!"), trimmed.hasSuffix("]") else { return nil }
        let kind = trimmed.dropFirst(2).dropLast().lowercased()
        return alertKinds.contains(kind) ? kind : nil
    }

    /// A DocC aside: a blockquote whose first words are a kind DocC knows and a colon (`> Note: ...`,
    /// `> Parameters:`), the label it is shown with, and how many characters of the first text node the marker is.
    struct Aside {
        var kind: String
        var label: String
        var length: Int
    }

    /// The aside kinds DocC knows, as written (any case, spaces ignored), and their labels; `Parameters` and
    /// `Returns` are what a doc comment's callouts become.
    private static let asideKinds: [String: String] = [
        "attention": "Attention", "author": "Author", "authors": "Authors", "bug": "Bug", "complexity": "Complexity",
        "copyright": "Copyright", "date": "Date", "experiment": "Experiment", "important": "Important",
        "invariant": "Invariant", "mutatingvariant": "Mutating Variant", "nonmutatingvariant": "Non-Mutating Variant",
        "note": "Note", "parameters": "Parameters", "postcondition": "Postcondition", "precondition": "Precondition",
        "remark": "Remark", "requires": "Requires", "returns": "Returns", "seealso": "See Also", "since": "Since",
        "throws": "Throws", "tip": "Tip", "todo": "To Do", "version": "Version", "warning": "Warning",
    ]

    /// The aside a word names (`Note`, `see also`, `Mutating-Variant`: any case, spaces and dashes ignored): its
    /// kind, the class it is drawn with, and its label; nil for a word that is no aside.
    package static func aside(named word: some StringProtocol) -> (kind: String, label: String)? {
        let kind = word.lowercased().filter { $0 != " " && $0 != "-" }
        return asideKinds[kind].map { (kind, $0) }
    }

    /// For a blockquote whose first paragraph starts with an aside kind and a colon, the aside.
    private static func asideKind(_ quote: OpaquePointer) -> Aside? {
        guard let paragraph = cmark_node_first_child(quote), cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH,
            let text = cmark_node_first_child(paragraph), cmark_node_get_type(text) == CMARK_NODE_TEXT,
            let literal = cmark_node_get_literal(text).map({ String(cString: $0) }),
            let colon = literal.prefix(24).firstIndex(of: ":")
        else { return nil }
        guard literal[..<colon].allSatisfy({ $0.isLetter || $0 == " " || $0 == "-" }),
            let aside = aside(named: literal[..<colon])
        else { return nil }
        return Aside(
            kind: aside.kind, label: aside.label, length: literal.distance(from: literal.startIndex, to: colon) + 1)
    }

    /// Turns a DocC aside into `<aside class="aside aside-note">` with a label paragraph, as DocC draws it: the
    /// marker goes, the rest of the quote stays.
    private static func makeAside(_ quote: OpaquePointer, _ aside: Aside) {
        guard let paragraph = cmark_node_first_child(quote), let text = cmark_node_first_child(paragraph),
            let literal = cmark_node_get_literal(text).map({ String(cString: $0) }),
            let box = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK)
        else { return }
        let rest = literal.dropFirst(aside.length).drop { $0 == " " }
        if rest.isEmpty {
            cmark_node_free(text)
            if let next = cmark_node_first_child(paragraph),
                [CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK].contains(cmark_node_get_type(next))
            {
                cmark_node_free(next)
            }
            if cmark_node_first_child(paragraph) == nil { cmark_node_free(paragraph) }
        } else {
            cmark_node_set_literal(text, String(rest))
        }
        cmark_node_set_on_enter(
            box, #"<aside class="aside aside-\#(aside.kind)"><p class="aside-label">\#(aside.label)</p>"#)
        cmark_node_set_on_exit(box, "</aside>")
        while let child = cmark_node_first_child(quote) { cmark_node_append_child(box, child) }
        cmark_node_replace(quote, box)
        cmark_node_free(quote)
    }

    /// Turns an alert blockquote into `<div class="markdown-alert markdown-alert-note">` with a title paragraph,
    /// as GitHub shows it: the marker line goes, the rest of the quote stays.
    private static func makeAlert(_ quote: OpaquePointer, kind: String) {
        guard let paragraph = cmark_node_first_child(quote), let alert = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK) else {
            return
        }
        while let first = cmark_node_first_child(paragraph) {  // the marker's text nodes, then the line break
            let type = cmark_node_get_type(first)
            cmark_node_free(first)
            if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK { break }
        }
        if cmark_node_first_child(paragraph) == nil { cmark_node_free(paragraph) }
        let title = kind.prefix(1).uppercased() + kind.dropFirst()
        cmark_node_set_on_enter(
            alert, #"<div class="markdown-alert markdown-alert-\#(kind)"><p class="markdown-alert-title">\#(title)</p>"#
        )
        cmark_node_set_on_exit(alert, "</div>")
        while let child = cmark_node_first_child(quote) { cmark_node_append_child(alert, child) }
        cmark_node_replace(quote, alert)
        cmark_node_free(quote)
    }

}
