/// What `--verify` finds between the output and a build of the same site from nothing, each an error at the output
/// file (`_site/a/index.html: error: differs from a build from nothing`).
enum VerifyProblem: Problem {
    /// A file of the output that a build from nothing does not write.
    case notFromNothing
    /// A file a build from nothing writes, missing from the output.
    case missing
    /// A file whose bytes differ from those a build from nothing writes; both hashes are given.
    case differs(here: String, fromNothing: String)
    /// A file whose bytes are not those the output's manifest records.
    case notAsManifestSays(manifest: String)
    /// The output has no manifest.
    case noManifest
    /// The build from nothing wrote no manifest: a bug to report.
    case noManifestFromNothing

    var identified: (id: Diagnostic.ID, message: String) {
        switch self {
        case .notFromNothing: ("verify.not-from-nothing", "is not in a build from nothing")
        case .missing: ("verify.missing", "is missing: a build from nothing writes it")
        case .differs(let here, let fromNothing):
            ("verify.differs", "differs from a build from nothing (\(here) here, \(fromNothing) from nothing)")
        case .notAsManifestSays(let manifest):
            ("verify.not-as-manifest-says", "is not what the output's manifest says it is (\(manifest))")
        case .noManifest: ("verify.no-manifest", "the output has no manifest")
        case .noManifestFromNothing:
            ("verify.no-manifest-from-nothing", "the build from nothing wrote no manifest to compare with")
        }
    }
}
