import Foundation
import HashTreeCollections

/// Resolving and rendering, the build's fourth and fifth phases, over the site's state: the pages some sources make
/// resolved (their collections filled, their inputs hashed) and those whose inputs changed rendered on all cores, a
/// slice at a time, into the site's output table. The same for a build from nothing (every source, `force`), an
/// incremental build, the preview's edits and `--verify`.
enum RenderPhase {
    /// Re-renders the pages made from `sources` whose inputs changed (all of them when `force`: a template or layout
    /// changed); a source no longer loaded loses its pages. Returns the URLs whose version changed or that are new,
    /// and the URLs that are gone, both sorted.
    ///
    /// Resolved and rendered a slice of sources at a time: the instances of every page at once (each list page with
    /// its items) set a build's peak memory, 4 KiB a page. No two pages may take one URL: checked over every slice's
    /// URLs, and told with the errors of rendering, so that one run reports both.
    static func run(
        _ site: inout Site, sources: Set<SourceID>, force: Bool,
        report: (@Sendable (BuildProgress.Step, Int?, Int?) -> Void)? = nil
    ) throws -> (changed: [PageURL], removed: [PageURL]) {
        report?(.resolving, nil, nil)
        try completeRestored(sources, in: &site)
        let sortedSources = sources.sorted()
        let resolver = Resolver(
            pages: site.content.published, tags: site.content.tags, translations: site.content.translations,
            versions: site.content.versions,
            data: site.data,
            config: site.config,
            site: site.options.site, orders: site.content.collectionOrders
        ).ordering(sortedSources.compactMap { site.loaded[$0] ?? site.content.generated[$0] })
        site.content.collectionOrders = resolver.orders
        let inputs = navigationInputs(site)  // from the records as they were before this render
        report?(.rendering, 0, sortedSources.count)
        let renderer = PageRenderer(theme: site.theme, config: site.config, trees: site.content.trees, data: site.data)
        let store = site.pageStore
        if let store { try FileManager.default.createDirectory(at: store.folder, withIntermediateDirectories: true) }
        nonisolated(unsafe) let siteContexts = renderer.siteContexts
        var errors: [Diagnostic] = []
        var claims = OutputTable.Claims()
        var changed: [PageURL] = []
        // At least 512 sources a slice, 64 a core: each slice ends when its slowest page is drawn, and 16 cores
        // waited at the end of each of twenty slices of a 10,000-page site. The output is the same for any size
        // (slices of 2,048 gave the same files as slices of 512 on 10,000 pages, KEDA's 24 versions and Vitess).
        let sliceSize = max(512, 64 * ProcessInfo.processInfo.activeProcessorCount)
        for slice in stride(from: 0, to: sortedSources.count, by: sliceSize).map({
            sortedSources[$0..<min($0 + sliceSize, sortedSources.count)]
        }) {
            let made: [(source: SourceID, urls: [PageURL])], stale: [PageInstance]
            do {
                (made, stale) = try resolve(Array(slice), of: site, with: resolver, force: force, inputs: inputs)
            } catch let error as SectionSiteError {
                errors += error.diagnostics  // every slice is still resolved, to find every error
                continue
            }
            for (source, urls) in made { site.output.claim(urls, by: source, rendering: sources, in: &claims) }
            // Rendered on all cores. A build that renders no more (`BuildOptions.storage`) keeps each rendered page's
            // HTML in the page store, and lets go of what is left of its body in memory (item bodies) once the last
            // page made from it is rendered: holding every body and every page's HTML at once set a build's peak.
            let (done, total) = (slice.startIndex, sortedSources.count)
            // The costliest first (list pages), each result in its instance's place: the same output, and no core
            // left drawing a long list while the others wait at the end of the slice.
            let order = stale.indices.sorted { (stale[$0].cost, $1) > (stale[$1].cost, $0) }
            let drawn = order.parallelMap(progress: {
                report?(.rendering, done + $0 * slice.count / max(stale.count, 1), total)
            }
            ) { index in
                Result {
                    let page = try renderer.render(resolver.filled(stale[index]), sites: siteContexts)
                    return try store.map(page.stored) ?? page
                }
            }
            var results = drawn
            for (place, index) in order.enumerated() { results[index] = drawn[place] }
            report?(.rendering, slice.endIndex, total)
            let rendered: [RenderedPage]
            do {
                rendered = try everyResult(results)
            } catch let error as SectionSiteError {
                errors += error.diagnostics  // every page is still rendered, to find every error
                continue
            }
            guard errors.isEmpty else { continue }
            keep(rendered, of: stale, in: &site, changed: &changed)
        }
        var removed: [PageURL] = []
        do {
            removed = try site.output.settle(claims)
        } catch let error as SectionSiteError {
            errors += error.diagnostics
        }
        if !errors.isEmpty { throw SectionSiteError(inFileOrder: errors) }
        return (changed.sorted(), removed)
    }

    /// Pages restored from the previous build's record among `sources`, read again before they are rendered.
    private static func completeRestored(_ sources: Set<SourceID>, in site: inout Site) throws {
        let incomplete = sources.filter { site.loaded[$0]?.isComplete == false }.sorted()
        guard !incomplete.isEmpty else { return }
        let loader = site.loader
        let program = site.program
        let pages = try incomplete.parallelMap { source in
            let (page, problems) = try program.load(source, with: loader)
            if !problems.isEmpty { throw SectionSiteError(problems) }
            return page
        }
        for page in pages { site.loaded[page.page.source] = page }
        try PicturePhase.run(&site, pages: pages, loader: loader)
        _ = site.content.update(changed: Set(incomplete), in: site.loaded, config: site.config)
    }

    /// The pages of a slice, rendered, kept in the output table (`changed` gains those new or of a new version);
    /// in a site kept on disk, the pages whose last page is rendered let go of their bodies.
    private static func keep(
        _ rendered: [RenderedPage], of stale: [PageInstance], in site: inout Site, changed: inout [PageURL]
    ) {
        var finished = Set<SourceID>()
        for (page, instance) in zip(rendered, stale) {
            let empty = instance.pagination.map { $0.current == 1 } ?? true ? instance.emptySections : []
            let record = OutputRecord(
                page: page, inputs: instance.inputs,
                emptySections: empty.map { SiteProblem.emptySection(id: $0.spec.id).at($0.spec.location) })
            if site.output.keep(record) { changed.append(page.url) }
            // A page whose body waits on disk and that has no item bodies holds nothing to let go: a copy would
            // only double it while the resolver still holds the original.
            let (key, source) = (instance.source.page.source, instance.source)
            if site.options.storage != nil, site.loaded[key] === source,
                !source.blocks.isEmpty || !source.itemBodies.isEmpty
            {
                finished.insert(key)
            }
        }
        if !finished.isEmpty {
            for source in finished { site.loaded[source] = site.loaded[source]!.withoutBody() }
            site.content.replace(finished, in: site.loaded)  // it holds the same pages
        }
    }

    /// The pages `sources` make, resolved: each source's URLs, and its instances whose inputs changed (all of them when
    /// `force`), their inputs with the content tree's hash where they draw navigation.
    private static func resolve(
        _ sources: [SourceID], of site: Site, with resolver: Resolver, force: Bool,
        inputs: @Sendable (PageURL, String) -> String
    ) throws -> (made: [(source: SourceID, urls: [PageURL])], stale: [PageInstance]) {
        let drafts = site.options.drafts
        let (pagesBySource, generated) = (site.loaded, site.content.generated)
        let previous = force ? [:] : site.output.records
        let results = sources.parallelMap { source in
            Result { () throws -> [PageInstance] in
                guard let page = pagesBySource[source] ?? generated[source], drafts || !page.page.isDraft else {
                    return []
                }
                return try resolver.instances(of: page) { url, resolved in
                    previous[url]?.inputs == inputs(url, resolved)
                }
            }
        }
        let instances = try everyResult(results)
        let stale = instances.joined().map { instance in
            var instance = instance
            instance.inputs = inputs(instance.url, instance.inputs)
            return instance
        }.filter { force || site.output.records[$0.url]?.inputs != $0.inputs }
        return (zip(sources, instances).map { ($0, $1.map(\.url)) }, stale)
    }

    /// A page's inputs (URL, resolver's inputs) with the content tree's hash in them when the page was drawn with
    /// navigation last time (a page rendered for the first time is rendered anyway).
    private static func navigationInputs(_ site: Site) -> @Sendable (PageURL, String) -> String {
        let (records, drawing, treeHash) = (site.output.records, site.theme.navigationTemplates, site.content.treeHash)
        return { url, inputs in
            guard !drawing.isEmpty, let used = records[url]?.page.templatesUsed, !used.isDisjoint(with: drawing) else {
                return inputs
            }
            var hash = ContentHash()
            hash.combine(inputs)
            hash.combine(treeHash)
            return hash.hex
        }
    }

    /// The values of `results`, or every error among them at once, sorted.
    static func everyResult<Value>(_ results: [Result<Value, any Error>]) throws -> [Value] {
        var values: [Value] = []
        var errors: [Diagnostic] = []
        values.reserveCapacity(results.count)
        for result in results {
            switch result {
            case .success(let value): values.append(value)
            case .failure(let error as SectionSiteError): errors += error.diagnostics
            case .failure(let error): throw error
            }
        }
        if !errors.isEmpty { throw SectionSiteError(inFileOrder: errors) }
        return values
    }

}
