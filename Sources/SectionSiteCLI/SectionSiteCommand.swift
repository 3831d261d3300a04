import ArgumentParser
import Foundation
import SectionSite

@main
struct SectionSiteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sectionsite",
        abstract: "A static site generator whose pages are sectioned data sources, patched live in the browser.",
        version: "0.1.0",
        subcommands: [Build.self, Serve.self, Check.self, Diff.self, New.self]
    )
}

/// The `--site` option shared by the commands that read a site.
struct SiteOptions: ParsableArguments {
    @Option(help: "The site folder.")
    var site: String = "."

    var siteURL: URL { URL(fileURLWithPath: site, isDirectory: true).standardizedFileURL }
}
