import Foundation
import SectionSite
import SectionSiteAPI
import SectionSiteEngine
import SectionSiteHighlight
import SectionSiteImages
import ArgumentParser

extension Website {
    /// Runs the `sectionsite` command line with this site: `build`, `serve`, `check`, `diff` and `new`, their
    /// options as `sectionsite --help` lists them, `--site` defaulting to `folder`. Ends the process on error.
    ///
    /// Code is highlighted with KSyntaxHighlighting (`Highlighter.kate`) where the package was built with it (`build`
    /// and `serve` say once when it was not), and pictures are processed with libvips
    /// (`ImageProcessor.vips`) unless the site names others; `api:` in the settings is read from symbol graphs
    /// (`APIReader.symbolGraphs`).
    ///
    /// - Parameter arguments: the arguments, the process's own when nil.
    public func main(arguments: [String]? = nil) async {
        var site = self
        if site.highlighter == nil, Highlighter.kateIsBuiltIn { site.highlighter = .kate }
        if site.imageProcessor == nil { site.imageProcessor = .vips }
        if site.apiReader == nil { site.apiReader = .symbolGraphs }
        await SectionSiteCommand.$running.withValue(SectionSiteCommand.Running(site)) {
            await SectionSiteCommand.main(arguments)
        }
    }

    /// Runs the command line with the site `define` makes, as `main()` does; an error while making it (a bad page,
    /// say) is printed as `path:line:column: error: message` and ends the process with status 1, so a program's
    /// `main.swift` can be `await Website.main { ... }`.
    ///
    /// - Parameter define: makes the site: its folder, pages and bindings.
    public static func main(_ define: () async throws -> Website) async {
        let site: Website
        do {
            site = try await define()
        } catch {
            let line = (error as? SectionSiteError)?.description ?? "error: \(error)"
            FileHandle.standardError.write(Data((line + "\n").utf8))
            exit(1)
        }
        await site.main()
    }

}
