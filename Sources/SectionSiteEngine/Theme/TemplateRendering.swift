import Foundation

/// Draws compiled templates over typed values, with swift-mustache's semantics: lookups climb the enclosing values,
/// sections repeat lists and enter other values, partials indent their lines, blocks are overridden by includes.
struct TemplateRendering: Sendable {
    /// Every template by name, for partials.
    var templates: [String: CompiledTemplate]
    /// Partials already drawn over values that name what they are made of (`TemplateObject.drawingKey`).
    let drawings = Drawings()

    /// Where a render is: what it has entered and how it writes.
    private struct Scope {
        /// The position in the list being repeated, for `first()`, `index()`...; nil outside a list's own content.
        var position: Position?
        /// What starts each line of a partial included alone on its line.
        var indentation: String?
        /// The blocks the includes around override.
        var overrides: [String: [TemplateNode]]?
        var escapes = true
        /// The partials being drawn to be kept, innermost first: a lookup below the value one is drawn over
        /// makes that drawing depend on more than its key.
        var kept: KeptDrawing?
    }

    /// A partial being drawn over a value with a `drawingKey`, kept when nothing it read came from below that value.
    private final class KeptDrawing {
        /// Where the value is on the stack.
        let floor: Int
        let outer: KeptDrawing?
        var pure = true

        init(floor: Int, outer: KeptDrawing?) {
            self.floor = floor
            self.outer = outer
        }

        /// A lookup read the stack down to `index`: the drawings over values above it read more than their value.
        func reached(_ index: Int) {
            var drawing: KeptDrawing? = self
            while let kept = drawing, index < kept.floor {
                kept.pure = false
                drawing = kept.outer
            }
        }
    }

    private struct Position {
        var index: Int
        var isLast: Bool
    }

    /// Draws the template of that name over `root`, or nil if there is none.
    func render(_ name: String, _ root: TemplateValue) -> String? {
        guard let template = templates[name] else { return nil }
        var stack = [root]
        var output = ""
        render(template.nodes, Scope(), &stack, into: &output)
        return output
    }

    private func render(
        _ nodes: [TemplateNode], _ scope: Scope, _ stack: inout [TemplateValue], into output: inout String
    ) {
        var scope = scope
        guard let indentation = scope.indentation, !indentation.isEmpty else {
            for node in nodes { render(node, &scope, &stack, into: &output) }
            return
        }
        // A partial's lines are indented where a piece of output starts a line of its own text.
        var text = ""
        for node in nodes {
            var piece = ""
            render(node, &scope, &stack, into: &piece)
            if !piece.isEmpty, Self.endsLine(text) { text += indentation }
            text += piece
        }
        output += text
    }

    /// Whether the text ends with `\n` that is not the end of a `\r\n`.
    private static func endsLine(_ text: String) -> Bool {
        let bytes = text.utf8
        guard bytes.last == 10 else { return false }
        return bytes.count == 1 || bytes[bytes.index(bytes.endIndex, offsetBy: -2)] != 13
    }

    private func render(
        _ node: TemplateNode, _ scope: inout Scope, _ stack: inout [TemplateValue], into output: inout String
    ) {
        switch node {
        case .text(let text):
            output += text
        case .variable(let name, let escaped):
            guard let value = lookup(name, scope, stack) else { return }
            if case .string(let text) = value {
                output += escaped && scope.escapes ? HTML.escape(text) : text
            } else {
                output += escaped && scope.escapes ? HTML.escape(value.text) : value.text
            }
        case .section(let name, let content, let inverted):
            let value = lookup(name, scope, stack)
            if inverted {
                renderInverted(value, content, scope, &stack, into: &output)
            } else {
                renderSection(value, content, scope, &stack, into: &output)
            }
        case .partial(let name, let indentation, let overrides):
            let found: String
            switch name {
            case .fixed(let name): found = name
            case .dynamic(let name):
                guard case .string(let name)? = lookup(name, scope, stack) else { return }
                found = name
            }
            guard let template = templates[found] else { return }
            var inner = Scope(
                position: nil, indentation: scope.indentation, overrides: scope.overrides, kept: scope.kept)
            if let indentation { inner.indentation = (scope.indentation ?? "") + indentation }
            if let overrides {
                inner.overrides = scope.overrides?.merging(overrides) { outer, _ in outer } ?? overrides
            }
            if inner.overrides == nil, case .object(let object)? = stack.last, let key = object.drawingKey {
                renderKept(template.nodes, named: found, key: key, inner, &stack, into: &output)
            } else {
                render(template.nodes, inner, &stack, into: &output)
            }
        case .block(let name, let defaults, let indentation):
            var inner = scope
            inner.position = nil
            inner.indentation = (scope.indentation ?? "") + indentation
            render(scope.overrides?[name] ?? defaults, inner, &stack, into: &output)
        case .blockDefinition:
            break
        case .escaping(let escapes):
            scope.escapes = escapes
        }
    }

    /// A partial drawn over a value with a `drawingKey`: drawn once for each key, and again wherever it read
    /// more than the value (a name it looked up further down the stack).
    private func renderKept(
        _ nodes: [TemplateNode], named name: String, key: String, _ scope: Scope, _ stack: inout [TemplateValue],
        into output: inout String
    ) {
        let key = "\(name)\u{1}\(scope.indentation ?? "")\u{1}\(key)"
        if let drawn = drawings.drawing(key) {
            output += drawn
            return
        }
        var inner = scope
        let kept = KeptDrawing(floor: stack.count - 1, outer: scope.kept)
        inner.kept = kept
        var drawn = ""
        render(nodes, inner, &stack, into: &drawn)
        if kept.pure { drawings.keep(drawn, for: key) }
        output += drawn
    }

    private func renderSection(
        _ value: TemplateValue?, _ content: [TemplateNode], _ scope: Scope, _ stack: inout [TemplateValue],
        into output: inout String
    ) {
        switch value {
        case nil, .null:
            return
        case .bool(let flag):
            if flag { render(content, scope, &stack, into: &output) }
        case .list(let elements, _):
            repeatContent(elements, content, scope, &stack, into: &output)
        case .object(let object):
            if let elements = object.elements {
                repeatContent(elements, content, scope, &stack, into: &output)
            } else {
                enter(value!, content, scope, &stack, into: &output)
            }
        case .some(let value):
            enter(value, content, scope, &stack, into: &output)
        }
    }

    private func renderInverted(
        _ value: TemplateValue?, _ content: [TemplateNode], _ scope: Scope, _ stack: inout [TemplateValue],
        into output: inout String
    ) {
        switch value {
        case nil, .null:
            render(content, scope, &stack, into: &output)
        case .bool(let flag):
            if !flag { render(content, scope, &stack, into: &output) }
        case .list(let elements, _):
            if elements.isEmpty { enter(value!, content, scope, &stack, into: &output) }
        case .object(let object):
            if let elements = object.elements, elements.isEmpty { enter(value!, content, scope, &stack, into: &output) }
        default:
            return
        }
    }

    private func enter(
        _ value: TemplateValue, _ content: [TemplateNode], _ scope: Scope, _ stack: inout [TemplateValue],
        into output: inout String
    ) {
        var inner = scope
        inner.position = nil
        stack.append(value)
        render(content, inner, &stack, into: &output)
        stack.removeLast()
    }

    private func repeatContent(
        _ elements: [TemplateValue], _ content: [TemplateNode], _ scope: Scope, _ stack: inout [TemplateValue],
        into output: inout String
    ) {
        var inner = scope
        for (index, element) in elements.enumerated() {
            inner.position = Position(index: index, isLast: index == elements.count - 1)
            stack.append(element)
            render(content, inner, &stack, into: &output)
            stack.removeLast()
        }
    }

    // MARK: Lookup

    private func lookup(_ name: TemplateName, _ scope: Scope, _ stack: [TemplateValue]) -> TemplateValue? {
        var transforms = name.transforms[...]
        var value: TemplateValue?
        switch name.root {
        case .current:
            value = stack.last
        case .position:
            guard let position = scope.position, let first = transforms.popFirst() else { return nil }
            switch first {
            case .first: value = .bool(position.index == 0)
            case .last: value = .bool(position.isLast)
            case .index: value = .int(position.index)
            case .even: value = .bool(position.index & 1 == 0)
            case .odd: value = .bool(position.index & 1 == 1)
            default: return nil
            }
        case .anchored:
            value = descend(stack.last!, name.parts[...])
        case .stack:
            guard let first = name.parts.first else {
                value = stack.last
                break
            }
            var index = stack.count
            while index > 0 {
                index -= 1
                if let child = stack[index].child(named: first) {
                    value = descend(child, name.parts.dropFirst())
                    break
                }
            }
            scope.kept?.reached(index)
        }
        guard var found = value else { return nil }
        if case .null = found { return nil }
        for transform in transforms {
            guard let transformed = found.transformed(transform) else { return nil }
            found = transformed
        }
        return found
    }

    private func descend(_ value: TemplateValue, _ parts: ArraySlice<String>) -> TemplateValue? {
        var value = value
        for part in parts {
            guard let child = value.child(named: part) else { return nil }
            value = child
        }
        return value
    }
}

/// The partials drawn over values with a `drawingKey`, shared by every page a theme draws. A key names all a drawing
/// is made of, so none goes stale; the store is emptied when it grows past `limit` (a long preview session).
final class Drawings: Sendable {
    static let limit = 20_000
    private let drawn = Locked<[String: String]>([:])

    func drawing(_ key: String) -> String? { drawn.withLock { $0[key] } }

    /// How many drawings are kept.
    var count: Int { drawn.withLock { $0.count } }

    func keep(_ drawing: String, for key: String) {
        drawn.withLock { drawn in
            if drawn.count >= Self.limit { drawn.removeAll() }
            drawn[key] = drawing
        }
    }
}

extension TemplateValue {
    /// The value a transform makes of this one, or nil where it does not apply.
    func transformed(_ transform: TemplateTransform) -> TemplateValue? {
        switch (self, transform) {
        case (.string(let text), .empty): .bool(text.isEmpty)
        case (.string(let text), .capitalized): .string(text.capitalized)
        case (.string(let text), .lowercased): .string(text.lowercased())
        case (.string(let text), .uppercased): .string(text.uppercased())
        case (.string(let text), .reversed): .string(String(text.reversed()))
        case (.int(let number), .equalzero): .bool(number == 0)
        case (.int(let number), .plusone): .int(number + 1)
        case (.int(let number), .minusone): .int(number - 1)
        case (.int(let number), .even): .bool(number & 1 == 0)
        case (.int(let number), .odd): .bool(number & 1 == 1)
        case (.list(let values, _), .first): values.first
        case (.list(let values, _), .last): values.last
        case (.list(let values, let sortable), .reversed): .list(values.reversed(), sortable: sortable)
        case (.list(let values, _), .count): .int(values.count)
        case (.list(let values, _), .empty): .bool(values.isEmpty)
        case (.list(let values, true), .sorted): .list(values.sorted(by: Self.ascending), sortable: true)
        case (.map(let fields), .count): .int(fields.count)
        case (.map(let fields), .empty): .bool(fields.isEmpty)
        case (.map(let fields), .sorted), (.map(let fields), .enumerated):
            // swift-mustache enumerates a dictionary in its hash order, which changes between runs; sorted by key here.
            .list(fields.keys.sorted().map { .map(["key": .string($0), "value": fields[$0]!]) })
        default: nil
        }
    }

    private static func ascending(_ a: TemplateValue, _ b: TemplateValue) -> Bool {
        switch (a, b) {
        case (.string(let a), .string(let b)): a < b
        case (.int(let a), .int(let b)): a < b
        default: false
        }
    }
}
