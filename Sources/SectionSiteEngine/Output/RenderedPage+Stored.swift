import Foundation

/// Writing to the page store is the output's work: a version is written as the output's files are, and a page kept
/// on disk is one whose version was written.
extension PageStore {
    /// Stores a version's HTML, unless it is stored already (a version names its content), and returns its file.
    /// Written under a name of its own and renamed, so that a file named by a version is always whole, even when a
    /// build is killed while rendering.
    @discardableResult
    func store(_ html: String, version: PageVersion) throws -> String {
        let file = file(version)
        guard access(file, F_OK) != 0 else { return file }
        let temporary = folder.path + "/.\(version.rawValue).\(getpid()).\(UInt(pthread_self())).tmp"
        do {
            try SiteWriter.writeFile(temporary, html)
        } catch {
            throw SiteWriter.writeError(error, at: file)  // a full disk says so as the output's writing does
        }
        guard rename(temporary, file) == 0 else {
            let reason = SystemReason.ofLastCall
            unlink(temporary)
            throw StorageProblem.cannotWrite("a page kept in \(folder.path)", reason: reason).error()
        }
        return file
    }
}

extension RenderedPage {
    /// The page with its document in `store` instead of in memory.
    func stored(in store: PageStore) throws -> RenderedPage {
        try store.store(document(), version: version)
        return RenderedPage(
            url: url, source: source, html: "", version: version, title: title, date: date, summary: keptSummary,
            templatesUsed: templatesUsed, animation: animation, isComplete: isComplete, store: store)
    }

    /// The page's HTML: as rendered, or, for a page an incremental build did not render again, as the previous
    /// build wrote it into `out`; nil when it cannot be read.
    func html(orIn out: URL) -> String? {
        isComplete
            ? try? document()
            : try? String(contentsOf: out.appendingPathComponent(OutputPath(page: url).rawValue), encoding: .utf8)
    }

    /// What the output file of the page holds: its HTML, the file it is stored in, or, for a page restored from
    /// the previous build's record, what the previous output holds.
    var contents: OutputFile.Contents {
        guard isComplete else { return .unchanged }
        return storedFile.map(OutputFile.Contents.copy) ?? .text((try? document()) ?? "")  // in memory: never fails
    }
}
