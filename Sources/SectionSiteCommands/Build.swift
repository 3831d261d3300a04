import ArgumentParser
import Foundation
import SectionSite
import SectionSiteEngine

struct Build: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Build the site into a folder.")

    @OptionGroup var siteOptions: SiteOptions
    @OptionGroup var settings: SettingsOptions

    @Option(
        help:
            ArgumentHelp(
                "The output folder (default: _site in the site folder, as Hugo and Zola have it; a path given here is "
                    + "from the current folder).")
    )
    var out: String?

    @Option(name: .customLong("base-url"), help: "Overrides baseURL of sectionsite.yml.")
    var baseURL: String?

    @Flag(help: "Publish pages marked draft.")
    var drafts = false

    @Flag(help: "Print nothing but errors.")
    var quiet = false

    @Flag(
        name: .customLong("no-link-check"), help: "Do not check the links of the pages built (sectionsite check does).")
    var noLinkCheck = false

    @Flag(
        name: .customLong("all-errors"), help: "Print every error, not only the first \(SectionSiteError.shownErrors).")
    var allErrors = false

    @Flag(
        help:
            ArgumentHelp(
                "Treat every warning as an error: the build fails and the output stays as it was (also 'strict: true' "
                    + "in sectionsite.yml).")
    )
    var strict = false

    @Flag(
        help:
            ArgumentHelp(
                "After the build, build again from nothing into a folder of its own and compare every output file's "
                    + "hash; a difference is an error naming the file.")
    )
    var verify = false

    @Option(
        name: .customLong("changes"),
        help: ArgumentHelp(
            "Write what this build changed, page by page and item by item, to this file in the form its extension "
                + "names (.md, .json, .html, .txt for the URLs); repeat it for several (see sectionsite changes).",
            valueName: "file"))
    var changes: [String] = []

    @Option(
        name: .customLong("changes-base-url"),
        help: "Where the site is deployed, for absolute links in the --changes Markdown.")
    var changesBaseURL: String?

    @Flag(help: "Keep running and build again whenever a page bound to a sequence in Swift has a new value.")
    var follow = false

    @Option(
        help: ArgumentHelp(
            "Send the patch of each page that changed to this push server's publisher location (nchan's), for "
                + "readers whose pages subscribe with feed.live.",
            valueName: "url"))
    var publish: String?

    /// `--out` from the current folder; nil for the default, `_site` in the site folder.
    var outURL: URL? {
        out.map {
            URL(
                fileURLWithPath: $0, isDirectory: true,
                relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        }
    }

    func run() async throws {
        let website = SectionSiteCommand.website
        var options = website.options(site: siteOptions.siteURL, out: outURL, baseURL: baseURL, drafts: drafts)
        options.settingsFiles = settings.urls
        options.keepsLinks = !noLinkCheck
        options.strict = strict
        let terminal = Terminal(quiet: quiet, allErrors: allErrors)
        let interruption = Interruption()
        let signals = Self.handleSignals(interruption, terminal: terminal)
        defer { signals.forEach { $0.cancel() } }
        let log: @Sendable (String) -> Void = { line in FileHandle.standardError.write(Data((line + "\n").utf8)) }
        if let note = SectionSiteCommand.highlightingNote { log(note) }
        do {
            for file in changes {
                guard ChangeReport.Form(fileExtension: (file as NSString).pathExtension) != nil else {
                    throw SectionSiteError("--changes '\(file)': name a file ending in .md, .json, .html or .txt")
                }
                // Before the build: a report that cannot be written must not fail a build that wrote the output.
                var folder: ObjCBool = false
                let parent = Changes.folder(file).deletingLastPathComponent().path
                guard FileManager.default.fileExists(atPath: parent, isDirectory: &folder), folder.boolValue else {
                    throw SectionSiteError("--changes '\(file)': there is no folder '\(parent)' to write it in")
                }
            }
            // The output as it is before the build, kept by hard links, to compare the new one with.
            let before = changes.isEmpty ? nil : try ChangeReport.keep(options.out)
            defer { if let before { try? FileManager.default.removeItem(at: before) } }
            let trace: (@Sendable (String) -> Void)? =
                terminal.traces ? { @Sendable line in terminal.trace([line]) } : nil
            let publisher = try publish.map {
                try PatchPublisher(endpoint: PatchPublisher.endpoint($0), log: log, trace: trace)
            }
            try await website.build(
                options, follow: follow, verify: verify, publisher: publisher, interruption: interruption,
                progress: terminal.progress, log: log
            ) { report in
                terminal.finishProgress()
                terminal.traceFinished()
                terminal.warnings(report.warnings)
                if let why = report.startedOver {
                    terminal.say("note: \(why): not used, so this build started from nothing")
                }
                terminal.trace(
                    report.reloads.map { "reload patch \($0)" } + [
                        "rendered \(report.renderedPages) of \(report.pageCount) pages"
                    ])
                terminal.say(
                    report.summary(
                        out: out ?? siteOptions.site.map { ($0 as NSString).appendingPathComponent("_site") } ?? "_site"
                    ))
            }
            await publisher?.finish()
            if !changes.isEmpty {
                let old =
                    before
                    ?? options.out.deletingLastPathComponent().appendingPathComponent(".no-previous-output-\(getpid())")
                let report = try ChangeReport.make(old: old, new: options.out)
                try Changes.write(report, to: changes, baseURL: changesBaseURL)
                terminal.say("Changes: \(report.countsLine)")
            }
            if let signal = interruption.signal { throw ExitCode(128 + signal) }  // it came after the output was whole
        } catch let exit as ExitCode {
            throw exit
        } catch {
            terminal.finishProgress()
            terminal.error(error)
            throw ExitCode(interruption.signal.map { 128 + $0 } ?? 1)
        }
    }

    /// SIGINT, SIGTERM and SIGHUP lose their default action (ending the process wherever it is) and are taken on
    /// a queue instead: the build ends at once unless it is writing the output, and otherwise at the next point
    /// where the output is whole (`Interruption`). The caller keeps the returned sources alive.
    private static func handleSignals(_ interruption: Interruption, terminal: Terminal) -> [any DispatchSourceSignal] {
        let queue = DispatchQueue(label: "sectionsite.signals")
        return [SIGINT, SIGTERM, SIGHUP].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                if interruption.request(signal: number) {
                    terminal.finishProgress()
                    terminal.error(Interruption.error)
                    _exit(128 + number)
                }
            }
            source.resume()
            return source
        }
    }
}
