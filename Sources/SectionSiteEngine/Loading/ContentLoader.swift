import Foundation
import SystemPackage

/// Reads the pages of `Content/`: every `*.md` file, parsed on all cores.
struct ContentLoader {
    /// The site folder.
    var site: URL
    /// The Markdown renderer of the site's settings.
    var markdown: Markdown
    /// Where each page's body waits until it is rendered, for a build that keeps it on disk; nil keeps it in memory.
    var bodies: BodyStore? = nil
    /// Where pages go, and in which language.
    var permalinks: Permalinks
    /// The documentation's versions: those read from git are read from their copies.
    var versions = SiteVersions()

    /// Every Markdown file under `Content/` as a site-relative path, sorted.
    func pagePaths() -> [SourcePath] {
        (FileTree.files(under: site.appendingPathComponent("Content")) + GitVersions.copiedFiles(versions, site: site))
            .filter { $0.hasSuffix(".md") }.sorted().map { SourcePath("Content/\($0)") }
    }

    /// A page's file read and its front matter parsed, its Markdown not rendered yet.
    struct ParsedPage: Sendable {
        /// The page; its body may be left in the file (`bodyBytes`).
        var page: Page
        var path: SourcePath
        /// The hash of the file's text.
        var sourceHash: ContentDigest
        /// The file's stamp, taken before it was read.
        var stamp: FileStamp?
        /// The length in UTF-8 bytes of the body that `page` leaves in the file, at the end of its text: 0 when the
        /// page holds its body.
        var bodyBytes = 0
    }

    /// Reads and parses the front matter of every page of `paths` on all cores: the pages that could be read, and
    /// the errors of those that could not (a file that cannot be read, wrong front matter).
    func parseAll(
        _ paths: [SourcePath], progress: (@Sendable (Int) -> Void)? = nil
    ) -> (pages: [ParsedPage], errors: [Diagnostic]) {
        // The bodies stay in their files until each page is rendered: 10,000 pages' text is not held between the
        // steps.
        let (pages, errors) = SectionSiteError.partition(
            paths.parallelMap(progress: progress) { path in
                Result { () throws(SectionSiteError) -> ParsedPage in try parse(path, keepingBody: false) }
            })
        return (pages, errors)
    }

    /// Renders the Markdown of every page of `parsed` on all cores, with `markdown`'s link targets. Returns every
    /// page, those with mistakes in their Markdown among them (so that their pictures can be checked too), and the
    /// mistakes.
    func renderAll(
        _ parsed: [ParsedPage], progress: (@Sendable (Int) -> Void)? = nil
    ) -> (pages: [LoadedPage], errors: [Diagnostic]) {
        let results = parsed.parallelMap(progress: progress) { render($0) }
        return (results.map(\.0), results.flatMap(\.1))
    }

    /// Reads and parses one page; a mistake in its Markdown is an error.
    func load(_ path: SourcePath) throws -> LoadedPage {
        let (page, problems) = try loadReportingProblems(path)
        if !problems.isEmpty { throw SectionSiteError(problems) }
        return page
    }

    /// Reads and parses one page, and tells the mistakes of its Markdown apart; a file that cannot be read or
    /// whose front matter is wrong is an error.
    func loadReportingProblems(_ path: SourcePath) throws(SectionSiteError) -> (LoadedPage, [Diagnostic]) {
        render(try parse(path))
    }

    /// Reads one page's file and parses its front matter; a file that cannot be read or whose front matter is wrong
    /// is an error. A page not `keepingBody` leaves its body in the file, read again when the page is rendered.
    func parse(_ path: SourcePath, keepingBody: Bool = true) throws(SectionSiteError) -> ParsedPage {
        let file = versions.file(path, in: site.path)
        let stamp = FileStamp.of(FilePath(file))  // before reading: an edit during the read shows as a newer stamp
        do {
            let text = try SourceText.read(URL(fileURLWithPath: file), path: path.rawValue)
            var page = try PageParser(path: path, permalinks: permalinks).parse(text)
            var parsed = ParsedPage(page: page, path: path, sourceHash: ContentHash.of(text).digest, stamp: stamp)
            if !keepingBody {
                parsed.bodyBytes = page.body.utf8.count
                page.body = ""
                parsed.page = page
            }
            return parsed
        } catch let error as SectionSiteError {
            throw error
        } catch {
            throw FileProblem.unreadable(reason: SystemReason.of(error)).error(at: .file(path))
        }
    }

    /// Renders a parsed page's Markdown, and tells its mistakes apart.
    func render(_ parsed: ParsedPage) -> (LoadedPage, [Diagnostic]) {
        var page = parsed.page
        if parsed.bodyBytes > 0 { page.body = body(of: parsed) }
        return load(page, source: parsed.path, sourceHash: parsed.sourceHash, stamp: parsed.stamp)
    }

    /// The body a parsed page left in its file: the end of the file's text, when the text is still the one parsed.
    /// A file changed since (an edit in the middle of a build) gives the body it has now, under the front matter
    /// parsed before; a file gone gives none. Either way the next build, which finds the file's new stamp, parses
    /// it again.
    private func body(of parsed: ParsedPage) -> String {
        guard
            let text = try? SourceText.read(
                URL(fileURLWithPath: versions.file(parsed.path, in: site.path)), path: parsed.path.rawValue)
        else {
            return ""
        }
        guard ContentHash.of(text).digest == parsed.sourceHash else {
            return (try? FrontMatter.split(text, path: parsed.path).body) ?? ""
        }
        return String(text[text.utf8.index(text.utf8.endIndex, offsetBy: -parsed.bodyBytes)...])
    }

    /// Parses one page from its text: front matter, the body's blocks, and the bodies of its items.
    func load(_ path: SourcePath, text: String, stamp: FileStamp? = nil) throws -> LoadedPage {
        let (page, problems) = load(
            try PageParser(path: path, permalinks: permalinks).parse(text), source: path,
            sourceHash: ContentHash.of(text).digest,
            stamp: stamp)
        if !problems.isEmpty { throw SectionSiteError(problems) }
        return page
    }

    /// Parses one page from its text, and tells the mistakes of its Markdown apart; wrong front matter is an error.
    func loadReportingProblems(_ path: SourcePath, text: String) throws -> (LoadedPage, [Diagnostic]) {
        load(
            try PageParser(path: path, permalinks: permalinks).parse(text), source: path,
            sourceHash: ContentHash.of(text).digest, stamp: nil)
    }

    /// A page defined by a Swift program, loaded as a file's would be.
    func load(_ definition: SitePage) throws -> LoadedPage {
        let (page, problems) = loadReportingProblems(definition)
        if !problems.isEmpty { throw SectionSiteError(problems) }
        return page
    }

    /// A page a Swift program defines, and the mistakes in its Markdown.
    func loadReportingProblems(_ definition: SitePage) -> (LoadedPage, [Diagnostic]) {
        var page = definition.page
        page.placeIn(permalinks.languages, source: definition.markdownSource)
        return load(page, source: definition.markdownSource, sourceHash: definition.sourceHash, stamp: nil)
    }

    /// Renders a parsed page's body and item bodies; `source` is the file that relative links start from. Also
    /// returns the mistakes in its Markdown (an unknown directive, a missing picture), each at its place, sorted.
    private func load(
        _ parsed: Page, source path: SourcePath, sourceHash: ContentDigest, stamp: FileStamp?
    ) -> (LoadedPage, [Diagnostic]) {
        var page = parsed
        var markdown = markdown
        // A page's own `markdown: {attributes: false}` keeps `{...}` as text where the site reads it.
        if case .map(let options)? = page.frontMatter["markdown"], case .bool(let on)? = options["attributes"] {
            markdown = markdown.readingAttributeLists(on)
        }
        let document = markdown.render(page.body, source: path, takeTitle: page.title.isEmpty)
        page.body = ""  // rendered into blocks: the text would only double what thousands of pages keep in memory
        if page.title.isEmpty { page.title = document.title ?? PageParser.defaultTitle(path) }
        let file = page.bodyLocation.file
        let bodyLine = page.bodyLocation.line
        func inBody(_ line: Int, _ column: Int) -> SourceLocation {
            SourceLocation(file: file, line: bodyLine + line - 1, column: column)
        }
        var linkedFiles = Set(document.linkedFiles)
        var links = document.fileLinks.map { LoadedPage.FileLink(link: $0, location: inBody($0.line, $0.column)) }
        var allLinks = document.links.map {
            LoadedPage.Link(destination: $0.destination, written: $0.written, location: inBody($0.line, $0.column))
        }
        var problems = document.problems.map { $0.kind.at(inBody($0.line, $0.column)) }
        var templatesUsed = document.templatesUsed
        var unknownLanguages = document.unknownLanguages.map {
            LoadedPage.UnknownLanguage(word: $0.word, location: inBody($0.line, $0.column))
        }
        var linkedURLs = document.linkedURLs  // resolved once, when the links were written
        var images = document.images.map { LoadedPage.ImageUse(image: $0.image, location: inBody($0.line, $0.column)) }
        var itemBodies: [String: String] = [:]
        for section in page.sections {
            guard case .items(let items) = section.content else { continue }
            for item in items {
                guard let body = item.body else { continue }
                let (html, itemDocument) = markdown.html(body, source: path)
                itemBodies[item.id] = html
                links += itemDocument.fileLinks.map { LoadedPage.FileLink(link: $0, location: item.location) }
                linkedFiles.formUnion(itemDocument.linkedFiles)
                allLinks += itemDocument.links.map {
                    LoadedPage.Link(destination: $0.destination, written: $0.written, location: item.location)
                }
                problems += itemDocument.problems.map {
                    Diagnostic(
                        $0.kind.severity, "in the body of item '\(item.id)': \($0.message)", at: item.location,
                        id: $0.kind.id)
                }
                templatesUsed.formUnion(itemDocument.templatesUsed)
                unknownLanguages += itemDocument.unknownLanguages.map {
                    LoadedPage.UnknownLanguage(word: $0.word, location: item.location)
                }
                linkedURLs += itemDocument.linkedURLs
                images += itemDocument.images.map { LoadedPage.ImageUse(image: $0.image, location: item.location) }
            }
        }
        let fieldImages =
            markdown.images.map {
                Self.fieldImages(
                    of: page, source: path, catalog: $0, targets: markdown.targets, images: &images, problems: &problems
                )
            } ?? [:]
        problems.sort {
            ($0.location?.line ?? 0, $0.location?.column ?? 0) < ($1.location?.line ?? 0, $1.location?.column ?? 0)
        }
        let loaded = LoadedPage(
            page: page, blocks: document.blocks, summary: page.summary ?? document.firstParagraph ?? "",
            headings: document.headings, itemBodies: itemBodies, fileLinks: links,
            linkedFiles: linkedFiles.sorted(), links: allLinks,
            text: document.text,
            sourceHash: markdown.dependencyHash(
                sourceHash, templatesUsed: templatesUsed, images: images.map(\.image),
                linked: linkedURLs, files: linkedFiles.sorted()),
            textHash: sourceHash,
            templatesUsed: templatesUsed, images: images, fieldImages: fieldImages, stamp: stamp,
            warnings: problems.filter { $0.severity == .warning },
            unknownLanguages: LoadedPage.UnknownLanguage.firstOfEach(unknownLanguages))
        // A body the store cannot take (a full disk) stays in memory: that costs memory, not the build.
        return (
            (bodies.flatMap { try? loaded.storingBody(in: $0) }) ?? loaded, problems.filter { $0.severity != .warning }
        )
    }

    /// The pictures that front matter and item fields name (an `image: cover.jpg` beside the page, or under
    /// Static/), by item id (`""` for the front matter) and field, each also added to `images`; a string that names
    /// no file stays as written, a picture that cannot be read is a problem at the page or item.
    private static func fieldImages(
        of page: Page, source path: SourcePath, catalog: ImageCatalog, targets: LinkTargets?,
        images: inout [LoadedPage.ImageUse], problems: inout [Diagnostic]
    ) -> [String: [String: ProcessedImage]] {
        var fieldImages: [String: [String: ProcessedImage]] = [:]
        func scan(_ fields: [String: Value], key: String, at location: SourceLocation) {
            for (field, value) in fields {
                guard case .string(let text) = value, ImageFormat(fileName: text) != nil,
                    let source = [
                        catalog.source(of: text, page: path, in: targets),
                        catalog.source(of: "/" + text, page: path, in: targets),
                    ].compactMap(\.self).first(where: { targets?.files.contains($0) == true })
                else { continue }
                do {
                    let image = try catalog.image(at: source)
                    fieldImages[key, default: [:]][field] = image
                    images.append(LoadedPage.ImageUse(image: image, location: location))
                } catch {
                    let reason = "of '\(field)' \(error.message)"
                    problems.append(
                        (error.isRefusal
                            ? MarkdownProblem.pictureRefused(text, path: source, reason: reason)
                            : .pictureUnusable(text, path: source, reason: reason)).at(location))
                }
            }
        }
        scan(page.frontMatter, key: "", at: page.location)
        for section in page.sections {
            guard case .items(let items) = section.content else { continue }
            for item in items { scan(item.fields, key: item.id, at: item.location) }
        }
        return fieldImages
    }
}
