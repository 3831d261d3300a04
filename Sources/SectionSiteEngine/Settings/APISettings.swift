import Foundation

/// The settings' `api:`: a Swift package whose API reference is part of the site, read from the symbol graphs the
/// compiler writes (`SectionSiteAPI` makes the pages; the engine knows only where they go).
package struct APISettings: Sendable, Equatable {
    /// The package folder, relative to the site folder: `.` when the site lives in the package.
    package var package = "."
    /// The targets to document, in order; every library target of the package when empty.
    package var targets: [String] = []
    /// Folders or `.symbols.json` files to read, relative to the site, instead of asking the compiler.
    package var symbolGraphs: [String] = []
    /// The site path the reference lives under (`/api/`): a page per module and type below it.
    package var url = "/api/"
    /// Where `api:` is written, for errors about the reference as a whole.
    package var location = SourceLocation(file: "sectionsite.yml")
    /// How deep types may nest in types (a member counts as one level below its type). The deepest real packages
    /// nest a handful of levels; each level is a folder of the output and a crumb on every page below it.
    package var maxNesting = 64
    /// How many members one type may have. swift-syntax's biggest (its visitors: a `visit` and a `visitPost` for
    /// each of a few hundred node kinds) have about a thousand; all of a type's members are on its page.
    package var maxMembers = 10_000
    /// How many symbols the graphs may hold in all: a package as big as swift-syntax has tens of thousands.
    package var maxSymbols = 500_000

    /// The package folder as a URL.
    package func packageFolder(site: URL) -> URL { Self.inSite(package, site: site) }

    /// A path the settings give, relative to the site folder or absolute. Not `URL(fileURLWithPath:relativeTo:)`,
    /// which takes the site's own name for a file, and the path for its sibling, when `site` has no trailing `/`.
    package static func inSite(_ path: String, site: URL) -> URL {
        (path.hasPrefix("/") ? URL(fileURLWithPath: path) : site.appendingPathComponent(path)).standardizedFileURL
    }

    /// The folders the reference may read its symbol graphs and catalogs from: the site's bounds (`readOutside:`
    /// included) and the package this names, when it is one. A folder without `Package.swift` is no package, so
    /// `package: /` does not open the whole disk to a catalog's symbolic links.
    package func sourceBounds(site: URL, config: SiteConfig) -> SourceBounds {
        let folder = packageFolder(site: site)
        let isPackage = FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path)
        return SourceBounds(site: site, outside: config.readOutside + (isPackage ? [folder.path] : []))
    }
}
