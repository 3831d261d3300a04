import ArgumentParser
import Foundation
import SectionSite
import SectionSiteEngine

struct Check: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Build the site in memory and report every internal link or anchor that leads nowhere.")

    @OptionGroup var siteOptions: SiteOptions
    @OptionGroup var settings: SettingsOptions

    @Flag(help: "Check pages marked draft too.")
    var drafts = false

    @Flag(help: "Print nothing but the broken links and errors.")
    var quiet = false

    @Flag(
        name: .customLong("all-errors"), help: "Print every error, not only the first \(SectionSiteError.shownErrors).")
    var allErrors = false

    @Flag(help: "Treat every warning as an error, so that it fails the check (also 'strict: true' in sectionsite.yml).")
    var strict = false

    func run() async throws {
        let terminal = Terminal(quiet: quiet, allErrors: allErrors)
        do {
            let website = SectionSiteCommand.website
            var options = website.options(site: siteOptions.siteURL, drafts: drafts, checksLinks: true)
            options.settingsFiles = settings.urls
            let site = try await website.site(options, progress: terminal.progress)
            terminal.finishProgress()
            let strict = strict || site.config.strict
            let warnings = site.warnings
            if strict, !warnings.isEmpty {
                terminal.error(SectionSiteError(warnings.map(\.asError)))
            } else {
                terminal.warnings(warnings)
            }
            let report = LinkCheck(site).brokenLinks()
            for error in report.errors { FileHandle.standardError.write(Data((error.description + "\n").utf8)) }
            let broken = report.errors.count
            terminal.say(
                "Checked \(report.checked) internal link(s) in \(site.pages.count) pages: "
                    + (broken == 0 ? "none broken" : "\(broken) broken")
                    + (strict && !warnings.isEmpty ? "; \(warnings.count) warning(s) taken as errors (strict)" : ""))
            if broken > 0 || (strict && !warnings.isEmpty) { throw ExitCode(1) }
        } catch let exit as ExitCode {
            throw exit
        } catch {
            terminal.finishProgress()
            terminal.error(error)
            throw ExitCode(1)
        }
    }
}
