import Foundation
import SectionSiteEngine
import SymbolKit
import SystemPackage

/// The symbol graphs of the package `api:` names: read from the files it points at, or written by the compiler as
/// it builds the package, and then read.
enum SymbolGraphs {
    /// One graph file: the module it describes and, for `Shelf@Swift.symbols.json`, the module its symbols extend.
    struct File {
        var graph: SymbolGraph
        var module: String
        var extended: String?
        /// The file, as errors name it: relative to the site when inside it.
        var shown: String
    }

    /// Every graph of the package's documented targets, sorted by file name, and how long the package's build
    /// took when there was one. Without
    /// `targets`, the modules whose folders are in the package's `Sources/` (its dependencies' graphs are written
    /// too, and left out), or with `symbolGraphs`, every module of the files; test modules (names ending in
    /// `Tests`) never.
    /// Every file is read at its real path, and only when `bounds` allow it (a symbolic link out of the site and
    /// the package is an error at it).
    static func load(
        _ settings: APISettings, site: URL, bounds: SourceBounds
    ) throws -> (files: [File], toolchainSeconds: Double?) {
        let urls: [URL]
        var toolchainSeconds: Double?
        var modules = Set(settings.targets)
        if settings.symbolGraphs.isEmpty {
            let start = Date()
            urls = try build(settings, site: site)
            toolchainSeconds = Date().timeIntervalSince(start)
            if modules.isEmpty {
                let sources = settings.packageFolder(site: site).appendingPathComponent("Sources")
                modules = Set((try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? [])
            }
        } else {
            urls = try settings.symbolGraphs.flatMap { path in
                let url = APISettings.inSite(path, site: site)
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
                    throw APIProblem.noSymbolGraphs(path).error(at: settings.location)
                }
                if case .outside(let real) = bounds.place(FilePath(url.path)) {
                    throw APIProblem.outside(path, real: real).error(at: settings.location)
                }
                return isFolder.boolValue ? try graphFiles(in: url) : [url]
            }
        }
        var files: [File] = []
        var errors: [Diagnostic] = []
        for url in urls.sorted(by: { $0.lastPathComponent < $1.lastPathComponent }) {
            let name = url.lastPathComponent.replacingOccurrences(of: ".symbols.json", with: "")
            let parts = name.split(separator: "@", maxSplits: 1).map(String.init)
            guard !parts[0].hasSuffix("Tests"), modules.isEmpty || modules.contains(parts[0]) else { continue }
            let shown = Site.shownPath(url, site: site)
            let real: String
            switch bounds.place(FilePath(url.path)) {
            case .inside(let path): real = path
            case .outside(let path):
                errors.append(APIProblem.outside(shown, real: path).at(SourceLocation(file: shown)))
                continue
            case .missing: continue  // a link to nothing
            }
            do {
                let graph = try decoded.graph(at: URL(fileURLWithPath: real))
                files.append(
                    File(graph: graph, module: parts[0], extended: parts.count > 1 ? parts[1] : nil, shown: shown))
            } catch {
                errors.append(
                    APIProblem.cannotReadGraph(url.path, error: "\(error)").at(settings.location)
                )
            }
        }
        if !errors.isEmpty { throw SectionSiteError(errors) }
        let missing = settings.targets.filter { target in !files.contains { $0.module == target } }
        if !missing.isEmpty {
            let found = Set(files.map(\.module)).sorted().joined(separator: ", ")
            throw APIProblem.noGraphFor(missing.joined(separator: ", "), found: found).error(at: settings.location)
        }
        return (files, toolchainSeconds)
    }

    /// The graphs decoded so far, by file, with the file's stamp when it was read: a live edit recompiles one
    /// module, and the compiler writes only its graphs again, so the others are not decoded again (SymbolKit's
    /// decoding was most of our part of a save: swift-collections' 28 graph files, 6 MB).
    private static let decoded = DecodedGraphs()

    final class DecodedGraphs: @unchecked Sendable {  // its state only under its lock
        private let lock = NSLock()
        private var graphs: [String: (stamp: FileStamp, graph: SymbolGraph)] = [:]

        /// The graph of the file, decoded again only when the file changed since it was last read.
        func graph(at url: URL) throws -> SymbolGraph {
            let path = url.standardizedFileURL.path
            let stamp = FileStamp.of(FilePath(path))
            if let stamp, let known = lock.withLock({ graphs[path] }), known.stamp == stamp { return known.graph }
            let graph = try JSONDecoder().decode(SymbolGraph.self, from: Data(contentsOf: url))
            if let stamp { lock.withLock { graphs[path] = (stamp, graph) } }
            return graph
        }
    }

    /// The `.symbols.json` files of a folder.
    private static func graphFiles(in folder: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasSuffix(".symbols.json") }
    }

    /// Builds the package with the compiler writing each module's symbol graph as it compiles it, into a build
    /// folder of the site's own (`.sectionsite/api/`), and gives the graph files. The build is incremental: a
    /// saved doc comment recompiles its module only, and only that module's graph is written again (2.4 s on
    /// swift-collections, where `swift package dump-symbol-graph` extracts every module again: 25 s with nothing
    /// changed). The compiler's own messages (`path:line:column: error: ...`) are passed on when it fails.
    private static func build(_ settings: APISettings, site: URL) throws -> [URL] {
        let package = settings.packageFolder(site: site)
        guard FileManager.default.fileExists(atPath: package.appendingPathComponent("Package.swift").path) else {
            throw APIProblem.notAPackage(settings.package).error(at: settings.location)
        }
        let folder = site.appendingPathComponent(".sectionsite/api")
        let graphs = folder.appendingPathComponent("graphs")
        let scratch = folder.appendingPathComponent("build")
        let manager = FileManager.default
        if !manager.fileExists(atPath: graphs.path) {
            // Graphs are written only for modules that compile: without them, the build starts again.
            try? manager.removeItem(at: scratch)
            try manager.createDirectory(at: graphs, withIntermediateDirectories: true)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "swift", "build", "--package-path", package.path, "--scratch-path", scratch.path, "--enable-all-traits",
            "-Xswiftc", "-emit-symbol-graph", "-Xswiftc", "-emit-symbol-graph-dir", "-Xswiftc", graphs.path,
        ]
        // Always from the package's folder, and PWD saying so: SwiftPM builds every module again when the working
        // folder it is told of changes (22 s instead of 0.1 s on swift-collections).
        process.currentDirectoryURL = package
        var environment = ProcessInfo.processInfo.environment
        environment["PWD"] = package.path
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        do { try process.run() } catch {
            throw APIProblem.cannotRunSwiftBuild("\(error)").error(at: settings.location)
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0 else {
            let lines = text.split(separator: "\n")
            let errors = lines.filter { $0.contains(": error: ") || $0.hasPrefix("error: ") }.prefix(20)
            let detail = errors.isEmpty ? String(text.suffix(2000)) : errors.joined(separator: "\n")
            throw APIProblem.doesNotBuild(package.path, detail: detail).error(at: settings.location)
        }
        return try graphFiles(in: graphs)
    }
}
