import ArgumentParser
import Foundation
import SectionSite
import SectionSiteEngine
import SectionSiteHighlight

/// The `sectionsite` command line, for the `Website` that `Website.main()` runs it with.
struct SectionSiteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sectionsite",
        abstract: "A static site generator whose pages are sectioned data sources, patched live in the browser.",
        version: SectionSiteVersion.current,
        subcommands: [
            Build.self, Serve.self, Check.self, Changes.self, Diff.self, New.self, Import.self, Translations.self,
        ]
    )

    /// The site the commands work on: its folder is `--site`'s default, its pages and bindings are built with it.
    static var website: Website { running.website }

    /// The site, held by reference: a task-local value is kept in the task's own stack of allocations.
    @TaskLocal static var running = Running(Website())

    /// The site of a run of the command line.
    final class Running: Sendable {
        let website: Website
        init(_ website: Website) { self.website = website }
    }

    /// What `build` and `serve` say once when code cannot be highlighted: the package was built without its
    /// `KSyntaxHighlighting` trait (a Mac without Qt) and the program names no highlighter of its own. Nil otherwise.
    static var highlightingNote: String? {
        guard website.highlighter == nil, !Highlighter.kateIsBuiltIn else { return nil }
        return
            "note: fenced code is not highlighted: this sectionsite was built without KSyntaxHighlighting (the "
            + "package's KSyntaxHighlighting trait); each block keeps its class=\"language-...\" for a "
            + "highlighter in the browser"
    }
}

/// The `--site` option shared by the commands that read a site.
struct SiteOptions: ParsableArguments {
    @Option(help: "The site folder (default: the program's site folder, for `sectionsite` the current one).")
    var site: String?

    var siteURL: URL {
        site.map { URL(fileURLWithPath: $0, isDirectory: true).standardizedFileURL }
            ?? SectionSiteCommand.website.folder
    }
}

/// The `--config` option of the commands that build a site.
struct SettingsOptions: ParsableArguments {
    @Option(
        name: .customLong("config"),
        help: ArgumentHelp(
            "A settings file read after sectionsite.yml; its top-level keys replace sectionsite.yml's. Repeat it for "
                + "more, later ones winning.",
            valueName: "file"))
    var files: [String] = []

    /// The files, relative to the current folder.
    var urls: [URL] {
        files.map {
            URL(fileURLWithPath: $0, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
                .standardizedFileURL
        }
    }
}
