import CMarkGFM

/// Fenced code: highlighted by the highlighter into a custom block, or handed to the theme's `codeblock-<language>`
/// or `codeblock` hook when it has one. A fence word the highlighter does not know is drawn plain and reported.
struct CodeBlockPass {
    let highlighter: HighlightCache?
    let hooks: Set<String>
    /// The blocks to highlight once the walk is done.
    private var blocks: [OpaquePointer] = []

    init(highlighter: HighlightCache?, hooks: Set<String>) {
        (self.highlighter, self.hooks) = (highlighter, hooks)
    }

    mutating func visit(_ node: OpaquePointer, walk: inout Walk) {
        let info = cmark_node_get_fence_info(node).map { String(cString: $0) } ?? ""
        let language = Self.language(info) ?? ""
        let hook = ["codeblock-\(language.lowercased())", "codeblock"].first {
            hooks.contains($0) && $0 != "codeblock-"
        }
        if let hook {
            let code = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
            let highlighted = language.isEmpty ? nil : highlighter?.html(code, language: language)
            let context: [String: Any] = [
                "language": language, "code": code,
                "attributes": String(info.dropFirst(language.count).drop(while: { $0 == " " || $0 == "\t" })),
                "highlighted": highlighted ?? HTML.escape(code),
            ]
            walk.hooked.append((node, hook, context))
        } else if highlighter != nil {
            blocks.append(node)
        }
    }

    /// Highlights the blocks; each fence word the highlighter knows no language for goes to `unknownLanguages`.
    func finish(_ result: inout Markdown.Document) {
        for node in blocks {
            if let unknown = highlight(node), !result.unknownLanguages.contains(where: { $0.word == unknown }) {
                result.unknownLanguages.append(
                    Markdown.FenceWord(
                        word: unknown, line: Int(cmark_node_get_start_line(node)),
                        column: Int(cmark_node_get_start_column(node))))
            }
        }
    }

    /// The fence's first word: its language.
    private static func language(_ info: String) -> String? {
        info.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "{" }).first.map(String.init)
    }

    /// Replaces a fenced code block whose language the highlighter knows by a custom block of highlighted HTML;
    /// returns its fence word when the highlighter knows no such language (the block stays plain).
    private func highlight(_ node: OpaquePointer) -> String? {
        guard let highlighter, let info = cmark_node_get_fence_info(node).map({ String(cString: $0) }),
            let language = Self.language(info), !Self.plainWords.contains(language.lowercased()),
            let code = cmark_node_get_literal(node).map({ String(cString: $0) }), !code.isEmpty  // nothing to highlight
        else { return nil }
        guard let html = highlighter.html(code, language: language) else { return language.lowercased() }
        let opening = #"<pre><code class="language-\#(HTML.escape(language))">"#
        Markdown.replace(node, with: opening + html + "</code></pre>", block: true)
        return nil
    }

    /// Fence words that ask for no highlighting (`text`, `plaintext` ...): drawn plain, and not an unknown language.
    static let plainWords: Set<String> = ["text", "txt", "plain", "plaintext", "none", "nohighlight", "output", "raw"]
}
