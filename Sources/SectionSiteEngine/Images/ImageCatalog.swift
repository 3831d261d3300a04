import Foundation

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

    /// A catalog for `site` that starts from the cache's record, if it fits this processor.
    init(site: URL, settings: ImageSettings, processor: ImageProcessor, rootPath: String) {
        self.site = site
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
    /// (`/images/logo.png`), found in `Static/` or else `Content/`. Nil for a remote URL, an anchor, or a file of
    /// another kind (an SVG, a GIF).
    func source(of destination: String, page: String) -> String? {
        guard ImageFormat(fileName: destination.split(whereSeparator: { $0 == "?" || $0 == "#" }).first.map(String.init) ?? "") != nil
        else { return nil }
        if destination.hasPrefix("/") {
            guard !destination.hasPrefix("//") else { return nil }
            var path = String(destination.dropFirst())
            if path.hasPrefix(String(rootPath.dropFirst())) { path = String(path.dropFirst(rootPath.count - 1)) }
            path = (path.split(whereSeparator: { $0 == "?" || $0 == "#" }).first.map(String.init) ?? path)
            path = path.removingPercentEncoding ?? path
            for folder in ["Static", "Content"] where FileManager.default.fileExists(atPath: site.path + "/\(folder)/" + path) {
                return "\(folder)/" + path
            }
            return "Static/" + path
        }
        guard let file = MarkdownLinks.fileTarget(destination, from: page) else { return nil }
        return file.target.removingPercentEncoding ?? file.target
    }

    /// The picture at a site-relative path, planned: its size and the files to make. Reads the file's header, and
    /// its bytes for the hash, unless the record says it has not changed.
    ///
    /// Fails for a missing file, a file that is no picture the processor reads, a file whose bytes are another
    /// format than its name says, and a picture of more than `maxPixels` pixels.
    func image(at path: String) throws(ImageProcessor.Failure) -> ProcessedImage {
        let file = site.path + "/" + path
        guard let stamp = FileStamp.of(file) else { throw .init("no such file") }
        var entry = entries.withLock { $0[path] }.flatMap { $0.size == stamp.size && $0.modified == stamp.modified ? $0 : nil }
        if entry == nil, let recorded = previous?.entries[path], recorded.size == stamp.size, recorded.modified == stamp.modified,
            stamp.modified < (previous?.savedAt ?? 0) - 2_000_000_000
        {
            entry = recorded  // not touched since well before the record was saved
        }
        if entry == nil {
            guard let data = FileManager.default.contents(atPath: file) else { throw .init("cannot be read") }
            let header = try processor.header(file)
            var hash = ContentHash()
            data.withUnsafeBytes { hash.combine(bytes: $0) }
            entry = Entry(
                size: stamp.size, modified: stamp.modified, hash: hash.hex, width: header.width, height: header.height,
                orientation: header.orientation, format: header.format)
        }
        let found = entry!
        entries.withLock { $0[path] = found }
        let named = ImageFormat(fileName: path)
        guard let format = found.format else { throw .init("is not a picture SectionSite processes (JPEG, PNG, WebP, AVIF, TIFF or HEIF)") }
        if let named, named != format, !(named == .heif && format == .avif) && !(named == .avif && format == .heif) {
            let name = (path as NSString).lastPathComponent
            let stem = name.split(separator: ".").dropLast().joined(separator: ".")
            throw .init(
                "is a \(format.displayName) picture, but its name says \(named.displayName): rename it to "
                    + "'\(stem).\(format.fileExtension)'")
        }
        guard found.width * found.height <= settings.maxPixels else {
            throw .init(
                "is \(found.width) x \(found.height) pixels, more than the \(settings.maxPixels) that 'images: {maxPixels}' "
                    + "allows: it was not decoded")
        }
        let header = ImageProcessor.Header(width: found.width, height: found.height, orientation: found.orientation, format: format)
        return ProcessedImage(
            source: path, hash: found.hash, header: header, settings: settings, writes: processor.writes,
            processor: processor.name, rootPath: rootPath)
    }

    /// The cached file of a variant.
    func cached(_ variant: ProcessedImage.Variant) -> URL {
        cache.appendingPathComponent((variant.path as NSString).lastPathComponent)
    }

    /// Makes the files of `images` that the cache does not hold, on all cores, a source and width at a time (each
    /// decoded once for all its formats). Returns the sources that failed, with why.
    func make(_ images: [ProcessedImage], progress: (@Sendable (Int, Int) -> Void)? = nil) -> [String: ImageProcessor.Failure] {
        let known = made.withLock { $0 }
        var jobs: [ImageProcessor.Job] = []
        var seen = Set<String>()
        for image in images where seen.insert(image.source + "\u{0}" + image.hash).inserted {
            var missing: [Int: [ProcessedImage.Variant]] = [:]
            for variant in image.variants where !known.contains(variant.path) {
                if FileManager.default.fileExists(atPath: cached(variant).path) {
                    made.withLock { _ = $0.insert(variant.path) }
                } else {
                    missing[variant.width, default: []].append(variant)
                }
            }
            for (width, variants) in missing.sorted(by: { $0.key > $1.key }) {
                jobs.append(ImageProcessor.Job(
                    source: site.path + "/" + image.source, width: width,
                    outputs: variants.map { ($0.format, cached($0).path + ".part") }, quality: settings.quality,
                    keepsMetadata: settings.keepsMetadata))
            }
        }
        guard !jobs.isEmpty else { return [:] }
        try? FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        let processor = self.processor
        let total = jobs.count
        var report: (@Sendable (Int) -> Void)?
        if let progress { report = { progress($0, total) } }
        let results = jobs.parallelMap(progress: report) { (job: ImageProcessor.Job) throws(Never) -> ImageProcessor.Failure? in Self.run(job, processor) }
        var failures: [String: ImageProcessor.Failure] = [:]
        for (job, failure) in zip(jobs, results) {
            let source = String(job.source.dropFirst(site.path.count + 1))
            if let failure {
                failures[source] = failures[source] ?? failure
            } else {
                made.withLock { known in for output in job.outputs { known.insert("img/" + (output.path as NSString).lastPathComponent.dropLast(".part".count)) } }
            }
        }
        return failures
    }

    /// Runs a job, writing its files under temporary names and renaming them once all are written: the cache never
    /// holds a file cut short.
    private static func run(_ job: ImageProcessor.Job, _ processor: ImageProcessor) -> ImageProcessor.Failure? {
        do throws(ImageProcessor.Failure) {
            try processor.make(job)
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
    func changedSinceRecord() -> [String] {
        guard let previous else { return [] }
        return previous.entries.compactMap { path, entry in
            let stamp = FileStamp.of(site.path + "/" + path)
            return stamp?.size == entry.size && stamp?.modified == entry.modified ? nil : path
        }.sorted()
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
            throw SectionSiteError("cannot replace \(file.path): \(String(cString: strerror(errno)))")
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
