import Foundation

/// The patches between two site folders, built in memory: what `sectionsite diff` prints.
public enum SiteDiff {
    /// For every page in both sites whose version differs (or only `page`), the patch from old to new, by URL.
    public static func patches(old: URL, new: URL, page: String? = nil) throws -> [Patch] {
        let before = try SiteBuild(options: BuildOptions(site: old)).render()
        let after = try SiteBuild(options: BuildOptions(site: new)).render()
        let oldPages = Dictionary(before.pages.map { ($0.url, $0) }, uniquingKeysWith: { first, _ in first })
        var patches: [Patch] = []
        for newPage in after.pages.sorted(by: { $0.url < $1.url }) {
            guard page == nil || newPage.url == page, let oldPage = oldPages[newPage.url] else { continue }
            guard oldPage.version != newPage.version || page != nil else { continue }
            patches.append(
                PatchBuilder.patch(
                    page: newPage.url, from: oldPage.html, version: oldPage.version, to: newPage.html,
                    version: newPage.version, animation: newPage.animation))
        }
        if let page, patches.isEmpty {
            throw SectionSiteError("the page '\(page)' is not in both sites")
        }
        return patches
    }
}
