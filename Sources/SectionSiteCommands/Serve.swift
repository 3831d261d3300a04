import ArgumentParser
import Foundation
import SectionSite
import SectionSiteEngine
import SectionSitePreview

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve the site from memory and patch every open tab as files change.")

    @OptionGroup var siteOptions: SiteOptions
    @OptionGroup var settings: SettingsOptions

    @Option(help: "The address to bind.")
    var host = "127.0.0.1"

    @Option(help: "The port; 0 picks a free one.")
    var port = 8000

    @Option(
        name: .customLong("allow-host"),
        help: ArgumentHelp(
            "Also answer requests for this host name (repeatable); by default only 127.0.0.1, localhost, [::1] and "
                + "--host are answered.",
            valueName: "name"))
    var allowHosts: [String] = []

    @Flag(
        help:
            ArgumentHelp(
                "Notice edits by looking at the files every --poll-interval seconds instead of by the system's file "
                    + "events: for a network mount, a container's shared folder, or wherever edits go unnoticed.")
    )
    var poll = false

    @Option(help: ArgumentHelp("How often --poll looks at the files.", valueName: "seconds"))
    var pollInterval = WatchMethod.pollingInterval / .seconds(1)

    @Flag(help: "Publish pages marked draft.")
    var drafts = false

    @Flag(help: "Print only the serving line, warnings and errors: no line per rebuild.")
    var quiet = false

    func validate() throws {
        guard pollInterval >= 0.01, pollInterval <= 60 else {
            throw ValidationError("--poll-interval must be between 0.01 and 60 seconds")
        }
    }

    func run() async throws {
        let website = SectionSiteCommand.website
        let quiet = self.quiet
        var options = website.options(site: siteOptions.siteURL, drafts: drafts)
        options.settingsFiles = settings.urls
        if let note = SectionSiteCommand.highlightingNote { FileHandle.standardError.write(Data((note + "\n").utf8)) }
        do {
            try await website.serve(
                options, host: host, port: port, allowedHosts: allowHosts,
                watch: poll ? .polling(interval: .seconds(pollInterval)) : .native,
                ready: { url in
                    FileHandle.standardOutput.write(Data("Serving at \(url)\n".utf8))
                },
                log: { line in
                    if line.contains("error:") || line.contains("warning:") || line.hasPrefix("note:") {
                        FileHandle.standardError.write(Data((line + "\n").utf8))
                    } else if !quiet {
                        FileHandle.standardOutput.write(Data((line + "\n").utf8))
                    }
                })
        } catch let error as SectionSiteError {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            throw ExitCode(1)
        }
    }
}
