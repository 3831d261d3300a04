import SectionSiteEngine

/// What stops `sectionsite new`: a folder that holds something already, a package site outside any package, a
/// file it cannot write.
enum NewProblem: Problem {
    /// The folder to make the site in exists and is not empty.
    case folderNotEmpty(String)
    /// `--kind package` outside every Swift package.
    case noPackage(String)
    /// A file of the new site, or its workflow, could not be written.
    case cannotWrite(String, reason: String)

    var identified: (id: Diagnostic.ID, message: String) {
        switch self {
        case .folderNotEmpty(let folder): ("new.folder-not-empty", "'\(folder)' is not empty; choose a new folder")
        case .noPackage(let folder):
            (
                "new.no-package",
                "--kind package documents the Swift package the new folder is in, and no folder above '\(folder)' "
                    + "has a Package.swift: make the site inside the package (`sectionsite new docs` in its folder), "
                    + "or choose --kind blog, docs or product"
            )
        case .cannotWrite(let path, let reason): ("new.cannot-write", "cannot write '\(path)': \(reason)")
        }
    }
}
