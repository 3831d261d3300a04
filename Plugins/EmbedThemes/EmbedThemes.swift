import Foundation
import PackagePlugin

/// Builds the themes the binary carries (`Themes/default`) into the engine as Swift source (`embed.sh`), so that any
/// site, new or imported, can say `theme: default` without a copy of its own. The files are the build's inputs:
/// editing one builds the engine again.
@main
struct EmbedThemes: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let themes = context.package.directoryURL.appending(path: "Themes")
        let names = ["default"]
        var inputs: [URL] = []
        for name in names {
            let folder = themes.appending(path: name)
            let files =
                FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])?
                .compactMap { $0 as? URL }
                .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true } ?? []
            inputs += files.sorted { $0.path < $1.path }
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "BuiltinThemeFiles.swift")
        let script = context.package.directoryURL.appending(path: "Plugins/EmbedThemes/embed.sh")
        return [
            .buildCommand(
                displayName: "Embedding the built-in themes",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: [script.path, output.path, themes.path] + names,
                inputFiles: inputs + [script],
                outputFiles: [output])
        ]
    }
}
