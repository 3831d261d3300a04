import ArgumentParser
import Foundation
import SectionSite
import SectionSiteEngine

struct New: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Write a small working site to start from.")

    @Argument(help: "The folder to create; it must not exist or be empty.")
    var directory: String

    func run() throws {
        let folder = URL(fileURLWithPath: directory, isDirectory: true)
        do {
            let written = try Starter.write(to: folder)
            let workflow = try Starter.writeWorkflow(for: folder)
            print("Created a site in \(directory) (\(written.count) files). Next:")
            print("  cd \(directory)")
            print("  sectionsite serve    # write with the live preview at http://127.0.0.1:8000/")
            print("  sectionsite build    # the site, in _site/")
            if let workflow {
                print(
                    "Wrote \(Self.shown(workflow)): on GitHub it publishes the site to GitHub Pages at every push to "
                        + "main (Settings > Pages > Source: GitHub Actions)."
                )
            } else {
                print(
                    "Left the repository's .github/workflows/pages.yml as it was; `sectionsite new` in an empty "
                        + "folder outside it shows the workflow it writes."
                )
            }
        } catch let error as SectionSiteError {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            throw ExitCode(1)
        }
    }

    /// A path as the user typed its folder: relative to the current folder when it is under it.
    private static func shown(_ url: URL) -> String {
        let here = FileManager.default.currentDirectoryPath + "/"
        return url.path.hasPrefix(here) ? String(url.path.dropFirst(here.count)) : url.path
    }
}
