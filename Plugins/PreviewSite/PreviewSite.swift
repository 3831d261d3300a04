import Foundation
import PackagePlugin

/// `swift package --disable-sandbox preview-site [--site DIR] [serve options]`: serves the package's site with the
/// live preview (`sectionsite serve`) until Ctrl-C. On macOS the plug-in sandbox forbids a server, hence
/// `--disable-sandbox`.
@main
struct PreviewSite: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var arguments = ArgumentExtractor(arguments)
        let site = try SitePlugin.site(
            arguments.extractOption(named: "site").last, package: context.package.directoryURL)
        try SitePlugin.run(
            try context.tool(named: "SectionSiteCLI").url,
            ["serve", "--site", site.path] + arguments.remainingArguments)
    }
}
