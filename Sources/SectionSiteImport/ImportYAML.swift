import Foundation
import SectionSiteEngine
import Yams

/// YAML in and out of an import. In: the build's alias budget applies to every YAML text the importer reads, so
/// an alias bomb in `_config.yml`, a page's front matter or a data file is a located error, not gigabytes of
/// memory. Out: settings and front matter are built as YAML nodes and written by the emitter, never by joining
/// strings, so a value with a newline, a `#` or a long line reads back as written and cannot add a setting.
enum ImportYAML {
    /// `text`, whose first line is line `firstLine` of `path`, as Swift values. With `timestampsAsText`, dates stay
    /// the text they were written as (`2013-05-06 02:12:52 +0200`), offset included, where YAML would make them a
    /// moment in UTC.
    static func load(_ text: String, path: String, firstLine: Int, timestampsAsText: Bool = false) throws -> Any? {
        try YAMLAliasBudget.check(text, from: SourceLocation(file: path, line: firstLine))
        return try Yams.load(yaml: text, timestampsAsText ? Resolver.default.removing(.timestamp) : .default)
    }

    /// A string scalar, quoted where a plain one would read as another type (`true`, `10`).
    static func string(_ text: String) -> Node { .scalar(text.represented()) }

    /// A whole number scalar.
    static func int(_ number: Int) -> Node { Node(String(number), Tag(.int)) }

    /// A mapping with its keys in the order given; `flow` writes it on one line (`{title: Guide, url: guide/}`).
    static func map(_ pairs: [(String, Node)], flow: Bool = false) -> Node {
        Node(pairs.map { (string($0.0), $0.1) }, Tag(.map), flow ? .flow : .any)
    }

    /// A sequence.
    static func list(_ items: [Node]) -> Node { Node(items, Tag(.seq)) }

    /// A document's text. Lines are never folded: a long description stays on its line.
    static func text(_ node: Node) throws -> String {
        try Yams.serialize(node: node, width: -1, allowUnicode: true)
    }

    /// Front matter: the document between `---` lines.
    static func frontMatter(_ node: Node) throws -> String {
        "---\n" + (try text(node)) + "---\n"
    }
}
