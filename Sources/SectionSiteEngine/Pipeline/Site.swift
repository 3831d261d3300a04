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
    var searchMemo = Locked<[LanguageCode: SearchShards]>([:])
    /// What each language's next search index is updated from: the one made before the last change, or the one
    /// the previous build saved.
    var searchBase: [LanguageCode: SearchShards.Base] = [:]
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
        @Sendable func report(_ step: BuildProgress.Step, _ done: Int? = nil, _ total: Int? = nil) {
            progress(BuildProgress(step, done: done, total: total))
        }
        report(.reading)
        try self.init(options: options, inputs: SiteInputs(options: options), restoring: false, progress: progress)
        refreshFiles()
        try LoadPhase.all(&self, report: report)
        report(.pictures)
        try PicturePhase.run(&self, pages: loaded.values, loader: loader) { report(.pictures, $0, $1) }
        progress(BuildProgress(.resolving, name: "Indexing the content"))
        content.rebuild(from: loaded, config: config)
        _ = content.refreshTree(drawn: !theme.navigationTemplates.isEmpty)
        _ = try RenderPhase.run(
            &self, sources: Set(loaded.keys).union(content.generated.keys), force: true, report: report)
        PicturePhase.refresh(&self)
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
            progress(BuildProgress(.reading, name: "Reading the API reference (building the package)"))
        }
        let api = try Self.apiReference(options, config: config)
        markdown = Markdown(
            config: config, highlighter: highlighter, theme: theme,
            images: PicturePhase.catalog(options, config: config),
            targets: LinkTargets(), symbolLinks: api?.symbols, collectsLinks: options.keepsLinks)
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
        searchBase = SiteOutput(self).searchBases(carried: true)
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
            where !page.warnings.isEmpty
                || page.images.contains(where: { plan.pictures.contains(SourcePath($0.image.source)) })
            {
                load.insert(path)
            }
        }
        // An editor's temporary file of `Content/` that came and went changes nothing.
        let copies = plan.contentFiles.filter { output, path in
            files[output] != nil
                || FileManager.default.fileExists(atPath: config.versions.file(path, in: options.site.path))
        }
        // The site's files before its pages: links to them resolve against the list, and a page whose links name a
        // file that came or went is drawn again.
        let refresh = plan.copiedFiles || !copies.isEmpty
        if refresh, let targets = refreshFiles() {
            for (source, page) in loaded where targets.differs(from: page.linkedFiles) { load.insert(source) }
        }
        if plan.findPages {
            let present = Set(loader.pagePaths().map(SourceID.file))
            load.formUnion(present.subtracting(loaded.keys))
            load.formUnion(Set(loaded.keys).subtracting(present).subtracting(program.definitions.keys))
        }
        let loading = try LoadPhase.again(load, in: &self)
        var update = Update()
        (update.changed, update.removed) = try RenderPhase.run(
            &self, sources: LoadPhase.toRender(plan, after: loading, in: &self), force: plan.forcesRender)
        if loading.picturesChanged || refresh { PicturePhase.refresh(&self) }
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

    /// The warnings of the site as it is, sorted: links to `.md` files that are no page, sections without items,
    /// aliases that are not written, templates no page uses.
    package var warnings: [Diagnostic] {
        var warnings = Warnings()
        // A link's target is a page when a published page comes from that file, or when a published page a program
        // defines answers for it (the Markdown file that would have its URL): those are gathered only if needed.
        var answered: Set<SourcePath>?
        func isPage(_ target: SourcePath) -> Bool {
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
        for conflict in SiteOutput(self).aliasConflicts() { warnings.add(conflict) }
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

    /// Lists the files the site copies, and the files Markdown's links resolve against; returns the link targets.
    @discardableResult
    mutating func refreshFiles() -> LinkTargets? {
        fileList = Self.staticFiles(site: options.site, theme: theme, versions: config.versions)
        files = Dictionary(fileList.map { ($0.path, $0) }) { first, _ in first }
        markdown.targets?.files = LinkTargets.files(
            of: options.site, within: config.sourceBounds(site: options.site), versions: config.versions)
        return markdown.targets
    }

    /// The loader of the site's pages, with the Markdown as it is now (its link targets among it).
    var loader: ContentLoader {
        ContentLoader(
            site: options.site, markdown: markdown, bodies: bodies, permalinks: config.permalinks,
            versions: config.versions)
    }
}
