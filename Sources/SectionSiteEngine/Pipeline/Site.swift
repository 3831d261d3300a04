import Foundation
import HashTreeCollections

/// The site as one value: settings, theme, every loaded page, every rendered page and every other output file.
/// `sectionsite build`, `serve` and `diff` all make it the same way: a full build is every input changed on an
/// empty site, and an edit re-reads only the changed files and re-renders only the pages they affect (the edited
/// page, the lists whose collections hold it, the pages that use an edited template).
///
/// What depends on what, explicitly: a page's output depends on its own file (`LoadedPage.sourceHash`), on the
/// files of the pages its collections list (folded into `PageInstance.inputs`), on the templates it used
/// (`RenderedPage.templatesUsed`), and on the settings and layouts (any change there rebuilds everything). A
/// rebuild that throws leaves the value it was called on as it was.
package struct Site: Sendable {
    /// The steps of a build, as progress names them; `Site` does the first five, `SiteBuilder` the last two.
    static let stepNames = [
        "Reading settings and theme", "Loading pages", "Processing images", "Resolving collections", "Rendering pages",
        "Making patches", "Writing output",
    ]

    /// The options the site was first made with (its pages defined in Swift as they were then: `program` holds
    /// the current ones).
    package let options: BuildOptions
    /// The settings.
    package var config: SiteConfig
    /// The text of `sectionsite.yml` the settings were read from (nil without one), for the record's fingerprint.
    let configText: String?
    /// Every rendered page, by URL.
    package var pages: PageTable { PageTable(output.records) }
    /// Every output page's record, by URL, and the URLs each source makes.
    var output = OutputTable()
    /// Every output file that is not a page, by output path (the sitemap and Atom feed are made on demand).
    package var files: [OutputPath: OutputFile]
    /// The highlighter, whose cache a successful build saves for the next one.
    var highlighter: HighlightCache?
    // Internal rather than private so that `Site+Snapshot.swift` can record and restore them.
    var fileList: [OutputFile]  // the same files in the order they were found, for conflict errors
    /// The files made from the pictures the pages show, by output path.
    var imageFiles: [OutputPath: OutputFile] = [:]
    /// The pictures of `Content/` that are published only as the files made from them.
    var processedSources: Set<String> = []
    var theme: Theme
    var data: [String: DataFile]  // the files of `Data/`, by name
    var markdown: Markdown
    /// Where pages' bodies wait until they are rendered, for a site kept on disk (`BuildOptions.storage`).
    let bodies: BodyStore?
    /// Where rendered pages go instead of memory, for a site kept on disk.
    var pageStore: PageStore? { options.storage.map { BuildState(folder: $0).pages } }
    var loaded: TreeDictionary<SourceID, LoadedPage>  // every Markdown file and page a program defines, drafts too
    /// The pages a program defines and the API reference's.
    var program = ProgramPages()
    /// How long the API reference's toolchain took when it last made the reference, to say so.
    package var apiToolchainSeconds: Double? { program.toolchainSeconds }
    /// The published pages, the tag index and tag pages, the folder tree and the collections' order, made from
    /// `loaded` and kept in step with it.
    var content: ContentIndex
    /// Each language's search index once made, by language code (`Site+Search`); every change starts a new one.
    var searchMemo = Locked<[String: SearchShards]>([:])
    /// What each language's next search index is updated from: the one made before the last change, or the one
    /// the previous build saved.
    var searchBase: [String: SearchShards.Base] = [:]
    /// Every tag of the published pages, sorted by slug.
    var tags: [Tag] { content.allTags(config.languages) }

    /// What a rebuild changed.
    package struct Update: Sendable, Equatable {
        /// Pages that are new or whose version changed, by URL, sorted.
        package var changed: [PageURL] = []
        /// Pages that are gone.
        package var removed: [PageURL] = []
        /// Output paths of changed files that are not pages (a stylesheet, say).
        package var assets: [OutputPath] = []
        /// Whether the whole site was rebuilt (settings or layouts changed).
        var everything = false
    }

    /// Builds the whole site in memory: settings and theme, every page loaded on all cores, collections resolved
    /// and pages rendered on all cores.
    package init(options: BuildOptions, progress: @escaping @Sendable (BuildProgress) -> Void = { _ in }) throws {
        @Sendable func report(_ step: Int, _ done: Int? = nil, _ total: Int? = nil) {
            progress(
                BuildProgress(
                    step: step, steps: Self.stepNames.count, name: Self.stepNames[step - 1], done: done, total: total))
        }
        report(1)
        try self.init(options: options, inputs: SiteInputs(options: options), restoring: false, progress: progress)
        let loader = ContentLoader(site: options.site, markdown: markdown, bodies: bodies)
        let paths = loader.pagePaths()
        report(2, 0, paths.count)
        let (pages, errors) = try loader.loadAll(paths, progress: { report(2, $0, paths.count) })
        loaded = TreeDictionary(uniqueKeysWithValues: pages.map { ($0.page.source, $0) })
        for page in program.definitions.values { loaded[page.source] = try loader.load(page) }
        // Mistakes a user fixes in a minute come before the minutes pictures may take: the pages' own (front
        // matter, aliases, Markdown, a picture's header) and two pages at one URL stop the build before any
        // picture's files are made. Else every error of the run at once, the pictures' among them.
        var cheap = errors
        let owners = Dictionary(grouping: loaded.values.filter(content.publishes), by: \.page.url).mapValues {
            $0.map(\.page.source).sorted()
        }
        do { try OutputTable.checkUnique(owners) } catch let error as SectionSiteError { cheap += error.diagnostics }
        if !cheap.isEmpty { throw SectionSiteError(cheap.sorted(by: Diagnostic.inFileOrder)) }
        report(3)
        try makeImagesLoadingAgain(loaded.values, loader: loader) { report(3, $0, $1) }
        content.rebuild(from: loaded, config: config)
        _ = content.refreshTree(drawn: !theme.navigationTemplates.isEmpty)
        _ = try render(sources: Set(loaded.keys).union(content.generated.keys), force: true, report: report)
        refreshFiles()
        refreshImages()
    }

    /// What both ways of making a site start from: its inputs, the Markdown set up, the pages a program defines and
    /// the API reference's, no page loaded. A site `restoring` the previous build's record renders a few pages:
    /// reading the whole highlight cache would cost more than it saves.
    init(
        options: BuildOptions, inputs: SiteInputs, restoring: Bool, progress: @Sendable (BuildProgress) -> Void
    ) throws {
        self.options = options
        (config, configText, theme, data) = (inputs.config, inputs.configText, inputs.theme, inputs.data)
        highlighter = options.highlighter.map {
            restoring
                ? HighlightCache($0)
                : HighlightCache($0, cache: Self.highlightCache(options.state), onDisk: options.storage != nil)
        }
        bodies = try options.storage.map { try BodyStore(folder: $0) }
        (loaded, files, fileList) = ([:], [:], [])
        content = ContentIndex(drafts: options.drafts)
        // The reference before any page is loaded: the site's Markdown links to its symbols.
        if config.api != nil {
            progress(
                BuildProgress(
                    step: 1, steps: Self.stepNames.count, name: "Reading the API reference (building the package)"))
        }
        let api = try Self.apiReference(options, config: config)
        markdown = Markdown(
            config: config, highlighter: highlighter, theme: theme, images: Self.imageCatalog(options, config: config),
            site: options.site,
            pageURLs: PageURLs(
                site: options.site, permalinks: config.permalinks, bounds: config.sourceBounds(site: options.site)),
            symbolLinks: api?.symbols, collectsLinks: options.keepsLinks)
        program.define(options.pages)
        program.takeReference(api)
    }

    /// Applies changes and pages a program defines anew (by URL: each replaces the page of its URL, or is added),
    /// and says what changed. On error the site is left as it was.
    package mutating func apply(_ changes: Set<SiteChange>, pages: [SitePage] = []) throws -> Update {
        var next = self
        let update = try next.applyInPlace(changes, pages: pages)
        self = next
        return update
    }

    /// The API reference when the settings have `api:`; a reader is needed then.
    static func apiReference(_ options: BuildOptions, config: SiteConfig) throws -> APIReference? {
        guard let api = config.api else { return nil }
        guard let reader = options.apiReader else {
            throw SiteProblem.apiWithoutReader.error(at: api.location)
        }
        let bounds = api.sourceBounds(site: options.site, config: config)
        return try reader.reference(
            APIRequest(settings: api, site: options.site, rootPath: config.rootPath, bounds: bounds))
    }

    /// Carries out the plan for `changes` (`ChangePlan`): the inputs it names read again, then the pages they
    /// change loaded again, then the pages that show them rendered again.
    private mutating func applyInPlace(_ changes: Set<SiteChange>, pages defined: [SitePage]) throws -> Update {
        searchBase = searchBases(carried: true)
        searchMemo = Locked([:])  // shared with the site this one was copied from, which keeps it
        let plan = ChangePlan(changes, layout: SiteLayout(theme: config.theme))
        if plan.everything { return try madeAgain() }
        var load = plan.pages.union(defined.map(\.source))
        program.define(defined)
        // its pages win, as in a build
        if plan.apiReference, config.api != nil { load.formUnion(try remakeAPIReference()) }
        if plan.data || plan.reloadsTheme || plan.apiReference {
            searchBase = [:]  // what a page's words are made from may change without its digest
        }
        if plan.data { data = try DataFile.loadAll(site: options.site) }
        if plan.reloadsTheme { load.formUnion(try reloadTheme(components: plan.components)) }
        if !plan.pictures.isEmpty {
            // A page with a picture it could not find may find it now.
            for (path, page) in loaded
            where !page.warnings.isEmpty || page.images.contains(where: { plan.pictures.contains($0.image.source) }) {
                load.insert(path)
            }
        }
        let loader = ContentLoader(site: options.site, markdown: markdown, bodies: bodies)
        if plan.findPages {
            let present = Set(loader.pagePaths().map(SourceID.file))
            load.formUnion(present.subtracting(loaded.keys))
            load.formUnion(Set(loaded.keys).subtracting(present).subtracting(program.definitions.keys))
        }
        let loading = try reload(load, with: loader)
        var update = Update()
        (update.changed, update.removed) = try render(
            sources: pagesToRender(plan, after: loading), force: plan.forcesRender)
        // An editor's temporary file of `Content/` that came and went changes nothing.
        let copies = plan.contentFiles.filter { output, path in
            files[output] != nil || FileManager.default.fileExists(atPath: options.site.path + "/" + path)
        }
        let refresh = plan.copiedFiles || !copies.isEmpty
        if refresh { refreshFiles() }
        if loading.picturesChanged || refresh { refreshImages() }
        // Only stylesheets that exist are announced: the runtime swaps them in place; other assets show on reload.
        update.assets = plan.assets.union(copies.keys).filter { files[$0] != nil && $0.rawValue.hasSuffix(".css") }
            .sorted()
        return update
    }

    /// The site made again from nothing with the settings as they are now, and what that changed.
    private mutating func madeAgain() throws -> Update {
        let previous = pages
        var options = self.options
        // The program's pages as they are now; the API reference's are made again from the new settings.
        options.pages = program.ownPages
        self = try Site(options: options)
        var update = Update()
        update.everything = true
        update.changed = pages.keys.filter { previous[$0]?.version != pages[$0]?.version }.sorted()
        update.removed = previous.keys.filter { pages[$0] == nil }.sorted()
        return update
    }

    /// The API reference made again; its pages are compared by version as any page a program defines. Returns
    /// the pages to load again: the reference's, those whose symbol went, and, when symbols came or went, every
    /// page (links to symbols may change).
    private mutating func remakeAPIReference() throws -> Set<SourceID> {
        let reference = try Self.apiReference(options, config: config)
        var reload = program.takeReference(reference).union((reference?.pages ?? []).map(\.source))
        if markdown.symbolLinks != reference?.symbols {
            markdown = markdown.linking(to: reference?.symbols)
            reload.formUnion(loaded.keys)
        }
        return reload
    }

    /// The theme read again. Returns the pages to load again: those drawn with a changed directive or hook of
    /// `components`, every page when a hook or directive came or went, and pages restored from the record, which
    /// do not know what drew them.
    private mutating func reloadTheme(components: Set<String>) throws -> Set<SourceID> {
        let previous = theme
        theme = try Theme(config: config, site: options.site)
        markdown = markdown.drawing(with: theme)
        guard !components.isEmpty else { return [] }
        let everyPage =
            previous.components.hooks != theme.components.hooks
            || Set(previous.components.directives.keys) != Set(theme.components.directives.keys)
        return Set(
            loaded.filter { _, page in everyPage || !page.isComplete || !page.templatesUsed.isDisjoint(with: components)
            }.keys)
    }

    /// What loading pages again found, for working out what to render again.
    private struct Reloading {
        /// Every page loaded again or removed: those asked for, and those linking to a page that moved.
        var paths: Set<SourceID>
        /// The folders of the pages, before and after: the lists of those folders render again.
        var folders: Set<String> = []
        /// The tag pages of the pages' tags, before and after.
        var tagPages: Set<SourceID> = []
        /// A page came, went, or changed its title or weight: the navigation may change.
        var restructured = false
        /// The pictures some page shows changed.
        var picturesChanged = false
    }

    /// Loads the pages at `paths` again (a page whose file is gone is removed), then the pages that link to one
    /// whose URL changed, for the links' new URL, and makes their pictures. Every mistake of the pages at once; the
    /// pages' own come before any picture's files are made, as in a full build.
    private mutating func reload(_ paths: Set<SourceID>, with loader: ContentLoader) throws -> Reloading {
        var done = Reloading(paths: paths)
        var reloaded: [LoadedPage] = []
        var problems: [Diagnostic] = []
        var pending = paths.sorted()
        // What a page restored from the record showed is in the pictures' record, not in the page.
        let recorded = recordedPictures()
        while !pending.isEmpty {
            var moved = Set<SourceID>()  // pages whose URL changed, came or went: links to them change
            for source in pending {
                let old = loaded[source]
                var new: LoadedPage?
                // A page no program defines any more, or whose file is gone, is removed.
                if program[source] != nil
                    || source.file.map({ FileManager.default.fileExists(atPath: options.site.path + "/" + $0) }) == true
                {
                    do {
                        let (page, found) = try program.load(source, with: loader)
                        (new, problems) = (page, problems + found)
                    } catch {
                        problems += error.diagnostics
                        continue
                    }
                }
                for page in [old, new].compactMap(\.self) {
                    done.folders.insert(page.page.folder)
                    let prefix = config.languages.prefix(page.page.language)
                    done.tagPages.formUnion(page.tagSlugs.map { .generated(PageURL(TagPages.url($0, prefix: prefix))) })
                }
                loaded[source] = new
                done.restructured = done.restructured || ContentTree.changes(old, new, drafts: options.drafts)
                if let new { reloaded.append(new) }
                if let old, !old.isComplete {
                    let now = new.map { Set($0.images.map(\.image.source)) } ?? []
                    done.picturesChanged = done.picturesChanged || Set(recorded[source.description] ?? []) != now
                } else {
                    done.picturesChanged = done.picturesChanged || old?.images.map(\.image) != new?.images.map(\.image)
                }
                if old?.page.url != new?.page.url { moved.insert(source) }
            }
            pending =
                moved.isEmpty
                ? []
                : loaded.filter { source, page in
                    !done.paths.contains(source)
                        && page.fileLinks.contains { $0.link.target.map { moved.contains(.file($0)) } ?? false }
                }.keys.sorted()
            done.paths.formUnion(pending)
        }
        if !problems.isEmpty { throw SectionSiteError(problems.sorted(by: Diagnostic.inFileOrder)) }
        try makeImagesLoadingAgain(reloaded, loader: loader)
        return done
    }

    /// The pages to render again after `loading`: those loaded again, the tag pages and translations they change,
    /// the pages drawing navigation when the tree changed, the lists of the folders they were and are in, and the
    /// pages drawn with a changed template (every page when the plan renders all).
    private mutating func pagesToRender(_ plan: ChangePlan, after loading: Reloading) -> Set<SourceID> {
        var affected = loading.paths
        if !loading.paths.isEmpty {
            affected.formUnion(content.update(changed: loading.paths, in: loaded, config: config))
            affected.formUnion(loading.tagPages.filter { content.generated[$0] != nil || output.urls[$0] != nil })
        }
        let drawsNavigation = !theme.navigationTemplates.isEmpty
        if loading.restructured || (plan.forcesRender && drawsNavigation && content.trees.isEmpty),
            content.refreshTree(drawn: drawsNavigation)
        {
            affected.formUnion(pathsDrawingNavigation())
        }
        if plan.renderAll {
            affected.formUnion(loaded.keys)
            affected.formUnion(content.generated.keys)
            return affected
        }
        for path in content.listing where loading.folders.contains(where: { Resolver.lists(loaded[path]!, folder: $0) })
        {
            affected.insert(path)
        }
        if !plan.templates.isEmpty {
            for (path, owned) in output.urls
            where owned.contains(where: { !(pages[$0]?.templatesUsed.isDisjoint(with: plan.templates) ?? true) }) {
                affected.insert(path)
            }
        }
        return affected
    }

    /// The warnings of the site as it is, sorted: links to `.md` files that are no page, sections without items,
    /// aliases that are not written, templates no page uses.
    package var warnings: [Diagnostic] {
        var warnings = Warnings()
        // A link's target is a page when a published page comes from that file, or when a published page a program
        // defines answers for it (the Markdown file that would have its URL): those are gathered only if needed.
        var answered: Set<String>?
        func isPage(_ target: String) -> Bool {
            if content.publishes(.file(target)) { return true }
            if answered == nil {
                answered = Set(
                    program.definitions.compactMap { source, page in
                        content.publishes(source) ? page.markdownSource : nil
                    })
            }
            return answered!.contains(target)
        }
        // Each fence word the highlighter does not know, once, at the first page (by path) that uses it.
        var unknown: [String: (location: SourceLocation, count: Int)] = [:]  // by fence word: its first use, the pages
        // One pass, reading each page in place: the preview asks after every edit, and a pass over every page
        // that retains each one cost more than the edit.
        content.published.withUnretained { pages in
            for page in pages {
                page._withUnsafeGuaranteedRef { page in
                    for link in page.fileLinks where !(link.link.target.map(isPage) ?? false) {
                        if link.link.isUnresolvedSymbol {
                            warnings.add(
                                SiteProblem.unknownSymbol(destination: link.link.destination).at(link.location))
                            continue
                        }
                        if link.link.isUnresolvedArticle {
                            warnings.add(
                                SiteProblem.unknownArticle(destination: link.link.destination).at(link.location))
                            continue
                        }
                        let reason =
                            link.link.target == nil
                            ? "it leads out of Content/" : "no page comes from '\(link.link.target!)'"
                        warnings.add(
                            SiteProblem.linkToNoPage(destination: link.link.destination, reason: reason).at(
                                link.location))
                    }
                    for use in page.images {
                        for format in use.image.skipped {
                            warnings.add(
                                SiteProblem.pictureWithoutFormat(reason: use.image.skipReason(format)).at(use.location))
                        }
                    }
                    for warning in page.warnings { warnings.add(warning) }
                    for use in page.unknownLanguages {
                        let seen = unknown[use.word]
                        let first =
                            seen.map { $0.location.file <= use.location.file ? $0.location : use.location }
                            ?? use.location
                        unknown[use.word] = (first, (seen?.count ?? 0) + 1)
                    }
                }
            }
        }
        for (language, use) in unknown {
            warnings.add(SiteProblem.unknownLanguage(language, pages: use.count).at(use.location))
        }
        for url in output.withEmptySections {
            for warning in output.records[url]!.emptySections { warnings.add(warning) }
        }
        for conflict in aliasConflicts() { warnings.add(conflict) }
        for shared in content.translations.sharedKeys() { warnings.add(shared) }
        for warning in program.referenceWarnings { warnings.add(warning) }
        // The built-in theme's words in a language it lacks are not the site's to write: no warning.
        if !theme.isBuiltin { for warning in theme.strings.warnings(config.languages) { warnings.add(warning) } }
        let used = output.templateUses
        // Partials, directives and hooks are there for the pages that want them: a site need not use them all.
        // The API reference's templates are there for a site with `api:`.
        let optional =
            ["partials/", "directives/", "hooks/"] + (config.api == nil ? ["layouts/api", "cells/api-"] : [])
        for name in theme.templateNames
        where !theme.isBuiltin && !optional.contains(where: name.hasPrefix) && used[name] == nil {
            warnings.add(SiteProblem.unusedTemplate(name).at(SourceLocation(file: "\(theme.path)/\(name).mustache")))
        }
        return warnings.all
    }

    /// The pages `sources` make, resolved: each source's URLs, and its instances whose inputs changed (all of them when
    /// `force`), their inputs with the content tree's hash where they draw navigation.
    private func resolve(
        _ sources: [SourceID], with resolver: Resolver, force: Bool, inputs: @Sendable (PageURL, String) -> String
    ) throws -> (made: [(source: SourceID, urls: [PageURL])], stale: [PageInstance]) {
        let drafts = options.drafts
        let (pagesBySource, generated) = (self.loaded, content.generated)
        let previous = force ? [:] : output.records
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
        let instances = try Self.everyResult(results)
        let stale = instances.joined().map { instance in
            var instance = instance
            instance.inputs = inputs(instance.url, instance.inputs)
            return instance
        }.filter { force || output.records[$0.url]?.inputs != $0.inputs }
        return (zip(sources, instances).map { ($0, $1.map(\.url)) }, stale)
    }

    /// Re-renders the pages made from `sources` whose inputs changed (all of them when `force`: a template or layout
    /// changed); a source no longer loaded loses its pages. Returns the URLs whose version changed or that are new,
    /// and the URLs that are gone, both sorted.
    ///
    /// Resolved and rendered a slice of sources at a time: the instances of every page at once (each list page with
    /// its items) set a build's peak memory, 4 KiB a page. No two pages may take one URL: checked over every slice's
    /// URLs, and told with the errors of rendering, so that one run reports both.
    private mutating func render(
        sources: Set<SourceID>, force: Bool, report: (@Sendable (Int, Int?, Int?) -> Void)? = nil
    ) throws -> (changed: [PageURL], removed: [PageURL]) {
        report?(4, nil, nil)
        // Pages restored from the previous build's record are read again before they are rendered.
        let incomplete = sources.filter { loaded[$0]?.isComplete == false }.sorted()
        if !incomplete.isEmpty {
            let loader = ContentLoader(site: options.site, markdown: markdown, bodies: bodies)
            let program = self.program
            let pages = try incomplete.parallelMap { source in
                let (page, problems) = try program.load(source, with: loader)
                if !problems.isEmpty { throw SectionSiteError(problems) }
                return page
            }
            for page in pages { loaded[page.page.source] = page }
            try makeImagesLoadingAgain(pages, loader: loader)
            _ = content.update(changed: Set(incomplete), in: loaded, config: config)
        }
        let sortedSources = sources.sorted()
        let resolver = Resolver(
            pages: content.published, tags: content.tags, translations: content.translations, data: data,
            config: config,
            site: options.site, orders: content.collectionOrders
        ).ordering(sortedSources.compactMap { loaded[$0] ?? content.generated[$0] })
        content.collectionOrders = resolver.orders
        let inputs = navigationInputs()  // from the records as they were before this render
        report?(5, 0, sortedSources.count)
        let renderer = PageRenderer(theme: theme, config: config, trees: content.trees, data: data)
        let store = pageStore
        if let store { try FileManager.default.createDirectory(at: store.folder, withIntermediateDirectories: true) }
        nonisolated(unsafe) let siteContexts = renderer.siteContexts
        var errors: [Diagnostic] = []
        var claims = OutputTable.Claims()
        var changed: [PageURL] = []
        for slice in stride(from: 0, to: sortedSources.count, by: 512).map({
            sortedSources[$0..<min($0 + 512, sortedSources.count)]
        }) {
            let made: [(source: SourceID, urls: [PageURL])], stale: [PageInstance]
            do {
                (made, stale) = try resolve(Array(slice), with: resolver, force: force, inputs: inputs)
            } catch let error as SectionSiteError {
                errors += error.diagnostics  // every slice is still resolved, to find every error
                continue
            }
            for (source, urls) in made { output.claim(urls, by: source, rendering: sources, in: &claims) }
            // Rendered on all cores. A build that renders no more (`BuildOptions.storage`) keeps each rendered page's
            // HTML in the page store, and lets go of what is left of its body in memory (item bodies) once the last
            // page made from it is rendered: holding every body and every page's HTML at once set a build's peak.
            let (done, total) = (slice.startIndex, sortedSources.count)
            // The costliest first (list pages), each result in its instance's place: the same output, and no core
            // left drawing a long list while the others wait at the end of the slice.
            let order = stale.indices.sorted { (stale[$0].cost, $1) > (stale[$1].cost, $0) }
            let drawn = order.parallelMap(progress: { report?(5, done + $0 * slice.count / max(stale.count, 1), total) }
            ) { index in
                Result {
                    let page = try renderer.render(resolver.filled(stale[index]), sites: siteContexts)
                    return try store.map(page.stored) ?? page
                }
            }
            var results = drawn
            for (place, index) in order.enumerated() { results[index] = drawn[place] }
            report?(5, slice.endIndex, total)
            let rendered: [RenderedPage]
            do {
                rendered = try Self.everyResult(results)
            } catch let error as SectionSiteError {
                errors += error.diagnostics  // every page is still rendered, to find every error
                continue
            }
            guard errors.isEmpty else { continue }
            var finished = Set<SourceID>()
            for (page, instance) in zip(rendered, stale) {
                let empty = instance.pagination.map { $0.current == 1 } ?? true ? instance.emptySections : []
                let record = OutputRecord(
                    page: page, inputs: instance.inputs,
                    emptySections: empty.map { SiteProblem.emptySection(id: $0.spec.id).at($0.spec.location) })
                if output.keep(record) { changed.append(page.url) }
                // A page whose body waits on disk and that has no item bodies holds nothing to let go: a copy would
                // only double it while the resolver still holds the original.
                let (key, source) = (instance.source.page.source, instance.source)
                if options.storage != nil, loaded[key] === source, !source.blocks.isEmpty || !source.itemBodies.isEmpty
                {
                    finished.insert(key)
                }
            }
            if !finished.isEmpty {
                for source in finished { loaded[source] = loaded[source]!.withoutBody() }
                content.replace(finished, in: loaded)  // it holds the same pages
            }
        }
        var removed: [PageURL] = []
        do {
            removed = try output.settle(claims)
        } catch let error as SectionSiteError {
            errors += error.diagnostics
        }
        if !errors.isEmpty {
            var unique: [Diagnostic] = []
            for error in errors.sorted(by: Diagnostic.inFileOrder) where unique.last != error { unique.append(error) }
            throw SectionSiteError(unique)
        }
        return (changed.sorted(), removed)
    }

    /// A page's inputs (URL, resolver's inputs) with the content tree's hash in them when the page was drawn with
    /// navigation last time (a page rendered for the first time is rendered anyway).
    private func navigationInputs() -> @Sendable (PageURL, String) -> String {
        let (records, drawing, treeHash) = (output.records, theme.navigationTemplates, content.treeHash)
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

    /// The paths whose pages were drawn with navigation, which a change of the content tree may change.
    private func pathsDrawingNavigation() -> Set<SourceID> {
        let drawing = theme.navigationTemplates
        guard !drawing.isEmpty else { return [] }
        return Set(
            output.urls.filter { $0.value.contains { !(pages[$0]?.templatesUsed.isDisjoint(with: drawing) ?? true) } }
                .keys)
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
        if !errors.isEmpty {
            var unique: [Diagnostic] = []  // a template error met by many pages is told once a place
            for error in errors.sorted(by: Diagnostic.inFileOrder) where unique.last != error { unique.append(error) }
            throw SectionSiteError(unique)
        }
        return values
    }

    mutating func refreshFiles() {
        fileList = Self.staticFiles(site: options.site, theme: theme)
        files = Dictionary(fileList.map { ($0.path, $0) }) { first, _ in first }
    }
}
