import Foundation
import SectionSiteEngine
import SystemPackage

/// The site being imported, read only through here. A site's own text steers some reads (`include_relative`, a
/// `ref`, the name of a settings file that may be a symbolic link), so every read is checked against the site's
/// bounds with symbolic links resolved: a link that stays inside the site is followed, one that leads out (to
/// `/etc`, say) is reported at its place and never read, so nothing outside the site can reach the new one.
struct ImportSource {
    /// The site's folder.
    let folder: URL
    private let bounds: SourceBounds

    init(_ folder: URL) {
        self.folder = folder
        bounds = SourceBounds(site: folder)
    }

    /// What reading a file found.
    enum Reading {
        /// The file's bytes.
        case data(Data)
        /// The file leads outside the site, to this real path; it was not read.
        case outside(String)
        /// No such file (or a link to nothing).
        case missing
    }

    /// `path` (relative to the site; it may hold `..`) as an absolute path, the form thrown errors name.
    func shown(_ path: String) -> String { folder.path + "/" + path }

    /// Reads `path` when it is inside the site. A file that is there but cannot be read is an error that says which.
    func reading(_ path: String) throws -> Reading {
        switch bounds.place(FilePath(shown(path))) {
        case .missing: return .missing
        case .outside(let real): return .outside(real)
        case .inside(let real):
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: real, isDirectory: &isFolder), !isFolder.boolValue else {
                return .missing
            }
            // The real path, not the one the site wrote: the file checked is the file read.
            return .data(
                try ImportProblem.attempt({ .cannotRead(shown(path), reason: $0) }, at: .file(shown(path))) {
                    try Data(contentsOf: URL(fileURLWithPath: real))
                })
        }
    }

    /// The bytes of a file the importer found in the site, or nil, with a leftover at the file, when it leads
    /// outside the site.
    func read(_ path: String, report: inout ImportReport) throws -> Data? {
        switch try reading(path) {
        case .data(let data): return data
        case .outside(let real):
            report.leftovers.append(Self.outside(path, real: real))
            return nil
        case .missing:
            throw ImportProblem.cannotRead(shown(path), reason: "no such file").error(at: .file(shown(path)))
        }
    }

    /// Whether `path` is a file inside the site.
    func hasFile(_ path: String) -> Bool {
        guard case .inside(let real) = bounds.place(FilePath(shown(path))) else { return false }
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: real, isDirectory: &isFolder) && !isFolder.boolValue
    }

    /// The leftover for a file at `path` that leads outside the site, to `real`.
    static func outside(_ path: String, real: String) -> ImportReport.Leftover {
        .init(kind: "file that leads outside the site, not read", file: path, text: "'\(path)' leads to '\(real)'")
    }
}
