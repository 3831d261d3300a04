import ArgumentParser
import Foundation
import SectionSite
import SectionSiteEngine
import SectionSiteImport

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a SectionSite site from a Jekyll or Hugo site, keeping every page's address.",
        discussion: """
            The source is only read. What cannot be converted (Liquid or shortcodes SectionSite has no equivalent \
            for, pages that are templates) stays as written and is listed, each at its place, in \
            DST/import-report.txt.
            """)

    @Argument(help: "What the source is: jekyll or hugo.")
    var kind: String

    @Argument(help: "The site to read.")
    var source: String

    @Argument(help: "The folder to write; it must not exist or be empty.")
    var destination: String

    func validate() throws {
        guard kind == "jekyll" || kind == "hugo" else {
            throw ValidationError("unknown kind of site '\(kind)' (known: jekyll, hugo)")
        }
    }

    func run() throws {
        do {
            // The default theme the binary carries: nothing of it is written into the new site.
            let (from, to) = (URL(fileURLWithPath: source), URL(fileURLWithPath: destination))
            let report =
                kind == "hugo"
                ? try HugoImporter(source: from, destination: to, theme: [], themeName: "default").run()
                : try JekyllImporter(source: from, destination: to, theme: [], themeName: "default").run()
            let pages = report.written.filter { $0.hasPrefix("Content/") && $0.hasSuffix(".md") }.count
            print("Imported \(pages) pages into \(destination) (\(report.written.count) files).")
            if report.leftovers.isEmpty {
                print("Everything was converted.")
            } else {
                print(
                    "Left as written (\(report.leftovers.count), each at its place in "
                        + "\(destination)/import-report.txt):"
                )
                for (kind, count) in report.summary { print("  \(count) \(kind)") }
            }
            if let tagsLine = report.tagsLine { print(tagsLine) }
            Self.tryBuilding(to, shown: destination)
        } catch let error as SectionSiteError {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            throw ExitCode(1)
        } catch {
            // The importers say what they were doing to which file; anything else is still named by the run.
            let message = "error: importing '\(source)' into '\(destination)' failed: \(error.localizedDescription)\n"
            FileHandle.standardError.write(Data(message.utf8))
            throw ExitCode(1)
        }
    }

    /// Builds the new site once, in memory (nothing is written but its `.sectionsite/` state), its pictures left to
    /// the first build, and says whether it builds, with its first errors, so the user knows before they try.
    static func tryBuilding(_ site: URL, shown: String) {
        print(buildSummary(site, shown: shown))
    }

    /// What `tryBuilding` says.
    static func buildSummary(_ site: URL, shown: String) -> String {
        var options = SectionSiteCommand.website.options(site: site)
        // Whether it builds, not its pictures: making every picture's files (webp, sizes) is most of a big site's
        // first build, and that build makes them once, into the same cache.
        options.imageProcessor = nil
        do {
            let built = try Site(options: options)
            let warnings = built.warnings
            return "The new site builds: \(built.pages.count) page\(built.pages.count == 1 ? "" : "s")"
                + (warnings.isEmpty
                    ? "."
                    : ", with \(warnings.count) warning\(warnings.count == 1 ? "" : "s") (sectionsite build --site "
                        + "\(shown) lists them).")
        } catch let error as SectionSiteError {
            let count = error.diagnostics.count
            return "The new site does not build yet: \(count) error\(count == 1 ? "" : "s"), the first:\n"
                + error.diagnostics.prefix(10).map { "  \($0.description)" }.joined(separator: "\n")
        } catch {
            return "The new site does not build yet: \(error)"
        }
    }
}
