/// What the system refuses when SectionSite reads or writes its own files (the build record in `.sectionsite/`,
/// caches, pages kept on disk), with the system's reason; the user's input is not to blame.
enum StorageProblem: Problem {
    /// A file SectionSite writes could not be written.
    case cannotWrite(String, reason: String)
    /// A file written beside its place could not be moved into it.
    case cannotReplace(String, reason: String)
    /// A file SectionSite wrote before could not be read back.
    case cannotRead(String, reason: String)
    /// The scratch file that holds page bodies during a build could not be made.
    case noScratchFile(folder: String, reason: String)
    /// `.sectionsite/history.json` does not read; patches start again from this build (a warning).
    case historyUnreadable

    var severity: Diagnostic.Severity {
        if case .historyUnreadable = self { .warning } else { .error }
    }

    var identified: (id: Diagnostic.ID, message: String) {
        switch self {
        case .cannotWrite(let path, let reason): ("storage.cannot-write", "cannot write \(path): \(reason)")
        case .cannotReplace(let path, let reason): ("storage.cannot-replace", "cannot replace \(path): \(reason)")
        case .cannotRead(let path, let reason): ("storage.cannot-read", "cannot read \(path): \(reason)")
        case .noScratchFile(let folder, let reason):
            ("storage.no-scratch-file", "cannot make a scratch file in \(folder): \(reason)")
        case .historyUnreadable:
            (
                "storage.history-unreadable",
                "ignoring an unreadable .sectionsite/history.json; patches start again from this build"
            )
        }
    }

}
