import Foundation

/// The versions read from git (`versions.list: {name: "1.0", git: v1.0}`): each one's folder in that commit copied,
/// once for each tree git names it by, into `.sectionsite/git/<name>/`, from where a build reads it as the version's
/// folder of `Content/` (`SiteVersions.file(_:in:)`). `git archive` writes the tree and `tar` takes it apart: the
/// working tree, the index and the repository stay as they are, and no checkout is made.
enum GitVersions {
    /// Copies every version read from git that its copy does not hold yet; every version that cannot be read is an
    /// error at once, at `sectionsite.yml`.
    static func copy(_ versions: SiteVersions, site: URL) throws {
        let reads = versions.fromGit
        // Written and emptied here: a `.sectionsite/git` that is a link (to the content, or outside the site, as a
        // site may ship one) is never followed.
        let copies = site.appendingPathComponent(SiteVersions.copy(of: ""))
        var info = stat()
        if lstat(copies.path, &info) == 0, info.st_mode & S_IFMT != S_IFDIR {
            throw SettingsProblem.gitVersionUnreadable(
                reads.first?.version.name ?? "", ref: reads.first?.source.ref ?? "",
                reason: "'\(SiteVersions.copy(of: ""))' is not a folder (a link?): remove it, it is made again"
            ).error(at: .file("sectionsite.yml"))
        }
        forget(all: Set(reads.map(\.version.name)), in: copies)
        guard !reads.isEmpty else { return }
        let repository: GitRepository
        do {
            repository = try GitRepository.open(
                site, missing: "git is not installed (no 'git' on PATH)", outside: "the site is in no git repository")
        } catch {
            throw SettingsProblem.gitVersionUnreadable(
                reads[0].version.name, ref: reads[0].source.ref, reason: error.reason
            ).error(at: .file("sectionsite.yml"))
        }
        // Each version's folder in its commit, `inside` from the repository's root (the version's own folder where
        // the site is, unless `path` names another), named by git all at once: one git a build, not two a version.
        let insides = reads.map { $0.source.path ?? repository.prefix + $0.folder }
        let trees = self.trees(zip(reads, insides).map { "\($0.source.ref):\($1)" }, in: repository)
        var errors: [Diagnostic] = []
        for (read, (inside, tree)) in zip(reads, zip(insides, trees)) {
            let name = read.version.name
            if FileManager.default.fileExists(atPath: site.path + "/" + read.folder) {
                errors.append(
                    SettingsProblem.versionInTwoPlaces(name, folder: read.folder).at(.file("sectionsite.yml")))
                continue
            }
            do throws(GitRepository.Unavailable) {
                switch tree {
                case nil:
                    throw GitRepository.Unavailable(
                        reason: "it has no folder '\(inside)' (or there is no such tag, branch or commit)")
                case .some((_, let kind)) where kind != "tree":
                    throw GitRepository.Unavailable(reason: "'\(inside)' is a file there, not a folder")
                case .some((let object, _)):
                    try copy(object, into: read.copy, site: site, repository: repository)
                }
            } catch {
                errors.append(
                    SettingsProblem.gitVersionUnreadable(name, ref: read.source.ref, reason: error.reason).at(
                        .file("sectionsite.yml")))
            }
        }
        if !errors.isEmpty { throw SectionSiteError(errors) }
    }

    /// Removes the copies of versions no longer read from git (and what a stopped build left beside them).
    private static func forget(all kept: Set<String>, in folder: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names {
            let version = name.hasSuffix(".tree") ? String(name.dropLast(".tree".count)) : name
            guard !kept.contains(version) else { continue }
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }

    /// The files of the versions read from git as paths inside `Content/` (`docs/1.0/a.md`), as the folder `site`
    /// holds their copies.
    static func copiedFiles(_ versions: SiteVersions, site: URL) -> [String] {
        // Each file of a copy that is its version's: not one in a folder of another version inside it.
        versions.fromGit.flatMap { read in
            FileTree.files(under: site.appendingPathComponent(read.copy)).filter {
                versions.file(SourcePath(read.folder + "/" + $0), in: "") == "/" + read.copy + "/" + $0
            }.map { read.folder.dropFirst("Content/".count) + "/" + $0 }
        }
    }

    /// The object each of `names` (`v1.0:docs`) is and its kind (`tree`, `blob`), nil for one git cannot find, from
    /// one `git cat-file --batch-check`.
    private static func trees(_ names: [String], in repository: GitRepository) -> [(object: String, kind: String)?] {
        let answer = repository.run(["cat-file", "--batch-check"], input: Data(names.map { $0 + "\n" }.joined().utf8))
        // One line an object asked for: `<object> <kind> <size>`, or `<name> missing` (or `ambiguous`).
        let lines = String(decoding: answer.output, as: UTF8.self).split(separator: "\n").map {
            $0.split(separator: " ").map(String.init)
        }
        guard answer.status == 0, lines.count == names.count else { return names.map { _ in nil } }
        return lines.map { $0.count == 3 ? ($0[0], $0[1]) : nil }
    }

    /// Copies the tree `tree` into `copy` (relative to the site), unless the copy is of that tree already.
    private static func copy(
        _ tree: String, into copy: String, site: URL, repository: GitRepository
    ) throws(GitRepository.Unavailable) {
        let manager = FileManager.default
        let target = site.appendingPathComponent(copy)
        let stamp = target.path + ".tree"
        if (try? String(contentsOfFile: stamp, encoding: .utf8)) == tree, manager.fileExists(atPath: target.path) {
            return
        }
        // Made beside and swapped in: a build stopped halfway leaves no copy of two trees.
        let parent = target.deletingLastPathComponent()
        // What a build stopped halfway left (another process's staging), then this one's.
        let left = (try? manager.contentsOfDirectory(atPath: parent.path)) ?? []
        for name in left where name.hasPrefix(".\(target.lastPathComponent)-") {
            try? manager.removeItem(at: parent.appendingPathComponent(name))
        }
        let staging = parent.appendingPathComponent(".\(target.lastPathComponent)-\(getpid())")
        defer { try? manager.removeItem(at: staging) }
        try repository.unpack(tree, into: staging)
        // The stamp first: a copy swapped in without its stamp is made again, never taken for another tree's.
        try? manager.removeItem(atPath: stamp)
        try? manager.removeItem(at: target)
        do {
            try manager.moveItem(at: staging, to: target)
            try tree.write(toFile: stamp, atomically: true, encoding: .utf8)
        } catch {
            throw .init(reason: "its copy cannot be written in '\(copy)': \(SystemReason.of(error))")
        }
    }
}
