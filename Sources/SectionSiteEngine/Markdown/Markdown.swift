import CMarkGFM
import Foundation

/// GitHub Flavored Markdown through libcmark-gfm: a page body split into its top-level blocks, with heading ids,
/// highlighted code and links between Markdown files rewritten to page URLs.
///
/// What is ours on top of libcmark-gfm, done on its syntax tree before rendering: fenced code is replaced by a
/// custom block holding the highlighter's HTML (a custom block renders as given whatever the raw-HTML setting);
/// relative links to `.md` files get the target page's URL; each footnote definition is rendered as a block of
/// its own, so editing one footnote patches that footnote only; headings get `id`s after rendering, in document
/// order.
package struct Markdown: Sendable {
    private let options: Int32
    private let highlighter: HighlightCache?
    /// The path prefix of every page URL (`/`, or `/blog/` under a base URL with a path).
    private let rootPath: String
    /// The site folder, to tell whether a relative link names a file under `Content/`; nil rewrites none.
    private let site: URL?
    /// The theme whose directives and render hooks draw what Markdown alone cannot; nil knows only `@Comment`.
    var theme: Theme?
    /// The site's pictures: a local picture an image names is drawn with the files made from it; nil leaves
    /// images as written.
    var images: ImageCatalog?
    /// Each Markdown file's URL, for links between pages; nil takes each file's path as its URL.
    var pageURLs: PageURLs?
    /// Whether `Document.links` lists every link: only `sectionsite check` needs them, and at 10,000 pages they
    /// would add a quarter of a million values to the build's memory.
    package var collectsLinks = false
    /// How many characters of a page's plain text `Document.text` keeps, for the search index: 0 keeps none (the
    /// default), nil all of it.
    package var textLimit: Int? = 0
    /// Whether `{#id .class}` after a heading and kramdown's `{: ...}` after a block set attributes
    /// (`AttributeList`); on unless the site's or the page's `markdown.attributes` turns it off.
    package var attributeLists = true

    /// Smart punctuation turns quotes and dashes typographic; raw HTML passes through only when `unsafe` is on
    /// (and then GitHub's tag filter still disarms `<script>`, `<iframe>` and the like); fenced code is highlighted
    /// when a highlighter is given.
    package init(
        smart: Bool = true, unsafe: Bool = false, highlighter: Highlighter? = nil, rootPath: String = "/", site: URL? = nil
    ) {
        self.init(smart: smart, unsafe: unsafe, cache: highlighter.map { HighlightCache($0) }, rootPath: rootPath, site: site)
    }

    private init(smart: Bool, unsafe: Bool, cache: HighlightCache?, rootPath: String, site: URL?) {
        var options = CMARK_OPT_DEFAULT | CMARK_OPT_VALIDATE_UTF8 | CMARK_OPT_FOOTNOTES
        if smart { options |= CMARK_OPT_SMART }
        if unsafe { options |= CMARK_OPT_UNSAFE }
        self.options = options
        self.highlighter = cache
        self.rootPath = rootPath
        self.site = site
        _ = Self.extensions
    }

    /// The Markdown of a site's settings: punctuation, raw HTML, links under `baseURL`, and as much plain text as
    /// the search index keeps.
    init(
        config: SiteConfig, highlighter: HighlightCache?, theme: Theme? = nil, images: ImageCatalog? = nil, site: URL? = nil,
        collectsLinks: Bool = false
    ) {
        self.init(
            smart: config.smartPunctuation, unsafe: config.unsafeHTML, cache: highlighter, rootPath: config.rootPath,
            site: site)
        self.theme = theme
        self.images = images
        self.textLimit = config.search ? config.searchText : 0
        self.attributeLists = config.markdownAttributes
        self.collectsLinks = collectsLinks
    }

    /// The API reference's symbols by the paths ``` ``links`` ``` name them with (`Book`, `Shelf/Book/isbn`), each
    /// with its site path, and its articles by the names `<doc:Name>` gives them; nil in a site without `api:`,
    /// where a code span in double backticks stays code.
    package var symbolLinks: SymbolLinks?

    /// GitHub's extensions, registered once per process.
    nonisolated(unsafe) private static let extensions: [OpaquePointer] = {
        cmark_gfm_core_extensions_ensure_registered()
        return extensionNames.map { name in
            guard let syntax = cmark_find_syntax_extension(name) else { preconditionFailure("libcmark-gfm has no '\(name)' extension") }
            return syntax
        }
    }()

    /// Held by every `cmark_parser_finish` of the process: one document's inlines are parsed at a time.
    ///
    /// libcmark-gfm keeps the table of characters that end a run of plain inline text (`~` for strikethrough, `:`
    /// and `w` for autolinks) in one process-wide array, which `cmark_parser_finish` fills with its extensions'
    /// characters before it parses inlines and clears when it is done (`process_inlines` in `blocks.c`). Two
    /// documents finishing at once on two threads race: the one that ends first clears `~` while the other is
    /// in the middle of its inlines, which then loses its strikethroughs and autolinks (standardese/standardese
    /// #199 describes the same race). The array is read and written nowhere else (only while inlines are parsed,
    /// inside `cmark_parser_finish`), so holding one lock across that call removes the race rather than making it
    /// rarer. Emptying the extensions' character lists after filling the array once does not work: the same lists
    /// tell the delimiter pass which extension closes a `~~`, and without them it never ends.
    ///
    /// What stays parallel: reading the blocks (`cmark_parser_feed`), our pass over the tree, highlighting and
    /// rendering HTML, which are most of a page's Markdown time; see the internals documentation for the cost.
    private static let finishing = NSLock()

    /// The GFM extensions every document is parsed and rendered with.
    static let extensionNames = ["table", "strikethrough", "autolink", "tasklist", "tagfilter"]

    /// A rendered top-level block.
    package struct Block: Sendable, Equatable {
        /// The block's HTML, one element (or raw HTML for an HTML block), without the trailing newline.
        package var html: String
        /// Whether the block is raw HTML from the source (kept only when raw HTML is allowed).
        package var isRawHTML: Bool

        /// Creates a block.
        package init(html: String, isRawHTML: Bool) {
            self.html = html
            self.isRawHTML = isRawHTML
        }
    }

    /// A heading of the body, for the table of contents.
    package struct Heading: Sendable, Equatable {
        /// 1 to 6.
        package var level: Int
        /// Its `id`, unique in the page.
        package var id: String
        /// Its plain text.
        package var text: String
    }

    /// A relative link to a Markdown file, rewritten to the URL of the page that file would be.
    package struct FileLink: Sendable, Equatable {
        /// The file the link leads to, relative to the site (`Content/posts/a.md`), or nil when the link climbs out
        /// of `Content/`.
        package var target: String?
        /// The link as written.
        package var destination: String
        /// Line and column in the Markdown text, from 1.
        package var line: Int
        /// Column, from 1.
        package var column: Int

        /// Whether this is a ``` ``Symbol`` ``` link that names no symbol of the API reference: kept as a link with
        /// no target whose destination is the span as written, so that it is recorded and warned of with the
        /// others.
        package var isUnresolvedSymbol: Bool { target == nil && destination.hasPrefix("``") }

        /// Whether this is a `doc:` link that names no article of the API reference.
        package var isUnresolvedArticle: Bool { target == nil && destination.hasPrefix("doc:") }
    }

    /// A link or image of the document as it ends up in the HTML (`.md` links already rewritten), where it is
    /// written, for `sectionsite check`.
    package struct Link: Sendable, Equatable {
        /// The destination in the HTML.
        package var destination: String
        /// The destination as written (`guide.md` for `/docs/guide/`).
        package var written: String
        /// Line in the Markdown text, from 1.
        package var line: Int
        /// Column, from 1.
        package var column: Int
    }

    /// A rendered document.
    package struct Document: Sendable, Equatable {
        /// The top-level blocks.
        package var blocks: [Block]
        /// The plain text of the first paragraph (for summaries).
        package var firstParagraph: String?
        /// The text of the first top-level `# ` heading when it was taken out as the title.
        package var title: String?
        /// The headings, in order (without the one taken as title).
        package var headings: [Heading]
        /// The relative links to `.md` files, in order.
        package var fileLinks: [FileLink]
        /// Every link and image, in order.
        package var links: [Link] = []
        /// The plain text of the paragraphs, lists, quotes and tables, up to `textLimit` characters (cut at a word).
        package var text = ""
        /// The mistakes found: a directive unknown, unclosed or with a bad argument.
        package var problems: [Problem] = []
        /// The theme's templates that drew part of it (`directives/row`, `hooks/link`).
        package var templatesUsed: Set<String> = []
        /// The fence words of code blocks the highlighter knows no language for, drawn plain.
        package var unknownLanguages: Set<String> = []
        /// The local pictures it shows, in order, where each is named.
        var images: [ImageUse] = []
        /// The URL each link to another page was given, in order: what the page changes with when one moves.
        var linkedURLs: [String] = []
    }

    /// A local picture a document shows, and where it is named.
    struct ImageUse: Sendable, Equatable {
        var image: ProcessedImage
        /// Line and column in the Markdown text, from 1.
        var line: Int, column: Int
    }

    /// A mistake in the Markdown, where it is.
    package struct Problem: Sendable, Equatable {
        /// What is wrong.
        package var message: String
        /// Line and column in the Markdown text, from 1.
        package var line: Int, column: Int
        /// A warning rather than an error: the page can still be drawn (a picture that cannot be found is drawn as
        /// written, as a broken link is).
        package var isWarning = false
    }

    /// The document as HTML, for an item's body: `source` is the file it is written in, for relative links.
    ///
    /// - Complexity: O(n) in the length of `text`, plus highlighting.
    package func html(_ text: String, source: String) -> (html: String, document: Document) {
        let document = render(text, source: source, takeTitle: false, headingIDs: false)
        return (document.blocks.map(\.html).joined(separator: "\n"), document)
    }

    /// The document's top-level blocks with what the page around them needs; when `takeTitle` is on, the first
    /// top-level level-1 heading is taken out of the body and returned as `title`.
    ///
    /// Raw HTML blocks are dropped when raw HTML is off, rather than leaving libcmark's placeholder comment.
    /// - Complexity: O(n) in the length of `text`, plus highlighting.
    package func render(_ text: String, source: String, takeTitle: Bool = false, headingIDs: Bool = true) -> Document {
        var state = DrawingState()
        return render(DirectiveSyntax(text), source: source, takeTitle: takeTitle, headingIDs: headingIDs, state: &state).document
    }

    /// What the documents of one page share while drawn: heading ids and directive ids are unique in the page.
    struct DrawingState {
        var slugs = HeadingSlugs()
        var directiveIDs: [String: Int] = [:]
    }

    /// Renders a text read for directives; also returns the template context of each of its directives, in order,
    /// for the directive whose body it is.
    func render(
        _ syntax: DirectiveSyntax, source: String, takeTitle: Bool, headingIDs: Bool, state: inout DrawingState
    ) -> (document: Document, directives: [[String: Any]]) {
        withDocument(syntax.text) { document, extensions in
            var result = Document(blocks: [], firstParagraph: nil, title: nil, headings: [], fileLinks: [])
            result.problems = syntax.problems.map { Problem(message: $0.message, line: $0.line, column: $0.column) }
            var directives: [[String: Any]] = []
            var directiveText: [Int: String] = [:]  // by top-level block, in order
            let lists = attributeLists ? takeAttributeLists(document) : [:]
            var titleNode: OpaquePointer?
            if takeTitle {
                var node = cmark_node_first_child(document)
                while let current = node {
                    if cmark_node_get_type(current) == CMARK_NODE_HEADING, cmark_node_get_heading_level(current) == 1 {
                        titleNode = current
                        result.title = plainText(current)
                        break
                    }
                    node = cmark_node_next(current)
                }
            }
            // Top-level blocks are known by their place, not their node: nodes are replaced (and freed) after the
            // walk, and a new node may take a freed one's address.
            var headingsByNode: [Int: [(Heading, String)]] = [:]  // top-level block -> its headings, in order
            var blockLists: [Int: AttributeList] = [:]  // top-level block -> its attribute list (not a heading's)
            var nested: [(OpaquePointer, AttributeList)] = []  // a paragraph or list inside another block, with one
            if !lists.isEmpty {
                var place = 0
                var top = cmark_node_first_child(document)
                while let current = top {
                    if cmark_node_get_type(current) != CMARK_NODE_HEADING, let list = lists[current] { blockLists[place] = list }
                    place += 1
                    top = cmark_node_next(current)
                }
                // In document order, to be replaced innermost first (an outer list draws its inner paragraph).
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
            var walk = Walk(syntax: syntax, source: source, titleNode: titleNode, headingIDs: headingIDs, lists: lists)
            transform(document, walk: &walk, state: &state, headings: &headingsByNode, result: &result)
            for (node, list) in nested.reversed() {  // links inside are rewritten by now
                guard let custom = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK) else { continue }
                cmark_node_set_on_enter(custom, list.applied(to: trimmed(render(node, extensions)), withID: true))
                cmark_node_set_on_exit(custom, "")
                cmark_node_replace(node, custom)
                cmark_node_free(node)
            }
            directives = walk.contexts
            directiveText = walk.texts
            var footnote = 0
            var node = cmark_node_first_child(document)
            var place = -1
            while let current = node {
                node = cmark_node_next(current)
                place += 1
                if current == titleNode { continue }
                let type = cmark_node_get_type(current)
                if type == CMARK_NODE_HTML_BLOCK {
                    if options & CMARK_OPT_UNSAFE != 0 {
                        result.blocks.append(Block(html: trimmed(render(current, extensions)), isRawHTML: true))
                    }
                    continue
                }
                if type == CMARK_NODE_PARAGRAPH, result.firstParagraph == nil { result.firstParagraph = plainText(current) }
                if headingIDs, textLimit.map({ result.text.count < $0 }) ?? true, type != CMARK_NODE_HEADING,
                    type != CMARK_NODE_CODE_BLOCK, type != CMARK_NODE_THEMATIC_BREAK
                {
                    let text = directiveText[place] ?? plainText(current)
                    if !text.isEmpty { result.text += result.text.isEmpty ? text : " " + text }
                }
                var html = trimmed(render(current, extensions))
                if html.isEmpty { continue }  // a directive that draws nothing, such as `@Comment`
                if type == CMARK_NODE_FOOTNOTE_DEFINITION {
                    footnote += 1
                    html = Self.numbered(footnote: html, number: footnote)
                }
                if let headings = headingsByNode[place] { html = Self.addingIDs(headings, to: html) }
                if let list = blockLists[place] { html = list.applied(to: html, withID: true) }
                result.blocks.append(Block(html: html, isRawHTML: false))
            }
            if let limit = textLimit { result.text = Self.cut(result.text, at: limit) }
            return (result, directives)
        }
    }

    /// What one walk over a document's tree knows and collects.
    struct Walk {
        var syntax: DirectiveSyntax
        var source: String
        var titleNode: OpaquePointer?
        var headingIDs: Bool
        /// The attribute lists taken out of the text, by the block they belong to.
        var lists: [OpaquePointer: AttributeList] = [:]
        /// The template context of each directive drawn, in order, and the plain text of the body of each top-level
        /// one, by its place among the top-level blocks.
        var contexts: [[String: Any]] = []
        var texts: [Int: String] = [:]
        /// The parsed text's lines as bytes (libcmark-gfm's columns count bytes), split when first asked for.
        var splitLines: [[UInt8]]? = nil

        /// The parsed text's lines.
        mutating func lines() -> [[UInt8]] {
            if let splitLines { return splitLines }
            let lines = syntax.text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
            splitLines = lines
            return lines
        }

        /// A position of libcmark-gfm's in the text of the file.
        func place(_ node: OpaquePointer) -> (line: Int, column: Int) {
            (syntax.firstLine - 1 + Int(cmark_node_get_start_line(node)), syntax.indent + Int(cmark_node_get_start_column(node)))
        }
    }

    /// Walks the tree once: collects headings, rewrites `.md` links, draws directives; then swaps in what replaces
    /// nodes: directives, highlighted code, render hooks.
    private func transform(
        _ document: OpaquePointer, walk: inout Walk, state: inout DrawingState,
        headings: inout [Int: [(Heading, String)]], result: inout Document
    ) {
        var codeBlocks: [OpaquePointer] = []
        var alerts: [(node: OpaquePointer, kind: String)] = []
        var asides: [(OpaquePointer, Aside)] = []
        var symbolNodes: [(node: OpaquePointer, url: String)] = []  // ``Symbol`` code spans that become links
        var unlinked: [OpaquePointer] = []  // `doc:` links that name no article
        var replacements: [(node: OpaquePointer, html: String, block: Bool)] = []
        var hooked: [(node: OpaquePointer, hook: String, context: [String: Any])] = []
        let hooks = theme?.components.hooks ?? []
        let iterator = cmark_iter_new(document)
        defer { cmark_iter_free(iterator) }
        var topLevel = -1  // the place of the top-level block the walk is in
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            if cmark_node_parent(node) == document { topLevel += 1 }
            switch cmark_node_get_type(node) {
            case CMARK_NODE_HEADING where cmark_node_get_heading_level(node) == 6 && directiveNumber(node) != nil:
                let number = directiveNumber(node)!
                guard number < walk.syntax.directives.count else { continue }
                let drawn = draw(walk.syntax.directives[number], walk: walk, state: &state, result: &result)
                replacements.append((node, drawn?.html ?? "", true))
                if let drawn {
                    walk.contexts.append(drawn.context)
                    if !drawn.text.isEmpty, cmark_node_parent(node) == document { walk.texts[topLevel] = drawn.text }
                }
            case CMARK_NODE_HEADING where walk.headingIDs && node != walk.titleNode:
                let text = plainText(node)
                let list = walk.lists[node]
                // The author's id is kept as written; the ids made from text step around it.
                let id = list?.id.map { state.slugs.claim($0) } ?? state.slugs.unique(text)
                let heading = Heading(level: Int(cmark_node_get_heading_level(node)), id: id, text: text)
                result.headings.append(heading)
                if hooks.contains("heading") {
                    let context: [String: Any] = [
                        "level": heading.level, "id": heading.id, "plainText": text, "attributes": list?.html(withID: false) ?? "",
                    ]
                    hooked.append((node, "heading", context))
                } else if topLevel >= 0 {
                    headings[topLevel, default: []].append((heading, list?.html(withID: false) ?? ""))
                }
            case CMARK_NODE_HEADING where hooks.contains("heading") && node != walk.titleNode:
                hooked.append((node, "heading", ["level": Int(cmark_node_get_heading_level(node)), "plainText": plainText(node)]))
            case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
                guard let url = cmark_node_get_url(node).map({ String(cString: $0) }) else { continue }
                let (line, column) = walk.place(node)
                let isImage = cmark_node_get_type(node) == CMARK_NODE_IMAGE
                let title = cmark_node_get_title(node).map { String(cString: $0) } ?? ""
                var processed: ProcessedImage?
                if isImage {
                    switch picture(url, walk: walk, line: line, column: column, result: &result) {
                    case .notLocal: break
                    case .failed: continue  // a problem, recorded
                    case .found(let image): processed = image
                    }
                }
                let final: String
                if !isImage, let symbolLinks, url.hasPrefix("doc:") {
                    guard let resolved = articleLink(node, url: url, in: symbolLinks, line: line, column: column, result: &result) else {
                        unlinked.append(node)
                        continue
                    }
                    final = resolved
                } else {
                    final = processed.map { $0.url($0.largest) } ?? rewrite(url, source: walk.source, line: line, column: column, result: &result)
                }
                if final != url { cmark_node_set_url(node, final) }
                if hooks.contains(isImage ? "image" : "link") {
                    var context: [String: Any] = ["destination": final, "title": title, "plainText": plainText(node)]
                    if let processed { context["image"] = processed.templateValue }
                    hooked.append((node, isImage ? "image" : "link", context))
                } else if let processed {
                    replacements.append((node, processed.html(alt: plainText(node), title: title), false))
                }
            case CMARK_NODE_CODE where symbolLinks != nil:
                guard let target = symbolTarget(node, walk: &walk) else { continue }
                if let path = Self.resolveSymbol(target, in: symbolLinks!.paths) {
                    symbolNodes.append((node, rootPath + path.drop { $0 == "/" }))
                } else {
                    let (line, column) = walk.place(node)
                    result.fileLinks.append(FileLink(target: nil, destination: "``\(target)``", line: line, column: column - 2))
                }
            case CMARK_NODE_CODE_BLOCK:
                let info = cmark_node_get_fence_info(node).map { String(cString: $0) } ?? ""
                let language = info.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "{" }).first.map(String.init) ?? ""
                let hook = ["codeblock-\(language.lowercased())", "codeblock"].first { hooks.contains($0) && $0 != "codeblock-" }
                if let hook {
                    let code = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
                    let highlighted = language.isEmpty ? nil : highlighter?.html(code, language: language)
                    let context: [String: Any] = [
                        "language": language, "code": code,
                        "attributes": String(info.dropFirst(language.count).drop(while: { $0 == " " || $0 == "\t" })),
                        "highlighted": highlighted ?? HTML.escape(code),
                    ]
                    hooked.append((node, hook, context))
                } else if highlighter != nil {
                    codeBlocks.append(node)
                }
            case CMARK_NODE_BLOCK_QUOTE:
                if let kind = Self.alertKind(node) {
                    alerts.append((node, kind))
                } else if let aside = Self.asideKind(node) {
                    asides.append((node, aside))
                }
            default:
                break
            }
        }
        // Replaced after the walk, innermost first: the iterator must not meet a node it has already freed, and a
        // hooked link draws the images inside it as they will be.
        for node in codeBlocks {
            if let unknown = highlight(node) { result.unknownLanguages.insert(unknown) }
        }
        for (node, kind) in alerts { Self.makeAlert(node, kind: kind) }
        for (node, aside) in asides { Self.makeAside(node, aside) }
        for node in unlinked {  // a `doc:` link to nothing: its text without the link
            while let child = cmark_node_first_child(node) { cmark_node_insert_before(node, child) }
            cmark_node_free(node)
        }
        for (node, url) in symbolNodes {
            guard let link = cmark_node_new(CMARK_NODE_LINK) else { continue }
            cmark_node_set_url(link, url)
            cmark_node_insert_before(node, link)
            cmark_node_append_child(link, node)  // moves the code span into the link
        }
        for (node, hook, context) in hooked.reversed() {
            guard let theme else { break }
            var context = context
            let isBlock = hook == "heading" || hook.hasPrefix("codeblock")
            if hook == "image" {
                context["text"] = plainText(node)  // the alt text
            } else if !hook.hasPrefix("codeblock") {
                context["text"] = innerHTML(node)
            }
            let template = "hooks/\(hook)"
            result.templatesUsed.insert(template)
            replacements.append((node, Self.trimmedOutput(theme.render(template, context)), isBlock))
        }
        for (node, html, block) in replacements {
            guard let custom = cmark_node_new(block ? CMARK_NODE_CUSTOM_BLOCK : CMARK_NODE_CUSTOM_INLINE) else { continue }
            cmark_node_set_on_enter(custom, html)
            cmark_node_set_on_exit(custom, "")
            cmark_node_replace(node, custom)
            cmark_node_free(node)
        }
    }

    /// What a destination names, for pictures.
    enum PictureLookup {
        /// Not a local picture SectionSite processes (or no processor): left as written.
        case notLocal
        /// A local picture that cannot be used: the problem is recorded.
        case failed
        /// A local picture, planned; its use and link are recorded.
        case found(ProcessedImage)
    }

    /// The local picture a destination names, if any.
    func picture(_ destination: String, walk: Walk, line: Int, column: Int, result: inout Document) -> PictureLookup {
        guard let images else { return .notLocal }
        // A DocC catalog's picture, named as DocC finds it: by its name alone, wherever in the catalog it is.
        let docc = symbolLinks.flatMap { links -> String? in
            guard !destination.contains("/"), !destination.contains(":") else { return nil }
            return links.pictures[(destination as NSString).deletingPathExtension]
        }
        guard let path = docc ?? images.source(of: destination, page: walk.source) else { return .notLocal }
        do {
            let image = try images.image(at: path)
            result.images.append(ImageUse(image: image, line: line, column: column))
            if collectsLinks {
                result.links.append(Link(destination: image.url(image.largest), written: destination, line: line, column: column))
            }
            return .found(image)
        } catch {
            result.problems.append(Problem(
                message: "image '\(destination)' (\(path)) \(error.message)", line: line, column: column, isWarning: !error.isRefusal))
            return .failed
        }
    }

    /// For a level-6 heading that is a directive's marker, the directive's number.
    private func directiveNumber(_ heading: OpaquePointer) -> Int? {
        guard let text = cmark_node_first_child(heading), cmark_node_next(text) == nil,
            cmark_node_get_type(text) == CMARK_NODE_TEXT, let literal = cmark_node_get_literal(text)
        else { return nil }
        return DirectiveSyntax.number(inMarker: String(cString: literal))
    }

    /// A link's or image's destination as the HTML gets it: a relative link to a file of `Content/` made
    /// root-relative, one to a Markdown file made the URL of its page. Records it for `sectionsite check`, and a
    /// link to a Markdown file for the warnings.
    /// A `doc:` link to a catalog's article (`<doc:GettingStarted>`, `[the guide](doc:GettingStarted#install)`),
    /// pointed at its page; written as an address alone, it is shown as the article's title, as DocC shows it. One
    /// naming no article is recorded as a link that leads nowhere, to be warned of, and gives nil: its text stays,
    /// unlinked. Returns the link's URL.
    private func articleLink(_ node: OpaquePointer, url: String, in links: SymbolLinks, line: Int, column: Int, result: inout Document) -> String? {
        guard let (article, fragment) = links.article(url) else {
            result.fileLinks.append(FileLink(target: nil, destination: url, line: line, column: column))
            return nil
        }
        let final = rootPath + article.path.drop { $0 == "/" } + fragment
        if collectsLinks { result.links.append(Link(destination: final, written: url, line: line, column: column)) }
        if let text = cmark_node_first_child(node), cmark_node_next(text) == nil, cmark_node_get_type(text) == CMARK_NODE_TEXT,
            cmark_node_get_literal(text).map({ String(cString: $0) }) == url
        {
            cmark_node_set_literal(text, article.title)
        }
        return final
    }

    func rewrite(_ url: String, source: String, line: Int, column: Int, result: inout Document) -> String {
        var final = url
        defer {
            if collectsLinks { result.links.append(Link(destination: final, written: url, line: line, column: column)) }
        }
        if let site, let file = MarkdownLinks.fileTarget(url, from: source),
            FileManager.default.fileExists(atPath: site.path + "/" + (file.target.removingPercentEncoding ?? file.target))
        {
            final = rootPath + file.target.dropFirst("Content/".count) + file.suffix
            return final
        }
        guard let link = MarkdownLinks.markdownTarget(url, from: source) else { return final }
        result.fileLinks.append(FileLink(target: link.target, destination: url, line: line, column: column))
        if let target = link.target {
            let url = pageURLs?.url(of: target) ?? Page.route(target).url
            result.linkedURLs.append(url)
            final = rootPath + url.dropFirst() + link.suffix
        }
        return final
    }

    /// What a link, image or heading holds, as HTML: the element rendered and its own tag taken off.
    private func innerHTML(_ node: OpaquePointer) -> String {
        let html = trimmed(render(node, nil))
        guard let open = html.firstIndex(of: ">"), let close = html.lastIndex(of: "<"), open < close else { return "" }
        return String(html[html.index(after: open)..<close])
    }

    /// A template's output without the newlines a template file ends with.
    static func trimmedOutput(_ text: String) -> String {
        text.trimmingCharacters(in: .newlines)
    }

    /// The kinds of GitHub's blockquote alerts, `> [!NOTE]` and the like.
    static let alertKinds = ["note", "tip", "important", "warning", "caution"]

    /// For a blockquote whose first line is only `[!NOTE]` (or another alert kind, any case), that kind.
    private static func alertKind(_ quote: OpaquePointer) -> String? {
        guard let paragraph = cmark_node_first_child(quote), cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH else {
            return nil
        }
        var marker = ""
        var node = cmark_node_first_child(paragraph)
        while let current = node, cmark_node_get_type(current) == CMARK_NODE_TEXT, marker.count < 12 {
            marker += cmark_node_get_literal(current).map { String(cString: $0) } ?? ""
            node = cmark_node_next(current)
        }
        if let next = node, cmark_node_get_type(next) != CMARK_NODE_SOFTBREAK && cmark_node_get_type(next) != CMARK_NODE_LINEBREAK {
            return nil
        }
        let trimmed = marker.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("[!"), trimmed.hasSuffix("]") else { return nil }
        let kind = trimmed.dropFirst(2).dropLast().lowercased()
        return alertKinds.contains(kind) ? kind : nil
    }

    /// For a code span written in double backticks (``` ``Book`` ```), what it names; nil for other code.
    /// libcmark-gfm keeps no delimiters: the two characters before the span's text in its line tell.
    private func symbolTarget(_ node: OpaquePointer, walk: inout Walk) -> String? {
        guard let literal = cmark_node_get_literal(node).map({ String(cString: $0) }), !literal.isEmpty,
            !literal.contains(" "), !literal.contains("`")
        else { return nil }
        let line = Int(cmark_node_get_start_line(node)) - 1
        let column = Int(cmark_node_get_start_column(node)) - 1  // the text's first byte, from 0
        let lines = walk.lines()
        guard line >= 0, line < lines.count, column >= 2 else { return nil }
        let bytes = lines[line]
        guard column <= bytes.count, bytes[column - 1] == UInt8(ascii: "`"), bytes[column - 2] == UInt8(ascii: "`") else { return nil }
        if column >= 3, bytes[column - 3] == UInt8(ascii: "`") { return nil }
        return literal
    }

    /// The site path of the symbol a ``` ``link`` ``` names: as written, or without DocC's disambiguation.
    package static func resolveSymbol(_ target: String, in symbols: [String: String]) -> String? {
        if let path = symbols[target] { return path }
        return symbols[withoutDisambiguation(target)]
    }

    /// A symbol path without DocC's disambiguation: `Book/add(_:)-swift.method`, `add(_:)-3bd4x`,
    /// `isDisjoint(with:)-(TreeSet)` and `subscript(_:)->Value?` as `Book/add(_:)`, `add(_:)`, `isDisjoint(with:)`,
    /// `subscript(_:)`. Of overloads told apart so, a caller takes the first.
    package static func withoutDisambiguation(_ path: String) -> String {
        path.split(separator: "/").map { component -> Substring in
            if let types = component.range(of: ")-(") ?? component.range(of: ")->") { return component[..<types.lowerBound] + ")" }
            guard let dash = component.lastIndex(of: "-"), dash != component.startIndex else { return component }
            let suffix = component[component.index(after: dash)...]
            return !suffix.isEmpty && suffix.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." }) ? component[..<dash] : component
        }.joined(separator: "/")
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
        guard literal[..<colon].allSatisfy({ $0.isLetter || $0 == " " || $0 == "-" }), let aside = aside(named: literal[..<colon])
        else { return nil }
        return Aside(kind: aside.kind, label: aside.label, length: literal.distance(from: literal.startIndex, to: colon) + 1)
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
        cmark_node_set_on_enter(box, #"<aside class="aside aside-\#(aside.kind)"><p class="aside-label">\#(aside.label)</p>"#)
        cmark_node_set_on_exit(box, "</aside>")
        while let child = cmark_node_first_child(quote) { cmark_node_append_child(box, child) }
        cmark_node_replace(quote, box)
        cmark_node_free(quote)
    }

    /// Turns an alert blockquote into `<div class="markdown-alert markdown-alert-note">` with a title paragraph,
    /// as GitHub shows it: the marker line goes, the rest of the quote stays.
    private static func makeAlert(_ quote: OpaquePointer, kind: String) {
        guard let paragraph = cmark_node_first_child(quote), let alert = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK) else { return }
        while let first = cmark_node_first_child(paragraph) {  // the marker's text nodes, then the line break
            let type = cmark_node_get_type(first)
            cmark_node_free(first)
            if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK { break }
        }
        if cmark_node_first_child(paragraph) == nil { cmark_node_free(paragraph) }
        let title = kind.prefix(1).uppercased() + kind.dropFirst()
        cmark_node_set_on_enter(
            alert, #"<div class="markdown-alert markdown-alert-\#(kind)"><p class="markdown-alert-title">\#(title)</p>"#)
        cmark_node_set_on_exit(alert, "</div>")
        while let child = cmark_node_first_child(quote) { cmark_node_append_child(alert, child) }
        cmark_node_replace(quote, alert)
        cmark_node_free(quote)
    }

    /// Replaces a fenced code block whose language the highlighter knows by a custom block of highlighted HTML.
    /// Highlights a fenced code block in place; returns its fence word when the highlighter knows no such language
    /// (the block stays plain).
    private func highlight(_ node: OpaquePointer) -> String? {
        guard let highlighter, let info = cmark_node_get_fence_info(node).map({ String(cString: $0) }),
            let language = info.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "{" }).first.map(String.init),
            !Self.plainWords.contains(language.lowercased()),
            let code = cmark_node_get_literal(node).map({ String(cString: $0) })
        else { return nil }
        guard let html = highlighter.html(code, language: language) else { return language.lowercased() }
        guard let custom = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK) else { return nil }
        let opening = #"<pre><code class="language-\#(HTML.escape(language))">"#
        cmark_node_set_on_enter(custom, opening + html + "</code></pre>")
        cmark_node_set_on_exit(custom, "")
        cmark_node_replace(node, custom)
        cmark_node_free(node)
        return nil
    }

    /// Fence words that ask for no highlighting (`text`, `plaintext` ...): drawn plain, and not an unknown language.
    static let plainWords: Set<String> = ["text", "txt", "plain", "plaintext", "none", "nohighlight", "output", "raw"]

    /// `<section class="footnotes" data-footnotes><ol>` numbered from `number`, since each footnote is rendered
    /// alone.
    static func numbered(footnote html: String, number: Int) -> String {
        guard number > 1, let list = html.range(of: "<ol>") else { return html }
        return html.replacingCharacters(in: list, with: #"<ol start="\#(number)">"#)
    }

    /// Writes `id="..."` and a self-link into the block's headings, which libcmark-gfm writes as `<hN>`, in order.
    static func addingIDs(_ headings: [(heading: Heading, attributes: String)], to html: String) -> String {
        var output = ""
        output.reserveCapacity(html.utf8.count + headings.count * 80)
        var rest = html[...]
        for (heading, attributes) in headings {
            let open = "<h\(heading.level)>"
            let close = "</h\(heading.level)>"
            guard let start = rest.range(of: open), let end = rest[start.upperBound...].range(of: close) else { break }
            let id = HTML.escape(heading.id)
            output += rest[..<start.lowerBound]
            output += #"<h\#(heading.level) id="\#(id)"\#(attributes)>"#
            output += rest[start.upperBound..<end.lowerBound]
            output += ##"<a class="anchor" href="#\##(id)" aria-label="Link to this section">#</a>"##
            output += close
            rest = rest[end.upperBound...]
        }
        output += rest
        return output
    }

    private func withDocument<Result>(_ text: String, _ body: (OpaquePointer, UnsafeMutablePointer<cmark_llist>?) -> Result) -> Result {
        guard let parser = cmark_parser_new(options) else { preconditionFailure("libcmark-gfm could not make a parser") }
        defer { cmark_parser_free(parser) }
        for syntax in Self.extensions { cmark_parser_attach_syntax_extension(parser, syntax) }
        var text = text
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in cmark_parser_feed(parser, chars.baseAddress, chars.count) }
        }
        guard let document = Self.finishing.withLock({ cmark_parser_finish(parser) }) else {
            preconditionFailure("libcmark-gfm returned no document")
        }
        defer { cmark_node_free(document) }
        return body(document, cmark_parser_get_syntax_extensions(parser))
    }

    private func render(_ node: OpaquePointer, _ extensions: UnsafeMutablePointer<cmark_llist>?) -> String {
        guard let html = cmark_render_html(node, options, extensions) else { return "" }
        defer { free(html) }
        return String(cString: html)
    }

    private func trimmed(_ html: String) -> String {
        var end = html.utf8.endIndex
        while end > html.utf8.startIndex, html.utf8[html.utf8.index(before: end)] == 10 { end = html.utf8.index(before: end) }
        return end == html.utf8.endIndex ? html : String(html[..<end])
    }

    /// `text` cut to at most `limit` characters, at the last space before the limit when there is one.
    static func cut(_ text: String, at limit: Int) -> String {
        guard text.count > limit else { return text }
        let prefix = text.prefix(limit)
        guard let space = prefix.lastIndex(of: " "), space > prefix.startIndex else { return String(prefix) }
        return String(prefix[..<space])
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
            case CMARK_NODE_PARAGRAPH, CMARK_NODE_ITEM, CMARK_NODE_HEADING:
                if !text.isEmpty && !text.hasSuffix(" ") { text += " " }
            default:
                break
            }
        }
        return text
    }
}
