/// The documentation's versions (`versions:` in `sectionsite.yml`): each a folder of one folder of the content
/// (`Content/docs/2.1/`, `Content/docs/2.0/`), in the order the settings list them, newest first. A page of a
/// version is the same page in another version when its path inside the version's folder is the same.
package struct SiteVersions: Sendable, Equatable {
    /// One version.
    package struct Version: Sendable, Equatable {
        /// Its folder's name, which is also its URL's segment: `2.1` is `Content/docs/2.1/`, `/docs/2.1/`.
        package var name: String
        /// What readers see; the name unless the settings give one.
        package var label: String
        /// Whether it is released, not yet (`unreleased`: work in progress), or no longer looked after.
        package var status = Status.released
        /// Its folder inside `Content/` where it is not `folder`'s folder of its name (`docs/archive/1.0`, an
        /// archived version; `docs`, a latest version kept above the others), as the settings give it.
        package var folder: String? = nil
        /// Where its files come from when they are not in the working tree: a commit of the site's repository.
        package var git: GitSource? = nil
    }

    /// A version's files read from git (`{name: "1.0", git: v1.0}`): the folder `path` (from the repository's root;
    /// the version's own folder of `Content/` unless given) in the commit `ref` names.
    package struct GitSource: Sendable, Equatable {
        package var ref: String
        package var path: String?
    }

    /// Where a version stands.
    package enum Status: String, Sendable, CaseIterable {
        case released, unreleased, unmaintained
    }

    /// The folder of `Content/` whose folders are the versions; empty when they are folders of `Content/` itself
    /// (`Content/2.15/`, as Linkerd keeps them).
    package var folder = "docs"
    /// The versions, newest first.
    package var list: [Version] = []
    /// The latest version's name, when the settings name one; else the first released.
    package var latestName: String?
    /// Whether the sitemap lists every version's pages (`sitemap: all`) rather than the latest version's alone.
    package var sitemapAll = false
    /// Whether the search box answers from every version (`search: all`) rather than the reader's alone.
    package var searchAll = false

    /// Whether the site has versions.
    package var isEmpty: Bool { list.isEmpty }

    /// The version readers are sent to: the one `latest:` names, else the first released one, else the first.
    package var latest: Version? {
        list.first { $0.name == latestName } ?? list.first { $0.status == .released } ?? list.first
    }

    /// Why `name` cannot be a folder of a version or of the folder that holds them, or nil when it can: letters,
    /// digits, `.`, `-` and `_` (`2.1`, `v1.x`, `next`), not `.` or `..`.
    static func nameProblem(_ name: String) -> String? {
        guard name.utf8.count <= 40, name.wholeMatch(of: /[A-Za-z0-9_][A-Za-z0-9._-]*/) != nil else {
            return "cannot be a version's folder: letters, digits, '.', '-' and '_' (like 2.1 or next)"
        }
        return nil
    }

    /// The folder of `Content/` a version's pages are in (`docs/2.1`, `2.1` when the versions are at the root, or
    /// the version's own `folder`).
    func folder(of name: String) -> String {
        if let own = list.first(where: { $0.name == name })?.folder { return own }
        return folder.isEmpty ? name : "\(folder)/\(name)"
    }

    /// The versions read from git, each with its folder inside the site (`Content/docs/1.0`) and the folder its
    /// files are copied into, relative to the site (`.sectionsite/git/1.0`).
    package var fromGit: [(version: Version, source: GitSource, folder: String, copy: String)] {
        list.compactMap { version in
            version.git.map { (version, $0, "Content/" + folder(of: version.name), Self.copy(of: version.name)) }
        }
    }

    /// Where a file of the site (`Content/docs/1.0/a.md`, relative to the site) is on the disk, under the site's
    /// folder `site`: in its copy (`.sectionsite/git/1.0/a.md`) for a version read from git, else where it says.
    package func file(_ file: SourcePath, in site: String) -> String {
        let path = file.rawValue
        // Of the innermost version whose folder holds it, as a page's version is (`locate`; a version's folder
        // itself too): from git or not.
        guard list.contains(where: { $0.git != nil }), path.hasPrefix("Content/") else { return site + "/" + path }
        let inner = path.dropFirst("Content/".count)
        guard let (version, _) = locate(inner + "/"), version.git != nil else { return site + "/" + path }
        let folder = folder(of: version.name)
        return site + "/" + Self.copy(of: version.name) + (folder.isEmpty ? "/" + inner : inner.dropFirst(folder.count))
    }

    /// Where the files of a version read from git are copied, relative to the site.
    static func copy(of name: String) -> String {
        ".sectionsite/git/\(name)"
    }

    /// Whether a file of the site (`Content/docs/1.0/a.md`) is of a version read from git: not one to edit.
    package func isFromGit(_ file: SourcePath) -> Bool {
        locate(String(file.rawValue.dropFirst("Content/".count)))?.version.git != nil
    }

    /// The path of a version's folder as a URL's start: `/docs/2.1/`, or `/2.1/` when the versions are at the root.
    func root(_ name: String) -> String {
        let inside = folder(of: name)
        return inside.isEmpty ? "/" : "/\(inside)/"
    }

    /// The version of a page by its path inside its language's folder (`docs/2.1/guide/install`, without `.md`),
    /// and its path inside the version's folder (`guide/install`), by which it is the same page in other versions;
    /// nil for a page of no version. A page in the folders of two versions (one kept inside the other's) is of the
    /// innermost.
    func locate(_ inner: String) -> (version: Version, key: String)? {
        guard !list.isEmpty else { return nil }
        var found: (version: Version, folder: String)?
        for version in list {
            let folder = folder(of: version.name)
            guard folder.isEmpty || inner.hasPrefix(folder + "/") else { continue }
            if folder.count > found?.folder.count ?? -1 { found = (version, folder) }
        }
        guard let (version, folder) = found else { return nil }
        let key = inner.dropFirst(folder.count).drop { $0 == "/" }
        return (version, key.isEmpty ? "index" : String(key))
    }
}
