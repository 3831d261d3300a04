import CYaml

/// YAML anchors and aliases are welcome in front matter and settings, but an alias stands for a copy of its whole
/// anchored node, so nine anchors of nine aliases each stand for 387 million nodes in a few hundred bytes (an "alias
/// bomb"), which would exhaust memory long before any error. Before a document is composed, one pass over its
/// parse events adds up what every alias expands to, and refuses the document at the alias that passes the budget.
///
/// Yams resolves aliases while composing and keeps no trace of where each alias was, so this pass reads libyaml's
/// events itself (Yams's own C module); it runs only for text that has a `*` in it at all.
package enum YAMLAliasBudget {
    /// The most nodes that the aliases of one document may expand to, counted once per alias use.
    static let limit = 10_000

    /// Throws at the alias that takes the document over `limit` nodes, located from `start`, the place of the
    /// document's first line in its file. A document that does not parse passes here, for the composer to report.
    package static func check(_ yaml: String, from start: SourceLocation) throws {
        guard yaml.utf8.contains(UInt8(ascii: "*")) else { return }
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return }
        defer { yaml_parser_delete(&parser) }
        var bytes = Array(yaml.utf8)
        try bytes.withUnsafeMutableBufferPointer { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var sizes: [String: Int] = [:]  // expanded size of each anchored node
            var open: [(anchor: String?, size: Int)] = []  // collections being read, with their sizes so far
            var expanded = 0
            func finished(_ size: Int, anchor: String?) {
                if let anchor { sizes[anchor] = size }
                if !open.isEmpty { open[open.count - 1].size += size }
            }
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { return }
                defer { yaml_event_delete(&event) }
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    return
                case YAML_SCALAR_EVENT:
                    finished(1, anchor: name(event.data.scalar.anchor))
                case YAML_SEQUENCE_START_EVENT:
                    open.append((name(event.data.sequence_start.anchor), 1))
                case YAML_MAPPING_START_EVENT:
                    open.append((name(event.data.mapping_start.anchor), 1))
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    if let node = open.popLast() { finished(node.size, anchor: node.anchor) }
                case YAML_ALIAS_EVENT:
                    let size = name(event.data.alias.anchor).flatMap { sizes[$0] } ?? 1
                    expanded += size
                    if expanded > limit {
                        let place = SourceLocation(
                            file: start.file, line: Int(event.start_mark.line) + start.line,
                            column: Int(event.start_mark.column) + 1)
                        throw FileProblem.aliasBomb.error(at: place)
                    }
                    finished(size, anchor: nil)
                default:
                    break
                }
            }
        }
    }

    private static func name(_ anchor: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        anchor.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
    }
}
