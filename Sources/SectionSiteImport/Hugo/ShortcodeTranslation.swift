import Foundation

/// A site's own shortcode made a component of the new site: its template is run for the call (`GoTemplate`), with
/// the call's inner content standing in as a marker, and what it draws is read for its shape:
/// - text, or inline HTML, with no inner content: written in place (a version number, a check mark);
/// - a `<details>` around the inner content: `@Details` with its summary;
/// - a box whose classes or name say note, tip, warning, caution (`alert alert-info`, `admonition`): `@Callout`
///   with its title;
/// - anything else around the inner content: the site's HTML where the site lets raw HTML through, else the inner
///   content in a plain block with the HTML's text as its title.
enum ShortcodeTranslation {
    static func component(
        _ template: GoTemplate, markdown: Bool = false, call: Shortcodes.Call, inner: String?,
        context: Shortcodes.Context
    ) throws -> ImportComponent {
        let environment = GoTemplate.Environment(
            arguments: call.arguments, namedArguments: call.named, name: call.name, page: context.pageValue,
            site: context.siteValue, partial: { context.templates.partial($0) }, readFile: context.readFile,
            getPage: context.getPage)
        let html = try template.run(environment)
        let marker = GoTemplate.Environment.inner
        // A template of Markdown writes Markdown, the inner content in its place.
        if markdown { return .markdown(html.replacingOccurrences(of: marker, with: inner ?? "")) }
        guard let markerRange = html.range(of: marker) else {
            return drawn(html, allowsHTML: context.allowsHTML)
        }
        guard html[markerRange.upperBound...].range(of: marker) == nil else {
            throw GoTemplate.Unsupported(what: "the inner content twice")
        }
        let body = inner ?? ""
        let before = String(html[..<markerRange.lowerBound]), after = String(html[markerRange.upperBound...])
        let title = HTMLShape.text(before)
        if let summary = HTMLShape.element("summary", in: before) {
            return .details(summary: HTMLShape.text(summary), body: body)
        }
        let words = HTMLShape.classWords(before) + [call.name.lowercased()]
        if words.contains(where: { ImportComponent.boxWords.contains($0) || ImportComponent.alertKind($0) != nil }) {
            let kind = words.lazy.filter { $0 != "alert" }.compactMap(ImportComponent.alertKind).first ?? "note"
            return .callout(kind: kind, title: title.isEmpty ? nil : title, body: body)
        }
        if !HTMLShape.hasBlock(before + after) && title.isEmpty && HTMLShape.text(after).isEmpty {
            return .markdown(body)  // a span or a class around the text: the text
        }
        if context.allowsHTML { return .html(before: before, after: after, body: body) }
        return .neutral(name: call.name, body: (title.isEmpty ? "" : "**\(title)**\n\n") + body)
    }

    /// What a template draws without inner content.
    static func drawn(_ html: String, allowsHTML: Bool) -> ImportComponent {
        let trimmed = html.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return .nothing }
        if !trimmed.contains("<") { return .markdown(HTMLShape.decoded(trimmed)) }
        if allowsHTML {
            return HTMLShape.hasBlock(trimmed) ? .html(before: trimmed, after: "", body: nil) : .markdown(trimmed)
        }
        // The site's HTML is kept out: its text stays.
        return .markdown(HTMLShape.text(trimmed))
    }
}

/// What the importers read of HTML a template drew: its text, its classes, whether it holds blocks.
enum HTMLShape {
    /// The text, tags taken out and entities decoded, spaces collapsed.
    static func text(_ html: String) -> String {
        let stripped = html.replacing(/<(script|style)[^>]*>[\s\S]*?<\/\1>/, with: "").replacing(/<[^>]*>/, with: " ")
        return decoded(stripped.split(whereSeparator: \.isWhitespace).joined(separator: " "))
    }

    static func decoded(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = text
        for (entity, character) in [
            ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&#34;", "\""), ("&nbsp;", " "),
            ("&amp;", "&"),
        ] {
            result = result.replacingOccurrences(of: entity, with: character)
        }
        return result
    }

    /// The words of every `class` attribute, split at spaces, dashes and underscores, lower-cased.
    static func classWords(_ html: String) -> [String] {
        html.matches(of: /class\s*=\s*["']([^"']*)["']/).flatMap { match in
            match.1.split { $0 == " " || $0 == "-" || $0 == "_" }.map { $0.lowercased() }
        }
    }

    /// The content of the first `<name>` element, nil when there is none.
    static func element(_ name: String, in html: String) -> String? {
        guard let open = html.range(of: "<\(name)", options: .caseInsensitive),
            let end = html[open.upperBound...].firstIndex(of: ">")
        else { return nil }
        let rest = html[html.index(after: end)...]
        let close = rest.range(of: "</\(name)>", options: .caseInsensitive)?.lowerBound ?? rest.endIndex
        return String(rest[..<close])
    }

    /// Whether HTML holds a block-level element.
    static func hasBlock(_ html: String) -> Bool {
        html.firstMatch(
            of:
                #/
                <(?i:div|p|details|table|ul|ol|dl|h[1-6]|blockquote|pre|section|aside|figure|iframe|script|style|nav
                  |header|footer|form|hr)[\s>\/]
                /#
        ) != nil
    }
}
