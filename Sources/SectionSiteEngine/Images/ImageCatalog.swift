import Foundation
import SystemPackage

/// The site's pictures: what each local picture a page shows is (read from its header, never decoded to look),
/// the files made from it, and a cache of those files in `.sectionsite/images/`, so that a second build processes
/// nothing and an edit only what is new. Shared by every page loaded on every core.
final class ImageCatalog: Sendable {
    /// The site folder.
    let site: URL
    let settings: ImageSettings
    let processor: ImageProcessor
    /// The site's URL path prefix.
    let rootPath: String
    /// Where made files are kept between runs.
    let cache: URL
    /// The folders pictures may be read from: a destination with `../` or `%2e%2e/`, or a symbolic link, that
    /// leads out of them is refused before a byte is read.
    let bounds: SourceBounds
    /// The documentation's versions: a picture beside a page of one read from git is read from its copy.
    let versions: SiteVersions

    /// What a source was found to be, with the stamp it had.
    private struct Entry: Codable, Sendable, Equatable {
        var size: Int64, modified: Int64
        var hash: String
        var width: Int, height: Int, orientation: Int
        var format: ImageFormat?
    }

    /// The record kept in `.sectionsite/images/index.json`.
    private struct Index: Codable {
        var format: String
        var savedAt: Int64
        var entries: [String: Entry]
        /// The pages that show each picture, for an incremental build to find the pages a changed picture changes.
        var users: [String: [String]]
    }

    private let previous: Index?
    private let entries = Locked<[String: Entry]>([:])
    /// The made files this run knows are in the cache.
    private let made = Locked<Set<String>>([])
    /// Pictures whose files could not be made (a damaged file), by path, with why and the file's stamp then: asked
    /// for again, such a picture fails as a missing one does, until the file changes.
    private let broken = Locked<[String: (message: String, stamp: FileStamp?)]>([:])

    /// A catalog for `site` that starts from the cache's record, if it fits this processor.
    init(
        site: URL, settings: ImageSettings, processor: ImageProcessor, rootPath: String, bounds: SourceBounds,
        versions: SiteVersions = SiteVersions()
    ) {
        self.versions = versions
        self.site = site
        self.bounds = bounds
        self.settings = settings
        self.processor = processor
        self.rootPath = rootPath
        self.cache = site.appendingPathComponent(".sectionsite/images")
        let format = Self.format(processor)
        previous = (try? Data(contentsOf: cache.appendingPathComponent("index.json")))
            .flatMap { try? JSONDecoder().decode(Index.self, from: $0) }.flatMap { $0.format == format ? $0 : nil }
    }

    private static func format(_ processor: ImageProcessor) -> String { "sectionsite-images/1 " + processor.name }

    /// The source a Markdown destination names when it is a local picture SectionSite processes: a relative path
    /// from the page's file (`photo.jpg` beside `Content/posts/trip/index.md`), or a path from the site's root
    /// (`/images/logo.png`), found among the site's files in `Static/` or else `Content/` (`targets`; without them,
    /// `Static/`). Nil for a remote URL, an anchor, or a file of another kind (an SVG, a GIF).
    func source(of destination: String, page: SourcePath, in targets: LinkTargets?) -> SourcePath? {
        guard
            ImageFormat(
                fileName: destination.split(whereSeparator: { $0 == "?" || $0 == "#" }).first.map(String.init) ?? "")
                != nil
        else { return nil }
        if destination.hasPrefix("/") {
            guard !destination.hasPrefix("//") else { return nil }
            var path = String(destination.dropFirst())
            if path.hasPrefix(String(rootPath.dropFirst())) { path = String(path.dropFirst(rootPath.count - 1)) }
            path = (path.split(whereSeparator: { $0 == "?" || $0 == "#" }).first.map(String.init) ?? path)
            path = path.removingPercentEncoding ?? path
            for folder in ["Static", "Content"] where targets?.files.contains(SourcePath("\(folder)/" + path)) == true {
                return SourcePath("\(folder)/" + path)
            }
            return SourcePath("Static/" + path)
        }
        guard let file = MarkdownLinks.fileTarget(destination, from: page) else { return nil }
        return SourcePath(file.target.removingPercentEncoding ?? file.target)
    }

    /// The picture at a site-relative path, planned: its size and the files to make. Reads the file's header and,
    /// once the header passes, streams its bytes for the hash, unless the record says it has not changed.
    ///
    /// Fails for a path that leads outside the site's bounds (nothing of it is read), a missing file, a file of more
    /// than `maxBytes`, a file that is no picture the processor reads, a file whose bytes are another format than
    /// its name says, and a picture of more than `maxPixels` pixels.
    func image(at source: SourcePath) throws(ImageProcessor.Failure) -> ProcessedImage {
        let path = source.rawValue
        let file = try readable(path)
        guard let stamp = FileStamp.of(FilePath(file)) else { throw .init("no such file") }
        if let known = broken.withLock({ $0[path] }), known.stamp == stamp { throw .init(known.message) }
        guard stamp.size <= settings.maxBytes else {
            throw .init(
                "is \(stamp.size) bytes, more than the \(settings.maxBytes) that 'images: {maxBytes}' allows: it was "
                    + "not read",
                refusal: true)
        }
        var entry = entries.withLock { $0[path] }.flatMap {
            $0.size == stamp.size && $0.modified == stamp.modified ? $0 : nil
        }
        if entry == nil, let recorded = previous?.entries[path], recorded.size == stamp.size,
            recorded.modified == stamp.modified,
            stamp.modified < (previous?.savedAt ?? 0) - 2_000_000_000
        {
            entry = recorded  // not touched since well before the record was saved
        }
        if entry == nil {
            // The header first: a file that is no picture, or too large a one, is refused before its bytes are read.
            let header = try processor.header(FilePath(file))
            _ = try checked(header, path: path)
            guard let hash = Self.hash(of: file) else { throw .init("cannot be read") }
            entry = Entry(
                size: stamp.size, modified: stamp.modified, hash: hash, width: header.width, height: header.height,
                orientation: header.orientation, format: header.format)
        }
        let found = entry!
        entries.withLock { $0[path] = found }
        let header = try checked(
            ImageProcessor.Header(
                width: found.width, height: found.height, orientation: found.orientation, format: found.format),
            path: path)
        return ProcessedImage(
            source: path, hash: found.hash, header: header, settings: settings, writes: processor.writes,
            processor: processor.name, rootPath: rootPath)
    }

    /// The real path of the picture at a site-relative path, when it is inside the bounds; `.` and `..` (decoded
    /// from `%2e` already) and symbolic links resolved, so that neither can lead a read out of the site.
    private func readable(_ path: String) throws(ImageProcessor.Failure) -> String {
        switch bounds.place(FilePath(versions.file(SourcePath(path), in: site.path))) {
        case .inside(let real):
            var info = stat()
            // A named pipe called `photo.jpg` would block the build on its first read.
            guard stat(real, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { throw .init("is not a file") }
            return real
        case .missing: throw .init("no such file")
        case .outside(let real):
            throw .init(
                "leads outside the site, to '\(real)': a site reads only its own files (name a folder in "
                    + "'readOutside:' "
                    + "in sectionsite.yml to allow one); it was not read", refusal: true)
        }
    }

    /// A header whose format is one SectionSite processes, the one the file's name says, and whose size is within
    /// `maxPixels`, with its format.
    private func checked(
        _ header: ImageProcessor.Header, path: String
    ) throws(ImageProcessor.Failure) -> ImageProcessor.Header {
        let named = ImageFormat(fileName: path)
        guard let format = header.format else {
            throw .init("is not a picture SectionSite processes (JPEG, PNG, WebP, AVIF, TIFF or HEIF)")
        }
        if let named, named != format, !(named == .heif && format == .avif) && !(named == .avif && format == .heif) {
            let name = (path as NSString).lastPathComponent
            let stem = name.split(separator: ".").dropLast().joined(separator: ".")
            throw .init(
                "is a \(format.displayName) picture, but its name says \(named.displayName): rename it to "
                    + "'\(stem).\(format.fileExtension)'")
        }
        guard header.width * header.height <= settings.maxPixels else {
            throw .init(
                "is \(header.width) x \(header.height) pixels, more than the \(settings.maxPixels) that 'images: "
                    + "{maxPixels}' "
                    + "allows: it was not decoded", refusal: true)
        }
        return ImageProcessor.Header(
            width: header.width, height: header.height, orientation: header.orientation, format: format)
    }

    /// The hash of a file's bytes; nil when it cannot be read.
    static func hash(of file: String) -> String? { ContentHash.ofFile(file)?.hex }

    /// The cached file of a variant.
    func cached(_ variant: ProcessedImage.Variant) -> URL {
        cache.appendingPathComponent((variant.path as NSString).lastPathComponent)
    }

    /// Makes the files of `images` that the cache does not hold, on all cores, a source and width at a time (each
    /// decoded once for all its formats). Returns the sources that failed, with why.
    ///
    /// A source's files are named by the hash its bytes had when it was planned: a source that leads outside the
    /// bounds by now is not read, and files made from a source whose bytes no longer have that hash (replaced while
    /// it was being made) are thrown away, so that a name never holds other pixels than its hash says.
    /// Marks a picture whose files could not be made: until its file changes, `image(at:)` fails with `message`.
    func markBroken(_ path: String, message: String) {
        let stamp = (try? readable(path)).flatMap { FileStamp.of(FilePath($0)) }
        broken.withLock { $0[path] = (message, stamp) }
    }

    func make(
        _ images: [ProcessedImage], progress: (@Sendable (Int, Int) -> Void)? = nil
    ) -> [String: ImageProcessor.Failure] {
        let known = made.withLock { $0 }
        var jobs: [ImageProcessor.Job] = []
        var planned: [(source: String, hash: String)] = []  // each job's picture and the hash its files are named by
        var failures: [String: ImageProcessor.Failure] = [:]
        var seen = Set<String>()
        // The source planned to make each file: a picture copied under the same name into every version of the
        // documentation has the same files, made once. The copies share its fate.
        var maker: [String: String] = [:]
        var copies: [String: [String]] = [:]
        for image in images where seen.insert(image.source + "\u{0}" + image.hash).inserted {
            var missing: [Int: [ProcessedImage.Variant]] = [:]
            var planner: String?
            for variant in image.variants where !known.contains(variant.path) {
                if let source = maker[variant.path] {
                    planner = source
                } else if FileManager.default.fileExists(atPath: cached(variant).path) {
                    made.withLock { _ = $0.insert(variant.path) }
                } else {
                    missing[variant.width, default: []].append(variant)
                }
            }
            if missing.isEmpty, let planner { copies[planner, default: []].append(image.source) }
            guard !missing.isEmpty else { continue }
            let file: String
            do throws(ImageProcessor.Failure) {
                file = try readable(image.source)
            } catch {
                failures[image.source] = failures[image.source] ?? error
                continue
            }
            for (width, variants) in missing.sorted(by: { $0.key > $1.key }) {
                for variant in variants { maker[variant.path] = image.source }
                planned.append((image.source, image.hash))
                jobs.append(
                    ImageProcessor.Job(
                        source: file, width: width,
                        outputs: variants.map { ($0.format, cached($0).path + ".part") }, quality: settings.quality,
                        keepsMetadata: settings.keepsMetadata))
            }
        }
        guard !jobs.isEmpty else { return failures }
        try? FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        let processor = self.processor
        let total = jobs.count
        var report: (@Sendable (Int) -> Void)?
        if let progress { report = { progress($0, total) } }
        let work = Array(zip(jobs, planned.map(\.hash)))
        let results = work.parallelMap(progress: report) {
            (work: (ImageProcessor.Job, String)) throws(Never) -> ImageProcessor.Failure? in
            Self.run(work.0, processor, hash: work.1)
        }
        for ((job, (source, _)), failure) in zip(zip(jobs, planned), results) {
            if let failure {
                for copy in [source] + (copies[source] ?? []) { failures[copy] = failures[copy] ?? failure }
                // Its bytes are to be read again when it is next planned, even if its stamp says nothing changed
                // (a file rewritten within the clock's tick keeps its time).
                _ = entries.withLock { $0.removeValue(forKey: source) }
            } else {
                made.withLock { known in
                    for output in job.outputs {
                        known.insert("img/" + (output.path as NSString).lastPathComponent.dropLast(".part".count))
                    }
                }
            }
        }
        return failures
    }

    /// Runs a job, writing its files under temporary names and renaming them once all are written and the source's
    /// bytes are found to still have `hash`: the cache never holds a file cut short, nor one made from other bytes
    /// than its name says. (Hashing again costs a read of the source per job, from the page cache; a picture's
    /// bytes take far less time to hash than to decode.)
    private static func run(
        _ job: ImageProcessor.Job, _ processor: ImageProcessor, hash: String
    ) -> ImageProcessor.Failure? {
        do throws(ImageProcessor.Failure) {
            try processor.make(job)
            guard Self.hash(of: job.source) == hash else {
                throw .init(
                    "changed while it was being made, so its files were not kept: build again (or save it again)",
                    refusal: true)
            }
        } catch {
            for output in job.outputs { unlink(output.path) }
            return error
        }
        for output in job.outputs { rename(output.path, String(output.path.dropLast(".part".count))) }
        return nil
    }

    /// The pages that showed each picture when the record was saved.
    var recordedUsers: [String: [String]] { previous?.users ?? [:] }

    /// The pictures whose files changed since the record was saved (or that are gone).
    ///
    /// A picture whose stamp changed but whose bytes did not (a fresh clone's checkout, where every file is new to
    /// the file system) is not changed: its bytes are hashed and compared with the record's, and its new stamp
    /// kept for the next build (`touched` says there was one: the record is worth saving).
    func changedSinceRecord() -> (changed: [String], touched: Bool) {
        guard let previous else { return ([], false) }
        let site = self.site
        let touched = previous.entries.filter { path, entry in
            let stamp = FileStamp.of(FilePath(versions.file(SourcePath(path), in: site.path)))
            return stamp?.size != entry.size || stamp?.modified != entry.modified
        }.sorted { $0.key < $1.key }
        let changed = touched.parallelMap { path, entry -> Bool in
            let file = versions.file(SourcePath(path), in: site.path)
            guard let stamp = FileStamp.of(FilePath(file)), stamp.size == entry.size, Self.hash(of: file) == entry.hash
            else { return true }
            var same = entry
            same.modified = stamp.modified
            entries.withLock { $0[path] = same }
            return false
        }
        return (zip(touched, changed).filter(\.1).map(\.0.key), changed.contains(false))
    }

    /// Writes the record: what each picture this run used is, and which pages show it.
    func save(users: [String: [String]]) throws {
        let current = entries.withLock { $0 }
        var kept: [String: Entry] = [:]
        for path in users.keys { kept[path] = current[path] ?? previous?.entries[path] }
        let index = Index(
            format: Self.format(processor), savedAt: Int64(Date().timeIntervalSince1970 * 1e9), entries: kept,
            users: users.mapValues { $0.sorted() })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        let file = cache.appendingPathComponent("index.json")
        let temporary = cache.appendingPathComponent("index.json.tmp")
        try encoder.encode(index).write(to: temporary)
        guard rename(temporary.path, file.path) == 0 else {
            throw StorageProblem.cannotReplace(file.path, reason: SystemReason.ofLastCall).error()
        }
    }
}

extension ImageFormat: Codable {
    /// The name people know it by.
    var displayName: String {
        switch self {
        case .jpeg: "JPEG"
        case .png: "PNG"
        case .webp: "WebP"
        case .avif: "AVIF"
        case .tiff: "TIFF"
        case .heif: "HEIF"
        }
    }
}
