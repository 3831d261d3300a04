import Foundation
import PackagePlugin

/// `swift package generate-site [--site DIR] [--output-path DIR] [build options]`: builds the package's site (its
/// `api:` reference included) with the `sectionsite` this package builds. The output is `_site` in the site folder
/// unless `--output-path` says otherwise; a folder outside the package needs `--allow-writing-to-directory DIR`.
@main
struct GenerateSite: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var arguments = ArgumentExtractor(arguments)
        let site = try SitePlugin.site(
            arguments.extractOption(named: "site").last, package: context.package.directoryURL)
        let output = arguments.extractOption(named: "output-path").last
        var command = ["build", "--site", site.path]
        if let output { command += ["--out", output] }
        try SitePlugin.run(try context.tool(named: "SectionSiteCLI").url, command + arguments.remainingArguments)
    }
}
