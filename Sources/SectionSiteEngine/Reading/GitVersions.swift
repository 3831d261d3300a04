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
        forget(all: Set(reads.map(\.version.name)), site: site)
        guard !reads.isEmpty else { return }
        var errors: [Diagnostic] = []
        for read in reads {
            let name = read.version.name
            if FileManager.default.fileExists(atPath: site.path + "/" + read.folder) {
                errors.append(
                    SettingsProblem.versionInTwoPlaces(name, folder: read.folder).at(.file("sectionsite.yml")))
                continue
            }
            do {
                try copy(read.source, folder: read.folder, into: read.copy, site: site)
            } catch let failure as Failure {
                errors.append(
                    SettingsProblem.gitVersionUnreadable(name, ref: read.source.ref, reason: failure.reason).at(
                        .file("sectionsite.yml")))
            }
        }
        if !errors.isEmpty { throw SectionSiteError(errors) }
    }

    /// Removes the copies of versions no longer read from git (and what a stopped build left beside them).
    private static func forget(all kept: Set<String>, site: URL) {
        let folder = site.appendingPathComponent(SiteVersions.copy(of: ""))
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

    private struct Failure: Error {
        var reason: String
    }

    private static func copy(
        _ source: SiteVersions.GitSource, folder: String, into copy: String, site: URL
    ) throws {
        let prefix = try git(["rev-parse", "--show-prefix"], in: site, or: "the site's folder is in no git repository")
        // The version's own folder where the site is, unless `path` names another from the repository's root.
        let inside = source.path ?? prefix.trimmingCharacters(in: .whitespacesAndNewlines) + folder
        let tree = try git(
            ["rev-parse", "--verify", "--quiet", "\(source.ref):\(inside)"], in: site,
            or: "it has no folder '\(inside)' (or there is no such tag, branch or commit)"
        ).trimmingCharacters(in: .whitespacesAndNewlines)
        let kind = try git(["cat-file", "-t", tree], in: site, or: "git cannot read it")
        guard kind.trimmingCharacters(in: .whitespacesAndNewlines) == "tree" else {
            throw Failure(reason: "'\(inside)' is a file there, not a folder")
        }
        let manager = FileManager.default
        let folder = site.appendingPathComponent(copy)
        let stamp = folder.path + ".tree"
        if (try? String(contentsOfFile: stamp, encoding: .utf8)) == tree, manager.fileExists(atPath: folder.path) {
            return
        }
        // Made beside and swapped in: a build stopped halfway leaves no copy of two trees.
        let parent = folder.deletingLastPathComponent()
        // What a build stopped halfway left (another process's staging), then this one's.
        let left = (try? manager.contentsOfDirectory(atPath: parent.path)) ?? []
        for name in left where name.hasPrefix(".\(folder.lastPathComponent)-") {
            try? manager.removeItem(at: parent.appendingPathComponent(name))
        }
        let staging = parent.appendingPathComponent(".\(folder.lastPathComponent)-\(getpid())")
        let archive = staging.path + ".tar"
        try? manager.removeItem(at: staging)
        try? manager.createDirectory(at: staging, withIntermediateDirectories: true)
        defer {
            try? manager.removeItem(atPath: archive)
            try? manager.removeItem(at: staging)
        }
        // From the repository's top: git archives nothing from a folder it does not track (a new site's).
        let top = try git(["rev-parse", "--show-toplevel"], in: site, or: "git finds no top to the repository")
        _ = try git(
            ["archive", "--format=tar", "-o", archive, tree],
            in: URL(fileURLWithPath: top.trimmingCharacters(in: .newlines)), or: "git cannot write its files")
        _ = try run("tar", ["-x", "-f", archive, "-C", staging.path], in: site, or: "tar cannot take its files apart")
        // The stamp first: a copy swapped in without its stamp is made again, never taken for another tree's.
        try? manager.removeItem(atPath: stamp)
        try? manager.removeItem(at: folder)
        do {
            try manager.moveItem(at: staging, to: folder)
            try tree.write(toFile: stamp, atomically: true, encoding: .utf8)
        } catch {
            throw Failure(reason: "its copy cannot be written in '\(copy)': \(SystemReason.of(error))")
        }
    }

    private static func git(_ arguments: [String], in site: URL, or reason: String) throws -> String {
        try run("git", arguments, in: site, or: reason)
    }

    /// Runs a program found on the `PATH` in the site's folder; its output, or a `Failure` with `reason` and what
    /// it said.
    private static func run(
        _ program: String, _ arguments: [String], in site: URL, or reason: String
    ) throws
        -> String
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        process.currentDirectoryURL = site
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw Failure(reason: "\(program) cannot be run: \(SystemReason.of(error))")
        }
        // What it says read meanwhile: a program blocked on a full pipe would never end.
        let said = Locked("")
        let reading = DispatchGroup()
        DispatchQueue.global().async(group: reading) {
            let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            said.withLock { $0 = text }
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        reading.wait()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let detail = said.withLock { $0 }.split(separator: "\n").first.map { " (\(program): \($0))" } ?? ""
            throw Failure(reason: reason + detail)
        }
        return String(decoding: data, as: UTF8.self)
    }
}
