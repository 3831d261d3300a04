import Foundation
import SectionSiteEngine
import SymbolKit

/// What the reference may read and how much of it: the messages of a file outside the site and the package, and
/// the limits on a symbol graph's size and shape that keep a build's work and output bounded.
enum APIBounds {
}

extension APIBounds {
    /// Every graph file that passes `maxSymbols` (counted over the files in order), as errors at the file: checked
    /// before the symbols are indexed.
    static func checkCounts(_ files: [SymbolGraphs.File], settings: APISettings) throws {
        var total = 0
        for file in files {
            total += file.graph.symbols.count
            if total > settings.maxSymbols {
                throw APIProblem.tooManySymbols(total, limit: settings.maxSymbols).error(
                    at: SourceLocation(file: file.shown))
            }
        }
    }

    /// The types with more than `maxMembers` members, the symbols nested deeper than `maxNesting` (one per graph
    /// file, the first by identifier) and those nested in themselves, as errors at their graph files: checked
    /// before any page is made, since a page's path and crumbs follow the chain of parents.
    ///
    /// - Complexity: O(symbols): each symbol's depth is found once, from its parent's.
    static func checkShape(_ index: APIIndex, settings: APISettings) throws {
        var errors: [Diagnostic] = []
        var depth: [String: Int] = [:]
        var deepFiles = Set<String>()
        for id in index.entries.keys.sorted() where depth[id] == nil {
            // Up to the first symbol of known depth or without a parent; a symbol met twice is a loop.
            var path: [String] = []
            var onPath = Set<String>()
            var current: String? = id
            var base = 0
            while let symbol = current {
                if let known = depth[symbol] {
                    base = known
                    break
                }
                guard onPath.insert(symbol).inserted else {
                    let entry = index.entries[symbol]!
                    errors.append(
                        APIProblem.nestedInItself(name(symbol, in: index)).at(SourceLocation(file: entry.file)))
                    base = -1
                    break
                }
                path.append(symbol)
                current = index.parent[symbol].flatMap { index.entries[$0] != nil ? $0 : nil }
            }
            for (offset, symbol) in path.reversed().enumerated() {
                depth[symbol] = base < 0 ? Int.max : base + offset + 1
            }
            guard base >= 0 else { continue }
            if let deep = path.reversed().first(where: { depth[$0]! == settings.maxNesting + 1 }) {
                let file = index.entries[deep]!.file
                if deepFiles.insert(file).inserted {
                    errors.append(
                        APIProblem.nestedTooDeep(
                            name(deep, in: index), depth: settings.maxNesting + 1, limit: settings.maxNesting
                        ).at(SourceLocation(file: file)))
                }
            }
        }
        if !errors.isEmpty { throw SectionSiteError(errors) }  // the names below follow the chains
        for (owner, members) in index.members.sorted(by: { $0.key < $1.key }) where members.count > settings.maxMembers
        {
            errors.append(
                APIProblem.tooManyMembers(name(owner, in: index), count: members.count, limit: settings.maxMembers).at(
                    SourceLocation(file: index.entries[owner]!.file)))
        }
        if !errors.isEmpty { throw SectionSiteError(errors) }
    }

    /// A symbol's path as the errors show it (`Book.Binding`): the graph's path components, which never loop.
    private static func name(_ id: String, in index: APIIndex) -> String {
        index.entries[id]!.symbol.pathComponents.joined(separator: ".")
    }

    /// `20000` as `20,000`.
    static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var text = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { text += "," }
            text.append(digit)
        }
        return number < 0 ? "-" + text : text
    }
}
