/// What a batch of changes asks of the site, decided from the changes alone, before anything is read: which inputs
/// are read again and what is drawn again whatever the pages turn out to say. `Site.apply` carries it out; which
/// pages it then loads and renders follows from the plan and from the site as it stands (the pages drawn with a
/// changed template, the lists of a folder where a page moved).
///
/// ```text
/// settings                      everything: the site is made again from nothing
/// API sources                   the reference made again; its pages loaded again
/// a page (Markdown or Swift)    that page loaded again
/// a folder of Content/          the pages under Content/ found again
/// a file of Content/            copied again (a picture: the pages showing it loaded again)
/// Data/                         data read again, every page rendered again
/// cells/, supplementary/        the theme read again, the pages drawn with the template rendered again
/// directives/, hooks/           the theme read again, the pages whose Markdown it drew loaded again
/// any other file of the theme   the theme read again, every page rendered again
/// assets/, Static/              copied again
/// ```
struct ChangePlan: Equatable, Sendable {
    /// The settings changed: the site is made again from nothing, and nothing else in the plan matters.
    var everything = false
    /// The API reference's package changed: its symbol graphs are read again.
    var apiReference = false
    /// A file of `Data/` changed: the data files are read again.
    var data = false
    /// The cell and supplementary templates that changed, by name (`cells/dish`): the pages drawn with one render
    /// again, all of them (their inputs did not change).
    var templates: Set<String> = []
    /// The directive and render hook templates that changed, by name (`hooks/link`): the pages whose Markdown one
    /// drew are loaded again.
    var components: Set<String> = []
    /// Every page renders again: a layout, a partial, the theme's words or a data file changed.
    var renderAll = false
    /// The pages to load again: Markdown files and pages a program defines.
    var pages: Set<SourceID> = []
    /// The pictures that changed, by path: the pages showing one are loaded again (its files are named by its bytes).
    var pictures: Set<SourcePath> = []
    /// A folder of `Content/` came, went or was renamed: the pages under `Content/` are found again.
    var findPages = false
    /// The files copied as they are changed: they are listed again.
    var copiedFiles = false
    /// Output paths of theme assets and static files that changed, which the preview may announce.
    var assets: Set<OutputPath> = []
    /// Files of `Content/` copied as they are that changed, output path to path: an editor's temporary file that
    /// came and went (neither published nor there) changes nothing.
    var contentFiles: [OutputPath: SourcePath] = [:]

    /// The theme is read again.
    var reloadsTheme: Bool { !templates.isEmpty || !components.isEmpty || renderAll }
    /// Pages render again even where their inputs are as they were: what draws them changed.
    var forcesRender: Bool { renderAll || !templates.isEmpty }
}

extension ChangePlan {
    /// The plan for `changes` to a site of the theme `layout` names.
    init(_ changes: some Sequence<SiteChange>, layout: SiteLayout) {
        for change in changes {
            if case .file(let path) = change, ImageFormat(fileName: path.rawValue) != nil { pictures.insert(path) }
            switch layout.classify(change) {
            case .settings: everything = true
            case .apiSources: apiReference = true
            case .page(let key): pages.insert(key)
            case .contentFolder: (findPages, copiedFiles) = (true, true)
            case .contentFile(let output):
                if case .file(let path) = change { contentFiles[output] = path }
            case .data: (data, renderAll) = (true, true)
            case .template(let name): templates.insert(name)
            case .component(let name): components.insert(name)
            case .layout: renderAll = true
            case .themeAsset(let output), .staticFile(let output):
                (copiedFiles, assets) = (true, assets.union([output]))
            case .ignored: continue
            }
        }
    }
}
