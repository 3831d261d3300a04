import Foundation

/// The Liquid that Jekyll pages use most, turned into plain Markdown; the rest stays as written and is reported.
enum Liquid {
    /// What `include_relative` found.
    enum Included {
        /// The file's text.
        case text(String)
        /// The file leads outside the site; it was not read.
        case outside
        /// No such file, or not text.
        case missing
    }

    /// What `{% link path %}` names.
    enum Linked {
        /// A page, post or document of the new site: a relative path to its `.md` file, which the build checks.
        case page(String)
        /// Any other file: its address.
        case file(String)
        /// No such file in the site (Jekyll stops the build there).
        case missing
    }

    /// `text` (a body starting at `firstLine` of `file`) with its Liquid converted:
    /// - `{{ site.baseurl }}` and `{{ site.url }}`: the site's base path and address; `{{ site.<key> }}`, a setting
    ///   that is a plain value (`siteValues`), that value;
    /// - `{% post_url 2018-01-19-forums %}`: that post's URL; `{% link about.md %}`: a relative link to that page's
    ///   `.md` file, checked by the build (`{{ site.baseurl }}` written before it dropped), or that file's URL;
    /// - `{% highlight swift linenos %}` ... `{% endhighlight %}`: a fenced code block;
    /// - `{% raw %}` and `{% endraw %}`: dropped, what is between them kept;
    /// - `{% comment %}` ... `{% endcomment %}`: dropped with what is between them;
    /// - `{% include_relative notes.md %}`: that file's text, when it is there and inside the site.
    static func convert(
        _ text: String, file: String, firstLine: Int, baseURL: String, siteURL: String, siteValues: [String: String] = [:],
        postURL: (String) -> String?, linkURL: (String) -> Linked, includeRelative: (String) -> Included = { _ in .missing },
        report: inout ImportReport
    ) -> String {
        var output = ""
        var rest = Substring(text)
        var inRaw = false
        var inComment = false
        // Where the output ended after the last `{{ site.baseurl }}`: a `link` right after it is relative.
        var afterBaseURL: Int?
        while let open = rest.firstMatch(of: /\{\{-?\s*([^}]*?)\s*-?\}\}|\{%-?\s*(\w+)\s*([^%]*?)\s*-?%\}/) {
            output += rest[..<open.range.lowerBound]
            let whole = String(open.output.0)
            rest = rest[open.range.upperBound...]
            if inRaw {
                if open.output.2 == "endraw" { inRaw = false } else { output += whole }
                continue
            }
            if inComment {
                if open.output.2 == "endcomment" {
                    inComment = false
                    // What the comment held is gone: drop it from the output written since it opened.
                    if let start = output.range(of: "\u{0}comment\u{0}", options: .backwards) {
                        output.removeSubrange(start.lowerBound...)
                    }
                }
                continue
            }
            if let expression = open.output.1 {
                switch expression.replacingOccurrences(of: " ", with: "") {
                case "site.baseurl":
                    output += baseURL
                    afterBaseURL = output.utf8.count
                case "site.url": output += siteURL
                case "site.url|append:site.baseurl", "site.url|append:site.baseurl|append:'/'": output += siteURL + baseURL
                case let name where siteValues[name] != nil: output += siteValues[name]!
                case _ where filtered(String(expression), baseURL: baseURL, siteURL: siteURL, siteValues: siteValues) != nil:
                    output += filtered(String(expression), baseURL: baseURL, siteURL: siteURL, siteValues: siteValues)!
                default:
                    output += whole
                    leftover("Liquid output", whole, at: open.range.lowerBound)
                }
                continue
            }
            let tag = String(open.output.2 ?? "")
            let argument = String(open.output.3 ?? "").trimmingCharacters(in: .whitespaces)
            switch tag {
            case "post_url":
                if let url = postURL(argument) {
                    output += url
                } else {
                    output += whole
                    leftover("'post_url' of a post that is not there", whole, at: open.range.lowerBound)
                }
            case "link":
                switch linkURL(argument) {
                case .page(let relative):
                    if afterBaseURL == output.utf8.count { output = String(output.utf8.dropLast(baseURL.utf8.count))! }
                    output += relative
                case .file(let url): output += url
                case .missing:
                    output += whole
                    leftover("'link' to a file that is not there", whole, at: open.range.lowerBound)
                }
            case "highlight":
                let language = argument.split(separator: " ").first.map(String.init) ?? ""
                output += "```\(language)"
            case "endhighlight": output += "```"
            case "raw": inRaw = true
            case "endraw": break
            case "comment":
                inComment = true
                output += "\u{0}comment\u{0}"
            case "include_relative":
                let name = argument.split(separator: " ").first.map(String.init) ?? argument
                switch includeRelative(name) {
                case .text(let included):
                    output += included
                case .outside:
                    output += whole
                    leftover("'include_relative' of a file outside the site, not read", whole, at: open.range.lowerBound)
                case .missing:
                    output += whole
                    leftover("'include_relative' of a file that is not there", whole, at: open.range.lowerBound)
                }
            default:
                output += whole
                leftover("Liquid tag '\(tag)'", whole, at: open.range.lowerBound)
            }
        }
        output += rest
        return output

        func leftover(_ kind: String, _ whole: String, at index: Substring.Index) {
            report.leftovers.append(.init(kind: kind, file: file, text: text, at: index, firstLine: firstLine, written: whole))
        }
    }

    /// An output that is a quoted text or a plain setting, through the filters that make it an address
    /// (`{{ '/docs/' | relative_url }}`, `{{ site.logo | absolute_url }}`, `| prepend: site.baseurl`,
    /// `| append: '/'`); nil for anything else.
    static func filtered(_ expression: String, baseURL: String, siteURL: String, siteValues: [String: String]) -> String? {
        var parts = expression.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count > 0 else { return nil }
        func value(_ text: String) -> String? {
            if text.count >= 2, let quote = text.first, quote == "'" || quote == "\"", text.last == quote {
                let inner = text.dropFirst().dropLast()
                return inner.contains(quote) ? nil : String(inner)
            }
            if text == "site.baseurl" { return baseURL }
            if text == "site.url" { return siteURL }
            return siteValues[text]
        }
        guard var result = value(parts.removeFirst()) else { return nil }
        for filter in parts {
            let words = filter.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            switch (words[0], words.count > 1 ? value(words[1]) : nil) {
            case ("relative_url", _): result = join(baseURL, result)
            case ("absolute_url", _): result = siteURL + join(baseURL, result)
            case ("prepend", let text?): result = text + result
            case ("append", let text?): result += text
            default: return nil
            }
        }
        return result
    }

    /// A path under the base path, as Jekyll's `relative_url` joins them (one `/` between).
    private static func join(_ base: String, _ path: String) -> String {
        guard !path.contains("://") else { return path }
        let trimmed = base.hasSuffix("/") ? String(base.dropLast()) : base
        return trimmed + (path.hasPrefix("/") ? path : "/" + path)
    }
}
