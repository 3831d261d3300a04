import Foundation

/// The report as Markdown for a pull request's comment, and as a plain list of URLs.
extension ChangeReport {
    /// Whether nothing changed.
    package var isEmpty: Bool { files.isEmpty }

    /// The pages of one status.
    package func pages(_ status: PageChange.Status) -> [PageChange] { pages.filter { $0.status == status } }

    /// How many changes of a part and action all pages have.
    package func count(_ part: Change.Part, _ action: Change.Action) -> Int {
        pages.reduce(0) { $0 + $1.count(part, action) }
    }

    /// The URLs a CDN purge needs, one a line: whole URLs under `baseURL` when it is given (a site deployed at
    /// `https://example.com/blog/` has its `/posts/a/` at `https://example.com/blog/posts/a/`), else paths in the
    /// output.
    package func urlList(baseURL: String? = nil) -> String {
        urls.map { Self.under(baseURL, $0) + "\n" }.joined()
    }

    /// A path in the output under a base URL, when there is one.
    static func under(_ baseURL: String?, _ path: String) -> String {
        guard var base = baseURL, !base.isEmpty else { return path }
        if base.hasSuffix("/") { base.removeLast() }
        return base + path
    }

    /// The counts in a line: `3 pages changed, 1 added, 0 removed; 2 items added, 1 item moved; 1 feed, 4 search
    /// files touched`.
    package var countsLine: String {
        var parts = [
            "\(pages(.changed).count) \(Self.plural(pages(.changed).count, "page")) changed, \(pages(.added).count) "
                + "added, "
                + "\(pages(.removed).count) removed"
        ]
        let inside = Self.partOrder.flatMap { part in
            Change.Action.allOrdered.compactMap { action -> String? in
                let count = count(part, action)
                return count == 0 ? nil : "\(count) \(Self.plural(count, part.noun)) \(action.rawValue)"
            }
        }
        if !inside.isEmpty { parts.append(inside.joined(separator: ", ")) }
        let files = [(FileKind.feed, "feed"), (.sitemap, "sitemap"), (.search, "search file"), (.other, "other file")]
            .compactMap { kind, noun -> String? in
                let count = touched[kind]?.count ?? 0
                return count == 0 ? nil : "\(count) \(Self.plural(count, noun))"
            }
        if !files.isEmpty { parts.append(files.joined(separator: ", ") + " touched") }
        return parts.joined(separator: "; ")
    }

    /// The Markdown summary: the counts, then the `limit` pages with the most change (most first), each linking to
    /// its first changed section when that has an `id`, a few of their changes before and after, and the URLs to
    /// purge folded away. `baseURL` makes the links absolute (a comment's relative links lead into the forge).
    package func markdown(baseURL: String? = nil, limit: Int = 10) -> String {
        guard !isEmpty else { return "### What changed\n\nNothing: the two outputs hold the same files.\n" }
        var lines = ["### What changed", "", countsLine + ".", ""]
        let ranked = pages.sorted { ($0.weight, $1.url) > ($1.weight, $0.url) }
        if !ranked.isEmpty {
            lines += ["| Page | Change |", "|---|---|"]
            for page in ranked.prefix(limit) {
                lines.append("| \(link(page, baseURL: baseURL)) | \(Self.cell(page.summary)) |")
            }
            if ranked.count > limit {
                let more = ranked.count - limit
                lines += [
                    "", "And \(more) more \(Self.plural(more, "page")) (the JSON and HTML reports list every one).",
                ]
            }
            let shown = ranked.prefix(limit).filter { !$0.changes.isEmpty }
            if !shown.isEmpty {
                lines += ["", "<details><summary>Before and after</summary>", ""]
                for page in shown {
                    lines.append("**\(Self.inline(page.url.rawValue))**")
                    lines.append("")
                    for change in page.changes.prefix(3) {
                        var line = "- " + Self.inline(change.label)
                        if change.action == .moved, change.before == change.after, let text = change.after {
                            lines.append(line + ": " + Self.excerpt(text))
                            continue
                        }
                        if let before = change.before, change.action != .added {
                            line += ": ~~\(Self.excerpt(before))~~"
                        }
                        if let after = change.after, change.action != .removed {
                            line += (change.action == .added ? ": " : " → ") + Self.excerpt(after)
                        }
                        lines.append(line)
                    }
                    if page.changes.count > 3 { lines.append("- and \(page.changes.count - 3) more") }
                    lines.append("")
                }
                lines.append("</details>")
            }
        }
        // The search index's and the patch feed's files are counted, not listed: a purge takes them from the list
        // of URLs (`--output urls.txt`), a reader of the comment does not need them (640 search files for a month
        // of Swift Evolution's proposals).
        let counted: [FileKind] = [.search, .patchFeed]
        let hidden = Set(counted.flatMap { touched[$0] ?? [] }.map { URLPath.encoded("/" + $0.rawValue) })
        lines += [
            "", "<details><summary>\(urls.count) changed \(Self.plural(urls.count, "URL")) (to purge)</summary>", "",
            "```text",
        ]
        lines += urls.filter { !hidden.contains($0) }.map { Self.under(baseURL, $0) }
        lines.append("```")
        let more = counted.compactMap { kind -> String? in
            let count = touched[kind]?.count ?? 0
            return count == 0 ? nil : "\(count) \(Self.plural(count, kind.noun))"
        }
        if !more.isEmpty { lines += ["", "And " + more.joined(separator: " and ") + ", in the full list of URLs."] }
        lines += ["", "</details>"]
        return lines.joined(separator: "\n") + "\n"
    }

    private func link(_ page: PageChange, baseURL: String?) -> String {
        let target = Self.under(baseURL, page.url.rawValue) + (page.anchor.map { "#" + URLPath.encoded($0) } ?? "")
        let title = page.title.isEmpty ? page.url.rawValue : page.title
        let status = page.status == .changed ? "" : " (\(page.status.rawValue))"
        return page.status == .removed ? Self.cell(title) + status : "[\(Self.cell(title))](\(target))" + status
    }

    static let partOrder: [Change.Part] = [.section, .header, .footer, .item, .block, .region, .title, .head]

    static func plural(_ count: Int, _ noun: String) -> String { count == 1 ? noun : noun + "s" }

    /// Text safe in a table's cell: no `|`, no line break, no Markdown or HTML of its own.
    static func cell(_ text: String) -> String {
        inline(text).replacingOccurrences(of: "|", with: "\\|")
    }

    /// Text shown as written in Markdown: its punctuation that Markdown or HTML would read escaped.
    static func inline(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if "\\`*_[]<>~|".contains(character) { escaped.append("\\") }
            escaped.append(character == "\n" ? " " : character)
        }
        return escaped
    }

    /// At most 120 characters of a text, escaped for Markdown.
    static func excerpt(_ text: String) -> String {
        inline(text.count > 120 ? String(text.prefix(119)) + "…" : text)
    }
}

extension ChangeReport.PageChange {
    /// How much changed, to rank pages: a page added or removed weighs as its whole.
    var weight: Int {
        switch status {
        case .added, .removed: 1_000
        case .changed: wholePage == nil ? changes.count : 500
        }
    }

    /// What changed, in a phrase: `2 items edited, 1 item moved in releases`.
    var summary: String {
        switch status {
        case .added: return "new page"
        case .removed: return "page removed"
        case .changed: break
        }
        if let wholePage { return "the whole page: \(wholePage)" }
        let counts = ChangeReport.partOrder.flatMap { part in
            ChangeReport.Change.Action.allOrdered.compactMap { action -> String? in
                let count = count(part, action)
                return count == 0 ? nil : "\(count) \(ChangeReport.plural(count, part.noun)) \(action.rawValue)"
            }
        }
        let named = sections.map { String($0.key.dropFirst(2)) }
        return counts.joined(separator: ", ") + (named.isEmpty ? "" : " in " + named.joined(separator: ", "))
    }
}

extension ChangeReport.Change {
    /// `item i:release-57 in s:releases moved`.
    var label: String {
        let what = part == .title ? "title" : "\(part.noun) \(key)"
        let place = part == .item || part == .header || part == .footer ? section.map { " in \($0)" } ?? "" : ""
        return what + place + " " + action.rawValue
    }
}

extension ChangeReport.Change.Action {
    static let allOrdered: [Self] = [.added, .removed, .moved, .edited]
}

extension ChangeReport.Change.Part {
    /// The part's name in a sentence.
    var noun: String {
        switch self {
        case .block: "body block"
        case .region: "layout region"
        case .head: "head element"
        default: rawValue
        }
    }
}

extension ChangeReport {
    /// The forms a report is written in.
    package enum Form: String, Sendable, CaseIterable {
        case markdown, json, html, urls

        /// The form a file's extension asks for: `md`, `json`, `html`, `txt`; nil for another.
        package init?(fileExtension: String) {
            switch fileExtension.lowercased() {
            case "md", "markdown": self = .markdown
            case "json": self = .json
            case "html", "htm": self = .html
            case "txt": self = .urls
            default: return nil
            }
        }
    }

    /// The report in `form`.
    package func text(_ form: Form, baseURL: String? = nil) -> String {
        switch form {
        case .markdown: markdown(baseURL: baseURL)
        case .json: json
        case .html: html
        case .urls: urlList(baseURL: baseURL)
        }
    }
}
