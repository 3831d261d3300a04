import Foundation

/// The git repository that holds a folder, read by running `git` (the first on `PATH`) there: the one place that
/// starts git, for the history of translations and `sectionsite changes --since` (`GitHistory`) and for the versions
/// of the documentation read from commits (`GitVersions`).
package struct GitRepository: Sendable {
    /// Why git cannot answer, as a sentence.
    package struct Unavailable: Error, Equatable {
        package var reason: String
        package init(reason: String) { self.reason = reason }
    }

    /// The folder git runs in.
    package let folder: URL
    /// The `git` program.
    package let git: URL
    /// The folder's path inside the repository (`site/`, or empty at its root): git takes paths of commits from the
    /// repository's root, not from the current folder.
    package let prefix: String

    /// The repository of `folder`; `missing` is the reason when git is not installed, `outside` when the folder is
    /// in no repository.
    package static func open(_ folder: URL, missing: String, outside: String) throws(Unavailable) -> GitRepository {
        guard let git = program() else { throw Unavailable(reason: missing) }
        let result = run(git, ["rev-parse", "--show-prefix"], in: folder)
        guard result.status == 0 else {
            if result.error.contains("not a git repository") { throw Unavailable(reason: outside) }
            throw Unavailable(reason: "git cannot read the repository: \(firstLine(result.error))")
        }
        return GitRepository(
            folder: folder, git: git, prefix: firstLine(String(decoding: result.output, as: UTF8.self)))
    }

    /// Runs git in the folder and waits for it.
    package func run(_ arguments: [String], input: Data? = nil) -> (status: Int32, output: Data, error: String) {
        Self.run(git, arguments, in: folder, input: input)
    }

    /// The repository's root folder.
    package var root: URL {
        var root = folder.standardizedFileURL
        for _ in prefix.split(separator: "/") { root.deleteLastPathComponent() }
        return root
    }

    /// Writes the tree of `treeish` (a commit, or a tree's object name) into `target`, made if missing: `git archive`
    /// from the repository's root (in a folder of it, git takes only what is under that folder, and nothing from a
    /// folder it does not track), unpacked by `tar`. What `git archive` leaves out is not there: files marked
    /// `export-ignore`, submodules' files; Git LFS files come as their pointers.
    package func unpack(_ treeish: String, into target: URL) throws(Unavailable) {
        let archive = Self.run(git, ["archive", "--format=tar", treeish], in: root)
        guard archive.status == 0 else {
            throw Unavailable(reason: "git archive failed: \(Self.firstLine(archive.error))")
        }
        do {
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        } catch {
            throw Unavailable(reason: "cannot make \(target.path): \(error.localizedDescription)")
        }
        let tar = URL(fileURLWithPath: "/usr/bin/tar")
        let unpacked = Self.run(
            FileManager.default.isExecutableFile(atPath: tar.path) ? tar : URL(fileURLWithPath: "/bin/tar"),
            ["-x", "-f", "-"],
            in: target, input: archive.output)
        guard unpacked.status == 0 else {
            throw Unavailable(reason: "tar could not unpack it: \(Self.firstLine(unpacked.error))")
        }
    }

    /// The first line of a program's message.
    package static func firstLine(_ text: String) -> String {
        String(text.split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
    }

    /// The first `git` on `PATH`.
    private static func program() -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("git") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Runs a program and waits for it; one that cannot be started reads as a failure with the reason on stderr.
    private static func run(
        _ program: URL, _ arguments: [String], in folder: URL, input: Data? = nil
    ) -> (status: Int32, output: Data, error: String) {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_OPTIONAL_LOCKS"] = "0"  // `git status` must not take the index's lock from a git the user runs
        environment["LC_ALL"] = "C"  // git's messages in English, which callers read
        environment["GIT_LITERAL_PATHSPECS"] = "1"  // a file named `a*.md` is that file, not a pattern
        process.environment = environment
        let (output, error) = (Pipe(), Pipe())
        process.standardOutput = output
        process.standardError = error
        let inputPipe = input.map { _ in Pipe() }
        process.standardInput = inputPipe ?? FileHandle.nullDevice
        do { try process.run() } catch { return (127, Data(), "\(error.localizedDescription)") }
        if let input, let inputPipe {
            // Written from a thread of its own: git answers as it reads, and would block on a full stdout pipe
            // while this thread blocked on a full stdin one.
            let writer = inputPipe.fileHandleForWriting
            Thread.detachNewThread {
                try? writer.write(contentsOf: input)
                try? writer.close()
            }
        }
        // Its messages read meanwhile, on a thread of their own: a program blocked on a full stderr pipe would
        // never end, while stdout, which may be more than a pipe holds, is read to its end here.
        let said = Locked(Data())
        let reading = DispatchGroup()
        DispatchQueue.global().async(group: reading) {
            let data = error.fileHandleForReading.readDataToEndOfFile()
            said.withLock { $0 = data }
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        reading.wait()
        process.waitUntilExit()
        return (process.terminationStatus, data, String(decoding: said.withLock { $0 }, as: UTF8.self))
    }
}
