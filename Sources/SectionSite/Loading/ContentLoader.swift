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
        let text = try SourceText.read(URL(fileURLWithPath: site.path + "/" + path), path: path)
        return try load(path, text: text)
    }

    /// Parses one page from its text.
    func load(_ path: String, text: String) throws -> LoadedPage {
        let page = try PageParser(path: path).parse(text)
        let (blocks, firstParagraph) = markdown.blocks(page.body)
        return LoadedPage(
            page: page, blocks: blocks, summary: page.summary ?? firstParagraph ?? "", sourceHash: ContentHash.of(text).hex)
    }
}
