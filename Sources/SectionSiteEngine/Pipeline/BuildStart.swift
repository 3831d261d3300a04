import Foundation
import SystemPackage

/// How `sectionsite build` begins, its first phase: from the previous build's record when there is one that fits
/// this build (its changes since then applied), else from nothing. What the later phases need to know of that
/// start is kept here, named.
struct BuildStart {
    /// Thrown by a phase that finds the record cannot be trusted after all: the build starts again from nothing.
    struct StartOver: Error {}

    /// The site, built.
    var site: Site
    /// The record the site started from; nil for a build from nothing.
    var record: SiteSnapshot?
    /// Why a build started from nothing although there was a record.
    var startedOver: String?
    /// Whether the output folder is the one the record describes, whose files unchanged pages keep; when it is
    /// not (gone, moved, restored by a CI cache with new times), every file is written again, the pages not
    /// rendered again copied from the versions the state folder keeps.
    var describesOutput = false
    /// The pages written from their stored versions, not rendered.
    var fromStore = Set<ObjectIdentifier>()
    /// Files touched, not changed: their new stamps are worth a record.
    var touched = false
    /// Nothing changed since the record: the sitemap, feeds and search index are as written.
    var unchanged = false
    /// The output holds the search files of the saved bases.
    var searchInOutput = false

    /// Whether unchanged files are linked from the previous output instead of written again.
    var linksOutput: Bool { record != nil && describesOutput }
    /// The output's files, listed on another thread while the record is read and the site restored (for
    /// `linksOutput`): walking 24,000 files in 21,000 folders takes a tenth of a second of a core.
    var listing: Background<[String]>?
    /// The listing as a set, made on another thread as soon as the listing is.
    var listed: Background<Set<String>>?
    /// The output's manifest, read on another thread alongside the listing (24,000 lines at 10,000 pages).
    var manifest: Background<OutputManifest?>?

    /// The site of this build, from the record in `options.state` unless `incremental` is off.
    init(
        options: BuildOptions, incremental: Bool, progress: @escaping @Sendable (BuildProgress) -> Void
    ) throws {
        var snapshot: SiteSnapshot?
        let recordName = SiteWriter.shown(SiteSnapshot.file(options.state).path)
        // Started before the record is read, which says whether it describes this output: when it does not (a build
        // into another folder, an output changed by hand), the listing is not waited for.
        let out = options.out
        let listing: Background<[String]>?, listed: Background<Set<String>>?, manifest: Background<OutputManifest?>?
        if incremental && access(SiteSnapshot.file(options.state).path, F_OK) == 0
            && access(out.path + "/" + OutputManifest.path.rawValue, F_OK) == 0
        {
            let files = Background { FileTree.files(under: out) }
            (listing, listed) = (files, Background { Set(files.value) })
            manifest = Background { OutputManifest(of: out) }
        } else {
            (listing, listed, manifest) = (nil, nil, nil)
        }
        if incremental {
            switch SiteSnapshot.read(options.state) {
            case .none: break
            case .unusable(let why): startedOver = "\(recordName) \(why)"
            case .loaded(let record): snapshot = record
            }
        }
        let describes =
            snapshot.map {
                Self.describesOutput($0, out: options.out)
                    || Self.holdsAsWritten(options.out, $0, manifest: manifest, listed: listed)
            } ?? false
        var mismatch: String?
        if let record = snapshot, var previous = try SiteRecord.restore(record, options: options, mismatch: &mismatch),
            let stood = describes ? [] : SiteRecord.stand(&previous, from: BuildState(folder: options.state).pages)
        {
            (site, self.record, describesOutput, fromStore) = (previous, record, describes, stood)
            if describes { (self.listing, self.listed, self.manifest) = (listing, listed, manifest) }
            try applyChanges(since: record, options: options, progress: progress)
        } else {
            if snapshot != nil {
                startedOver =
                    "\(recordName) "
                    + (mismatch
                        ?? "lists page versions that \(SiteWriter.shown(options.state.path))/versions/ no longer holds")
            }
            site = try Site(options: options, progress: progress)
        }
        if record != nil, !describesOutput, site.pages.values.contains(where: { !$0.isComplete }) {
            // A page that neither stands for its stored version nor was rendered would be linked from an output
            // that is not there: no such page is known, but a build from nothing is the safe way on.
            throw StartOver()
        }
    }

    /// The changes since `record` read and applied to the restored site.
    private mutating func applyChanges(
        since record: SiteSnapshot, options: BuildOptions, progress: @Sendable (BuildProgress) -> Void
    ) throws {
        progress(BuildProgress(.loading, name: "Loading changed pages"))
        let found = SiteRecord.changes(in: &site, since: record)
        touched = found.touched
        unchanged = found.changes.isEmpty && describesOutput
        // The search index is updated from the one the previous build saved; a build that finds nothing changed
        // makes none, and reads it only to save it again with the record.
        if !unchanged || touched {
            let saved = SearchShards.Saved.read(options.state)
            site.searchBase = saved?.bases ?? [:]
            searchInOutput = describesOutput && saved?.generation == record.takenAt
        }
        _ = try site.apply(found.changes)
    }

    /// Whether the output folder `out` holds what the snapshot's build wrote though its stamps are not the ones
    /// recorded: a CI runner that restores the output with `.sectionsite/` from a cache gets new times for every
    /// file. It does when its manifest is the one the build wrote and every file the manifest lists has the hash it
    /// lists: reading 24,000 files (200 MB at 10,000 pages) costs a fraction of writing them again. Only files the
    /// listing found are read, and it follows no symbolic link: a restored output's link to a file elsewhere, named
    /// as one of its files, makes it an output to write again, not one to read through.
    private static func holdsAsWritten(
        _ out: URL, _ snapshot: SiteSnapshot, manifest: Background<OutputManifest?>?, listed: Background<Set<String>>?
    ) -> Bool {
        guard let recorded = snapshot.outManifest, let manifest = manifest?.value, let listed = listed?.value,
            listed.contains(OutputManifest.path.rawValue),
            manifest.hashes.keys.allSatisfy({ listed.contains($0.rawValue) }),
            ContentHash.ofFile(out.path + "/" + OutputManifest.path.rawValue)?.hex == recorded
        else { return false }
        let root = out.path + "/"
        let files = Array(manifest.hashes)
        let chunks = stride(from: 0, to: files.count, by: 256).map { $0..<min($0 + 256, files.count) }
        return chunks.parallelMap { chunk in
            files[chunk].allSatisfy { ContentHash.ofFile(root + $0.key.rawValue)?.hex == $0.value }
        }.allSatisfy { $0 }
    }

    /// Whether the snapshot describes the output folder `out` as it is now.
    private static func describesOutput(_ snapshot: SiteSnapshot, out: URL) -> Bool {
        snapshot.out == out.path && snapshot.outStamp != nil && FileStamp.of(FilePath(out.path)) == snapshot.outStamp
    }
}
