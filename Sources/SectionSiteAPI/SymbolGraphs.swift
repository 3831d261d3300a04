import Foundation
import SectionSiteEngine
import SymbolKit

/// The symbol graphs of the package `api:` names: read from the files it points at, or written by the toolchain
/// (`swift package dump-symbol-graph`, which builds the package) and then read.
enum SymbolGraphs {
    /// One graph file: the module it describes and, for `Shelf@Swift.symbols.json`, the module its symbols extend.
    struct File {
        var graph: SymbolGraph
        var module: String
        var extended: String?
    }

    /// Every graph of the package's documented targets, sorted by file name, and what to warn of. Without
    /// `targets`, every module but test modules (names ending in `Tests`).
    static func load(_ settings: APISettings, site: URL) throws -> (files: [File], warnings: [Diagnostic]) {
        let urls: [URL]
        var warnings: [Diagnostic] = []
        if settings.symbolGraphs.isEmpty {
            (urls, warnings) = try dump(settings, site: site)
        } else {
            urls = try settings.symbolGraphs.flatMap { path in
                let url = URL(fileURLWithPath: path, relativeTo: site).standardizedFileURL
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
                    throw SectionSiteError("api: symbol graphs '\(path)' do not exist", at: settings.location)
                }
                return isFolder.boolValue ? try graphFiles(in: url) : [url]
            }
        }
        var files: [File] = []
        var errors: [Diagnostic] = []
        for url in urls.sorted(by: { $0.lastPathComponent < $1.lastPathComponent }) {
            let name = url.lastPathComponent.replacingOccurrences(of: ".symbols.json", with: "")
            let parts = name.split(separator: "@", maxSplits: 1).map(String.init)
            guard settings.targets.isEmpty ? !parts[0].hasSuffix("Tests") : settings.targets.contains(parts[0]) else { continue }
            do {
                let graph = try JSONDecoder().decode(SymbolGraph.self, from: Data(contentsOf: url))
                files.append(File(graph: graph, module: parts[0], extended: parts.count > 1 ? parts[1] : nil))
            } catch {
                errors.append(Diagnostic(.error, "api: cannot read the symbol graph \(url.path): \(error)", at: settings.location))
            }
        }
        if !errors.isEmpty { throw SectionSiteError(errors) }
        let missing = settings.targets.filter { target in !files.contains { $0.module == target } }
        if !missing.isEmpty {
            throw SectionSiteError(
                "api: no symbol graph for \(missing.joined(separator: ", ")) (found: \(Set(files.map(\.module)).sorted().joined(separator: ", ")))",
                at: settings.location)
        }
        return (files, warnings)
    }

    /// The `.symbols.json` files of a folder.
    private static func graphFiles(in folder: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasSuffix(".symbols.json") }
    }

    /// Runs `swift package dump-symbol-graph` in the package and gives the files it wrote. The compiler's own
    /// messages (`path:line:column: error: ...`) are passed on as they are when it fails. A module whose graph
    /// the toolchain could not write (a C target, which has none) is a warning unless `targets` names it.
    private static func dump(_ settings: APISettings, site: URL) throws -> ([URL], [Diagnostic]) {
        let package = settings.packageFolder(site: site)
        guard FileManager.default.fileExists(atPath: package.appendingPathComponent("Package.swift").path) else {
            throw SectionSiteError("api: '\(settings.package)' is not a Swift package (it has no Package.swift)", at: settings.location)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "package", "dump-symbol-graph"]
        process.currentDirectoryURL = package
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        do { try process.run() } catch {
            throw SectionSiteError("api: cannot run 'swift package dump-symbol-graph': \(error)", at: settings.location)
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        let lines = text.split(separator: "\n")
        let written = lines.last { $0.hasPrefix("Files written to ") }
        // `error: Failed to emit symbol graph for 'CLinux': ...`: that module only.
        let failed = lines.compactMap { line -> String? in
            guard let range = line.range(of: "Failed to emit symbol graph for '") else { return nil }
            return line[range.upperBound...].split(separator: "'").first.map(String.init)
        }
        let fatal = failed.isEmpty || failed.contains(where: settings.targets.contains)
        let skipped = failed.filter { !$0.hasSuffix("Tests") }  // SwiftPM's own test modules are never documented
        guard process.terminationStatus == 0 || (written != nil && !fatal) else {
            let errors = lines.filter { $0.contains(": error: ") || $0.hasPrefix("error: ") }.prefix(20)
            let detail = errors.isEmpty ? String(text.suffix(2000)) : errors.joined(separator: "\n")
            throw SectionSiteError("api: 'swift package dump-symbol-graph' failed in \(package.path):\n\(detail)", at: settings.location)
        }
        guard let written else {
            throw SectionSiteError("api: 'swift package dump-symbol-graph' did not say where it wrote the graphs", at: settings.location)
        }
        let warnings = skipped.map {
            Diagnostic(.warning, "api: the toolchain wrote no symbol graph for '\($0)' (a C module has none); it is left out", at: settings.location)
        }
        return (try graphFiles(in: URL(fileURLWithPath: String(written.dropFirst("Files written to ".count)))), warnings)
    }
}
