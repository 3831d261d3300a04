import Foundation

extension Liquid.Run {
    /// Writes what a tag gives: control flow run, Jekyll's tags converted, includes translated, the rest by the
    /// neutral fallback.
    mutating func write(
        _ tag: LiquidTemplate.Tag, of template: LiquidTemplate, reported: Bool, into output: inout String
    ) {
        let markup = tag.markup.replacingOccurrences(of: "\n", with: " ")
        func report(_ kind: String) { note(kind, template, tag.range, reported: reported) }
        do {
            if try writeControlFlow(tag, markup: markup, of: template, reported: reported, into: &output) { return }
            if try writeJekyllTag(tag, markup: markup, of: template, reported: reported, into: &output) { return }
            writeComponent(tag, markup: markup, of: template, reported: reported, into: &output)
        } catch let unsupported as LiquidExpression.Unsupported {
            report("Liquid tag '\(tag.name)' with \(unsupported.what), left out")
        } catch {
            report("Liquid tag '\(tag.name)' that does not run, left out")
        }
    }

    /// Liquid's own tags: variables set, conditions and loops run, raw text kept; false for another tag.
    mutating func writeControlFlow(
        _ tag: LiquidTemplate.Tag, markup: String, of template: LiquidTemplate, reported: Bool,
        into output: inout String
    ) throws -> Bool {
        switch tag.name {
        case "assign":
            guard let equals = markup.firstIndex(of: "=") else {
                throw LiquidExpression.Unsupported(what: "'assign' without '='")
            }
            let name = markup[..<equals].trimmingCharacters(in: .whitespaces)
            variables[name] = try evaluate(String(markup[markup.index(after: equals)...]))
        case "capture":
            var captured = ""
            write(tag.branches?.first?.nodes ?? [], of: template, reported: reported, into: &captured)
            variables[markup.trimmingCharacters(in: .whitespaces)] = .string(captured)
        case "increment", "decrement":
            let name = markup.trimmingCharacters(in: .whitespaces)
            let value = LiquidValues.number(variables[name] ?? .number(0))
            if tag.name == "increment" { output += String(SourceValue.integer(value)) }
            variables[name] = .number(tag.name == "increment" ? value + 1 : value - 1)
            if tag.name == "decrement" { output += String(SourceValue.integer(value - 1)) }
        case "if", "unless":
            for (index, branch) in (tag.branches ?? []).enumerated() {
                if branch.name == "else" {
                    write(branch.nodes, of: template, reported: reported, into: &output)
                    break
                }
                var holds = try self.holds(
                    try LiquidExpression.condition(branch.markup.replacingOccurrences(of: "\n", with: " ")))
                if index == 0 && tag.name == "unless" { holds.toggle() }
                if holds {
                    write(branch.nodes, of: template, reported: reported, into: &output)
                    break
                }
            }
        case "case":
            let subject = try evaluate(markup)
            var matched = false
            for branch in (tag.branches ?? []).dropFirst() {
                if branch.name == "else" {
                    if !matched { write(branch.nodes, of: template, reported: reported, into: &output) }
                    break
                }
                let options = LiquidExpression.split(
                    branch.markup.replacingOccurrences(of: " or ", with: ","), on: ",")
                if try options.contains(where: {
                    LiquidValues.equal(try value(try LiquidExpression.term($0)), subject)
                }) {
                    matched = true
                    write(branch.nodes, of: template, reported: reported, into: &output)
                }
            }
        case "for", "tablerow":
            try loop(tag, markup: markup, of: template, reported: reported, into: &output)
        case "break", "continue":
            interruption = tag.name
        case "raw":
            if let verbatim = tag.verbatim { output += template.text[verbatim] }
        case "comment":
            break
        default:
            return false
        }
        return true
    }

    /// Jekyll's tags: code highlighted, links to posts and files made, includes translated; false for another tag.
    mutating func writeJekyllTag(
        _ tag: LiquidTemplate.Tag, markup: String, of template: LiquidTemplate, reported: Bool,
        into output: inout String
    ) throws -> Bool {
        func report(_ kind: String) { note(kind, template, tag.range, reported: reported) }
        switch tag.name {
        case "highlight":
            uses.mapped += 1
            let language = markup.split(separator: " ").first.map(String.init) ?? ""
            var code = ""
            write(tag.branches?.first?.nodes ?? [], of: template, reported: reported, into: &code)
            output += Shortcodes.fence(language, code)
        case "post_url":
            uses.mapped += 1
            if let url = context.postURL(markup.trimmingCharacters(in: .whitespaces)) {
                output += context.baseURL + url
            } else {
                report("'post_url' of a post that is not there, written as '#'")
                output += "#"
            }
        case "link":
            uses.mapped += 1
            // The whole markup is the path: a file name may have spaces.
            let path =
                markup.contains("{{")
                ? try Self.name(markup, variables: self) : markup.trimmingCharacters(in: .whitespaces)
            switch context.linkURL(path) {
            case .page(let relative):
                // A link right after `{{ site.baseurl }}` is relative to the page: the base path goes.
                if !context.baseURL.isEmpty, output.hasSuffix(context.baseURL) {
                    output.removeLast(context.baseURL.count)
                }
                output += relative
            case .file(let url): output += url
            case .missing:
                report("'link' to a file that is not there, written as '#'")
                output += "#"
            }
        case "include_relative":
            uses.mapped += 1
            let name = try Self.name(markup, variables: self)
            switch context.includeRelative(name) {
            case .text(let included):
                let outer = including
                if reported { including = (template, tag.range, name) }
                try include(included, markup: markup, name: name, into: &output)
                including = outer
            case .outside: report("'include_relative' of a file outside the site, not read")
            case .missing: report("'include_relative' of a file that is not there, left out")
            }
        case "include", "include_cached":
            let name = try Self.name(markup, variables: self)
            guard let included = context.include(name) else {
                uses.neutral += 1
                report("'include' of '\(name)', which the site's _includes/ does not have, left out")
                break
            }
            uses.translated += 1
            var html = ""
            let outer = including
            if reported { including = (template, tag.range, name) }
            try include(included, markup: markup, name: name, into: &html)
            including = outer
            output +=
                isBlock(tag, in: template) && html.trimmingCharacters(in: .whitespaces).hasPrefix("<")
                ? ImportComponent.oneBlock(html) : html
        default:
            return false
        }
        return true
    }

    /// Any other tag: tabs and the blocks named as components drawn as such, what a theme draws of its own left
    /// out, the rest by the neutral fallback.
    mutating func writeComponent(
        _ tag: LiquidTemplate.Tag, markup: String, of template: LiquidTemplate, reported: Bool,
        into output: inout String
    ) {
        func report(_ kind: String) { note(kind, template, tag.range, reported: reported) }
        switch tag.name {
        case "tabs", "tabgroup", "codetabs":
            uses.mapped += 1
            var tabs: [ImportComponent.Tab] = []
            for node in tag.branches?.first?.nodes ?? [] {
                guard case .tag(let tab) = node, tab.name == "tab" || tab.name == "codetab" else {
                    if case .text(let range) = node, !template.text[range].allSatisfy(\.isWhitespace) {
                        note(
                            "text in '\(tag.name)' outside its tabs, left out", template, range, reported: reported)
                    }
                    continue
                }
                var body = ""
                write(tab.branches?.first?.nodes ?? [], of: template, reported: reported, into: &body)
                tabs.append(.init(title: Self.tabTitle(tab.markup), body: body))
            }
            output += ImportComponent.tabs(tabs).written(
                block: isBlock(tag, in: template), directives: context.directives,
                indent: Self.indent(of: tag, in: template))
        case "tab":
            uses.mapped += 1
            var body = ""
            write(tag.branches?.first?.nodes ?? [], of: template, reported: reported, into: &body)
            output += ImportComponent.tabs([.init(title: Self.tabTitle(markup), body: body)]).written(
                block: isBlock(tag, in: template), directives: context.directives,
                indent: Self.indent(of: tag, in: template))
        case "seo", "feed_meta", "github_edit_link", "last_modified_at", "avatar", "toc", "octicon", "icon":
            // What a theme draws of its own (head tags, an edit link): nothing of the page's text.
            uses.mapped += 1
        case _ where tag.branches != nil && Self.vocabulary(tag.name) != nil:
            // A plugin's block named as a component is (`altDetails`, `callout`, `warning`): drawn as that
            // component, its title the first quoted text of its markup.
            uses.mapped += 1
            var body = ""
            write(tag.branches?.first?.nodes ?? [], of: template, reported: reported, into: &body)
            let title = Self.quoted(markup)
            let component: ImportComponent =
                switch Self.vocabulary(tag.name)! {
                case "details": .details(summary: title ?? "Details", body: body)
                case let kind:
                    .callout(
                        kind: kind, title: title ?? (kind.prefix(1).uppercased() + kind.dropFirst()), body: body)
                }
            output += component.written(
                block: isBlock(tag, in: template), directives: context.directives,
                indent: Self.indent(of: tag, in: template))
        default:
            uses.neutral += 1
            if let branches = tag.branches {
                report("Liquid tag '\(tag.name)' with no equivalent, its content kept in a plain block")
                neutralNames.insert(tag.name)
                var body = ""
                write(branches.first?.nodes ?? [], of: template, reported: reported, into: &body)
                output += ImportComponent.neutral(name: tag.name, body: body).written(
                    block: isBlock(tag, in: template), directives: context.directives,
                    indent: Self.indent(of: tag, in: template))
            } else {
                report("Liquid tag '\(tag.name)' with no equivalent, left out")
            }
        }
    }

    /// A `for` loop over a list, a map's pairs or a range, with `limit`, `offset`, `reversed` and `forloop`.
    mutating func loop(
        _ tag: LiquidTemplate.Tag, markup: String, of template: LiquidTemplate, reported: Bool,
        into output: inout String
    ) throws {
        let words = LiquidExpression.split(markup, on: " ")
        guard words.count >= 3, words[1] == "in" else { throw LiquidExpression.Unsupported(what: "'for' without 'in'") }
        var options: [String: String] = [:]
        var reversed = false
        var collection = words[2]
        for word in words.dropFirst(3) {
            if word == "reversed" {
                reversed = true
            } else if word.hasSuffix(":") {
                options[String(word.dropLast())] = ""
            } else if let key = options.first(where: { $0.value.isEmpty })?.key {
                options[key] = word
            } else if let colon = word.firstIndex(of: ":") {
                options[String(word[..<colon])] = String(word[word.index(after: colon)...])
            } else {
                collection += " " + word
            }
        }
        var items: [SourceValue]
        switch try value(try LiquidExpression.term(collection)) {
        case .list(let list): items = list
        case .map(let map): items = map.keys.sorted().map { .list([.string($0), map[$0]!]) }
        case .null: items = []
        case let other: items = [other]
        }
        func count(_ key: String) throws -> Int? {
            guard let word = options[key] else { return nil }
            return SourceValue.integer(LiquidValues.number(try value(try LiquidExpression.term(word))))
        }
        if let offset = try count("offset") { items = Array(items.dropFirst(max(0, offset))) }
        if let limit = try count("limit") { items = Array(items.prefix(max(0, limit))) }
        if reversed { items.reverse() }
        let branches = tag.branches ?? []
        if items.isEmpty {
            if let otherwise = branches.first(where: { $0.name == "else" }) {
                write(otherwise.nodes, of: template, reported: reported, into: &output)
            }
            return
        }
        let saved = (variables[words[0]], variables["forloop"])
        for (index, item) in items.enumerated() {
            variables[words[0]] = item
            variables["forloop"] = .map([
                "index": .number(Double(index + 1)), "index0": .number(Double(index)), "first": .bool(index == 0),
                "last": .bool(index == items.count - 1), "length": .number(Double(items.count)),
                "rindex": .number(Double(items.count - index)), "rindex0": .number(Double(items.count - index - 1)),
            ])
            write(branches.first?.nodes ?? [], of: template, reported: reported, into: &output)
            if interruption == "break" {
                interruption = nil
                break
            }
            interruption = nil
        }
        (variables[words[0]], variables["forloop"]) = saved
    }

    /// Runs an included file's Liquid with `include.*` set to the tag's parameters.
    mutating func include(_ text: String, markup: String, name: String, into output: inout String) throws {
        guard depth < 10 else { throw LiquidExpression.Unsupported(what: "includes nested ten deep") }
        var parameters: [String: SourceValue] = [:]
        let rest = markup.trimmingCharacters(in: .whitespaces).dropFirst(Self.nameWord(markup).count)
        for match in rest.matches(of: /([\w-]+)\s*=\s*("(?:[^"\\]|\\.)*"|'[^']*'|[^\s]+)/) {
            parameters[String(match.1)] = try value(try LiquidExpression.term(String(match.2)))
        }
        let saved = variables["include"]
        variables["include"] = .map(parameters)
        depth += 1
        let template = LiquidTemplate(text)
        write(template.nodes, of: template, reported: false, into: &output)
        depth -= 1
        variables["include"] = saved
    }

    /// The file a tag names: its first word, or the value of `{{ variable }}` written there.
    static func name(_ markup: String, variables run: Liquid.Run) throws -> String {
        let word = nameWord(markup)
        if word.hasPrefix("{{"), word.hasSuffix("}}") {
            return LiquidValues.text(try run.value(try LiquidExpression.term(String(word.dropFirst(2).dropLast(2)))))
        }
        if word.hasPrefix("\"") || word.hasPrefix("'") { return String(word.dropFirst().dropLast()) }
        return word
    }

    static func nameWord(_ markup: String) -> String {
        let trimmed = markup.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("{{"), let end = trimmed.range(of: "}}") { return String(trimmed[..<end.upperBound]) }
        return String(trimmed.prefix { !$0.isWhitespace })
    }

    /// The component a block tag's name says it is: `details` (`altDetails`, `collapsible`), else the kind of a box
    /// (`note`, `warning`, `callout` ...); nil for any other name.
    static func vocabulary(_ name: String) -> String? {
        let lower = name.lowercased()
        if ImportComponent.detailsWords.contains(where: { lower == $0 || lower.hasSuffix($0) }) { return "details" }
        if let kind = ImportComponent.alertKind(lower) { return kind }
        return ImportComponent.boxWords.contains(lower) ? "note" : nil
    }

    /// The first quoted text of a tag's markup (`'Need Help?'` of `altDetails id 'Need Help?' class=x`).
    static func quoted(_ markup: String) -> String? {
        guard let open = markup.firstIndex(where: { $0 == "\"" || $0 == "'" }) else { return nil }
        let rest = markup[markup.index(after: open)...]
        guard let close = rest.firstIndex(of: markup[open]) else { return nil }
        let text = String(rest[..<close]).trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? nil : text
    }

    /// A tab's title: jekyll-tabs writes the group first (`{% tab log php %}`), other plugins the title alone.
    static func tabTitle(_ markup: String) -> String {
        let words = LiquidExpression.split(markup, on: " ").map {
            $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
        }
        return (words.count > 1 ? words.dropFirst().joined(separator: " ") : words.first) ?? "Tab"
    }

    static func indent(of tag: LiquidTemplate.Tag, in template: LiquidTemplate) -> Int {
        ImportComponent.indent(of: tag.range, in: template.text)
    }

    /// Whether a tag stands on lines of its own.
    func isBlock(_ tag: LiquidTemplate.Tag, in template: LiquidTemplate) -> Bool {
        ImportComponent.standsAlone(tag.range, end: tag.closing?.upperBound ?? tag.range.upperBound, in: template.text)
    }
}
