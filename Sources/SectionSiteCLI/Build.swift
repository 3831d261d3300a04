import ArgumentParser
import Foundation
import SectionSite

struct Build: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Build the site into a folder.")

    @OptionGroup var siteOptions: SiteOptions

    @Option(help: "The output folder.")
    var out: String = "_site"

    @Option(name: .customLong("base-url"), help: "Overrides baseURL of sectionsite.yml.")
    var baseURL: String?

    @Flag(help: "Publish pages marked draft.")
    var drafts = false

    @Flag(help: "Print nothing but errors.")
    var quiet = false

    func run() throws {
        let site = siteOptions.siteURL
        let outURL = URL(fileURLWithPath: out, isDirectory: true, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        let options = BuildOptions(site: site, out: outURL, baseURL: baseURL, drafts: drafts)
        let terminal = Terminal(quiet: quiet)
        do {
            let report = try SiteBuilder(options: options).build(progress: terminal.progress)
            terminal.finishProgress()
            terminal.warnings(report.warnings)
            terminal.trace(report.reloads.map { "reload patch \($0)" })
            terminal.say(report.summary(out: out))
        } catch {
            terminal.finishProgress()
            terminal.error(error as? SectionSiteError ?? SectionSiteError("\(error)"))
            throw ExitCode(1)
        }
    }
}
