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
            print("Created a site in \(directory) (\(written.count) files). Next:")
            print("  cd \(directory)")
            print("  sectionsite serve    # write with the live preview at http://127.0.0.1:8000/")
            print("  sectionsite build    # the site, in _site/")
            print("On GitHub, .github/workflows/pages.yml publishes it to GitHub Pages at every push to main (Settings > Pages > Source: GitHub Actions).")
        } catch let error as SectionSiteError {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            throw ExitCode(1)
        }
    }
}
