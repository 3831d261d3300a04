/// What keeps the output folder from being written, or read back as SectionSite's: a folder that would destroy
/// something, a file that would leave it, two sources of one file, or a refusal of the system. The previous output
/// is then left as it was.
enum OutputProblem: Problem {
    /// The output folder is the site's folder, or a parent of it.
    case holdsTheSite(String)
    /// The output's path is a file.
    case notAFolder(String)
    /// The output folder has files and no `_sectionsite/`, so SectionSite did not write it.
    case notOurs(String)
    /// A folder `--changes` compares has no `_sectionsite/`, so SectionSite did not write it.
    case noOutputOfOurs(String)
    /// An output file's path leaves the output folder, or is absolute.
    case fileLeavesOutput(String, origin: String, escape: String)
    /// A file to copy is read from outside the site, and `readOutside:` does not name its folder.
    case readOutside(String, real: String)
    /// Two sources write one output file.
    case writtenTwice(String, first: String, second: String)
    /// The system refused to write the output.
    case cannotWrite(reason: String)
    /// The previous output could not be kept for `--changes` to compare with.
    case cannotKeepPrevious(String, reason: String)
    /// A request stopped the build (the preview's next edit, or Ctrl-C).
    case interrupted

    var identified: (id: Diagnostic.ID, message: String) {
        switch self {
        case .holdsTheSite(let path):
            ("output.holds-the-site", "refusing to write the output to '\(path)': it holds the site itself")
        case .notAFolder(let path): ("output.not-a-folder", "the output '\(path)' exists and is not a folder")
        case .notOurs(let path):
            (
                "output.not-ours",
                "the output folder '\(path)' is not empty and was not written by sectionsite; remove it or choose "
                    + "another --out"
            )
        case .noOutputOfOurs(let path):
            ("output.no-output-of-ours", "'\(path)' is no output of SectionSite (it has no _sectionsite/ folder)")
        case .fileLeavesOutput(let path, let origin, let escape):
            ("output.file-leaves-output", "refusing to write the output file '\(path)' of \(origin): \(escape)")
        case .readOutside(let path, let real):
            (
                "output.read-outside",
                "refusing to publish '\(path)': it is read from '\(real)', outside the site (name the folder in "
                    + "'readOutside:' in sectionsite.yml to allow it)"
            )
        case .writtenTwice(let path, let first, let second):
            ("output.written-twice", "two sources write the output file '\(path)': \(first) and \(second)")
        case .cannotWrite(let reason):
            ("output.cannot-write", "cannot write the output: \(reason); the previous output is unchanged")
        case .cannotKeepPrevious(let path, let reason):
            ("output.cannot-keep-previous", "cannot keep the previous output for --changes in \(path): \(reason)")
        case .interrupted: ("output.interrupted", "interrupted; the previous output is unchanged")
        }
    }
}
