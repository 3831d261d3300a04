import Foundation
import PackagePlugin

/// What the two command plug-ins share (each links this file through a symbolic link in its folder: plug-ins
/// cannot depend on a library): finding the package's site and running `sectionsite` on it.
enum SitePlugin {
    /// The folders of a package where its site is looked for, in order, when `--site` does not name one.
    static let places = [".", "Site", "site", "Documentation", "docs"]

    /// The site folder: `--site` (from the package's folder), or the first of `places` that holds a
    /// `sectionsite.yml`.
    static func site(_ named: String?, package: URL) throws -> URL {
        if let named {
            let folder = named.hasPrefix("/") ? URL(fileURLWithPath: named) : package.appending(path: named)
            guard FileManager.default.fileExists(atPath: folder.appending(path: "sectionsite.yml").path) else {
                throw PluginFailure("--site \(named): \(folder.path) has no sectionsite.yml")
            }
            return folder
        }
        for place in places {
            let folder = place == "." ? package : package.appending(path: place)
            if FileManager.default.fileExists(atPath: folder.appending(path: "sectionsite.yml").path) { return folder }
        }
        let list = places.map { $0 == "." ? "the package's folder" : $0 + "/" }.joined(separator: ", ")
        throw PluginFailure(
            "no sectionsite.yml in \(list): name the site's folder with --site, or make one with `sectionsite new`")
    }

    /// Runs the `sectionsite` the package built (its target, SectionSiteCLI, is the tool) with `arguments`, and
    /// throws when it fails. Its output, standard and error, is passed on a line at a time as it comes, as
    /// progress: SwiftPM holds what a plug-in prints until the plug-in ends, and `preview-site` never ends by itself.
    static func run(_ tool: URL, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        var pending = Data()
        while case let data = output.fileHandleForReading.availableData, !data.isEmpty {
            pending += data
            while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                Diagnostics.progress(String(decoding: pending[..<end], as: UTF8.self))
                pending = pending[(end + 1)...]
            }
        }
        if !pending.isEmpty { Diagnostics.progress(String(decoding: pending, as: UTF8.self)) }
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw PluginFailure(
                "sectionsite \(arguments.first ?? "") failed (exit status \(process.terminationStatus))")
        }
    }
}

/// A failure the plug-in reports in one line.
struct PluginFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
