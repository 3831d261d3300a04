import Foundation

/// A Hugo site's own shortcode and partial templates, by name: `layouts/shortcodes/`, `layouts/_shortcodes/`,
/// `layouts/<section>/_shortcodes/` and the same in the site's themes, which the site's own override.
struct ShortcodeTemplates {
    struct Template {
        /// The template's file in the source site.
        var path: String
        var template: GoTemplate
        /// Whether it is the site's own (not a theme's).
        var isOwn: Bool
        /// A template of Markdown (`docs/auth_alts.md`), which a `{{% %}}` call writes into the page as Markdown.
        var isMarkdown = false
    }

    /// Templates by name, then by the section they belong to ("" for every section), the site's before the themes'.
    private var shortcodes: [String: [(section: String, template: Template)]] = [:]
    private var partials: [String: GoTemplate] = [:]
    /// Why a shortcode's template could not be read or run, by name, for the report.
    var failures: [String: String] = [:]

    init() {}

    /// Reads the templates among `files` (paths relative to the site) with `read`; `themes` are the site's
    /// themes, first the one that wins.
    init(files: [String], themes: [String], read: (String) -> String?) {
        let roots = [("layouts/", true)] + themes.map { ("themes/\($0)/layouts/", false) }
        for (root, isOwn) in roots {
            for file in files where file.hasPrefix(root) && (file.hasSuffix(".html") || file.hasSuffix(".md")) {
                let isMarkdown = file.hasSuffix(".md")
                let inner = String(file.dropFirst(root.count).dropLast(isMarkdown ? ".md".count : ".html".count))
                let parts = inner.split(separator: "/").map(String.init)
                if let index = parts.firstIndex(where: { $0 == "shortcodes" || $0 == "_shortcodes" }), index <= 1 {
                    let section = index == 1 ? parts[0] : ""
                    let name = parts[(index + 1)...].joined(separator: "/")
                    // A language's or an output format's variant (`note.en.html`, `note.amp.html`) is not read.
                    guard !name.isEmpty, !name.contains("."), let text = read(file) else { continue }
                    do {
                        let template = Template(
                            path: file, template: try GoTemplate(text), isOwn: isOwn, isMarkdown: isMarkdown)
                        shortcodes[name, default: []].append((section, template))
                    } catch let unsupported as GoTemplate.Unsupported {
                        if failures[name] == nil { failures[name] = "\(file) uses \(unsupported.what)" }
                    } catch {}
                } else if !isMarkdown, parts.first == "partials" || parts.first == "_partials" {
                    let name = parts.dropFirst().joined(separator: "/")
                    guard partials[name] == nil, let text = read(file), let template = try? GoTemplate(text) else {
                        continue
                    }
                    partials[name] = template
                }
            }
        }
    }

    /// The template of shortcode `name` for a page (relative to the content folder: its first folder is its
    /// section, unless its `type` says otherwise), the site's own only when `ownOnly`.
    func shortcode(_ name: String, page: String, type: String? = nil, ownOnly: Bool) -> Template? {
        let section = type ?? page.split(separator: "/").first.map(String.init) ?? ""
        let candidates = (shortcodes[name] ?? []).filter { $0.section.isEmpty || $0.section == section }
        // The section's own first, then the site's, then a theme's.
        let ordered = candidates.sorted {
            ($0.template.isOwn ? 0 : 1, $0.section.isEmpty ? 1 : 0) < (
                $1.template.isOwn ? 0 : 1, $1.section.isEmpty ? 1 : 0
            )
        }
        guard let first = ordered.first?.template else { return nil }
        return ownOnly && !first.isOwn ? nil : first
    }

    /// A partial by name (`alert`, `docs/alert`).
    func partial(_ name: String) -> GoTemplate? { partials[name] }
}
