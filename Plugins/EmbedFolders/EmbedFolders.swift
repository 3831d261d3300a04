import Foundation
import PackagePlugin

/// Builds folders of the repository that the binary carries into a target as Swift source (`embed.sh`): the themes
/// (`Themes/default`) into the engine, so that any site, new or imported, can say `theme: default` without a copy
/// of its own, and the starter sites (`Starters/<kind>`) into the commands, for `sectionsite new`. The files are the
/// build's inputs: editing one builds the target again.
@main
struct EmbedFolders: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let (folderName, enumName) =
            target.name == "SectionSiteCommands"
            ? ("Starters", "BuiltinStarterFiles") : ("Themes", "BuiltinThemeFiles")
        let folder = context.package.directoryURL.appending(path: folderName)
        let names =
            folderName == "Themes"
            ? ["default"]
            : ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") }
                .sorted()
        var inputs: [URL] = []
        for name in names {
            let files =
                FileManager.default.enumerator(
                    at: folder.appending(path: name), includingPropertiesForKeys: [.isRegularFileKey])?
                .compactMap { $0 as? URL }
                .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true } ?? []
            inputs += files.sorted { $0.path < $1.path }
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "\(enumName).swift")
        let script = context.package.directoryURL.appending(path: "Plugins/EmbedFolders/embed.sh")
        return [
            .buildCommand(
                displayName: "Embedding \(folderName)/",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: [script.path, output.path, enumName, folder.path] + names,
                inputFiles: inputs + [script],
                outputFiles: [output])
        ]
    }
}
