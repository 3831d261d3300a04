import ArgumentParser
import Foundation
import SectionSite
import SectionSiteEngine

struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the patches between two site folders, one JSON patch a line.")

    @Argument(help: "The old site folder.")
    var old: String

    @Argument(help: "The new site folder.")
    var new: String

    @Option(help: "Only this page's patch (its URL, like /posts/hello/).")
    var page: String?

    func run() throws {
        do {
            let patches = try SiteDiff.patches(
                old: URL(fileURLWithPath: old, isDirectory: true), new: URL(fileURLWithPath: new, isDirectory: true),
                page: page, highlighter: SectionSiteCommand.website.highlighter)
            for patch in patches { print(patch.json) }
        } catch let error as SectionSiteError {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            throw ExitCode(1)
        }
    }
}
