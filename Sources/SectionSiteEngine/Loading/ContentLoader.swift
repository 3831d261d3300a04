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

    /// Reads and parses one page.
    func load(_ path: String) throws -> LoadedPage {
        let file = site.path + "/" + path
        let stamp = FileStamp.of(file)  // taken before reading: an edit during the read shows as a newer stamp
        let text = try SourceText.read(URL(fileURLWithPath: file), path: path)
        return try load(path, text: text, stamp: stamp)
    }

    /// Parses one page from its text: front matter, the body's blocks, and the bodies of its items.
    func load(_ path: String, text: String, stamp: FileStamp? = nil) throws -> LoadedPage {
        load(try PageParser(path: path).parse(text), source: path, sourceHash: ContentHash.of(text).hex, stamp: stamp)
    }

    /// A page defined by a Swift program, loaded as a file's would be.
    func load(_ definition: SitePage) -> LoadedPage {
        load(definition.page, source: definition.markdownSource, sourceHash: definition.sourceHash, stamp: nil)
    }

    /// Renders a parsed page's body and item bodies; `source` is the file that relative links start from.
    private func load(_ parsed: Page, source path: String, sourceHash: String, stamp: FileStamp?) -> LoadedPage {
        var page = parsed
        let document = markdown.render(page.body, source: path, takeTitle: page.title.isEmpty)
        page.body = ""  // rendered into blocks: the text would only double what thousands of pages keep in memory
        if page.title.isEmpty { page.title = document.title ?? PageParser.defaultTitle(path) }
        let bodyLine = page.bodyLocation.line
        var links = document.fileLinks.map {
            LoadedPage.FileLink(link: $0, location: SourceLocation(file: page.bodyLocation.file, line: bodyLine + $0.line - 1, column: $0.column))
        }
        var allLinks = document.links.map {
            LoadedPage.Link(
                destination: $0.destination, written: $0.written,
                location: SourceLocation(file: page.bodyLocation.file, line: bodyLine + $0.line - 1, column: $0.column))
        }
        var itemBodies: [String: String] = [:]
        for section in page.sections {
            guard case .items(let items) = section.content else { continue }
            for item in items {
                guard let body = item.body else { continue }
                let (html, itemLinks, itemAllLinks) = markdown.html(body, source: path)
                itemBodies[item.id] = html
                links += itemLinks.map { LoadedPage.FileLink(link: $0, location: item.location) }
                allLinks += itemAllLinks.map { LoadedPage.Link(destination: $0.destination, written: $0.written, location: item.location) }
            }
        }
        return LoadedPage(
            page: page, blocks: document.blocks, summary: page.summary ?? document.firstParagraph ?? "",
            headings: document.headings, itemBodies: itemBodies, fileLinks: links, links: allLinks,
            text: document.text, sourceHash: sourceHash,
            stamp: stamp)
    }
}
