import Foundation
import SectionSiteEngine

/// A site's history as git keeps it, read by running `git` with the site folder as the current folder: when a file
/// was last committed, a file's text at a commit, and whether a file has changes not committed yet.
struct GitHistory {
    /// Why the history cannot be read, as a sentence for the report.
    typealias Unavailable = GitRepository.Unavailable

    /// The repository, in the site folder.
    private let repository: GitRepository
    /// The site folder.
    var folder: URL { repository.folder }
    /// The site folder's path inside the repository (`site/`, or empty at its root): `git show` takes paths from
    /// the repository's root, not from the current folder.
    private var prefix: String { repository.prefix }

    /// The history of the repository that holds `folder`; unavailable when git is not installed or the folder is in
    /// no repository.
    static func open(_ folder: URL) throws(Unavailable) -> GitHistory {
        GitHistory(
            repository: try GitRepository.open(
                folder,
                missing: "git is not installed (no 'git' on PATH), so when it was last brought up to date is not known",
                outside: "the site is not in a git repository, so when it was last brought up to date is not known"))
    }

    /// The last commit that changed each of `paths` (relative to the site); a path no commit changed is absent.
    /// One `git log` over the history of the paths' folders, newest first, rather than one per file: a site of a
    /// thousand translations spent 7.9 s starting three gits per translation.
    func lastCommits(of paths: Set<String>) throws(Unavailable) -> [String: TranslationStatus.Since] {
        let folders = Set(paths.map { $0.split(separator: "/").first.map(String.init) ?? $0 }).sorted()
        let result = repository.run(
            ["log", "--format=%x01%H%x09%cI", "--name-only", "--no-renames", "-z", "--"] + folders)
        guard result.status == 0 else {
            throw Unavailable(reason: "git log failed: \(GitRepository.firstLine(result.error))")
        }
        var found: [String: TranslationStatus.Since] = [:]
        var since: TranslationStatus.Since?
        // Each commit: \u{1}hash\tdate\n, then the files it changed, each ended by \0.
        for field in String(decoding: result.output, as: UTF8.self).split(
            separator: "\0", omittingEmptySubsequences: true)
        {
            var name = Substring(field)
            if let start = field.firstIndex(of: "\u{1}") {
                let header = field[field.index(after: start)...].prefix { $0 != "\n" }.split(separator: "\t")
                if header.count == 2 {
                    since = TranslationStatus.Since(commit: String(header[0]), date: String(header[1]))
                }
                name = field[field.index(after: start)...].drop { $0 != "\n" }.dropFirst()
            }
            name = name.drop { $0 == "\n" }
            guard let since, name.hasPrefix(prefix) else { continue }
            let path = String(name.dropFirst(prefix.count))
            if paths.contains(path), found[path] == nil { found[path] = since }
        }
        return found
    }

    /// The bytes of each file at `path` (relative to the site) as of `commit`, in order; nil where the file was
    /// not there. One `git cat-file --batch` for all of them.
    func contents(_ requests: [(path: String, commit: String)]) -> [Data?] {
        guard !requests.isEmpty else { return [] }
        let input = requests.map { "\($0.commit):\(prefix)\($0.path)\n" }.joined()
        let result = repository.run(["cat-file", "--batch"], input: Data(input.utf8))
        guard result.status == 0 else { return requests.map { _ in nil } }
        // Each answer: `<object> blob <size>\n<bytes>\n`, or `<name> missing\n`.
        var answers: [Data?] = []
        let output = result.output
        var index = output.startIndex
        while answers.count < requests.count, let newline = output[index...].firstIndex(of: UInt8(ascii: "\n")) {
            let header = String(decoding: output[index..<newline], as: UTF8.self).split(separator: " ")
            index = output.index(after: newline)
            guard header.count == 3, header[1] == "blob", let size = Int(header[2]), index + size <= output.endIndex
            else {
                answers.append(nil)
                continue
            }
            answers.append(output[index..<(index + size)])
            index += size + 1
        }
        return answers + Array(repeating: nil, count: requests.count - answers.count)
    }

    /// Which of `paths` (relative to the site) differ from what their last commit holds, staged or not: one
    /// `git status` for all of them.
    func uncommitted(_ paths: Set<String>) -> Set<String> {
        let folders = Set(paths.map { $0.split(separator: "/").first.map(String.init) ?? $0 }).sorted()
        let result = repository.run(["status", "--porcelain", "-z", "--untracked-files=no", "--"] + folders)
        guard result.status == 0 else { return [] }
        // `XY path\0`, and for a rename a second path, the old one, after it; paths are from the repository's root.
        var changed = Set<String>()
        for entry in String(decoding: result.output, as: UTF8.self).split(separator: "\0") where entry.count > 3 {
            let name = entry.dropFirst(3)
            if name.hasPrefix(prefix), paths.contains(String(name.dropFirst(prefix.count))) {
                changed.insert(String(name.dropFirst(prefix.count)))
            }
        }
        return changed
    }

    /// Writes the whole repository as `revision` has it into `target` (made new), and returns the site folder in
    /// it: `git archive` of the commit's tree, unpacked by `tar`. The whole repository, not the site's folder alone,
    /// so that what the site reads from beside it (`readOutside:`, an `api:` package at `..`) is there too. What
    /// `git archive` leaves out is not: files marked `export-ignore`, submodules' files, and Git LFS files, which
    /// come as their pointers. The revision is resolved to a commit first, and one that starts with `-` is refused:
    /// git would read it as an option.
    func export(_ revision: String, to target: URL) throws(Unavailable) -> URL {
        guard !revision.hasPrefix("-"), !revision.isEmpty else {
            throw Unavailable(reason: "'\(revision)' is no revision (a revision does not start with '-')")
        }
        let resolved = repository.run(["rev-parse", "--verify", "--quiet", "--end-of-options", revision + "^{commit}"])
        let commit = GitRepository.firstLine(String(decoding: resolved.output, as: UTF8.self))
        guard resolved.status == 0, !commit.isEmpty else {
            throw Unavailable(reason: "git knows no commit '\(revision)'")
        }
        try repository.unpack(commit, into: target)
        return prefix.isEmpty ? target : target.appendingPathComponent(prefix, isDirectory: true)
    }
}
