import CMarkGFM

/// One walk over a document's tree: what the passes know of the document, what they collect, and the nodes they
/// will replace.
struct Walk {
    let syntax: DirectiveSyntax
    let source: SourcePath
    let headingIDs: Bool
    /// The attribute lists taken out of the text, by the block they belong to.
    let lists: [OpaquePointer: AttributeList]
    /// The heading taken out as the page's title.
    var titleNode: OpaquePointer?
    /// The place among the top-level blocks of the one the walk is in.
    var topLevel = -1
    /// What the documents of the page share.
    var state: Markdown.DrawingState
    var result = Markdown.Document(blocks: [], firstParagraph: nil, title: nil, headings: [], fileLinks: [])
    /// Each top-level block's headings, in order, with their attributes' HTML, by the block's place.
    var headings: [Int: [(Markdown.Heading, String)]] = [:]
    /// The template context of each directive drawn, in order, and the plain text of the body of each top-level
    /// one, by its place among the top-level blocks.
    var contexts: [[String: Any]] = []
    var texts: [Int: String] = [:]
    /// The nodes a theme's render hook draws, with the hook's name and context, in document order.
    var hooked: [(node: OpaquePointer, hook: String, context: [String: Any])] = []
    /// The nodes to replace by HTML once every pass is done, and whether each is a block.
    var replacements: [(node: OpaquePointer, html: String, block: Bool)] = []
    /// The parsed text's lines as bytes (libcmark-gfm's columns count bytes), split when first asked for.
    private var splitLines: [[UInt8]]? = nil

    init(
        syntax: DirectiveSyntax, source: SourcePath, headingIDs: Bool, lists: [OpaquePointer: AttributeList],
        state: Markdown.DrawingState
    ) {
        (self.syntax, self.source, self.headingIDs, self.lists, self.state) = (syntax, source, headingIDs, lists, state)
        result.problems = syntax.problems
    }

    /// The parsed text's lines.
    mutating func lines() -> [[UInt8]] {
        if let splitLines { return splitLines }
        let lines = syntax.text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(
            Array.init)
        splitLines = lines
        return lines
    }

    /// A position of libcmark-gfm's in the text of the file.
    func place(_ node: OpaquePointer) -> (line: Int, column: Int) {
        (
            syntax.firstLine - 1 + Int(cmark_node_get_start_line(node)),
            syntax.indent + Int(cmark_node_get_start_column(node))
        )
    }
}

extension Markdown {
    /// Walks the tree once, handing each node to the pass for its kind; then each pass changes the tree. Nodes are
    /// replaced after the walk, innermost first: the iterator must not meet a node already freed, and a hooked link
    /// draws the images inside it as they will be.
    func transform(_ document: OpaquePointer, walk: inout Walk) {
        let hooks = theme?.components.hooks ?? []
        var headings = HeadingPass(hooks: hooks)
        var links = LinkPass(self, hooks: hooks)
        let directives = DirectivePass(links: links)
        var symbols = symbolLinks.map { SymbolLinkPass($0, rootPath: rootPath) }
        var code = CodeBlockPass(highlighter: highlighter, hooks: hooks)
        var quotes = QuotePass()
        let iterator = cmark_iter_new(document)
        defer { cmark_iter_free(iterator) }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            if cmark_node_parent(node) == document { walk.topLevel += 1 }
            switch cmark_node_get_type(node) {
            case CMARK_NODE_HEADING:
                if !directives.visit(node, document: document, walk: &walk) { headings.visit(node, walk: &walk) }
            case CMARK_NODE_LINK, CMARK_NODE_IMAGE: links.visit(node, walk: &walk)
            case CMARK_NODE_CODE: symbols?.visit(node, walk: &walk)
            case CMARK_NODE_CODE_BLOCK: code.visit(node, walk: &walk)
            case CMARK_NODE_BLOCK_QUOTE: quotes.visit(node)
            default: break
            }
        }
        code.finish(&walk.result)
        quotes.finish()
        links.finish()
        symbols?.finish()
        drawHooks(&walk)
        for (node, html, block) in walk.replacements { Self.replace(node, with: html, block: block) }
    }

    /// Draws each hooked node by its hook's template (`hooks/link`), last first, into the replacements.
    private func drawHooks(_ walk: inout Walk) {
        guard let theme else { return }
        for (node, hook, context) in walk.hooked.reversed() {
            var context = context
            let isBlock = hook == "heading" || hook.hasPrefix("codeblock")
            if hook == "image" {
                context["text"] = Self.plainText(node)  // the alt text
            } else if !hook.hasPrefix("codeblock") {
                context["text"] = innerHTML(node)
            }
            let template = "hooks/\(hook)"
            walk.result.templatesUsed.insert(template)
            walk.replacements.append((node, Self.trimmedOutput(theme.render(template, context)), isBlock))
        }
    }

    /// Replaces `node` by a custom node that renders as `html`, whatever the raw-HTML setting.
    static func replace(_ node: OpaquePointer, with html: String, block: Bool) {
        guard let custom = cmark_node_new(block ? CMARK_NODE_CUSTOM_BLOCK : CMARK_NODE_CUSTOM_INLINE) else { return }
        cmark_node_set_on_enter(custom, html)
        cmark_node_set_on_exit(custom, "")
        cmark_node_replace(node, custom)
        cmark_node_free(node)
    }

    /// What a link, image or heading holds, as HTML: the element rendered and its own tag taken off.
    private func innerHTML(_ node: OpaquePointer) -> String {
        let html = trimmed(render(node, nil))
        guard let open = html.firstIndex(of: ">"), let close = html.lastIndex(of: "<"), open < close else { return "" }
        return String(html[html.index(after: open)..<close])
    }
}
