import Foundation
import SystemPackage

/// What a site is made from besides its pages and the files it copies, read before anything else: the settings
/// (with their text, for the record's fingerprint), the theme and the data files.
struct SiteInputs {
    var config: SiteConfig
    var configText: String?
    var theme: Theme
    var data: [String: DataFile]

    init(options: BuildOptions) throws {
        (config, configText) = try Site.loadConfig(options)
        theme = try Theme(config: config, site: options.site)
        data = try DataFile.loadAll(site: options.site)
    }
}

/// What the site reads besides its pages, and the files it writes besides them.
extension Site {
    /// Reads `sectionsite.yml` when there is one, then the settings files of `--config` over it, applying the
    /// `--base-url` override; also returns the files' text as read (nil without any), which the record's
    /// fingerprint is made of: read once, so that an edit during the build cannot give the record settings other
    /// than those the build used.
    static func loadConfig(_ options: BuildOptions) throws -> (config: SiteConfig, text: String?) {
        let file = options.site.appendingPathComponent("sectionsite.yml")
        var config = SiteConfig()
        var text: String?
        if FileManager.default.fileExists(atPath: file.path) {
            text = try SourceText.read(file, path: "sectionsite.yml")
            config = try ConfigParser().parse(text!)
        } else {
            var isFolder: ObjCBool = false
            let content = options.site.appendingPathComponent("Content")
            guard
                FileManager.default.fileExists(atPath: content.path, isDirectory: &isFolder) && isFolder.boolValue
                    || !options.pages.isEmpty  // a program's site may have no file of its own but its theme
            else {
                throw SiteProblem.notASite(options.site.path).error()
            }
        }
        for file in options.settingsFiles {
            let path = Self.shownPath(file, site: options.site)
            guard FileManager.default.fileExists(atPath: file.path) else {
                throw SiteProblem.settingsFileMissing(path: path).error()
            }
            let more = try SourceText.read(file, path: path)
            config = try ConfigParser(path: path).parse(more, onto: config)
            text = (text ?? "") + "\n# \(path)\n" + more
        }
        try checkFolders(site: options.site, config: config)
        try GitVersions.copy(config.versions, site: options.site)
        if let baseURL = options.baseURL {
            config.baseURL = baseURL.hasSuffix("/") ? baseURL : baseURL + "/"
            config.data["baseURL"] = .string(config.baseURL)
        }
        return (config, text)
    }

    /// The folders a site's files are listed from must be the site's own: `Static` linked to `/etc` would publish
    /// every file there, and a theme named `../../x` would read templates from anywhere. Below them no symbolic link
    /// is followed (`FileTree`), so these are the only ones to check; `.sectionsite`, which builds and the preview
    /// write, too. Every one that leads outside is told at once.
    static func checkFolders(site: URL, config: SiteConfig) throws {
        let bounds = config.sourceBounds(site: site)
        let themeLocation = SourceLocation.file("sectionsite.yml")
        let theme = "Themes/" + config.theme
        let folders = [
            "Content", "Static", "Data", "Themes", theme, theme + "/i18n", theme + "/assets", ".sectionsite",
        ]
        let errors = folders.compactMap { folder -> Diagnostic? in
            guard let problem = bounds.problem(FilePath(site.path + "/" + folder), shown: folder) else { return nil }
            return SiteProblem.folderLeadsOutside(problem: problem).at(
                folder.hasPrefix("Themes/") ? themeLocation : .file(folder))
        }
        if !errors.isEmpty { throw SectionSiteError(errors) }
    }

    /// A file as messages name it: relative to the site when inside it, else whole.
    package static func shownPath(_ file: URL, site: URL) -> String {
        let path = file.standardizedFileURL.path
        let root = site.standardizedFileURL.path + "/"
        return path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
    }

    /// The files that are not pages: `Static/`, the files beside pages in `Content/`, the theme's assets and the
    /// runtime.
    static func staticFiles(site: URL, theme: Theme, versions: SiteVersions = SiteVersions()) -> [OutputFile] {
        var files = copies(of: site.appendingPathComponent("Static"), into: "", origin: "Static")
        files += copies(of: site.appendingPathComponent("Content"), into: "", origin: "Content") {
            !$0.hasSuffix(".md")
        }
        // A version read from git: the files beside its pages, from its copy.
        for read in versions.fromGit {
            let inside = String(read.folder.dropFirst("Content/".count)) + "/"
            files += copies(of: site.appendingPathComponent(read.copy), into: inside, origin: read.folder) {
                !$0.hasSuffix(".md")
            }
        }
        if theme.hasAssets {
            files += copies(
                of: theme.folder.appendingPathComponent("assets"), into: "assets/", origin: "\(theme.path)/assets")
        }
        files.append(
            OutputFile(
                path: OutputPath("_sectionsite/sectionsite.js"), contents: .text(Runtime.script), origin: "the runtime")
        )
        return files
    }

    /// Where highlighted code is cached between runs.
    static func highlightCache(_ state: URL) -> URL {
        state.appendingPathComponent("highlight.cache")
    }

    private static func copies(
        of folder: URL, into prefix: String, origin: String, where include: (String) -> Bool = { _ in true }
    ) -> [OutputFile] {
        FileTree.files(under: folder).filter(include).map {
            OutputFile(
                path: OutputPath(prefix + $0), contents: .copy(folder.path + "/" + $0), origin: "\(origin)/\($0)")
        }
    }
}
