import Foundation
import HashTreeCollections

/// The pictures the pages show: made into files on all cores before the pages are rendered, and published in place
/// of their sources.
extension Site {
    /// The catalog of the site's pictures, when a processor is given.
    static func imageCatalog(_ options: BuildOptions, config: SiteConfig) -> ImageCatalog? {
        options.imageProcessor.map {
            ImageCatalog(
                site: options.site, settings: config.images, processor: $0, rootPath: config.rootPath,
                // A site with an API reference shows its package's DocC pictures, which may be outside the site.
                bounds: config.api?.sourceBounds(site: options.site, config: config)
                    ?? config.sourceBounds(site: options.site))
        }
    }

    /// Makes the files that the cache lacks of the pictures `pages` show, then loads again the pages that show one
    /// whose files could not be made (a damaged or truncated file): as a missing picture, it is drawn as written,
    /// with a warning at each place that names it. A picture refused while its files were made is an error there.
    mutating func makeImagesLoadingAgain(
        _ pages: some Sequence<LoadedPage>, loader: ContentLoader, report: (@Sendable (Int, Int) -> Void)? = nil
    ) throws {
        let again = try makeImages(of: pages, report: report)
        guard !again.isEmpty else { return }
        let program = self.program
        let results = again.sorted().parallelMap { source in
            Result { () throws(SectionSiteError) -> (LoadedPage, [Diagnostic]) in try program.load(source, with: loader)
            }
        }
        var errors: [Diagnostic] = []
        for result in results {
            switch result {
            case .success(let (page, problems)):
                loaded[page.page.source] = page
                errors += problems
            case .failure(let error): errors += error.diagnostics
            }
        }
        if !errors.isEmpty { throw SectionSiteError(errors.sorted(by: Diagnostic.inFileOrder)) }
    }

    /// Makes the files that the cache lacks of the pictures `pages` show; returns the paths of the pages that show
    /// a picture whose files could not be made, marked broken in the catalog. A refused one is an error at each
    /// place that names it.
    func makeImages(
        of pages: some Sequence<LoadedPage>, report: (@Sendable (Int, Int) -> Void)? = nil
    ) throws -> Set<SourceID> {
        guard let catalog = markdown.images else { return [] }
        var places: [String: [SourceLocation]] = [:]
        var images: [ProcessedImage] = []
        for page in pages {
            for use in page.images {
                if places[use.image.source] == nil { images.append(use.image) }
                places[use.image.source, default: []].append(use.location)
            }
        }
        let failures = catalog.make(images, progress: report)
        var errors: [Diagnostic] = []
        var broken = Set<String>()
        for (source, failure) in failures {
            if failure.isRefusal {
                for place in places[source] ?? [] {
                    errors.append(SiteProblem.pictureRefused(source: source, reason: failure.message).at(place))
                }
            } else {
                catalog.markBroken(source, message: failure.message)
                broken.insert(source)
            }
        }
        guard !errors.isEmpty else {
            return Set(pages.filter { $0.images.contains { broken.contains($0.image.source) } }.map(\.page.source))
        }
        throw SectionSiteError(
            errors.sorted {
                ($0.location?.file ?? "", $0.location?.line ?? 0, $0.location?.column ?? 0)
                    < ($1.location?.file ?? "", $1.location?.line ?? 0, $1.location?.column ?? 0)
            })
    }

    /// The pictures each page shows, by the page's key as the record writes it: its own list when it was loaded,
    /// the record's for a page restored from it.
    func imagesShown() -> [String: [ProcessedImage]] {
        guard let catalog = markdown.images else { return [:] }
        let recorded = recordedPictures()
        var shown: [String: [ProcessedImage]] = [:]
        for (source, page) in loaded {
            let key = source.description
            if page.isComplete {
                if !page.images.isEmpty { shown[key] = page.images.map(\.image) }
            } else if let sources = recorded[key] {
                shown[key] = sources.sorted().compactMap { try? catalog.image(at: $0) }
            }
        }
        return shown
    }

    /// The pictures each page showed by the pictures' record (the previous build's), by the page's source.
    func recordedPictures() -> [String: [String]] {
        var recorded: [String: [String]] = [:]
        for (image, users) in markdown.images?.recordedUsers ?? [:] {
            for page in users { recorded[page, default: []].append(image) }
        }
        return recorded
    }

    /// Lists the files made from the pictures the pages show, and hides the sources in `Content/` they are made
    /// from (their metadata, GPS positions included, is not published).
    mutating func refreshImages() {
        guard let catalog = markdown.images else { return }
        var outputs: [OutputPath: OutputFile] = [:]
        var sources = Set<String>()
        for image in imagesShown().values.joined() {
            if image.source.hasPrefix("Content/") { sources.insert(image.source) }
            for variant in image.variants where outputs[OutputPath(variant.path)] == nil {
                outputs[OutputPath(variant.path)] = OutputFile(
                    path: OutputPath(variant.path), contents: .copy(catalog.cached(variant).path), origin: image.source)
            }
        }
        imageFiles = outputs
        processedSources = sources
    }

    /// The record of which pages show each picture, for the next incremental build.
    func saveImageRecord() throws {
        guard let catalog = markdown.images else { return }
        var users: [String: [String]] = [:]
        for (page, images) in imagesShown() {
            for image in images where !(users[image.source]?.contains(page) ?? false) {
                users[image.source, default: []].append(page)
            }
        }
        try catalog.save(users: users)
    }

    /// The files copied or made as they are: `Static/`, `Content/` but the pictures processed, the theme's assets,
    /// the runtime, and the files made from pictures.
    var publishedFiles: [OutputFile] {
        let sources = processedSources
        let kept = sources.isEmpty ? fileList : fileList.filter { !sources.contains($0.origin) }
        return kept + imageFiles.values.sorted { $0.path < $1.path }
    }
}
