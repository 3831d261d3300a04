import Foundation
/// Finds partials that include themselves without end.
///
/// A partial may include itself: the default theme's docs tree does, once per level of children. Such recursion
/// ends when the data does, provided the include sits inside a section (`{{#children}}...{{/children}}`), which
/// renders nothing once the list is empty. An include outside every section is taken whenever the template is, so
/// a loop of templates made only of such includes never ends: Mustache would recurse until the stack overflows.
/// That loop is an error at the include that closes it, found when the theme loads, before any page renders.
enum PartialCycles {
    /// One `{{> name}}` of a template.
    struct Include: Equatable {
        /// The partial named.
        var name: String
        /// Line and column of the tag, from 1.
        var line: Int
        /// Column of the tag, from 1.
        var column: Int
        /// Whether the tag is inside a section (`{{#x}}` or `{{^x}}`), so that data can stop the recursion.
        var guarded: Bool
    }

    /// Every partial include of a template's text, in order.
    ///
    /// - Complexity: O(n) in the length of `text`.
    static func includes(in text: String) -> [Include] {
        var includes: [Include] = []
        var scopes: [Bool] = []  // for each open section, block or parent tag: whether it guards what it holds
        var line = 1
        var lineStart = text.startIndex
        var index = text.startIndex
        while let open = text[index...].range(of: "{{") {
            for character in text[index..<open.lowerBound] where character == "\n" { line += 1 }
            if let newline = text[index..<open.lowerBound].lastIndex(of: "\n") {
                lineStart = text.index(after: newline)
            }
            guard let close = text[open.upperBound...].range(of: "}}") else { break }
            let tag = text[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            switch tag.first {
            case "#", "^": scopes.append(true)
            case "$", "<": scopes.append(false)
            case "/": _ = scopes.popLast()
            case ">":
                let name = tag.dropFirst().trimmingCharacters(in: .whitespaces)
                if !name.isEmpty, !name.hasPrefix("*") {  // a dynamic name is known only while rendering
                    let column = text[lineStart..<open.lowerBound].count + 1
                    includes.append(Include(name: name, line: line, column: column, guarded: scopes.contains(true)))
                }
            default: break
            }
            for character in text[open.lowerBound..<close.upperBound] where character == "\n" { line += 1 }
            if let newline = text[open.lowerBound..<close.upperBound].lastIndex(of: "\n") {
                lineStart = text.index(after: newline)
            }
            index = close.upperBound
        }
        return includes
    }

    /// The first loop (templates visited in name order) of unguarded includes among `texts` (by template name):
    /// the template holding the include that closes it, that include, and the names along the loop; nil if none.
    static func firstLoop(in texts: [String: String]) -> (template: String, include: Include, loop: [String])? {
        let edges = texts.mapValues { includes(in: $0).filter { !$0.guarded && texts[$0.name] != nil } }
        var finished: Set<String> = []
        func visit(_ name: String, path: [String]) -> (template: String, include: Include, loop: [String])? {
            if finished.contains(name) { return nil }
            for include in edges[name] ?? [] {
                if let start = path.firstIndex(of: include.name) {
                    return (name, include, Array(path[start...]) + [include.name])
                }
                if let found = visit(include.name, path: path + [include.name]) { return found }
            }
            finished.insert(name)
            return nil
        }
        for name in texts.keys.sorted() {
            if let found = visit(name, path: [name]) { return found }
        }
        return nil
    }
}
