/// A template parsed once: its text, tags and sections as nodes whose names are already split and whose transforms
/// are already known, so that rendering only looks values up.
struct CompiledTemplate: Sendable {
    var nodes: [TemplateNode]
}

/// One piece of a compiled template.
enum TemplateNode: Sendable {
    case text(String)
    /// `{{name}}` (escaped) or `{{{name}}}` and `{{&name}}`.
    case variable(TemplateName, escaped: Bool)
    /// `{{#name}}...{{/name}}`, or `{{^name}}...{{/name}}` when inverted.
    case section(TemplateName, [TemplateNode], inverted: Bool)
    /// `{{> name}}`, `{{>*name}}` (the name read from the context), or `{{<name}}...{{/name}}` with the blocks it
    /// overrides; `indentation` is the whitespace before a partial alone on its line.
    case partial(PartialName, indentation: String?, overrides: [String: [TemplateNode]]?)
    /// `{{$name}}default{{/name}}`: an overridable block.
    case block(String, defaults: [TemplateNode], indentation: String)
    /// A block override inside `{{<name}}`, collected by the include and never drawn where it stands.
    case blockDefinition(String, [TemplateNode])
    /// `{{% CONTENT_TYPE: TEXT}}` and the like: whether the rest of the template escapes.
    case escaping(Bool)
}

/// The name of a partial: fixed, or read from the context.
enum PartialName: Sendable {
    case fixed(String)
    case dynamic(TemplateName)
}

/// A name as a tag writes it (`page.nav.tree`, `.`, `first()`, `count(children)`), resolved at parse time.
struct TemplateName: Sendable, Equatable {
    enum Root: Sendable, Equatable {
        /// `{{.}}`: the current value.
        case current
        /// `{{first()}}` and the like: the position in the list being repeated.
        case position
        /// `{{.name}}`: looked up in the current value only.
        case anchored
        /// `{{name}}`: looked up in the current value, then each enclosing one.
        case stack
    }

    var root: Root
    /// The dotted parts, empty names left out.
    var parts: [String]
    /// The transforms, innermost first (the order they apply in).
    var transforms: [TemplateTransform]

    init(_ name: String, transforms: [String]) {
        parts = name.split(separator: ".").map(String.init)
        root =
            name == "."
            ? .current
            : name.isEmpty && !transforms.isEmpty
                ? .position
                : name.first == "." ? .anchored : .stack
        self.transforms = transforms.reversed().map { TemplateTransform(rawValue: $0) ?? .unknown }
    }
}

/// The transforms swift-mustache offers for the kinds of values SectionSite makes.
enum TemplateTransform: String, Sendable {
    // text
    case capitalized, lowercased, uppercased
    // lists, maps and text
    case empty, count, reversed, first, last, sorted, enumerated
    // integers
    case equalzero, plusone, minusone, even, odd
    // the position in a list
    case index
    /// A name no value answers: the tag finds nothing.
    case unknown
}
