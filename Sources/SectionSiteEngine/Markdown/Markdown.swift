import CMarkGFM
import CMarkInlines
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
    let options: Int32
    let highlighter: HighlightCache?
    /// The path prefix of every page URL (`/`, or `/blog/` under a base URL with a path).
    let rootPath: String
    /// The theme whose directives and render hooks draw what Markdown alone cannot; nil knows only `@Comment`.
    private(set) var theme: Theme?
    /// The site's pictures: a local picture an image names is drawn with the files made from it; nil leaves
    /// images as written.
    let images: ImageCatalog?
    /// The site's files and each page's URL, read before any page's Markdown: a relative link to a file of the
    /// site is made root-relative and one to a page gets the page's URL. Nil rewrites no link to a file and takes
    /// each Markdown file's path as its URL.
    package internal(set) var targets: LinkTargets?
    /// The API reference's symbols by the paths ``` ``links`` ``` name them with (`Book`, `Shelf/Book/isbn`), each
    /// with its site path, and its articles by the names `<doc:Name>` gives them; nil in a site without `api:`,
    /// where a code span in double backticks stays code.
    package private(set) var symbolLinks: SymbolLinks?
    /// Whether `Document.links` lists every link: only `sectionsite check` needs them, and at 10,000 pages they
    /// would add a quarter of a million values to the build's memory.
    let collectsLinks: Bool
    /// How many characters of a page's plain text `Document.text` keeps, for the search index: 0 keeps none (the
    /// default), nil all of it.
    let textLimit: Int?
    /// Whether `{#id .class}` after a heading and kramdown's `{: ...}` after a block set attributes
    /// (`AttributeList`); on unless the site's or the page's `markdown.attributes` turns it off.
    private(set) var attributeLists: Bool

    /// The same Markdown drawing with another theme.
    func drawing(with theme: Theme) -> Markdown {
        var copy = self
        copy.theme = theme
        return copy
    }

    /// The same Markdown linking to another API reference's symbols.
    func linking(to symbolLinks: SymbolLinks?) -> Markdown {
        var copy = self
        copy.symbolLinks = symbolLinks
        return copy
    }

    /// The same Markdown for a page whose own `markdown.attributes` turns attribute lists on or off.
    func readingAttributeLists(_ on: Bool) -> Markdown {
        var copy = self
        copy.attributeLists = on
        return copy
    }

    /// GitHub's extensions, registered once per process.
    nonisolated(unsafe) private static let extensions: [OpaquePointer] = {
        cmark_gfm_core_extensions_ensure_registered()
        return extensionNames.map { name in
            guard let syntax = cmark_find_syntax_extension(name) else {
                preconditionFailure("libcmark-gfm has no '\(name)' extension")
            }
            return syntax
        }
    }()

    /// Whether documents finish (`cmark_parser_finish`, which parses their inlines) on every thread at once.
    ///
    /// libcmark-gfm keeps the table of characters that end a run of plain inline text (`~` for strikethrough, `:`
    /// and `w` for autolinks) in one process-wide array, which `cmark_parser_finish` fills with its extensions'
    /// characters before it parses inlines and clears when it is done (`process_inlines` in `blocks.c`). Two
    /// documents finishing at once race: the one that ends first clears `~` while the other is in the middle of its
    /// inlines, which then loses its strikethroughs and autolinks (standardese/standardese#199 describes the same
    /// race). `CMarkInlines` takes the place of the library's function that fills and clears the table, which the
    /// library calls through its procedure linkage table: filled once, never cleared, since every parser here has
    /// the same extensions. Emptying the extensions' character lists instead does not work: the same lists tell the
    /// delimiter pass which extension closes a `~~`, and without them it never ends.
    ///
    /// The first document finishes under `finishing` and fills the table; if the library called ours then, every
    /// later one finishes without a lock. Where it did not (macOS, a library that calls its own directly), every
    /// document finishes under `finishing`, one at a time, as before; reading blocks, our passes, highlighting and
    /// rendering stay parallel either way.
    static let finishesInParallel: Bool = {
        guard let parser = cmark_parser_new(CMARK_OPT_DEFAULT) else { return false }
        defer { cmark_parser_free(parser) }
        for syntax in extensions { cmark_parser_attach_syntax_extension(parser, syntax) }
        cmark_parser_feed(parser, "~~a~~ www.example.com", 21)
        if let document = finishing.withLock({ cmark_parser_finish(parser) }) { cmark_node_free(document) }
        return sectionsite_cmark_inlines_shared()
    }()

    /// Held by every `cmark_parser_finish` of the process where the table cannot be shared
    /// (`finishesInParallel`), and by the first one anyway.
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

    /// A code block's fence word, and where the block starts in the Markdown text (from 1).
    package struct FenceWord: Sendable, Equatable {
        package var word: String
        package var line: Int
        package var column: Int
    }

    /// A relative link to a Markdown file, rewritten to the URL of the page that file would be.
    package struct FileLink: Sendable, Equatable {
        /// The file the link leads to, relative to the site (`Content/posts/a.md`), or nil when the link climbs out
        /// of `Content/`.
        package var target: SourcePath?
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
        /// The files of the site that its relative links to other files name, found among the link targets or not:
        /// such a link is drawn another way once its file comes or goes.
        package var linkedFiles: [LinkTargets.FileLookup] = []
        /// Every link and image, in order.
        package var links: [Link] = []
        /// The plain text of the paragraphs, lists, quotes and tables, up to `textLimit` characters (cut at a word).
        package var text = ""
        /// The mistakes found: a directive unknown, unclosed or with a bad argument.
        package var problems: [Problem] = []
        /// The theme's templates that drew part of it (`directives/row`, `hooks/link`).
        package var templatesUsed: Set<String> = []
        /// The fence words of code blocks the highlighter knows no language for, drawn plain: each once, where its
        /// first block starts.
        package var unknownLanguages: [FenceWord] = []
        /// The local pictures it shows, in order, where each is named.
        var images: [ImageUse] = []
        /// The URL each link to another page was given, in order: what the page changes with when one moves.
        var linkedURLs: [PageURL] = []
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
        var kind: MarkdownProblem
        /// Line and column in the Markdown text, from 1.
        package var line: Int, column: Int

        /// What is wrong, in words.
        package var message: String { kind.message }
        /// A warning rather than an error: the page can still be drawn (a picture that cannot be found is drawn as
        /// written, as a broken link is).
        package var isWarning: Bool { kind.severity == .warning }
    }

    /// The document as HTML, for an item's body: `source` is the file it is written in, for relative links.
    ///
    /// - Complexity: O(n) in the length of `text`, plus highlighting.
    package func html(_ text: String, source: SourcePath) -> (html: String, document: Document) {
        let document = render(text, source: source, takeTitle: false, headingIDs: false)
        return (document.blocks.map(\.html).joined(separator: "\n"), document)
    }

    /// The document's top-level blocks with what the page around them needs; when `takeTitle` is on, the first
    /// top-level level-1 heading is taken out of the body and returned as `title`.
    ///
    /// Raw HTML blocks are dropped when raw HTML is off, rather than leaving libcmark's placeholder comment.
    /// - Complexity: O(n) in the length of `text`, plus highlighting.
    package func render(
        _ text: String, source: SourcePath, takeTitle: Bool = false, headingIDs: Bool = true
    ) -> Document {
        var state = DrawingState()
        return render(
            DirectiveSyntax(text), source: source, takeTitle: takeTitle, headingIDs: headingIDs, state: &state
        ).document
    }

    /// What the documents of one page share while drawn: heading ids and directive ids are unique in the page.
    struct DrawingState {
        var slugs = HeadingSlugs()
        var directiveIDs: [String: Int] = [:]
    }

    /// Renders a text read for directives: the passes over its tree (`Walk`), then its top-level blocks drawn one
    /// by one. Also returns the template context of each of its directives, in order, for the directive whose body
    /// it is.
    func render(
        _ syntax: DirectiveSyntax, source: SourcePath, takeTitle: Bool, headingIDs: Bool, state: inout DrawingState
    ) -> (document: Document, directives: [[String: Any]]) {
        withDocument(syntax.text) { document, extensions in
            let attributes = AttributeListPass(document, on: attributeLists)
            var walk = Walk(
                syntax: syntax, source: source, headingIDs: headingIDs, lists: attributes.lists, state: state)
            if takeTitle {
                var node = cmark_node_first_child(document)
                while let current = node {
                    if cmark_node_get_type(current) == CMARK_NODE_HEADING, cmark_node_get_heading_level(current) == 1 {
                        walk.titleNode = current
                        walk.result.title = Self.plainText(current)
                        break
                    }
                    node = cmark_node_next(current)
                }
            }
            transform(document, walk: &walk)
            attributes.finish { trimmed(render($0, extensions)) }  // links inside are rewritten by now
            state = walk.state
            var result = walk.result
            var footnote = 0
            var node = cmark_node_first_child(document)
            var place = -1
            var textCount = 0  // result.text.count, kept as it grows: counting characters each block was quadratic
            while let current = node {
                node = cmark_node_next(current)
                place += 1
                if current == walk.titleNode { continue }
                let type = cmark_node_get_type(current)
                if type == CMARK_NODE_HTML_BLOCK {
                    if options & CMARK_OPT_UNSAFE != 0 {
                        result.blocks.append(Block(html: trimmed(render(current, extensions)), isRawHTML: true))
                    }
                    continue
                }
                if type == CMARK_NODE_PARAGRAPH, result.firstParagraph == nil {
                    result.firstParagraph = Self.plainText(current)
                }
                if headingIDs, textLimit.map({ textCount < $0 }) ?? true, type != CMARK_NODE_HEADING,
                    type != CMARK_NODE_CODE_BLOCK, type != CMARK_NODE_THEMATIC_BREAK
                {
                    let text = walk.texts[place] ?? Self.plainText(current)
                    if !text.isEmpty {
                        if !result.text.isEmpty {
                            result.text += " "
                            textCount += 1
                        }
                        result.text += text
                        textCount += text.count
                    }
                }
                var html = trimmed(render(current, extensions))
                if html.isEmpty { continue }  // a directive that draws nothing, such as `@Comment`
                if type == CMARK_NODE_FOOTNOTE_DEFINITION {
                    footnote += 1
                    html = Self.numbered(footnote: html, number: footnote)
                }
                if let headings = walk.headings[place] { html = Self.addingIDs(headings, to: html) }
                if let list = attributes.topLevel[place] { html = list.applied(to: html, withID: true) }
                result.blocks.append(Block(html: html, isRawHTML: false))
            }
            if let limit = textLimit { result.text = Self.cut(result.text, at: limit) }
            return (result, walk.contexts)
        }
    }

    /// A template's output without the newlines a template file ends with.
    static func trimmedOutput(_ text: String) -> String {
        text.trimmingCharacters(in: .newlines)
    }

    /// The hash of a page's text with the templates that drew its Markdown, the pictures it shows and the URLs of
    /// the pages it links to: a change to one of them changes the page as an edit to its text does.
    func dependencyHash(
        _ sourceHash: ContentDigest, templatesUsed: Set<String>, images: [ProcessedImage], linked: [PageURL] = [],
        files: [LinkTargets.FileLookup] = []
    ) -> ContentDigest {
        guard !templatesUsed.isEmpty || !images.isEmpty || !linked.isEmpty || !files.isEmpty else { return sourceHash }
        var hash = ContentHash()
        hash.combine(sourceHash.hex)
        for template in templatesUsed.sorted() {
            hash.combine(template)
            hash.combine(theme?.templateHashes[template + ".mustache"] ?? "")
        }
        for image in images {
            hash.combine(image.source)
            hash.combine(image.variants.last?.path ?? "")  // named by the picture's bytes and the settings
        }
        for url in linked { hash.combine(url.rawValue) }  // the URLs its links to other pages were given
        // The files its links to other files found.
        for file in files where file.found { hash.combine("\u{0}" + file.path.rawValue) }
        return hash.digest
    }

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
            guard let start = rest.firstRange(bytesOf: open),
                let end = rest[start.upperBound...].firstRange(bytesOf: close)
            else { break }
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

    private func withDocument<Result>(
        _ text: String, _ body: (OpaquePointer, UnsafeMutablePointer<cmark_llist>?) -> Result
    ) -> Result {
        guard let parser = cmark_parser_new(options) else {
            preconditionFailure("libcmark-gfm could not make a parser")
        }
        defer { cmark_parser_free(parser) }
        for syntax in Self.extensions { cmark_parser_attach_syntax_extension(parser, syntax) }
        var text = text
        let finished = LibraryTime.measure(.markdown, bytes: text.utf8.count) {
            text.withUTF8 { bytes in
                bytes.withMemoryRebound(to: CChar.self) { chars in
                    cmark_parser_feed(parser, chars.baseAddress, chars.count)
                }
            }
            return Self.finishesInParallel
                ? cmark_parser_finish(parser) : Self.finishing.withLock { cmark_parser_finish(parser) }
        }
        guard let document = finished else {
            preconditionFailure("libcmark-gfm returned no document")
        }
        defer { LibraryTime.measure(.markdown, bytes: 0) { cmark_node_free(document) } }
        return body(document, cmark_parser_get_syntax_extensions(parser))
    }

    func render(_ node: OpaquePointer, _ extensions: UnsafeMutablePointer<cmark_llist>?) -> String {
        guard let html = LibraryTime.measure(.markdown, bytes: 0, { cmark_render_html(node, options, extensions) })
        else { return "" }
        defer { free(html) }
        return String(cString: html)
    }

    func trimmed(_ html: String) -> String {
        var end = html.utf8.endIndex
        while end > html.utf8.startIndex, html.utf8[html.utf8.index(before: end)] == 10 {
            end = html.utf8.index(before: end)
        }
        return end == html.utf8.endIndex ? html : String(html[..<end])
    }

    /// `text` cut to at most `limit` characters, at the last space before the limit when there is one.
    static func cut(_ text: String, at limit: Int) -> String {
        guard text.count > limit else { return text }
        let prefix = text.prefix(limit)
        guard let space = prefix.lastIndex(of: " "), space > prefix.startIndex else { return String(prefix) }
        return String(prefix[..<space])
    }

    /// The text a node holds, without markup; a space between blocks and for a line break.
    static func plainText(_ node: OpaquePointer) -> String {
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

extension Markdown {
    /// Smart punctuation turns quotes and dashes typographic; raw HTML passes through only when `unsafe` is on
    /// (and then GitHub's tag filter still disarms `<script>`, `<iframe>` and the like); fenced code is highlighted
    /// when a highlighter is given.
    package init(
        smart: Bool = true, unsafe: Bool = false, highlighter: Highlighter? = nil, rootPath: String = "/",
        attributeLists: Bool = true, symbolLinks: SymbolLinks? = nil
    ) {
        self.init(
            options: Self.options(smart: smart, unsafe: unsafe), highlighter: highlighter.map { HighlightCache($0) },
            rootPath: rootPath, theme: nil, images: nil, targets: nil, symbolLinks: symbolLinks, collectsLinks: false,
            textLimit: 0, attributeLists: attributeLists)
    }

    /// The Markdown of a site's settings: punctuation, raw HTML, links under `baseURL`, and as much plain text as
    /// the search index keeps.
    init(
        config: SiteConfig, highlighter: HighlightCache?, theme: Theme? = nil, images: ImageCatalog? = nil,
        targets: LinkTargets? = nil, symbolLinks: SymbolLinks? = nil, collectsLinks: Bool = false
    ) {
        self.init(
            options: Self.options(smart: config.smartPunctuation, unsafe: config.unsafeHTML), highlighter: highlighter,
            rootPath: config.rootPath, theme: theme, images: images, targets: targets, symbolLinks: symbolLinks,
            collectsLinks: collectsLinks, textLimit: config.search ? config.searchText : 0,
            attributeLists: config.markdownAttributes)
    }

    private static func options(smart: Bool, unsafe: Bool) -> Int32 {
        _ = extensions
        var options = CMARK_OPT_DEFAULT | CMARK_OPT_VALIDATE_UTF8 | CMARK_OPT_FOOTNOTES
        if smart { options |= CMARK_OPT_SMART }
        if unsafe { options |= CMARK_OPT_UNSAFE }
        return options
    }
}
