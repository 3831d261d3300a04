import Foundation
import SectionSiteEngine
import Yams

/// A source format's import, as the same named passes over one `ImportModel`, run in this order by `Importer`:
///
/// 1. `settings`: the source's settings read, and refused where they cannot become the new site's.
/// 2. `contentTree`: every file of the source placed: a page to convert (`ImportModel.pages`), a file to copy
///    (`outputs`), or a file left behind (the report).
/// 3. `frontMatter`: each page's address, aliases and front matter in SectionSite's words, and the page as the
///    source's templates see it.
/// 4. `templates`: each page's template tags (Hugo's shortcodes, Liquid) drawn as `ImportComponent`s.
/// 5. `Importer.bodies` (shared): directive-like lines the source holds escaped, HTML and text bodies kept as
///    written.
/// 6. `generatedPages`: the pages the original generator makes on its own (lists, home pages).
/// 7. `settingsFile`: `sectionsite.yml`.
///
/// Then everything is written at once, with the report (`ImportFiles.write`). A third format is a third set of
/// these passes.
protocol ImportFormat {
    mutating func settings(_ model: inout ImportModel) throws
    mutating func contentTree(_ model: inout ImportModel) throws
    mutating func frontMatter(_ model: inout ImportModel) throws
    mutating func templates(_ model: inout ImportModel) throws
    mutating func generatedPages(_ model: inout ImportModel) throws
    func settingsFile(_ model: ImportModel) throws -> Node
    /// The folder the posts went to, where the starter theme's link to the posts points; nil when there are none.
    var postsFolder: String? { get }
}

/// What an import knows, filled in by the passes in order.
struct ImportModel {
    /// The source site, read only through its bounds.
    let site: ImportSource
    /// Every file of the source, relative to it, sorted.
    let files: [String]
    /// The new site's theme and what the importers ask of it.
    let theme: ImportTheme
    /// The pages to convert, each placed in the new site.
    var pages: [ImportPage] = []
    /// What is written as it is: static files, data, a bundle's pictures, the pages the import makes. The pages
    /// are written with their front matter after the last pass.
    var outputs: [(path: String, data: Data)] = []
    var report = ImportReport()

    /// Every path the new site will have so far: the pages' and the outputs'.
    var paths: [String] { pages.map(\.target) + outputs.map(\.path) }
}

/// A page of the source on its way to the new site.
struct ImportPage {
    /// What the source generator makes of the file.
    enum Kind: Equatable {
        /// A page (Hugo's every content file; Jekyll's pages outside `_` folders).
        case page
        /// A Jekyll post; `nested` when its `_posts` folder is not the site's own (`en/news/_posts/`).
        case post(nested: Bool)
        /// A document of a published Jekyll collection.
        case collection(String)
    }

    /// How the body is written.
    enum Form {
        /// Markdown, as written.
        case markdown
        /// HTML, which Markdown passes through once no blank line splits it.
        case html
        /// Plain text, shown as written (a fenced block).
        case text
    }

    /// The file in the source site, and the path inside its content folder (Hugo's language's; Jekyll's site).
    var source: String, inner: String
    /// The file in the new site (`Content/blog/2018-01-19-forums.md`).
    var target: String
    var kind: Kind = .page
    var form: Form = .markdown
    /// Hugo's language code; the default language's for Jekyll.
    var language = ""
    /// The front matter: as the source writes it until the front matter pass, SectionSite's after it.
    var front: [String: Any]
    /// The lines before the body in the source file, and the line of each front matter key there.
    var frontLines: Int
    var keyLines: [String: Int] = [:]
    var body: String
    /// The new site's address (percent-encoded) and the original's.
    var url = "", originalURL = ""
    /// The address is written as the page's `url:` (else the section's pattern gives it).
    var ownURL = false
    /// Renamed, as another source has its file: its address is its `url:`.
    var renamed = false
    /// The page's type, by which Hugo finds its shortcodes (its own `type`, or one cascaded to it).
    var type: String?
    /// The page as the source's templates see it (`page.*`, `.Page`), set by the front matter pass.
    var value: SourceValue = .map([:])
}

/// The new site's theme: its files (`Themes/<name>/...`, none for a theme the binary carries), its name, and what
/// the passes ask of it.
struct ImportTheme {
    let files: [(path: String, text: String)], name: String
    /// Its layouts, the directives it draws, and the cell its lists draw pages with.
    let layouts: Set<String>, directives: Set<String>, postCell: String

    init(files: [(path: String, text: String)], name: String) {
        self.files = files
        self.name = name
        layouts = ImportFiles.layouts(of: files, themeName: name)
        directives = ImportFiles.directives(of: files, themeName: name)
        postCell = ImportFiles.postCell(of: files, themeName: name)
    }
}

/// Runs a format's passes (`ImportFormat`) from a source folder to a new site's folder.
enum Importer {
    static func run(
        _ format: inout some ImportFormat, source: URL, destination: URL, theme: ImportTheme
    ) throws -> ImportReport {
        try ImportFiles.checkFolders(source: source, destination: destination)
        var model = ImportModel(site: ImportSource(source), files: FileTree.files(under: source).sorted(), theme: theme)
        try format.settings(&model)
        try format.contentTree(&model)
        try format.frontMatter(&model)
        try format.templates(&model)
        bodies(&model)
        try format.generatedPages(&model)
        model.outputs.append(("sectionsite.yml", Data(try ImportYAML.text(format.settingsFile(model)).utf8)))
        let pages = model.pages.map { ($0.target, Data((ImportFiles.frontMatter($0.front) + $0.body).utf8)) }
        return try ImportFiles.write(
            model.outputs + pages, theme: theme.files, postsFolder: format.postsFolder, to: destination,
            report: model.report)
    }

    /// Each page's body as the new site's: the directive-like lines its source holds (or its template tags
    /// brought) escaped outside code, the directives the components wrote left as they are; an HTML body kept one
    /// block (Markdown ends an HTML block at a blank line and takes what follows, indented, as code), a text one
    /// fenced.
    static func bodies(_ model: inout ImportModel) {
        for index in model.pages.indices {
            let body = ImportComponent.unmarked(ImportMarkdown.escapingDirectives(model.pages[index].body))
            model.pages[index].body =
                switch model.pages[index].form {
                case .markdown: body
                case .html: ImportMarkdown.htmlBody(body)
                case .text: Shortcodes.fence("text", body)
                }
        }
    }
}
