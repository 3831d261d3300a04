import Foundation

/// Reads the pages of `Content/`: every `*.md` file, parsed on all cores.
struct ContentLoader {
    /// The site folder.
    var site: URL
    /// The Markdown renderer of the site's settings.
    var markdown: Markdown

    /// Every Markdown file under `Content/` as a site-relative path, sorted.
    func pagePaths() -> [String] {
        FileTree.files(under: site.appendingPathComponent("Content")).filter { $0.hasSuffix(".md") }
            .map { "Content/\($0)" }
    }

    /// Reads and parses every page of `paths` on all cores; when some fail, the error holds every page's errors,
    /// sorted by file and place.
    func loadAll(_ paths: [String], progress: (@Sendable (Int) -> Void)? = nil) throws -> [LoadedPage] {
        let results = paths.parallelMap(progress: progress) { path in Result { try load(path) } }
        var errors: [Diagnostic] = []
        var pages: [LoadedPage] = []
        pages.reserveCapacity(results.count)
        for result in results {
            switch result {
            case .success(let page): pages.append(page)
            case .failure(let error as SectionSiteError): errors += error.diagnostics
            case .failure(let error): throw error
            }
        }
        if !errors.isEmpty { throw SectionSiteError(errors) }
        return pages
    }

    /// Reads and parses one page.
    func load(_ path: String) throws -> LoadedPage {
        let file = site.path + "/" + path
        let stamp = FileStamp.of(file)  // taken before reading: an edit during the read shows as a newer stamp
        let text = try SourceText.read(URL(fileURLWithPath: file), path: path)
        return try load(path, text: text, stamp: stamp)
    }

    /// Parses one page from its text: front matter, the body's blocks, and the bodies of its items.
    func load(_ path: String, text: String, stamp: FileStamp? = nil) throws -> LoadedPage {
        try load(try PageParser(path: path).parse(text), source: path, sourceHash: ContentHash.of(text).hex, stamp: stamp)
    }

    /// A page defined by a Swift program, loaded as a file's would be.
    func load(_ definition: SitePage) throws -> LoadedPage {
        try load(definition.page, source: definition.markdownSource, sourceHash: definition.sourceHash, stamp: nil)
    }

    /// Renders a parsed page's body and item bodies; `source` is the file that relative links start from. A
    /// mistake in the Markdown (an unknown directive, say) is an error at its place; every one of the page is
    /// reported.
    private func load(_ parsed: Page, source path: String, sourceHash: String, stamp: FileStamp?) throws -> LoadedPage {
        var page = parsed
        let document = markdown.render(page.body, source: path, takeTitle: page.title.isEmpty)
        page.body = ""  // rendered into blocks: the text would only double what thousands of pages keep in memory
        if page.title.isEmpty { page.title = document.title ?? PageParser.defaultTitle(path) }
        let file = page.bodyLocation.file
        let bodyLine = page.bodyLocation.line
        func inBody(_ line: Int, _ column: Int) -> SourceLocation {
            SourceLocation(file: file, line: bodyLine + line - 1, column: column)
        }
        var links = document.fileLinks.map { LoadedPage.FileLink(link: $0, location: inBody($0.line, $0.column)) }
        var allLinks = document.links.map {
            LoadedPage.Link(destination: $0.destination, written: $0.written, location: inBody($0.line, $0.column))
        }
        var problems = document.problems.map { Diagnostic(.error, $0.message, at: inBody($0.line, $0.column)) }
        var templatesUsed = document.templatesUsed
        var itemBodies: [String: String] = [:]
        for section in page.sections {
            guard case .items(let items) = section.content else { continue }
            for item in items {
                guard let body = item.body else { continue }
                let (html, itemDocument) = markdown.html(body, source: path)
                itemBodies[item.id] = html
                links += itemDocument.fileLinks.map { LoadedPage.FileLink(link: $0, location: item.location) }
                allLinks += itemDocument.links.map {
                    LoadedPage.Link(destination: $0.destination, written: $0.written, location: item.location)
                }
                problems += itemDocument.problems.map {
                    Diagnostic(.error, "in the body of item '\(item.id)': \($0.message)", at: item.location)
                }
                templatesUsed.formUnion(itemDocument.templatesUsed)
            }
        }
        if !problems.isEmpty {
            throw SectionSiteError(problems.sorted { ($0.location?.line ?? 0, $0.location?.column ?? 0) < ($1.location?.line ?? 0, $1.location?.column ?? 0) })
        }
        return LoadedPage(
            page: page, blocks: document.blocks, summary: page.summary ?? document.firstParagraph ?? "",
            headings: document.headings, itemBodies: itemBodies, fileLinks: links, links: allLinks,
            text: document.text, sourceHash: markdown.dependencyHash(sourceHash, templatesUsed: templatesUsed),
            templatesUsed: templatesUsed, stamp: stamp)
    }
}
