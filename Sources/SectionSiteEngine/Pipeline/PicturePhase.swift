import Foundation
import HashTreeCollections

/// Pictures, the build's third phase, between loading and rendering: the files of the pictures the loaded pages
/// show made on all cores (those the cache lacks), the pages that show one that cannot be made drawn again without
/// it, and the files made published in place of their sources. Also the pictures' record, for the next build.
enum PicturePhase {
    /// The catalog of the site's pictures, when a processor is given.
    static func catalog(_ options: BuildOptions, config: SiteConfig) -> ImageCatalog? {
        options.imageProcessor.map {
            ImageCatalog(
                site: options.site, settings: config.images, processor: $0, rootPath: config.rootPath,
                // A site with an API reference shows its package's DocC pictures, which may be outside the site.
                bounds: config.api?.sourceBounds(site: options.site, config: config)
                    ?? config.sourceBounds(site: options.site), versions: config.versions)
        }
    }

    /// Makes the files that the cache lacks of the pictures `pages` show, then loads again the pages that show one
    /// whose files could not be made (a damaged or truncated file): as a missing picture, it is drawn as written,
    /// with a warning at each place that names it. A picture refused while its files were made is an error there.
    static func run(
        _ site: inout Site, pages: some Sequence<LoadedPage>, loader: ContentLoader,
        report: (@Sendable (Int, Int) -> Void)? = nil
    ) throws {
        let again = try make(of: pages, site: site, report: report)
        guard !again.isEmpty else { return }
        let program = site.program
        let results = again.sorted().parallelMap { source in
            Result { () throws(SectionSiteError) -> (LoadedPage, [Diagnostic]) in try program.load(source, with: loader)
            }
        }
        var (loaded, errors) = SectionSiteError.partition(results)
        for (page, problems) in loaded {
            site.loaded[page.page.source] = page
            errors += problems
        }
        if !errors.isEmpty { throw SectionSiteError(inFileOrder: errors) }
    }

    /// Makes the files that the cache lacks of the pictures `pages` show; returns the paths of the pages that show
    /// a picture whose files could not be made, marked broken in the catalog. A refused one is an error at each
    /// place that names it.
    private static func make(
        of pages: some Sequence<LoadedPage>, site: Site, report: (@Sendable (Int, Int) -> Void)? = nil
    ) throws -> Set<SourceID> {
        guard let catalog = site.markdown.images else { return [] }
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
        throw SectionSiteError(inFileOrder: errors)
    }

    /// The pictures each page shows, by the page's key as the record writes it: its own list when it was loaded,
    /// the record's for a page restored from it.
    static func shown(in site: Site) -> [String: [ProcessedImage]] {
        guard let catalog = site.markdown.images else { return [:] }
        let recorded = recorded(in: site)
        var shown: [String: [ProcessedImage]] = [:]
        for (source, page) in site.loaded {
            let key = source.description
            if page.isComplete {
                if !page.images.isEmpty { shown[key] = page.images.map(\.image) }
            } else if let sources = recorded[key] {
                shown[key] = sources.sorted().compactMap { try? catalog.image(at: SourcePath($0)) }
            }
        }
        return shown
    }

    /// The pictures each page showed by the pictures' record (the previous build's), by the page's source.
    static func recorded(in site: Site) -> [String: [String]] {
        var recorded: [String: [String]] = [:]
        for (image, users) in site.markdown.images?.recordedUsers ?? [:] {
            for page in users { recorded[page, default: []].append(image) }
        }
        return recorded
    }

    /// Lists the files made from the pictures the pages show, and hides the sources in `Content/` they are made
    /// from (their metadata, GPS positions included, is not published).
    static func refresh(_ site: inout Site) {
        guard let catalog = site.markdown.images else { return }
        var outputs: [OutputPath: OutputFile] = [:]
        var sources = Set<String>()
        for image in shown(in: site).values.joined() {
            if image.source.hasPrefix("Content/") { sources.insert(image.source) }
            for variant in image.variants where outputs[OutputPath(variant.path)] == nil {
                outputs[OutputPath(variant.path)] = OutputFile(
                    path: OutputPath(variant.path), contents: .copy(catalog.cached(variant).path), origin: image.source)
            }
        }
        site.imageFiles = outputs
        site.processedSources = sources
    }

    /// The record of which pages show each picture, for the next incremental build.
    static func saveRecord(of site: Site) throws {
        guard let catalog = site.markdown.images else { return }
        var users: [String: [String]] = [:]
        for (page, images) in shown(in: site) {
            for image in images where !(users[image.source]?.contains(page) ?? false) {
                users[image.source, default: []].append(page)
            }
        }
        try catalog.save(users: users)
    }

    /// The files copied or made as they are: `Static/`, `Content/` but the pictures processed, the theme's assets,
    /// the runtime, and the files made from pictures.
    static func published(by site: Site) -> [OutputFile] {
        let sources = site.processedSources
        let kept = sources.isEmpty ? site.fileList : site.fileList.filter { !sources.contains($0.origin) }
        return kept + site.imageFiles.values.sorted { $0.path < $1.path }
    }
}
