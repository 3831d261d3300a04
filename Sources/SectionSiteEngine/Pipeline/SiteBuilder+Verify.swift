import Foundation

/// `build --verify`: the proof that the output as it is equals a build from nothing.
extension SiteBuilder {
    /// Builds the site from nothing into a folder of its own, with a state folder of its own (nothing of the site's
    /// `.sectionsite/` record or page versions is read; the caches of pictures and symbol graphs, each file named
    /// by what it was made from, are), then compares the manifest of that build with the files of the output as
    /// they are now, each hashed again: a file altered after the build is found as one a wrong incremental build
    /// wrote. The patch feed (`_sectionsite/pages/`) is left out: it records the versions of earlier builds, which a
    /// build from nothing has not seen. Throws an error naming each file that differs, is missing or is extra; the
    /// output stays as it is either way.
    package func verify(progress: @escaping @Sendable (BuildProgress) -> Void = { _ in }) throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sectionsite-verify-\(getpid())-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        var cold = options
        cold.out = scratch.appendingPathComponent("out")
        cold.state = scratch.appendingPathComponent("state")
        cold.keepsLinks = false
        cold.keepsPatches = false
        var builder = SiteBuilder(options: cold)
        builder.interruption = interruption
        try builder.build(incremental: false) { step in
            progress(
                BuildProgress(
                    step: step.step, steps: step.steps, name: "Verifying: " + step.name, done: step.done,
                    total: step.total))
        }
        guard let expected = OutputManifest(of: cold.out) else {
            throw VerifyProblem.noManifestFromNothing.error()
        }
        let actual = OutputManifest(hashing: options.out)
        let written = OutputManifest(of: options.out)
        let errors = Self.differences(expected: expected, actual: actual, written: written, out: options.out)
        if !errors.isEmpty { throw SectionSiteError(errors) }
    }

    /// An error for each file that the output holds otherwise than the build from nothing does, and for each that
    /// its own manifest lists otherwise than the file is.
    static func differences(
        expected: OutputManifest, actual: OutputManifest, written: OutputManifest?, out: URL
    ) -> [Diagnostic] {
        func compared(_ manifest: OutputManifest) -> OutputManifest {
            OutputManifest(hashes: manifest.hashes.filter { !$0.key.rawValue.hasPrefix(PatchFeed.root) })
        }
        let shown = SiteWriter.shown(out.path)
        let changes = compared(expected).changes(to: compared(actual))
        let differing = Set(changes.all)
        var errors: [Diagnostic] = []
        for path in changes.all {
            let problem: VerifyProblem =
                switch (changes.added.contains(path), changes.removed.contains(path)) {
                case (true, _): .notFromNothing
                case (_, true): .missing
                default: .differs(here: "\(actual.hashes[path]!)", fromNothing: "\(expected.hashes[path]!)")
                }
            errors.append(problem.at(.file(shown + "/" + path.rawValue)))
        }
        if let written, compared(written) != compared(actual) {
            for path in compared(written).changes(to: compared(actual)).all where !differing.contains(path) {
                errors.append(
                    VerifyProblem.notAsManifestSays(manifest: OutputManifest.path.rawValue).at(
                        .file(shown + "/" + path.rawValue)))
            }
        } else if written == nil {
            errors.append(VerifyProblem.noManifest.at(.file(shown + "/" + OutputManifest.path.rawValue)))
        }
        return errors
    }
}
