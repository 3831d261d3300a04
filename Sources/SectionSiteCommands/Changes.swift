import ArgumentParser
import Foundation
import SectionSite
import SectionSiteEngine

extension ChangeReport.Form: ExpressibleByArgument {}

struct Changes: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Report what changed between two builds: pages added and removed, and in each page the sections, items "
            + "and blocks added, removed, moved and edited, with the URLs whose content changed.",
        discussion: """
            Compare two output folders (sectionsite changes old/_site new/_site), or the site's output with a build of \
            a git revision (sectionsite changes --since origin/main). The report is Markdown for a pull request's \
            comment, JSON for programs, an HTML page, or the changed URLs one a line (urls) for a CDN purge.
            """)

    @Argument(help: "The older output folder.")
    var old: String?

    @Argument(help: "The newer output folder.")
    var new: String?

    @Option(
        help: ArgumentHelp(
            "Compare the site's output with a build from nothing of the site as this git revision has it.",
            valueName: "revision"))
    var since: String?

    @OptionGroup var siteOptions: SiteOptions
    @OptionGroup var settings: SettingsOptions

    @Option(help: "With --since: the site's output folder (default: _site in the site folder).")
    var out: String?

    @Option(help: "The form printed: markdown, json, html or urls.")
    var format: ChangeReport.Form = .markdown

    @Option(
        name: .customLong("output"),
        help: ArgumentHelp(
            "Write the report to this file, in the form its extension names (.md, .json, .html, .txt for the URLs), "
                + "instead of printing it; repeat it for several.",
            valueName: "file"))
    var outputs: [String] = []

    @Option(
        name: .customLong("base-url"),
        help:
            ArgumentHelp(
                "Where the site is deployed: the Markdown's links and the list of URLs become absolute (a comment's "
                    + "relative links lead into the forge). With --since, the revision is built with it too, as the "
                    + "output was with build --base-url.")
    )
    var baseURL: String?

    @Flag(help: "With --since: build the revision with the pages marked draft, as the output was with build --drafts.")
    var drafts = false

    func validate() throws {
        if since == nil, old == nil || new == nil {
            throw ValidationError("Name two output folders, or --since a revision.")
        }
        if since != nil, old != nil {
            throw ValidationError("With --since, name no folders: the newer is the site's output (--out).")
        }
        for file in outputs where ChangeReport.Form(fileExtension: (file as NSString).pathExtension) == nil {
            throw ValidationError("'\(file)': name a file ending in .md, .json, .html or .txt")
        }
    }

    func run() async throws {
        let terminal = Terminal(quiet: false, allErrors: false)
        do {
            let report: ChangeReport
            if let since {
                report = try Self.report(
                    since: since, site: siteOptions.siteURL, out: out, settings: settings.urls, baseURL: baseURL,
                    drafts: drafts,
                    terminal: terminal)
            } else {
                report = try ChangeReport.make(old: Self.folder(old!), new: Self.folder(new!))
            }
            try Self.write(report, to: outputs, baseURL: baseURL)
            if outputs.isEmpty { print(report.text(format, baseURL: baseURL), terminator: "") }
        } catch {
            terminal.error(error)
            throw ExitCode(1)
        }
    }

    static func folder(_ path: String) -> URL {
        URL(
            fileURLWithPath: path, isDirectory: true,
            relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        ).standardizedFileURL
    }

    /// Writes the report to each file in the form its extension names.
    static func write(_ report: ChangeReport, to files: [String], baseURL: String?) throws {
        for file in files {
            do {
                try Data(
                    report.text(ChangeReport.Form(fileExtension: (file as NSString).pathExtension)!, baseURL: baseURL)
                        .utf8
                ).write(
                    to: folder(file), options: .atomic)
            } catch {
                throw SectionSiteError("cannot write the report: \(SystemReason.of(error))", at: .file(file))
            }
        }
    }

    /// The report from a build of the site at `revision` (from nothing, in a scratch folder) to the site's output.
    static func report(
        since revision: String, site: URL, out: String?, settings: [URL], baseURL: String? = nil, drafts: Bool = false,
        terminal: Terminal
    ) throws -> ChangeReport {
        let website = SectionSiteCommand.website
        let current = out.map(folder) ?? site.appendingPathComponent("_site")
        guard FileManager.default.fileExists(atPath: current.appendingPathComponent("_sectionsite").path) else {
            throw SectionSiteError(
                "there is no output in '\(current.path)' to compare: build the site first (sectionsite build), or "
                    + "name it with --out"
            )
        }
        let history: GitHistory
        do { history = try GitHistory.open(site) } catch {
            throw SectionSiteError("cannot read \(revision): \(error.reason)")
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sectionsite-since-\(getpid())-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let source: URL
        do { source = try history.export(revision, to: scratch.appendingPathComponent("repository")) } catch {
            throw SectionSiteError("cannot read \(revision): \(error.reason)")
        }
        var options = website.options(
            site: source, out: scratch.appendingPathComponent("out"), baseURL: baseURL, drafts: drafts)
        options.settingsFiles = settings
        options.state = scratch.appendingPathComponent("state")
        try SiteBuilder(options: options).build(incremental: false, progress: terminal.progress)
        terminal.finishProgress()
        return try ChangeReport.make(old: options.out, new: current)
    }
}
