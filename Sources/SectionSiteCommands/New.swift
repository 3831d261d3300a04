import ArgumentParser
import Foundation
import SectionSite
import SectionSiteEngine

struct New: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a small real site to start from, on the default theme.",
        discussion: """
            The site has a home page of sections, a blog of two posts, a docs section with its sidebar, a list that \
            the live preview lets you drag and edit, and a picture. --kind chooses the home page: blog (the \
            default), docs, product, or package (the API reference of the Swift package the folder is in; the \
            default inside a package).
            """)

    @Argument(help: "The folder to create; it must not exist or be empty.")
    var directory: String

    @Option(help: "What the site is for: blog, docs, product or package.")
    var kind: Starter.Kind?

    func run() throws {
        let folder = URL(fileURLWithPath: directory, isDirectory: true)
        do {
            let package = Starter.package(holding: folder.deletingLastPathComponent())
            let kind = self.kind ?? (package == nil ? .blog : .package)
            guard kind != .package || package != nil else {
                throw NewProblem.noPackage(directory).error()
            }
            let written = try Starter.write(to: folder, kind: kind, package: package)
            let workflow = try Starter.writeWorkflow(for: folder)
            let what = kind == .package ? "the documentation of \(package!.lastPathComponent)" : "a \(kind.rawValue)"
            print("Created \(what) in \(directory) (\(written.count) files). Next:")
            print("  cd \(Self.quoted(directory))")
            print("  sectionsite serve    # the live preview: open the address it prints, and edit any file")
            print("  sectionsite build    # the site, in _site/")
            if kind == .package {
                print("The first build builds the package to read its API (as long as a `swift build` from nothing).")
            }
            if let workflow {
                print(
                    "Wrote \(Self.shown(workflow)): on GitHub it publishes the site to GitHub Pages at every push to "
                        + "main (Settings > Pages > Source: GitHub Actions). README.md says more."
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

    /// A folder as a shell reads it: quoted when it holds anything but plain characters.
    private static func quoted(_ path: String) -> String {
        path.allSatisfy { $0.isLetter || $0.isNumber || "-_./~".contains($0) }
            ? path : "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

extension Starter.Kind: ExpressibleByArgument {}
