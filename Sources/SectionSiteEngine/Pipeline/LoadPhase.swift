import Foundation
import HashTreeCollections

/// Loading, the build's second phase: every page read and its Markdown rendered into blocks (a build from nothing),
/// or the pages a change names read again, with the pages that link to one whose URL changed, and what that means
/// for rendering (an incremental build, the preview's edits).
enum LoadPhase {
    /// Loads every page of the site and every page a program defines into `site`, on all cores. Mistakes a user
    /// fixes in a minute come before the minutes pictures may take: the pages' own (front matter, aliases, Markdown,
    /// a picture's header) and two pages at one URL stop the build here, before any picture's files are made.
    static func all(
        _ site: inout Site, with loader: ContentLoader,
        report: @escaping @Sendable (BuildProgress.Step, Int?, Int?) -> Void
    ) throws {
        let paths = loader.pagePaths()
        report(.loading, 0, paths.count)
        let (pages, errors) = try loader.loadAll(paths, progress: { report(.loading, $0, paths.count) })
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
    static func again(_ paths: Set<SourceID>, in site: inout Site, with loader: ContentLoader) throws -> Reloading {
        var done = Reloading(paths: paths)
        var reloaded: [LoadedPage] = []
        var problems: [Diagnostic] = []
        var pending = paths.sorted()
        // What a page restored from the record showed is in the pictures' record, not in the page.
        let recorded = PicturePhase.recorded(in: site)
        while !pending.isEmpty {
            var moved = Set<SourceID>()  // pages whose URL changed, came or went: links to them change
            for source in pending {
                let old = site.loaded[source]
                var new: LoadedPage?
                // A page no program defines any more, or whose file is gone, is removed.
                if site.program[source] != nil
                    || source.file.map({ FileManager.default.fileExists(atPath: $0.in(site.options.site.path)) })
                        == true
                {
                    do {
                        let (page, found) = try site.program.load(source, with: loader)
                        (new, problems) = (page, problems + found)
                    } catch {
                        problems += error.diagnostics
                        continue
                    }
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
        try PicturePhase.run(&site, pages: reloaded, loader: loader)
        return done
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
