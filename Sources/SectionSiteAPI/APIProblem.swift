import SectionSiteEngine

/// What keeps the API reference from being read or made: symbol graphs that are not there, a package that does not
/// build, a file outside the site and the package, a graph past one of the `api:` limits, or a topic that names
/// nothing. Limits are shown with their thousands grouped.
enum APIProblem: Problem {
    /// `symbolGraphs:` names a path that does not exist.
    case noSymbolGraphs(String)
    /// A graph or catalog file leads outside the site and the package, and `readOutside:` does not name its folder.
    case outside(String, real: String)
    /// A symbol graph does not decode.
    case cannotReadGraph(String, error: String)
    /// A target of `targets:` has no symbol graph; `found` lists the modules that have one.
    case noGraphFor(String, found: String)
    /// `package:` names a folder without `Package.swift`.
    case notAPackage(String)
    /// `swift build` could not be started to make the symbol graphs.
    case cannotRunSwiftBuild(String)
    /// The package does not build; the compiler's errors follow.
    case doesNotBuild(String, detail: String)
    /// The graphs hold more symbols than `maxSymbols`.
    case tooManySymbols(Int, limit: Int)
    /// A symbol's `memberOf` relationships make a loop.
    case nestedInItself(String)
    /// A symbol nested deeper than `maxNesting`.
    case nestedTooDeep(String, depth: Int, limit: Int)
    /// A symbol with more members than `maxMembers`.
    case tooManyMembers(String, count: Int, limit: Int)
    /// A catalog's topic names no article (a warning).
    case unknownTopicArticle(String)
    /// A catalog's topic names no symbol (a warning).
    case unknownTopicSymbol(String)

    var severity: Diagnostic.Severity {
        switch self {
        case .unknownTopicArticle, .unknownTopicSymbol: .warning
        default: .error
        }
    }

    var identified: (id: Diagnostic.ID, message: String) {
        let grouped = APIBounds.grouped
        return switch self {
        case .noSymbolGraphs(let path): ("api.no-symbol-graphs", "api: symbol graphs '\(path)' do not exist")
        case .outside(let shown, let real):
            (
                "api.outside",
                "api: '\(shown)' leads outside the site and the package, to '\(real)': the reference reads only files "
                    + "of the site or of the package 'api:' names (name a folder in 'readOutside:' in sectionsite.yml "
                    + "to allow one)"
            )
        case .cannotReadGraph(let path, let error):
            ("api.cannot-read-graph", "api: cannot read the symbol graph \(path): \(error)")
        case .noGraphFor(let missing, let found):
            ("api.no-graph-for", "api: no symbol graph for \(missing) (found: \(found))")
        case .notAPackage(let path):
            ("api.not-a-package", "api: '\(path)' is not a Swift package (it has no Package.swift)")
        case .cannotRunSwiftBuild(let error): ("api.cannot-run-swift-build", "api: cannot run 'swift build': \(error)")
        case .doesNotBuild(let path, let detail):
            ("api.does-not-build", "api: the package does not build (\(path)):\n\(detail)")
        case .tooManySymbols(let total, let limit):
            (
                "api.too-many-symbols",
                "api: the symbol graphs hold \(grouped(total)) symbols up to this one, past the limit of "
                    + "\(grouped(limit)) (api: {maxSymbols})"
            )
        case .nestedInItself(let name):
            ("api.nested-in-itself", "api: '\(name)' is nested in itself (its memberOf relationships make a loop)")
        case .nestedTooDeep(let name, let depth, let limit):
            (
                "api.nested-too-deep",
                "api: '\(name)' is nested \(grouped(depth)) deep, past the limit of \(grouped(limit)) "
                    + "(api: {maxNesting})"
            )
        case .tooManyMembers(let name, let count, let limit):
            (
                "api.too-many-members",
                "api: '\(name)' has \(grouped(count)) members, past the limit of \(grouped(limit)) (api: {maxMembers})"
            )
        case .unknownTopicArticle(let link):
            ("api.unknown-topic-article", "topic <\(link)> names no article of the API reference")
        case .unknownTopicSymbol(let link):
            ("api.unknown-topic-symbol", "topic ``\(link)`` names no symbol of the API reference")
        }
    }
}
