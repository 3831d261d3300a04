import Foundation

/// Hugo shortcodes made HTML or nothing, never text: each call is drawn by the common vocabulary
/// (`ImportComponent`: notes, details, tabs, figures, links, values), else by the site's own template translated
/// (`ShortcodeTranslation`), else by the neutral fallback (a paired call's inner content in a plain block, a lone
/// call nothing), each fallback reported at its place with what its template used that could not be translated.
enum Shortcodes {
    /// What converting a page's shortcodes needs besides its text.
    struct Context {
        /// The page, relative to its language's content folder.
        var page: String
        /// Whether a file of the content folder exists.
        var exists: (String) -> Bool
        /// Every page of the language, for `ref` by name.
        var files: [String] = []
        /// A plain parameter of the page or the site (`param`).
        var parameters: (String) -> String? = { _ in nil }
        /// The site's own shortcode templates.
        var templates = ShortcodeTemplates()
        /// The page's type, when it is not its section (`type: docs`, cascaded or its own): it picks shortcodes.
        var type: String?
        /// The page's front matter and the site's settings as templates see them.
        var pageValue: GoTemplate.Value = .map([:])
        var siteValue: GoTemplate.Value = .map([:])
        /// Whether the new site lets raw HTML through (`markdown.unsafe`).
        var allowsHTML = false
        /// The directives the new site's theme draws.
        var directives = ImportComponent.defaultDirectives
        /// Reads a file of the site (`readfile`), relative to its folder; nil when it is not there or not inside.
        var readFile: (String) -> String? = { _ in nil }
        /// A page of the language by its path, as templates see it (`.GetPage`).
        var getPage: (String) -> GoTemplate.Value? = { _ in nil }
    }

    /// A call found in a page: its tag and, when paired, what it holds and its closing tag.
    struct Call {
        var name: String
        var arguments: [String: String]
        var named: Bool
        var open: Range<String.Index>
        var close: Range<String.Index>?
        var children: [Node] = []
    }

    enum Node {
        case text(Range<String.Index>)
        case call(Call)
        /// `{{</* name */>}}`: Hugo's way to show a shortcode as written, without running it.
        case shown(String)
        /// A closing tag with nothing open (Hugo fails on it): left out, and reported.
        case stray(Range<String.Index>)
    }

    /// `text` (a body starting at `firstLine` of `file`) with every shortcode converted.
    static func convert(
        _ text: String, file: String, firstLine: Int, context: Context, report: inout ImportReport
    ) -> String {
        var converter = Converter(text: text, file: file, firstLine: firstLine, context: context)
        let output = converter.write(parse(text))
        report.add(converter.leftovers, uses: converter.uses, neutral: converter.neutralNames)
        return output
    }

    /// One shortcode tag as written: `{{< name args >}}`, `{{% /name %}}`, `{{< name />}}`, `{{</* name */>}}`.
    struct Tag {
        var range: Range<String.Index>
        var delimiter: Character
        /// `{{</* ... */>}}`: shown as written, not run.
        var shown: Bool
        var closing: Bool
        var selfClosing: Bool
        var name: String
        var arguments: String
    }

    /// The tags of `text`, found in one pass: a tag ends at the first `>}}` or `%}}` outside quotes, within 4,000
    /// characters of its start (else its `{{` is text), so no line of the source can make the search slow.
    static func tags(in text: String) -> [Tag] {
        var tags: [Tag] = []
        let characters = Array(text.unicodeScalars)
        var indices: [String.Index] = []
        indices.reserveCapacity(characters.count + 1)
        var index = text.unicodeScalars.startIndex
        while index < text.unicodeScalars.endIndex {
            indices.append(index)
            index = text.unicodeScalars.index(after: index)
        }
        indices.append(text.endIndex)
        var position = 0
        while position + 2 < characters.count {
            guard characters[position] == "{", characters[position + 1] == "{",
                characters[position + 2] == "<" || characters[position + 2] == "%"
            else {
                position += 1
                continue
            }
            let delimiter = Character(characters[position + 2])
            var cursor = position + 3
            var quote: Unicode.Scalar?
            var end: Int?
            let limit = min(characters.count, position + 4_000)
            while cursor + 2 < characters.count, cursor < limit {
                let character = characters[cursor]
                if let open = quote {
                    if character == open { quote = nil }
                } else if character == "\"" || character == "`" {
                    quote = character
                } else if (character == ">" || character == "%"), characters[cursor + 1] == "}",
                    characters[cursor + 2] == "}"
                {
                    end = cursor
                    break
                }
                cursor += 1
            }
            guard let end else {
                position += 2
                continue
            }
            var inner = String(String.UnicodeScalarView(characters[(position + 3)..<end])).trimmingCharacters(
                in: .whitespacesAndNewlines)
            var shown = false
            if inner.hasPrefix("/*") {
                shown = true
                inner = String(inner.dropFirst(2))
                if inner.hasSuffix("*/") { inner = String(inner.dropLast(2)) }
                inner = inner.trimmingCharacters(in: .whitespacesAndNewlines)
            }
            var closing = false
            if inner.hasPrefix("/") {
                closing = true
                inner = String(inner.dropFirst()).trimmingCharacters(in: .whitespaces)
            }
            var selfClosing = false
            if inner.hasSuffix("/"), !inner.hasSuffix("\"/") {
                selfClosing = true
                inner = String(inner.dropLast()).trimmingCharacters(in: .whitespacesAndNewlines)
            }
            let name = String(inner.prefix { !$0.isWhitespace })
            let valid = !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || "_.-/".contains($0) }
            let range = indices[position]..<indices[end + 3]
            if valid || shown {
                tags.append(
                    Tag(
                        range: range, delimiter: delimiter, shown: shown, closing: closing, selfClosing: selfClosing,
                        name: name,
                        arguments: String(inner.dropFirst(name.count))))
                position = end + 3
            } else {
                position += 2
            }
        }
        return tags
    }

    /// The tags of `text` as a tree: a closing tag pairs with the nearest open call of its name; a call never
    /// closed is a lone one; a closing tag with nothing open is dropped, as Hugo fails on it.
    static func parse(_ text: String) -> [Node] {
        var stack: [(call: Call, nodes: [Node])] = []
        var nodes: [Node] = []
        var position = text.startIndex
        func append(_ node: Node) {
            if stack.isEmpty { nodes.append(node) } else { stack[stack.count - 1].nodes.append(node) }
        }
        for tag in tags(in: text) {
            if position < tag.range.lowerBound { append(.text(position..<tag.range.lowerBound)) }
            position = tag.range.upperBound
            if tag.shown {
                // Shown as written, the comment marks taken out, as Hugo shows it.
                let end = tag.delimiter == "<" ? ">" : "%"
                let rest = tag.arguments.trimmingCharacters(in: .whitespaces)
                let body = (tag.closing ? "/" : "") + tag.name + (rest.isEmpty ? "" : " " + rest)
                append(.shown("{{\(tag.delimiter)" + (body.isEmpty ? " " : " \(body) ") + "\(end)}}"))
                continue
            }
            if tag.closing {
                guard let index = stack.lastIndex(where: { $0.call.name == tag.name }) else {
                    append(.stray(tag.range))
                    continue
                }
                while stack.count > index + 1 {
                    let lone = stack.removeLast()
                    stack[stack.count - 1].nodes.append(.call(lone.call))
                    stack[stack.count - 1].nodes += lone.nodes
                }
                var (call, inner) = stack.removeLast()
                call.close = tag.range
                call.children = inner
                append(.call(call))
                continue
            }
            let (arguments, named) = Self.parsedArguments(tag.arguments)
            let call = Call(name: tag.name, arguments: arguments, named: named, open: tag.range)
            if tag.selfClosing {
                append(.call(call))  // `{{< name />}}`: lone by its own word
            } else {
                stack.append((call, []))
            }
        }
        while let lone = stack.popLast() {
            append(.call(lone.call))
            for node in lone.nodes { append(node) }
        }
        if position < text.endIndex { append(.text(position..<text.endIndex)) }
        return nodes
    }

    struct Converter {
        var text: String
        var file: String
        var firstLine: Int
        var context: Context
        var leftovers: [ImportReport.Leftover] = []
        var uses = ImportComponent.Uses()
        /// How many included files deep this text is.
        var depth = 0
        /// The names of the calls drawn by the neutral fallback with a body.
        var neutralNames = Set<String>()

        mutating func write(_ nodes: [Node]) -> String {
            var output = ""
            for node in nodes {
                switch node {
                case .text(let range): output += text[range]
                case .shown(let written): output += written
                case .stray(let range):
                    leftovers.append(
                        .init(
                            kind: "closing shortcode with nothing open, left out", file: file, text: text,
                            at: range.lowerBound,
                            firstLine: firstLine, written: String(text[range])))
                case .call(let call):
                    let block = isBlock(call)
                    let component = component(for: call)
                    output += component.written(
                        block: block, directives: context.directives,
                        indent: ImportComponent.indent(of: call.open, in: text))
                }
            }
            return output
        }

        /// Whether a call stands on lines of its own (at most three spaces before its tag, nothing after its end).
        func isBlock(_ call: Call) -> Bool {
            ImportComponent.standsAlone(call.open, end: call.close?.upperBound ?? call.open.upperBound, in: text)
        }

        /// The inner content of a paired call, its own calls converted; nil for a lone call.
        mutating func inner(_ call: Call) -> String? {
            guard call.close != nil else { return nil }
            return write(call.children)
        }

        /// The inner content exactly as written, for HTML.
        func rawInner(_ call: Call) -> String? {
            guard let close = call.close else { return nil }
            return String(text[call.open.upperBound..<close.lowerBound])
        }

        /// `text` (an included file's, or what a template wrote) with its own shortcodes converted, as a page's are.
        mutating func converted(_ text: String, file: String) -> String {
            guard depth < 8 else { return text }
            var nested = Converter(text: text, file: file, firstLine: 1, context: context, depth: depth + 1)
            let written = nested.write(Shortcodes.parse(text))
            leftovers += nested.leftovers
            neutralNames.formUnion(nested.neutralNames)
            uses.mapped += nested.uses.mapped
            uses.translated += nested.uses.translated
            uses.neutral += nested.uses.neutral
            return written
        }

        /// The inner content for code: as written, but for the calls in it, which Hugo runs before the outer one
        /// (`{{% param "version" %}}` in a configuration example is its value).
        mutating func codeInner(_ call: Call) -> String? {
            guard call.close != nil else { return nil }
            return call.children.contains(where: { if case .call = $0 { true } else { false } })
                ? inner(call) : rawInner(call)
        }

        mutating func leftover(_ kind: String, _ call: Call) {
            leftovers.append(
                .init(
                    kind: kind, file: file, text: text, at: call.open.lowerBound, firstLine: firstLine,
                    written: String(text[call.open])))
        }

        mutating func component(for call: Call) -> ImportComponent {
            // Tabs are drawn by the vocabulary first: a site's tab templates talk to each other (`.Parent`,
            // `.Scratch`), which a call translated alone cannot.
            let last = call.name.lowercased().split(separator: "/").last.map(String.init) ?? ""
            if ImportComponent.tabsWords.contains(last) || ImportComponent.tabWords.contains(last),
                let mapped = mapped(call)
            {
                uses.mapped += 1
                return mapped
            }
            // The site's own template wins where it translates: it is what the author's readers saw.
            if let template = context.templates.shortcode(
                call.name, page: context.page, type: context.type, ownOnly: true)
            {
                if let translated = translate(call, template: template) { return translated }
            }
            if let mapped = mapped(call) {
                uses.mapped += 1
                return mapped
            }
            if let template = context.templates.shortcode(
                call.name, page: context.page, type: context.type, ownOnly: false)
            {
                if let translated = translate(call, template: template) { return translated }
            }
            return neutral(
                call,
                reason: context.templates.failures[call.name].map { "Hugo shortcode '\(call.name)' (\($0))" }
                    ?? "Hugo shortcode '\(call.name)' with no template in the site")
        }

        mutating func translate(_ call: Call, template: ShortcodeTemplates.Template) -> ImportComponent? {
            let inner = self.inner(call)
            do {
                let component = try ShortcodeTranslation.component(
                    template.template, markdown: template.isMarkdown, call: call, inner: inner, context: context)
                uses.translated += 1
                // A template may write other shortcodes (`{{< youtube ... >}}` from a `sign-language-section`):
                // they are converted as the page's own are.
                switch component {
                case .neutral(let name, _?):
                    neutralNames.insert(name)
                    return component
                case .markdown(let text) where text.contains("{{<") || text.contains("{{%"):
                    return .markdown(converted(text, file: template.path))
                case .html(let before, let after, let body)
                where (before + after).contains("{{<") || (before + after).contains("{{%"):
                    return .html(
                        before: converted(before, file: template.path), after: converted(after, file: template.path),
                        body: body)
                default:
                    return component
                }
            } catch let unsupported as GoTemplate.Unsupported {
                context.templates.failures[call.name] = "\(template.path) uses \(unsupported.what)"
                return nil
            } catch {
                return nil
            }
        }

        /// The neutral fallback: a paired call's inner content in a plain block named after it, a lone call
        /// nothing; each reported.
        mutating func neutral(_ call: Call, reason: String) -> ImportComponent {
            uses.neutral += 1
            let body = inner(call)
            if body != nil { neutralNames.insert(call.name) }
            leftover(reason + (body == nil ? ", left out" : ", its content kept in a plain block"), call)
            return .neutral(name: call.name, body: body)
        }

        /// The common vocabulary: Hugo's own shortcodes and the names sites give notes, details and tabs.
        mutating func mapped(_ call: Call) -> ImportComponent? {
            let name = call.name.lowercased()
            let arguments = call.arguments
            let last = name.split(separator: "/").last.map(String.init) ?? name
            switch last {
            case "ref", "relref":
                return reference(call, name: name)
            case "highlight", "code-toggle", "code", "codeblock", "syntax":
                let language =
                    arguments["0"] ?? arguments["lang"] ?? arguments["language"]
                    ?? (last == "code-toggle" ? "toml" : "")
                guard let code = codeInner(call) else { return .nothing }
                return .markdown(Shortcodes.fence(language, code))
            case "mermaid", "diagram":
                guard let code = codeInner(call) else { return .nothing }
                return .markdown(Shortcodes.fence("mermaid", code))
            case "param", "_param", "site-param", "siteparam":  // `_param`: Docsy's, from its theme module
                return parameter(call, name: name, last: last)
            // Docsy's, which sites take from its Hugo module, outside the site: the landing page's blocks and
            // cards as their text, titles in bold.
            case "lead" where name == "blocks/lead", "section" where name == "blocks/section":
                return .markdown(inner(call) ?? "")
            case "feature" where name == "blocks/feature", "cover" where name == "blocks/cover", "card":
                let titles = [arguments["header"], arguments["title"], arguments["subtitle"]].compactMap { $0 }.filter {
                    !$0.isEmpty
                }
                let parts = titles.map { "**\($0)**" } + [inner(call) ?? "", arguments["footer"] ?? ""]
                return .markdown(parts.filter { !$0.isEmpty }.joined(separator: "\n\n"))
            case "imgproc":
                // A picture of the page's bundle, its caption the inner content.
                guard let source = arguments["0"] ?? arguments["src"] else { return nil }
                let caption = (inner(call) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
                let alt =
                    caption.split(separator: "\n").first.map(String.init)?.replacingOccurrences(of: "]", with: ")")
                    ?? ""
                return .markdown("![\(alt)](\(source))" + (caption.isEmpty ? "" : "\n\n" + caption))
            case "link-down" where name == "blocks/link-down":
                return .nothing
            case "figure", "img", "image":
                guard let source = arguments["src"] ?? arguments["0"] else { return nil }
                let alt = arguments["alt"] ?? arguments["caption"] ?? arguments["title"] ?? ""
                let title = arguments["caption"] ?? arguments["title"]
                let quotedTitle = title.map { " \"\($0.replacingOccurrences(of: "\"", with: "'"))\"" } ?? ""
                let image = "![\(alt.replacingOccurrences(of: "]", with: ")"))](\(source)\(quotedTitle))"
                return .markdown(arguments["link"].map { "[\(image)](\($0))" } ?? image)
            case "youtube", "vimeo", "gist", "tweet", "x", "instagram", "video", "asciinema", "codepen":
                guard let link = Shortcodes.embedLink(last, arguments) else { return nil }
                return .markdown(link)
            case "readfile", "readfiles", "include", "include-file", "includefile", "embed-file", "code-file",
                "codefile":
                return includedFile(call, name: name)
            case "rawhtml", "raw-html", "raw", "html", "unsafe":
                return rawHTML(call, name: name)
            case "comment", "todo-comment", "draft", "hidden":
                return .nothing
            case "qr":
                guard let text = arguments["text"] ?? arguments["0"] else { return .nothing }
                return .markdown(text.contains("://") ? "<\(text)>" : text)
            case "new-in", "added-in", "version-added", "since", "changed-in", "deprecated-in", "removed-in",
                "version-deprecated",
                "feature-state":
                return versionNote(call, last: last)
            case "kbd", "key", "keys":
                guard let key = arguments["0"] ?? inner(call) else { return nil }
                return .markdown("`" + key.trimmingCharacters(in: .whitespacesAndNewlines) + "`")
            case "button", "btn", "link-button", "cta", "button-link":
                return button(call)
            case "br", "clear", "hr", "toc", "children", "center", "section-index", "icon", "fa", "fas", "fab", "far",
                "emoji",
                "pageinfo-end", "blocks/section", "spacer", "divider":
                // Layout a page of the default theme draws of its own (a table of contents, a list of the folder's
                // pages) or marks with no content; what they hold stays.
                if let body = inner(call) { return .markdown(body) }
                return .nothing
            default:
                return container(call, name: name, last: last)
            }
        }

        /// A `ref` or `relref`: the relative link to the page it names, `#` when that page is not there.
        mutating func reference(_ call: Call, name: String) -> ImportComponent {
            let target = call.arguments["0"] ?? call.arguments["path"] ?? ""
            let pageFolder = (context.page as NSString).deletingLastPathComponent
            if let resolved = Shortcodes.resolve(target, from: pageFolder, exists: context.exists, files: context.files)
            {
                return .markdown(resolved)
            }
            leftover("'\(name)' to a page that is not there, written as '#'", call)
            return .markdown("#")
        }

        /// A `param`: the plain value of the page's or the site's parameter, nothing when it is not plain text.
        mutating func parameter(_ call: Call, name: String, last: String) -> ImportComponent? {
            let arguments = call.arguments
            guard last.hasSuffix("param"), let key = arguments["0"] ?? arguments["name"] else { return nil }
            // Docsy's reads the site's address as `baseURL`.
            let baseURL = key == "baseURL" ? context.siteValue.field("BaseURL")?.text : nil
            if var value = baseURL ?? context.parameters(key) {
                // Docsy's fills numbered places with the call's arguments (`{1}` the first after the name).
                var position = 0
                while let argument = arguments[String(position)] {
                    value = value.replacingOccurrences(of: "{\(position)}", with: argument)
                    position += 1
                }
                return .markdown(value)
            }
            leftover("Hugo shortcode '\(name)' of a value that is not plain text, left out", call)
            return .nothing
        }

        /// A file of the site included (`readfile`): as code when the call names a language, else as Markdown.
        mutating func includedFile(_ call: Call, name: String) -> ImportComponent? {
            let arguments = call.arguments
            guard let path = arguments["file"] ?? arguments["0"] ?? arguments["path"] ?? arguments["src"] else {
                return nil
            }
            guard let contents = context.readFile(path) else {
                leftover("'\(name)' of a file that is not in the site, left out", call)
                return .nothing
            }
            if let language = arguments["code"] == "true" ? (arguments["lang"] ?? "") : arguments["lang"] {
                return .markdown(Shortcodes.fence(language, "\n" + contents))
            }
            // The file's own shortcodes are run too, as Hugo renders an included file.
            guard depth < 8 else {
                leftover("'\(name)' nested eight deep, its shortcodes left out", call)
                return .markdown(contents)
            }
            return .markdown(converted(contents, file: path))
        }

        /// Raw HTML as one HTML block, where the new site lets raw HTML through.
        mutating func rawHTML(_ call: Call, name: String) -> ImportComponent {
            guard let raw = rawInner(call) else { return .nothing }
            guard context.allowsHTML else {
                leftover(
                    "'\(name)' holds HTML, which shows once sectionsite.yml has markdown: {unsafe: true}; left out",
                    call)
                return .nothing
            }
            return .markdown(ImportComponent.oneBlock(raw))
        }

        /// A version note: a badge in the text, or a box around what it says.
        mutating func versionNote(_ call: Call, last: String) -> ImportComponent {
            let arguments = call.arguments
            let version = arguments["0"] ?? arguments["version"] ?? arguments["for_k8s_version"] ?? ""
            let what: String
            switch last {
            case "deprecated-in", "version-deprecated": what = "Deprecated in"
            case "removed-in": what = "Removed in"
            case "changed-in": what = "Changed in"
            case "feature-state":
                what =
                    (arguments["state"].map { $0.prefix(1).uppercased() + $0.dropFirst() } ?? "Feature state")
                    + " in"
            default: what = "New in"
            }
            let label =
                version.isEmpty
                ? String(what.dropLast(3))
                : "\(what) \(version.hasPrefix("v") || version.first?.isNumber != true ? version : "v" + version)"
            guard let body = inner(call), !body.allSatisfy(\.isWhitespace) else { return .markdown("*\(label)*") }
            let kind = what.hasPrefix("Deprecated") || what.hasPrefix("Removed") ? "warning" : "note"
            return .callout(kind: kind, title: label, body: body)
        }

        /// A button: a link to its address or page, labelled with its text.
        mutating func button(_ call: Call) -> ImportComponent? {
            let arguments = call.arguments
            let pageFolder = (context.page as NSString).deletingLastPathComponent
            guard
                let href = arguments["href"] ?? arguments["url"] ?? arguments["link"] ?? arguments["1"]
                    ?? arguments["page"].flatMap({
                        Shortcodes.resolve($0, from: pageFolder, exists: context.exists, files: context.files)
                    })
            else { return nil }
            let label =
                arguments["text"] ?? arguments["title"] ?? inner(call).map(ImportComponent.inline) ?? arguments["0"]
                ?? href
            return .markdown("[\(label)](\(href))")
        }

        /// The vocabulary's containers by the names sites give them: tabs, a tab, details, boxes; nil for another name.
        mutating func container(_ call: Call, name: String, last: String) -> ImportComponent? {
            let arguments = call.arguments
            if ImportComponent.tabsWords.contains(last) {
                guard call.close != nil else { return .nothing }
                var tabs: [ImportComponent.Tab] = []
                // Titles are the tab's own, else the set's positional parameters in order (`tabs "Go" "Python"`).
                let titles =
                    call.named
                    ? [] : call.arguments.keys.compactMap(Int.init).sorted().map { call.arguments[String($0)]! }
                for child in call.children {
                    guard case .call(let tab) = child else {
                        if case .text(let range) = child, !text[range].allSatisfy(\.isWhitespace) {
                            leftover("text in '\(name)' outside its tabs, left out", call)
                        }
                        continue
                    }
                    let title =
                        ImportComponent.title(in: tab.arguments) ?? tab.arguments["0"] ?? tab.arguments["lang"]
                        ?? (tabs.count < titles.count ? titles[tabs.count] : "Tab \(tabs.count + 1)")
                    tabs.append(.init(title: title, body: tabBody(tab)))
                }
                if tabs.isEmpty { return .markdown(inner(call) ?? "") }
                return .tabs(tabs)
            }
            if ImportComponent.tabWords.contains(last) {
                guard call.close != nil else { return .nothing }
                let title = ImportComponent.title(in: arguments) ?? arguments["0"] ?? arguments["lang"] ?? "Tab"
                return .tabs([.init(title: title, body: tabBody(call))])
            }
            if ImportComponent.detailsWords.contains(last) {
                let summary =
                    arguments["summary"] ?? ImportComponent.title(in: arguments) ?? arguments["0"] ?? "Details"
                return .details(summary: summary, body: inner(call) ?? "")
            }
            if ImportComponent.boxWords.contains(last) || ImportComponent.alertKind(last) != nil {
                let kind = ImportComponent.kind(in: arguments) ?? ImportComponent.alertKind(last) ?? "note"
                var title = ImportComponent.title(in: arguments)
                if title == nil, let first = arguments["0"], ImportComponent.alertKind(first) == nil { title = first }
                let body = inner(call) ?? arguments["text"] ?? arguments["content"] ?? ""
                return .callout(
                    kind: kind, title: title ?? (kind.prefix(1).uppercased() + kind.dropFirst()), body: body)
            }
            return nil
        }

        /// A tab's body: code when the tab names a language and its content is not Markdown (Docsy's `lang`).
        mutating func tabBody(_ tab: Call) -> String {
            if let language = tab.arguments["lang"] ?? tab.arguments["code"], tab.arguments["text"] != "true",
                let code = codeInner(tab)
            {
                return Shortcodes.fence(language, code)
            }
            return inner(tab) ?? ""
        }
    }

    /// A fenced code block of `code`, with a fence longer than any run of backticks in it.
    static func fence(_ language: String, _ code: String) -> String {
        var longest = 0, run = 0
        for character in code {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let marks = String(repeating: "`", count: max(3, longest + 1))
        var body = code
        if !body.hasPrefix("\n") { body = "\n" + body }
        if !body.hasSuffix("\n") { body += "\n" }
        return marks + language + body + marks
    }

    /// A link to the video, post or code an embed shortcode shows (its player reaches outside the site).
    static func embedLink(_ name: String, _ arguments: [String: String]) -> String? {
        let id = arguments["id"] ?? arguments["0"]
        let title = arguments["title"]
        switch name {
        case "youtube": return id.map { "[\(title ?? "Video on YouTube")](https://www.youtube.com/watch?v=\($0))" }
        case "vimeo": return id.map { "[\(title ?? "Video on Vimeo")](https://vimeo.com/\($0))" }
        case "gist":
            guard let user = arguments["user"] ?? arguments["0"], let gist = arguments["id"] ?? arguments["1"] else {
                return nil
            }
            return "[Gist \(gist) by \(user)](https://gist.github.com/\(user)/\(gist))"
        case "tweet", "x":
            guard let user = arguments["user"], let id = arguments["id"] else { return nil }
            return "[Post by @\(user)](https://x.com/\(user)/status/\(id))"
        case "instagram": return id.map { "[Post on Instagram](https://www.instagram.com/p/\($0)/)" }
        case "asciinema": return id.map { "[Recording on asciinema](https://asciinema.org/a/\($0))" }
        case "codepen": return id.map { "[Pen on CodePen](https://codepen.io/pen/\($0))" }
        case "video":
            guard let source = arguments["src"] ?? arguments["0"] else { return nil }
            return "[\(title ?? "Video")](\(source))"
        default: return nil
        }
    }

    /// The arguments of a tag, and whether they were given by name.
    static func parsedArguments(_ text: String) -> ([String: String], Bool) {
        let arguments = arguments(text)
        return (arguments, arguments.keys.contains { Int($0) == nil })
    }

    /// `"a b" key="c"` as `["0": "a b", "key": "c"]`: positional arguments by their place.
    static func arguments(_ text: String) -> [String: String] {
        var result: [String: String] = [:]
        var position = 0
        for match in text.matches(of: /(?:([\w-]+)\s*=\s*)?(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|`([^`]*)`|([^\s"'`]+))/) {
            var value = String(match.output.2 ?? match.output.3 ?? match.output.4 ?? match.output.5 ?? "")
            if match.output.2 != nil { value = value.replacingOccurrences(of: "\\\"", with: "\"") }
            if let key = match.output.1 {
                result[String(key)] = value
            } else {
                result[String(position)] = value
                position += 1
            }
        }
        return result
    }

    /// The files a `ref` to `path` may name: `guide.md`, or the section or bundle `guide/` (Hugo reads
    /// `guide.md` as `guide/` too when that is a section).
    static func candidates(_ path: String) -> [String] {
        let stem = path.hasSuffix(".md") ? String(path.dropLast(3)) : path
        return (path.hasSuffix(".md") ? [path] : [path + ".md", path]) + [stem + "/_index.md", stem + "/index.md"]
    }

    /// The relative link from the page's folder to the Markdown file a `ref` names (from the content folder when
    /// it starts with `/`, else from the page's folder, then from the content folder; `guide` may be `guide.md`,
    /// `guide/_index.md` or `guide/index.md`), then, as Hugo does, the page whose path ends with it anywhere in
    /// `files` (`{{< ref "install.md" >}}` is `docs/setup/install.md`), the shortest when several do; with its
    /// `#part`; nil when no such file is there.
    static func resolve(
        _ target: String, from folder: String, exists: (String) -> Bool, files: [String] = []
    ) -> String? {
        if target.hasPrefix("#") { return target }  // a part of the page itself
        let parts = target.split(separator: "#", maxSplits: 1)
        let path = String(parts.first ?? "").trimmingCharacters(in: CharacterSet(charactersIn: " "))
        let anchor = parts.count > 1 ? "#" + parts[1] : ""
        let trimmed = path.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        var bases = path.hasPrefix("/") ? [trimmed] : [folder.isEmpty ? trimmed : folder + "/" + trimmed, trimmed]
        bases = bases.map { base in
            var parts: [Substring] = []
            for part in base.split(separator: "/") {
                if part == ".." { _ = parts.popLast() } else if part != "." { parts.append(part) }
            }
            return parts.joined(separator: "/")
        }
        for base in bases {
            if let file = (base.isEmpty ? ["_index.md"] : candidates(base)).first(where: exists) {
                return ImportFiles.relativePath(from: folder, to: file) + anchor
            }
        }
        guard !path.hasPrefix("/"), let name = bases.last, !name.isEmpty else { return nil }
        let names = candidates(name)
        let found = files.filter { file in names.contains { file == $0 || file.hasSuffix("/" + $0) } }
        guard let file = found.min(by: { ($0.count, $0) < ($1.count, $1) }) else { return nil }
        return ImportFiles.relativePath(from: folder, to: file) + anchor
    }
}
