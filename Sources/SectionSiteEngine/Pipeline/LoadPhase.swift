import Foundation
import HashTreeCollections

/// Loading, the build's second phase: every page read and its Markdown rendered into blocks (a build from nothing),
/// or the pages a change names read again, with the pages that link to one whose URL changed, and what that means
/// for rendering (an incremental build, the preview's edits).
///
/// Loading is two steps, so that rendering a page's Markdown reads nothing but the page: every page's front matter
/// is parsed first, which gives each page its URL (`LinkTargets.pageURLs`, written here only), and only then is the
/// Markdown of any page rendered, its links resolved against the URLs and the site's files.
enum LoadPhase {
    /// Loads every page of the site and every page a program defines into `site`, on all cores. Mistakes a user
    /// fixes in a minute come before the minutes pictures may take: the pages' own (front matter, aliases, Markdown,
    /// a picture's header) and two pages at one URL stop the build here, before any picture's files are made.
    static func all(
        _ site: inout Site, report: @escaping @Sendable (BuildProgress.Step, Int?, Int?) -> Void
    ) throws {
        let paths = site.loader.pagePaths()
        // Progress counts both steps: each page once parsed, once rendered.
        let total = paths.count * 2
        report(.loading, 0, total)
        let parsed = site.loader.parseAll(paths, progress: { report(.loading, $0, total) })
        site.markdown.targets?.pageURLs = TreeDictionary(
            uniqueKeysWithValues: parsed.pages.map { ($0.path, $0.page.url) })
        let loader = site.loader
        let (pages, problems) = loader.renderAll(
            parsed.pages, progress: { report(.loading, paths.count + $0, total) })
        let errors = parsed.errors + problems
        site.loaded = TreeDictionary(uniqueKeysWithValues: pages.map { ($0.page.source, $0) })
        for page in site.program.definitions.values { site.loaded[page.source] = try loader.load(page) }
        // Else every error of the run at once, the pictures' among them.
        var cheap = errors
        let owners = Dictionary(grouping: site.loaded.values.filter(site.content.publishes), by: \.page.url).mapValues {
            $0.map(\.page.source).sorted()
        }
        do { try OutputTable.checkUnique(owners) } catch let error as SectionSiteError { cheap += error.diagnostics }
        if !cheap.isEmpty { throw SectionSiteError(inFileOrder: cheap) }
    }

    /// What loading pages again found, for working out what to render again.
    struct Reloading {
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
    static func again(_ paths: Set<SourceID>, in site: inout Site) throws -> Reloading {
        var done = Reloading(paths: paths)
        var reloaded: [LoadedPage] = []
        var problems: [Diagnostic] = []
        var pending = paths.sorted()
        // What a page restored from the record showed is in the pictures' record, not in the page.
        let recorded = PicturePhase.recorded(in: site)
        while !pending.isEmpty {
            var moved = Set<SourceID>()  // pages whose URL changed, came or went: links to them change
            let parsed = parse(pending, in: &site, problems: &problems)
            let loader = site.loader
            for source in pending {
                let old = site.loaded[source]
                var new: LoadedPage?
                // A page no program defines any more, or whose file is gone, is removed; one whose front matter is
                // wrong stays as it was.
                if site.program[source] != nil {
                    do {
                        let (page, found) = try site.program.load(source, with: loader)
                        (new, problems) = (page, problems + found)
                    } catch {
                        problems += error.diagnostics
                        continue
                    }
                } else if let result = parsed[source] {
                    guard case .success(let page) = result else { continue }
                    let (rendered, found) = loader.render(page)
                    (new, problems) = (rendered, problems + found)
                }
                for page in [old, new].compactMap(\.self) {
                    done.folders.insert(page.page.folder)
                    let prefix = site.config.languages.prefix(page.page.language)
                    done.tagPages.formUnion(page.tagSlugs.map { .generated(TagPages.url($0, prefix: prefix)) })
                }
                site.loaded[source] = new
                done.restructured = done.restructured || ContentTree.changes(old, new, drafts: site.options.drafts)
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
                : site.loaded.filter { source, page in
                    !done.paths.contains(source)
                        && page.fileLinks.contains { $0.link.target.map { moved.contains(.file($0)) } ?? false }
                }.keys.sorted()
            done.paths.formUnion(pending)
        }
        if !problems.isEmpty { throw SectionSiteError(inFileOrder: problems) }
        try PicturePhase.run(&site, pages: reloaded, loader: site.loader)
        return done
    }

    /// The front matter of the Markdown files among `sources`, each page's URL recorded in the link targets (a file
    /// that is gone has none), before any of their Markdown is rendered. Nil for a file that is gone; the errors of
    /// one that cannot be parsed are added to `problems`.
    private static func parse(
        _ sources: [SourceID], in site: inout Site, problems: inout [Diagnostic]
    ) -> [SourceID: Result<ContentLoader.ParsedPage, SectionSiteError>] {
        var parsed: [SourceID: Result<ContentLoader.ParsedPage, SectionSiteError>] = [:]
        let loader = site.loader
        for source in sources where site.program[source] == nil {
            guard let path = source.file else { continue }
            guard
                FileManager.default.fileExists(
                    atPath: site.config.versions.file(path, in: site.options.site.path))
            else {
                site.markdown.targets?.pageURLs[path] = nil
                continue
            }
            let result = Result { () throws(SectionSiteError) in try loader.parse(path) }
            switch result {
            case .success(let page): site.markdown.targets?.pageURLs[path] = page.page.url
            case .failure(let error): problems += error.diagnostics
            }
            parsed[source] = result
        }
        return parsed
    }

    /// The pages to render again after `loading`: those loaded again, the tag pages and translations they change,
    /// the pages drawing navigation when the tree changed, the lists of the folders they were and are in, and the
    /// pages drawn with a changed template (every page when the plan renders all).
    static func toRender(_ plan: ChangePlan, after loading: Reloading, in site: inout Site) -> Set<SourceID> {
        var affected = loading.paths
        if !loading.paths.isEmpty {
            affected.formUnion(site.content.update(changed: loading.paths, in: site.loaded, config: site.config))
            affected.formUnion(
                loading.tagPages.filter { site.content.generated[$0] != nil || site.output.urls[$0] != nil })
        }
        let drawsNavigation = !site.theme.navigationTemplates.isEmpty
        if loading.restructured || (plan.forcesRender && drawsNavigation && site.content.trees.isEmpty),
            site.content.refreshTree(drawn: drawsNavigation)
        {
            affected.formUnion(drawingNavigation(site))
        }
        if plan.renderAll {
            affected.formUnion(site.loaded.keys)
            affected.formUnion(site.content.generated.keys)
            return affected
        }
        for path in site.content.listing
        where loading.folders.contains(where: { Resolver.lists(site.loaded[path]!, folder: $0) }) {
            affected.insert(path)
        }
        if !plan.templates.isEmpty {
            for (path, owned) in site.output.urls
            where owned.contains(where: { !(site.pages[$0]?.templatesUsed.isDisjoint(with: plan.templates) ?? true) }) {
                affected.insert(path)
            }
        }
        return affected
    }

    /// The paths whose pages were drawn with navigation, which a change of the content tree may change.
    private static func drawingNavigation(_ site: Site) -> Set<SourceID> {
        let drawing = site.theme.navigationTemplates
        guard !drawing.isEmpty else { return [] }
        return Set(
            site.output.urls.filter {
                $0.value.contains { !(site.pages[$0]?.templatesUsed.isDisjoint(with: drawing) ?? true) }
            }
            .keys)
    }

}
