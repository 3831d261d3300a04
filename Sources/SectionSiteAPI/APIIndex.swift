import Foundation
import SymbolKit

/// Every public symbol of the documented modules and how they hang together: which type each member belongs to,
/// what each type conforms to, which types of other modules a module extends, and the page and anchor of each.
struct APIIndex {
    /// A symbol as the reference shows it.
    struct Entry {
        var symbol: SymbolGraph.Symbol
        /// The module whose graph holds it.
        var module: String
        /// For a member of an extension to another module's type: that module.
        var extendedModule: String?
        /// The graph file that holds it, as errors name it.
        var file: String
        /// The precise identifier: the item's identity on its page.
        var id: String { symbol.identifier.precise }
        /// `struct`, `method`, `enum.case` ...
        var kind: String { symbol.kind.identifier.identifier }
        /// The name, last of its path (`add(_:)`, `Binding` for `Book.Binding`).
        var name: String { symbol.pathComponents.last ?? symbol.names.title }
        /// Whether the reference gives it a page of its own.
        var hasPage: Bool { APIIndex.typeKinds.contains(kind) }
    }

    /// The kinds that get a page: types. Everything else is listed, with its whole documentation, on its parent's.
    static let typeKinds: Set<String> = ["struct", "class", "enum", "protocol", "actor"]

    /// Every symbol by precise identifier.
    private(set) var entries: [String: Entry] = [:]
    /// Each symbol's parent (what it is a member or requirement of), by precise identifier.
    private(set) var parent: [String: String] = [:]
    /// Each type's members, by precise identifier, sorted by name.
    private(set) var members: [String: [String]] = [:]
    /// What each type conforms to or inherits from: a symbol's identifier where the reference has it, else its name.
    private(set) var conformances: [String: [(id: String, name: String)]] = [:]
    /// For a member that a protocol's extension gives (`Equatable.!=(_:_:)`), the protocol's name.
    private(set) var origin: [String: String] = [:]
    /// The documented modules, in the order of the settings' targets or by name.
    private(set) var modules: [String] = []
    /// Each module's top-level symbols (those without a parent), sorted by name.
    private(set) var topLevel: [String: [String]] = [:]
    /// For each module, the types of other modules it extends: module → type name → members.
    private(set) var extensions: [String: [String: [String: [String]]]] = [:]
    /// For a member of an extension to another module's type, that type's name (a key of `extensions`).
    private(set) var extendedType: [String: String] = [:]

    /// Indexes the graphs of a package's modules.
    init(_ files: [SymbolGraphs.File], order: [String]) {
        var names = Set<String>()
        var relationships: [(SymbolGraph.Relationship, String)] = []
        for file in files {
            names.insert(file.module)
            for symbol in file.graph.symbols.values {
                let extended =
                    file.extended
                    ?? (symbol.mixins["swiftExtension"] as? SymbolGraph.Symbol.Swift.Extension)
                    .map(\.extendedModule).flatMap { $0 == file.module ? nil : $0 }
                entries[symbol.identifier.precise] = Entry(
                    symbol: symbol, module: file.module, extendedModule: extended, file: file.shown)
            }
            relationships += file.graph.relationships.map { ($0, file.module) }
        }
        modules = order.filter(names.contains) + names.subtracting(order).sorted()
        var extensionMembers: [String: [String: [String: [String]]]] = [:]
        for (relationship, module) in relationships {
            let (source, target) = (relationship.source, relationship.target)
            guard entries[source] != nil else { continue }
            switch relationship.kind {
            case .memberOf, .requirementOf, .optionalRequirementOf:
                if entries[target] != nil {
                    parent[source] = target
                } else if let fallback = relationship.targetFallback {
                    // A member of another module's type: `Swift.String`.
                    let parts = fallback.split(separator: ".", maxSplits: 1).map(String.init)
                    let (other, type) =
                        parts.count == 2 ? (parts[0], parts[1]) : (entries[source]?.extendedModule ?? "", fallback)
                    extensionMembers[module, default: [:]][other, default: [:]][type, default: []].append(source)
                }
                if let origin = relationship.mixins["sourceOrigin"] as? SymbolGraph.Relationship.SourceOrigin {
                    self.origin[source] = origin.displayName.split(separator: ".").first.map(String.init)
                }
            case .conformsTo, .inheritsFrom:
                let name = entries[target]?.name ?? relationship.targetFallback ?? target
                conformances[source, default: []].append((target, name))
            default:
                break
            }
        }
        // A protocol extension's default implementation is told as implementing a requirement, not as a member:
        // its parent is the symbol one step up its path, in its module.
        var byPath: [String: String] = [:]
        for (id, entry) in entries where APIIndex.typeKinds.contains(entry.kind) {
            byPath[entry.module + "/" + entry.symbol.pathComponents.joined(separator: "/")] = id
        }
        for (id, entry) in entries
        where parent[id] == nil && entry.symbol.pathComponents.count > 1 && entry.extendedModule == nil {
            if let owner = byPath[entry.module + "/" + entry.symbol.pathComponents.dropLast().joined(separator: "/")] {
                parent[id] = owner
            }
        }
        let entries = entries
        let byName = { (a: String, b: String) -> Bool in
            let (x, y) = (entries[a]!, entries[b]!)
            return x.name != y.name ? x.name < y.name : a < b
        }
        for (child, owner) in parent { members[owner, default: []].append(child) }
        for key in members.keys { members[key]!.sort(by: byName) }
        for key in conformances.keys {  // a conformance may be told by more than one graph
            var seen = Set<String>()
            conformances[key] = conformances[key]!.filter { seen.insert($0.id).inserted }
                .sorted { $0.name != $1.name ? $0.name < $1.name : $0.id < $1.id }
        }
        let extending = Set(extensionMembers.values.flatMap { $0.values.flatMap { $0.values.flatMap { $0 } } })
        for (id, entry) in entries where parent[id] == nil && !extending.contains(id) {
            topLevel[entry.module, default: []].append(id)
        }
        for key in topLevel.keys { topLevel[key]!.sort(by: byName) }
        for (module, others) in extensionMembers {
            extensions[module] = others.mapValues { types in types.mapValues { $0.sorted(by: byName) } }
            for types in others.values {
                for (type, members) in types.sorted(by: { $0.key < $1.key }) {  // of two, the first by name
                    for member in members where extendedType[member] == nil { extendedType[member] = type }
                }
            }
        }
    }

    /// A symbol's entry.
    subscript(id: String) -> Entry? { entries[id] }

    /// The types a symbol is nested in, outermost first, and itself.
    ///
    /// - Complexity: O(depth); inserting each parent at the front was O(depth²), and 1,000 nested types ask for
    ///   a chain per page.
    func chain(_ id: String) -> [String] {
        var chain = [id]
        while let up = parent[chain[chain.count - 1]] { chain.append(up) }
        return chain.reversed()
    }
}
