import Foundation
import Testing

@testable import SectionSiteCommands
import SectionSiteEngine
import SectionSiteImport
import SiteTestSupport

/// Runs an importer on a test site, with the starter theme, as `sectionsite import` does.
enum ImportRun {
    static func hugo(_ site: TestSite, into destination: URL) throws -> ImportReport {
        try HugoImporter(source: site.folder, destination: destination, theme: theme, themeName: "starter").run()
    }

    static func jekyll(_ site: TestSite, into destination: URL) throws -> ImportReport {
        try JekyllImporter(source: site.folder, destination: destination, theme: theme, themeName: "starter").run()
    }

    /// The error an import throws; a test failure when it throws none, or another kind.
    static func error(_ run: () throws -> ImportReport) -> SectionSiteError? {
        do {
            _ = try run()
            Issue.record("the import succeeded")
        } catch let error as SectionSiteError {
            return error
        } catch {
            Issue.record("not an error in our words: \(error)")
        }
        return nil
    }

    /// Every file under `folder` that contains `text`, relative to it.
    static func files(under folder: URL, containing text: String) -> [String] {
        FileTree.files(under: folder).filter {
            (try? String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8))?.contains(text) == true
        }
    }
}
