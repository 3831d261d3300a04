import Foundation
import SectionSiteEngine

/// A site's history as git keeps it, read by running `git` with the site folder as the current folder: when a file
/// was last committed, a file's text at a commit, and whether a file has changes not committed yet.
struct GitHistory {
    /// Why the history cannot be read, as a sentence for the report.
    struct Unavailable: Error, Equatable {
        var reason: String
    }

    /// The site folder.
    let folder: URL
    /// The `git` program.
    private let git: URL
    /// The site folder's path inside the repository (`site/`, or empty at its root): `git show` takes paths from
    /// the repository's root, not from the current folder.
    private let prefix: String

    /// The history of the repository that holds `folder`; unavailable when git is not installed or the folder is in
    /// no repository.
    static func open(_ folder: URL) throws(Unavailable) -> GitHistory {
        guard let git = program() else {
            throw Unavailable(reason: "git is not installed (no 'git' on PATH), so when it was last brought up to date is not known")
        }
        let result = run(git, ["rev-parse", "--show-prefix"], in: folder)
        guard result.status == 0 else {
            if result.error.contains("not a git repository") {
                throw Unavailable(reason: "the site is not in a git repository, so when it was last brought up to date is not known")
            }
            throw Unavailable(reason: "git cannot read the site's repository: \(firstLine(result.error))")
        }
        return GitHistory(folder: folder, git: git, prefix: firstLine(String(decoding: result.output, as: UTF8.self)))
    }

    /// The last commit that changed the file at `path` (relative to the site), nil when none did.
    func lastCommit(of path: String) throws(Unavailable) -> TranslationStatus.Since? {
        let result = Self.run(git, ["log", "-1", "--format=%H%x09%cI", "--", path], in: folder)
        guard result.status == 0 else { throw Unavailable(reason: "git log failed: \(Self.firstLine(result.error))") }
        let fields = Self.firstLine(String(decoding: result.output, as: UTF8.self)).split(separator: "\t")
        guard fields.count == 2 else { return nil }
        return TranslationStatus.Since(commit: String(fields[0]), date: String(fields[1]))
    }

    /// The bytes of the file at `path` (relative to the site) as of `commit`; nil when the file was not there.
    func contents(of path: String, at commit: String) -> Data? {
        let result = Self.run(git, ["show", "\(commit):\(prefix)\(path)"], in: folder)
        return result.status == 0 ? result.output : nil
    }

    /// Whether the file at `path` differs from what its last commit holds (staged or not).
    func hasUncommittedChanges(_ path: String) -> Bool {
        let result = Self.run(git, ["status", "--porcelain", "--", path], in: folder)
        return result.status == 0 && !result.output.isEmpty
    }

    /// The first `git` on `PATH`.
    private static func program() -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("git") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Runs git and waits for it; a program that cannot be started reads as a failure with the reason on stderr.
    private static func run(_ git: URL, _ arguments: [String], in folder: URL) -> (status: Int32, output: Data, error: String) {
        let process = Process()
        process.executableURL = git
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_OPTIONAL_LOCKS"] = "0"  // `git status` must not take the index's lock from a git the user runs
        environment["LC_ALL"] = "C"  // git's messages in English, which `open` reads
        environment["GIT_LITERAL_PATHSPECS"] = "1"  // a file named `a*.md` is that file, not a pattern
        process.environment = environment
        let (output, error) = (Pipe(), Pipe())
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return (127, Data(), "\(error.localizedDescription)") }
        // stdout is read to its end before waiting: a file's text can be more than a pipe holds, and git would
        // block writing it while we wait for it to end. Its messages on stderr are a line or two.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, data, String(decoding: errorData, as: UTF8.self))
    }

    private static func firstLine(_ text: String) -> String {
        String(text.split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
    }
}
