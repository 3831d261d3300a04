import SectionSiteEngine

/// What stops an import: a source or destination it cannot use, settings that do not parse, a file it cannot read
/// or write (`reason` is the system's); each kind's words written here once.
enum ImportProblem: Problem {
    case sourceNotAFolder(String), destinationIsAFile(String), destinationNotEmpty(String), cannotList(
        String, reason: String)
    case refusedPath(String, folder: String, problem: String), cannotMakeFolder(String, reason: String)
    case cannotMakeFolderFor(String, reason: String), cannotWrite(String, reason: String), cannotMove(
        String, to: String, reason: String)
    case cannotRead(String, reason: String), settingsDoNotParse(String, error: String)

    var message: String {
        switch self {
        case .sourceNotAFolder(let path): "'\(path)' is not a folder"
        case .destinationIsAFile(let path): "'\(path)' is a file, not a folder; import into a new folder"
        case .destinationNotEmpty(let path): "'\(path)' is not empty; import into a new folder"
        case .cannotList(let path, let reason): "could not list the folder '\(path)': \(reason)"
        case .refusedPath(let path, let folder, let problem): "refused to write '\(path)' into '\(folder)': \(problem)"
        case .cannotMakeFolder(let path, let reason): "could not make the folder '\(path)': \(reason)"
        case .cannotMakeFolderFor(let path, let reason):
            "could not make the folder for '\(path)' in the new site: \(reason)"
        case .cannotWrite(let path, let reason): "could not write '\(path)' in the new site: \(reason)"
        case .cannotMove(let from, let to, let reason):
            "could not move the new site from '\(from)' to '\(to)': \(reason)"
        case .cannotRead(let path, let reason): "could not read '\(path)': \(reason)"
        case .settingsDoNotParse(let name, let error): "\(name) does not parse: \(error)"
        }
    }
}
