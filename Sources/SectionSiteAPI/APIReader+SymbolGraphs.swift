import Foundation
import SectionSiteEngine

extension APIReader {
    /// Reads the symbol graphs of the package `api:` names, written by the compiler as it builds the package
    /// (incrementally, in the site's `.sectionsite/api/`) or found where `api: {symbolGraphs: ...}` points, with
    /// SymbolKit, and makes the reference's pages: a page per module, per type and per extended type, and the
    /// articles of the modules' DocC catalogs.
    public static let symbolGraphs = APIReader(name: "symbolgraphs") { request -> APIReference in
        let (files, toolchainSeconds) = try SymbolGraphs.load(
            request.settings, site: request.site, bounds: request.bounds)
        try APIBounds.checkCounts(files, settings: request.settings)
        let index = APIIndex(files, order: request.settings.targets)
        try APIBounds.checkShape(index, settings: request.settings)
        let package =
            request.settings.symbolGraphs.isEmpty || request.settings.package != "."
            ? request.settings.packageFolder(site: request.site) : nil
        let pages = try APIPages(
            index: index, settings: request.settings, rootPath: request.rootPath, site: request.site, package: package,
            bounds: request.bounds)
        return APIReference(
            pages: try pages.pages(), symbols: pages.links.symbolLinks, warnings: pages.links.topicWarnings(),
            toolchainSeconds: toolchainSeconds)
    }
}
