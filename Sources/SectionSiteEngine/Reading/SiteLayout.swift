/// Something that changed since the site was made: what the file watchers, a program's bound pages and the record
/// of the previous build report, and what `Site.apply` takes.
package enum SiteChange: Hashable, Sendable, Comparable, ExpressibleByStringLiteral {
    /// A file or folder under the site folder, by its path relative to it; a folder's ends in `/`.
    case file(SourcePath)
    /// The settings: `sectionsite.yml`, or a file `--config` names (which lies anywhere).
    case settings
    /// The Swift sources of the API reference's package (`api:`): its symbol graphs are made again.
    case apiSources
    /// A page a program defines, by URL: loaded again from its definition, or removed when it has none.
    case definedPage(PageURL)

    /// A file, by its path relative to the site folder.
    package init(stringLiteral value: String) {
        self = .file(SourcePath(value))
    }

    /// The change of a page.
    init(page source: SourceID) {
        switch source {
        case .file(let path): self = .file(path)
        case .program(let url): self = .definedPage(url)
        case .generated: self = .settings  // the site makes it from everything
        }
    }
}

/// Which folder of a site means what: the one place that turns a path relative to the site folder into the kind of
/// change it makes. The preview's watcher watches what it names, an edit is applied by what it says, and its tests
/// are a table of paths.
///
/// ```text
/// sectionsite.yml                      settings: everything is built again
/// Content/**.md                        a page
/// Content/**                           a file copied as is (an image beside its page)
/// Data/*                               a data file: templates may show it on any page
/// Themes/<theme>/cells|supplementary/  a template drawing items or headers
/// Themes/<theme>/directives|hooks/     a template drawing Markdown: the pages it drew are loaded again
/// Themes/<theme>/assets/**             a file copied under assets/
/// Themes/<theme>/**                    a layout, a partial, the theme's words (i18n/): every page renders again
/// Static/**                            a file copied as is
/// ```
package struct SiteLayout: Sendable, Equatable {
    /// The theme in use: only its folder under `Themes/` matters.
    package var theme: String

    /// What a changed path is.
    package enum Change: Sendable, Equatable {
        /// `sectionsite.yml` or another settings file, or the theme's folder itself (made, removed or renamed).
        case settings
        /// The API reference's package.
        case apiSources
        /// A Markdown page of `Content/`, or a page a program defines.
        case page(SourceID)
        /// A folder of `Content/` (made, removed or renamed): the pages under it are found again.
        case contentFolder
        /// Any other file of `Content/`, copied to this output path.
        case contentFile(OutputPath)
        /// A file of `Data/`.
        case data
        /// A cell or supplementary template, by name (`cells/dish`).
        case template(String)
        /// A directive or render hook template, by name (`directives/row`, `hooks/link`).
        case component(String)
        /// Any other file of the theme: a layout, a partial.
        case layout
        /// A file or folder of the theme's `assets/`, copied to this output path (`assets/style.css`).
        case themeAsset(OutputPath)
        /// A file or folder of `Static/`, copied to this output path.
        case staticFile(OutputPath)
        /// Nothing the site is built from: another theme, an editor's temporary file, anything else.
        case ignored
    }

    /// The names at the top of the site folder that a build reads.
    package static let watchedRoots: Set<String> = ["Content", "Data", "Themes", "Static", "sectionsite.yml"]

    /// Whether a file or folder name is an editor's or the system's own (hidden, backup, swap, temporary): such
    /// files are never part of the site.
    package static func isIgnored(name: Substring) -> Bool {
        name.hasPrefix(".") || name.hasSuffix("~") || name.hasSuffix(".swp") || name.hasSuffix(".tmp")
    }

    package init(theme: String) {
        self.theme = theme
    }

    /// What a change is.
    package func classify(_ change: SiteChange) -> Change {
        switch change {
        case .settings: .settings
        case .apiSources: .apiSources
        case .definedPage(let url): .page(.program(url))
        case .file(let path): classify(path)
        }
    }

    /// The change a path makes; folders end in `/`.
    ///
    /// - Complexity: O(n) in the length of `path`.
    package func classify(_ path: SourcePath) -> Change {
        if path == "sectionsite.yml" { return .settings }
        let isFolder = path.rawValue.hasSuffix("/")
        let parts = path.rawValue.split(separator: "/")
        guard let root = parts.first, let name = parts.last, !parts.dropFirst().contains(where: Self.isIgnored) else {
            return .ignored
        }
        let inner = parts.dropFirst().joined(separator: "/")
        switch root {
        case "Content":
            if isFolder || parts.count == 1 { return .contentFolder }
            return name.hasSuffix(".md") ? .page(.file(path)) : .contentFile(OutputPath(inner))
        case "Data":
            return .data
        case "Static":
            return .staticFile(OutputPath(inner))  // a folder too: what is under it is found again
        case "Themes":
            guard parts.count > 1 else { return .settings }  // the theme may be gone
            guard parts[1] == theme else { return .ignored }
            guard parts.count > 2 else { return .settings }
            let file = parts.dropFirst(2).joined(separator: "/")
            if parts[2] == "assets" { return .themeAsset(OutputPath(file)) }
            if (parts[2] == "cells" || parts[2] == "supplementary"), !isFolder, file.hasSuffix(".mustache") {
                return .template(String(file.dropLast(".mustache".count)))
            }
            if (parts[2] == "directives" || parts[2] == "hooks"), !isFolder, file.hasSuffix(".mustache") {
                return .component(String(file.dropLast(".mustache".count)))
            }
            return .layout
        default:
            return .ignored
        }
    }
}
