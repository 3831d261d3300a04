import CMarkGFM
import Foundation

/// Directives (`@Row { ... }`, read by `DirectiveSyntax` and left in the text as level-6 marker headings): each drawn
/// by the theme's `directives/<name>` template, with its arguments by label (the unlabeled one as `value`), its body
/// rendered (`body`), its nested directives in order (`children`, each with its own `html`) and an `id` unique in
/// the page that stays the same while the directive's text does.
struct DirectivePass {
    /// For arguments that are pictures or links; its Markdown draws the directives' bodies.
    let links: LinkPass
    var markdown: Markdown { links.markdown }

    /// For a level-6 heading that is a directive's marker, draws the directive in its place and returns true.
    func visit(_ node: OpaquePointer, document: OpaquePointer, walk: inout Walk) -> Bool {
        guard cmark_node_get_heading_level(node) == 6, let number = Self.number(node) else { return false }
        guard number < walk.syntax.directives.count else { return true }
        let drawn = draw(walk.syntax.directives[number], walk: &walk)
        walk.replacements.append((node, drawn?.html ?? "", true))
        if let drawn {
            walk.contexts.append(drawn.context)
            if !drawn.text.isEmpty, cmark_node_parent(node) == document { walk.texts[walk.topLevel] = drawn.text }
        }
        return true
    }

    /// For a level-6 heading that is a directive's marker, the directive's number.
    private static func number(_ heading: OpaquePointer) -> Int? {
        guard let text = cmark_node_first_child(heading), cmark_node_next(text) == nil,
            cmark_node_get_type(text) == CMARK_NODE_TEXT, let literal = cmark_node_get_literal(text)
        else { return nil }
        return DirectiveSyntax.number(inMarker: String(cString: literal))
    }

    /// The HTML of a directive, its template context, and the plain text of its body; nil, with a problem recorded,
    /// when it cannot be drawn. `@Comment` draws nothing.
    private func draw(
        _ directive: DirectiveSyntax.Directive, walk: inout Walk
    ) -> (html: String, context: [String: Any], text: String)? {
        let key = directive.name.lowercased()
        if key == ThemeComponents.comment { return ("", ["name": directive.name], "") }
        let components = markdown.theme?.components
        guard let theme = markdown.theme, let spec = components?.directives[key] else {
            let known = ([ThemeComponents.comment] + (components?.directives.keys.map(\.self) ?? [])).sorted()
            let folder = markdown.theme.map { "\($0.path)/directives/" } ?? "the theme's directives/"
            walk.result.problems.append(
                Markdown.Problem(
                    kind: .unknownDirective(
                        directive.name, template: "\(folder)\(key).mustache", known: known.joined(separator: ", ")),
                    line: directive.line, column: directive.column))
            return nil
        }
        var context: [String: Any] = ["name": directive.name]
        var hash = ContentHash()
        hash.combine(directive.source)
        let base = "ss-" + hash.hex.prefix(8)
        let seen = walk.state.directiveIDs[base, default: 0]
        walk.state.directiveIDs[base] = seen + 1
        context["id"] = seen == 0 ? base : "\(base)-\(seen)"
        guard arguments(of: directive, spec: spec, walk: &walk, into: &context) else { return nil }
        var text = ""
        var children: [[String: Any]] = []
        if let body = directive.body {
            let (document, nested) = markdown.render(
                body, source: walk.source, takeTitle: false, headingIDs: walk.headingIDs, state: &walk.state)
            context["body"] = document.blocks.map(\.html).joined(separator: "\n")
            walk.result.headings += document.headings
            walk.result.fileLinks += document.fileLinks
            walk.result.linkedFiles += document.linkedFiles
            walk.result.links += document.links
            walk.result.problems += document.problems
            walk.result.templatesUsed.formUnion(document.templatesUsed)
            walk.result.images += document.images
            walk.result.linkedURLs += document.linkedURLs
            text = document.text
            children = nested
        } else {
            context["body"] = ""
        }
        for index in children.indices {
            children[index]["parentID"] = context["id"]
            children[index]["index"] = index + 1
            children[index]["first"] = index == 0
            children[index]["last"] = index == children.count - 1
        }
        context["hasBody"] = !(context["body"] as! String).isEmpty
        context["children"] = children
        context["hasChildren"] = !children.isEmpty
        walk.result.templatesUsed.insert(spec.template)
        let html = Markdown.trimmedOutput(theme.render(spec.template, context))
        context["html"] = html
        return (html, context, text)
    }

    /// Checks the arguments against what the template declares and puts them into `context`; false when one is
    /// wrong (each mistake is recorded).
    private func arguments(
        of directive: DirectiveSyntax.Directive, spec: ThemeComponents.Directive, walk: inout Walk,
        into context: inout [String: Any]
    ) -> Bool {
        let declared = spec.arguments.map { Dictionary($0.map { ($0.name, $0) }) { first, _ in first } }
        let before = walk.result.problems.count { !$0.isWarning }
        var given = Set<String>()
        for argument in directive.arguments {
            let label = argument.label ?? "value"
            func problem(_ kind: MarkdownProblem) {
                walk.result.problems.append(Markdown.Problem(kind: kind, line: argument.line, column: argument.column))
            }
            guard given.insert(label).inserted else {
                problem(.argumentGivenTwice(label, directive: directive.name))
                continue
            }
            guard let declared else {
                context[label] = argument.value
                continue
            }
            guard let expected = declared[label] else {
                let what = argument.label.map { "no argument '\($0)'" } ?? "no unlabeled argument"
                let known = spec.arguments!.map { $0.name == "value" ? "an unlabeled one" : "'\($0.name)'" }
                problem(.unknownArgument(what, directive: directive.name, known: known.joined(separator: ", ")))
                continue
            }
            switch expected.kind {
            case .text:
                context[label] = argument.value
            case .number:
                guard let number = Double(argument.value) else {
                    problem(.notANumber(label, directive: directive.name, value: argument.value))
                    continue
                }
                context[label] = number == number.rounded() && abs(number) < 1e15 ? Int(number) as Any : number as Any
            case .image:
                switch links.picture(
                    argument.value, source: walk.source, line: argument.line, column: argument.column,
                    result: &walk.result)
                {
                case .found(let image): context[label] = image.templateValue
                case .failed:
                    // A picture that cannot be found or read is drawn as written (a warning); a refused one is not.
                    if walk.result.problems.last?.isWarning == true { context[label] = argument.value }
                    continue
                case .notLocal:
                    context[label] = links.rewrite(
                        argument.value, source: walk.source, line: argument.line, column: argument.column,
                        result: &walk.result)
                }
            case .url:
                context[label] = links.rewrite(
                    argument.value, source: walk.source, line: argument.line, column: argument.column,
                    result: &walk.result)
            }
        }
        for argument in spec.arguments ?? [] where argument.isRequired && !given.contains(argument.name) {
            let what = argument.name == "value" ? "an unlabeled argument" : "the argument '\(argument.name)'"
            walk.result.problems.append(
                Markdown.Problem(
                    kind: .missingArgument(what, directive: directive.name), line: directive.line,
                    column: directive.column))
        }
        return walk.result.problems.count { !$0.isWarning } == before
    }
}
