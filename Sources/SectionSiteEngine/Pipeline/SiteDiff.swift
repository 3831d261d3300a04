import Foundation
import HashTreeCollections

/// The patches between two site folders, built in memory: what `sectionsite diff` prints.
package enum SiteDiff {
    /// For every page in both sites whose version differs (or only `page`), the patch from old to new, by URL.
    package static func patches(
        old: URL, new: URL, page: String? = nil, highlighter: Highlighter? = nil
    ) throws -> [Patch] {
        func options(_ site: URL) -> BuildOptions {
            var options = BuildOptions(site: site)
            options.highlighter = highlighter
            return options
        }
        let oldPages = try Site(options: options(old)).pages
        let after = try Site(options: options(new))
        var patches: [Patch] = []
        for newPage in after.pages.values.sorted(by: { $0.url < $1.url }) {
            guard page == nil || newPage.url.rawValue == page, let oldPage = oldPages[newPage.url] else { continue }
            guard oldPage.version != newPage.version || page != nil else { continue }
            patches.append(
                PatchBuilder.patch(
                    page: newPage.url, from: try oldPage.document(), version: oldPage.version,
                    to: try newPage.document(),
                    version: newPage.version, animation: newPage.animation))
        }
        if let page, patches.isEmpty {
            throw SiteProblem.pageNotInBoth(page).error()
        }
        return patches
    }
}
