import SectionSiteEngine

/// What stops an import: a source or destination it cannot use, settings that do not parse, a file it cannot read
/// or write (`reason` is the system's); each kind's words written here once.
enum ImportProblem: Problem {
    /// The site to import is not a folder.
    case sourceNotAFolder(String)
    /// The new site's folder is a file.
    case destinationIsAFile(String)
    /// The new site's folder has something in it.
    case destinationNotEmpty(String)
    /// The system refused to list a folder of the site to import.
    case cannotList(String, reason: String)
    /// A path the import would write leaves the new site's folder.
    case refusedPath(String, folder: String, problem: String)
    /// The system refused to make a folder of the new site.
    case cannotMakeFolder(String, reason: String)
    /// The system refused to make the folder a file of the new site goes in.
    case cannotMakeFolderFor(String, reason: String)
    /// The system refused to write a file of the new site.
    case cannotWrite(String, reason: String)
    /// The system refused to move the new site into place.
    case cannotMove(String, to: String, reason: String)
    /// A file of the site to import cannot be read, or is not there.
    case cannotRead(String, reason: String)
    /// `_config.yml`, or Hugo's settings file, does not parse.
    case settingsDoNotParse(String, error: String)
    /// A language code or a `permalinks` section of Hugo's settings that cannot be a folder of the new site.
    case badSettingsKey(String)

    var identified: (id: Diagnostic.ID, message: String) {
        switch self {
        case .sourceNotAFolder(let path): ("import.source-not-a-folder", "'\(path)' is not a folder")
        case .destinationIsAFile(let path):
            ("import.destination-is-a-file", "'\(path)' is a file, not a folder; import into a new folder")
        case .destinationNotEmpty(let path):
            ("import.destination-not-empty", "'\(path)' is not empty; import into a new folder")
        case .cannotList(let path, let reason): ("import.cannot-list", "could not list the folder '\(path)': \(reason)")
        case .refusedPath(let path, let folder, let problem):
            ("import.refused-path", "refused to write '\(path)' into '\(folder)': \(problem)")
        case .cannotMakeFolder(let path, let reason):
            ("import.cannot-make-folder", "could not make the folder '\(path)': \(reason)")
        case .cannotMakeFolderFor(let path, let reason):
            ("import.cannot-make-folder-for", "could not make the folder for '\(path)' in the new site: \(reason)")
        case .cannotWrite(let path, let reason):
            ("import.cannot-write", "could not write '\(path)' in the new site: \(reason)")
        case .cannotMove(let from, let to, let reason):
            ("import.cannot-move", "could not move the new site from '\(from)' to '\(to)': \(reason)")
        case .cannotRead(let path, let reason): ("import.cannot-read", "could not read '\(path)': \(reason)")
        case .badSettingsKey(let problem): ("import.bad-settings-key", problem)
        case .settingsDoNotParse(let name, let error):
            ("import.settings-do-not-parse", "\(name) does not parse: \(error)")
        }
    }
}
