import Foundation

/// Drawing directives: each by the theme's `directives/<name>` template, with its arguments by label (the unlabeled
/// one as `value`), its body rendered (`body`), its nested directives in order (`children`, each with its own
/// `html`) and an `id` unique in the page that stays the same while the directive's text does.
extension Markdown {
    /// The HTML of a directive, its template context, and the plain text of its body; nil, with a problem recorded,
    /// when it cannot be drawn. `@Comment` draws nothing.
    func draw(
        _ directive: DirectiveSyntax.Directive, walk: Walk, state: inout DrawingState, result: inout Document
    ) -> (html: String, context: [String: Any], text: String)? {
        let key = directive.name.lowercased()
        if key == ThemeComponents.comment { return ("", ["name": directive.name], "") }
        let components = theme?.components
        guard let theme, let spec = components?.directives[key] else {
            let known = ([ThemeComponents.comment] + (components?.directives.keys.map(\.self) ?? [])).sorted()
            let folder = theme.map { "\($0.path)/directives/" } ?? "the theme's directives/"
            result.problems.append(Problem(
                message: "unknown directive '@\(directive.name)': no template \(folder)\(key).mustache (known: "
                    + known.joined(separator: ", ") + ")",
                line: directive.line, column: directive.column))
            return nil
        }
        var context: [String: Any] = ["name": directive.name]
        var hash = ContentHash()
        hash.combine(directive.source)
        let base = "ss-" + hash.hex.prefix(8)
        let seen = state.directiveIDs[base, default: 0]
        state.directiveIDs[base] = seen + 1
        context["id"] = seen == 0 ? base : "\(base)-\(seen)"
        guard arguments(of: directive, spec: spec, walk: walk, into: &context, result: &result) else { return nil }
        var text = ""
        var children: [[String: Any]] = []
        if let body = directive.body {
            let (document, nested) = render(body, source: walk.source, takeTitle: false, headingIDs: walk.headingIDs, state: &state)
            context["body"] = document.blocks.map(\.html).joined(separator: "\n")
            result.headings += document.headings
            result.fileLinks += document.fileLinks
            result.links += document.links
            result.problems += document.problems
            result.templatesUsed.formUnion(document.templatesUsed)
            result.images += document.images
            result.linkedURLs += document.linkedURLs
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
        result.templatesUsed.insert(spec.template)
        let html = Self.trimmedOutput(theme.render(spec.template, context))
        context["html"] = html
        return (html, context, text)
    }

    /// Checks the arguments against what the template declares and puts them into `context`; false when one is
    /// wrong (each mistake is recorded).
    private func arguments(
        of directive: DirectiveSyntax.Directive, spec: ThemeComponents.Directive, walk: Walk, into context: inout [String: Any],
        result: inout Document
    ) -> Bool {
        let declared = spec.arguments.map { Dictionary($0.map { ($0.name, $0) }) { first, _ in first } }
        let before = result.problems.count { !$0.isWarning }
        var given = Set<String>()
        for argument in directive.arguments {
            let label = argument.label ?? "value"
            func problem(_ message: String) {
                result.problems.append(Problem(message: message, line: argument.line, column: argument.column))
            }
            guard given.insert(label).inserted else {
                problem("'@\(directive.name)' is given '\(label)' twice")
                continue
            }
            guard let declared else {
                context[label] = argument.value
                continue
            }
            guard let expected = declared[label] else {
                let what = argument.label.map { "no argument '\($0)'" } ?? "no unlabeled argument"
                let known = spec.arguments!.map { $0.name == "value" ? "an unlabeled one" : "'\($0.name)'" }
                problem("'@\(directive.name)' takes \(what) (it takes \(known.isEmpty ? "none" : known.joined(separator: ", ")))")
                continue
            }
            switch expected.kind {
            case .text:
                context[label] = argument.value
            case .number:
                guard let number = Double(argument.value) else {
                    problem("'\(label)' of '@\(directive.name)' must be a number, not '\(argument.value)'")
                    continue
                }
                context[label] = number == number.rounded() && abs(number) < 1e15 ? Int(number) as Any : number as Any
            case .image:
                switch picture(argument.value, walk: walk, line: argument.line, column: argument.column, result: &result) {
                case .found(let image): context[label] = image.templateValue
                case .failed:
                    // A picture that cannot be found or read is drawn as written (a warning); a refused one is not.
                    if result.problems.last?.isWarning == true { context[label] = argument.value }
                    continue
                case .notLocal:
                    context[label] = rewrite(argument.value, source: walk.source, line: argument.line, column: argument.column, result: &result)
                }
            case .url:
                context[label] = rewrite(argument.value, source: walk.source, line: argument.line, column: argument.column, result: &result)
            }
        }
        for argument in spec.arguments ?? [] where argument.isRequired && !given.contains(argument.name) {
            let what = argument.name == "value" ? "an unlabeled argument" : "the argument '\(argument.name)'"
            result.problems.append(Problem(
                message: "'@\(directive.name)' needs \(what)", line: directive.line, column: directive.column))
        }
        return result.problems.count { !$0.isWarning } == before
    }

    /// The hash of a page's text with the templates that drew its Markdown, the pictures it shows and the URLs of
    /// the pages it links to: a change to one of them changes the page as an edit to its text does.
    func dependencyHash(
        _ sourceHash: String, templatesUsed: Set<String>, images: [ProcessedImage], linked: [String] = []
    ) -> String {
        guard !templatesUsed.isEmpty || !images.isEmpty || !linked.isEmpty else { return sourceHash }
        var hash = ContentHash()
        hash.combine(sourceHash)
        for template in templatesUsed.sorted() {
            hash.combine(template)
            hash.combine(theme?.templateHashes[template + ".mustache"] ?? "")
        }
        for image in images {
            hash.combine(image.source)
            hash.combine(image.variants.last?.path ?? "")  // named by the picture's bytes and the settings
        }
        for url in linked { hash.combine(url) }  // the URLs its links to other pages were given
        return hash.hex
    }
}
