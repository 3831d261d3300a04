import Foundation

/// The report as one HTML page in the default theme's style: each changed page with its changed sections before and
/// after, the elements that changed outlined (green added, red removed, amber edited, blue moved). The sections are
/// the site's own HTML; the page runs no script of theirs (its policy allows none).
extension ChangeReport {
    package var html: String {
        var body = "<main class=\"ss-changes\">\n<h1>What changed</h1>\n<p>\(HTML.escape(countsLine)).</p>\n"
        var marks = ""
        let ranked = pages.sorted { ($0.weight, $1.url) > ($1.weight, $0.url) }
        if !ranked.isEmpty {
            body += "<nav><ul>\n"
            for (number, page) in ranked.enumerated() {
                body +=
                    "<li><a href=\"#change-\(number + 1)\">\(HTML.escape(page.url.rawValue))</a>: "
                    + "\(HTML.escape(page.summary))</li>\n"
            }
            body += "</ul></nav>\n"
        }
        for (number, page) in ranked.enumerated() {
            let id = "change-\(number + 1)"
            let title = page.title.isEmpty ? page.url.rawValue : page.title
            body +=
                "<article class=\"ss-change\" id=\"\(id)\">\n<h2><a "
                + "href=\"\(HTML.escape(page.url.rawValue))\">\(HTML.escape(title))</a> "
            body += "<code>\(HTML.escape(page.url.rawValue))</code></h2>\n<p>\(HTML.escape(page.summary))</p>\n"
            let (changes, pageMarks) = Self.changesHTML(page, id: id)
            body += changes
            marks += pageMarks
            body += "</article>\n"
        }
        body += "<h2>Changed URLs</h2>\n<pre>\(HTML.escape(urlList()))</pre>\n"
        for kind in FileKind.allCases {
            guard let paths = touched[kind], !paths.isEmpty else { continue }
            body += "<details><summary>\(paths.count) \(Self.plural(paths.count, kind.noun))</summary><pre>"
            body += HTML.escape(paths.map { $0.rawValue + "\n" }.joined()) + "</pre></details>\n"
        }
        body += "</main>\n"
        return Self.document(title: "What changed", language: "en", body: body, marks: marks)
    }

    /// A page's changed sections before and after, its body blocks changed before and after, then its other changes
    /// (the title, the head, the layout's regions) as a list; and the CSS that outlines each changed element in the
    /// `#id` article.
    static func changesHTML(_ page: PageChange, id: String) -> (html: String, marks: String) {
        var body = ""
        var marks = ""
        for section in page.sections {
            body +=
                (section.key.isEmpty
                    ? "" : "<h3>Section <code>\(HTML.escape(String(section.key.dropFirst(2))))</code></h3>\n")
                + "<div class=\"ss-versions\">"
            body +=
                "<div class=\"ss-before\"><h4>Before</h4>\n\(section.before ?? "<p>Not on the page.</p>")\n</div>"
            body +=
                "<div class=\"ss-after\"><h4>After</h4>\n\(section.after ?? "<p>Not on the page.</p>")\n</div>"
                + "</div>\n"
        }
        // A body block's change: the block as it was and as it is, side by side.
        for change in page.changes where change.section == nil && change.part == .block {
            let noun = Self.blockNoun(change.afterHTML ?? change.beforeHTML ?? "")
            let heading = noun.prefix(1).uppercased() + noun.dropFirst() + " " + change.action.rawValue
            body += "<h3>\(heading)</h3>\n<div class=\"ss-versions\">"
            body += "<div class=\"ss-before\">\(change.action == .added ? "" : change.beforeHTML ?? "")</div>"
            body += "<div class=\"ss-after\">\(change.action == .removed ? "" : change.afterHTML ?? "")</div></div>\n"
        }
        let outside = page.changes.filter { $0.section == nil && $0.part != .block }
        if !outside.isEmpty {
            body += "<ul class=\"ss-outside\">\n"
            for change in outside {
                body += "<li>\(HTML.escape(change.label))"
                if let before = change.before, change.action != .added {
                    body += ": <del>\(HTML.escape(before))</del>"
                }
                if let after = change.after, change.action != .removed {
                    body += " <ins>\(HTML.escape(after))</ins>"
                }
                body += "</li>\n"
            }
            body += "</ul>\n"
        }
        for change in page.changes where !change.key.isEmpty {
            let key = Self.cssString(change.key)
            let colour = Self.colours[change.action]!
            if change.action != .added {
                marks += "#\(id) .ss-before [data-ss-key=\(key)]{outline:3px solid \(colour);outline-offset:2px}\n"
            }
            if change.action != .removed {
                marks += "#\(id) .ss-after [data-ss-key=\(key)]{outline:3px solid \(colour);outline-offset:2px}\n"
            }
        }
        return (body, marks)
    }

    /// A page of changes (`document`) as the live preview serves it: named for the runtime (its page, its version)
    /// and loading it with `nonce`, the one script the page's policy lets run; every other script it shows (a
    /// page's own, compared) stays off.
    package static func live(_ document: String, page: PageURL, config: SiteConfig, nonce: String) -> String {
        let runtime =
            "<meta http-equiv=\"Content-Security-Policy\" content=\"script-src 'nonce-\(nonce)'\">\n"
            + "<meta name=\"sectionsite-page\" content=\"\(HTML.escape(page.rawValue))\">"
            + "<meta name=\"sectionsite-version\" content=\"\(version(of: document).rawValue)\">\n"
            + "<script nonce=\"\(nonce)\" src=\"\(HTML.escape(config.link("/_sectionsite/sectionsite.js")))\" defer>"
            + "</script>"
        return document.replacing(bytesOf: policy, with: runtime, maxReplacements: 1)
    }

    /// The version of a page of changes: what the live preview tells a tab by.
    package static func version(of document: String) -> PageVersion {
        PageVersion(String(ContentHash.of(document).hex.prefix(12)))
    }

    /// What keeps scripts off a page of changes.
    private static let policy = "<meta http-equiv=\"Content-Security-Policy\" content=\"script-src 'none'\">"

    /// A whole page in the default theme's style with `body` in it, the theme's stylesheet in it or linked at
    /// `stylesheet`; it runs no script (its policy allows none).
    static func document(
        title: String, language: String, body: String, marks: String, stylesheet: String? = nil
    ) -> String {
        let style =
            stylesheet != nil
            ? ""
            : BuiltinThemes.files["default"]?.first { $0.path == "assets/style.css" }.map {
                String(decoding: $0.data, as: UTF8.self)
            } ?? ""
        let link = stylesheet.map { "<link rel=\"stylesheet\" href=\"\(HTML.escape($0))\">\n" } ?? ""
        return """
            <!doctype html>
            <html lang="\(HTML.escape(language))">
            <head>
            <meta charset="utf-8">
            \(policy)
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(HTML.escape(title))</title>
            \(link)<style>
            \(style)
            \(Self.style)
            </style>
            <style>
            \(marks)</style>
            </head>
            <body>
            \(body)</body>
            </html>

            """
    }

    /// What a body block is, in words, by its first tag: `paragraph`, `heading`, `code block`...
    static func blockNoun(_ html: String) -> String {
        let tag = html.dropFirst().prefix { $0.isLetter || $0.isNumber }.lowercased()
        switch tag {
        case "p": return "paragraph"
        case "h1", "h2", "h3", "h4", "h5", "h6": return "heading"
        case "pre": return "code block"
        case "ul", "ol", "dl": return "list"
        case "table": return "table"
        case "blockquote": return "quote"
        case "figure", "img", "picture": return "picture"
        default: return html.contains("<pre") ? "code block" : "block"
        }
    }

    private static let colours: [Change.Action: String] = [
        .added: "#2a8a4a", .removed: "#c23b3b", .edited: "#c98a00", .moved: "#2f6fce",
    ]

    private static let style = """
        .ss-changes{max-width:72rem;margin:0 auto;padding:1rem}
        .ss-change{border-top:1px solid #ccc;margin-top:2rem}
        .ss-changes h1{margin:.3rem 0 .6rem}
        .ss-change h3{margin:1.6rem 0 .5rem;font-size:1rem}
        .ss-versions{display:grid;grid-template-columns:1fr 1fr;gap:1rem}
        .ss-versions>div{min-width:0;overflow:auto}
        .ss-changes del{background:#fbe4e4}
        .ss-changes ins{background:#e2f5e7;text-decoration:none}
        """

    /// A CSS string for an attribute selector: quoted, with `\`, `"`, `<` and line breaks escaped (a key cannot end
    /// the style element).
    private static func cssString(_ text: String) -> String {
        var escaped = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\", "\"": escaped += "\\" + String(scalar)
            case "<", "\n", "\r", "\u{c}": escaped += "\\" + String(scalar.value, radix: 16) + " "
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped + "\""
    }
}

extension ChangeReport.FileKind {
    var noun: String {
        switch self {
        case .feed: "Atom feed"
        case .sitemap: "sitemap"
        case .search: "search index file"
        case .patchFeed: "patch feed file"
        case .other: "other file"
        }
    }
}
