import CMarkGFM
import Foundation

/// Links and images: a relative link to a file of `Content/` made root-relative, one to a Markdown file pointed at
/// its page, a `doc:` link at its article, a local picture drawn with the files made from it, and each handed to
/// the theme's `link` or `image` hook when it has one.
struct LinkPass {
    let markdown: Markdown
    let hooks: Set<String>
    /// `doc:` links that name no article: their text stays, unlinked.
    private var unlinked: [OpaquePointer] = []

    init(_ markdown: Markdown, hooks: Set<String>) {
        (self.markdown, self.hooks) = (markdown, hooks)
    }

    mutating func visit(_ node: OpaquePointer, walk: inout Walk) {
        guard let url = cmark_node_get_url(node).map({ String(cString: $0) }) else { return }
        let (line, column) = walk.place(node)
        let isImage = cmark_node_get_type(node) == CMARK_NODE_IMAGE
        let title = cmark_node_get_title(node).map { String(cString: $0) } ?? ""
        var processed: ProcessedImage?
        if isImage {
            switch picture(url, source: walk.source, line: line, column: column, result: &walk.result) {
            case .notLocal: break
            case .failed: return  // a problem, recorded
            case .found(let image): processed = image
            }
        }
        let final: String
        if !isImage, let symbolLinks = markdown.symbolLinks, url.hasPrefix("doc:") {
            guard
                let resolved = articleLink(
                    node, url: url, in: symbolLinks, line: line, column: column, result: &walk.result)
            else {
                unlinked.append(node)
                return
            }
            final = resolved
        } else {
            final =
                processed.map { $0.url($0.largest) }
                ?? rewrite(url, source: walk.source, line: line, column: column, result: &walk.result)
        }
        if final != url { cmark_node_set_url(node, final) }
        if hooks.contains(isImage ? "image" : "link") {
            var context: [String: Any] = ["destination": final, "title": title, "plainText": Markdown.plainText(node)]
            if let processed { context["image"] = processed.templateValue }
            walk.hooked.append((node, isImage ? "image" : "link", context))
        } else if let processed {
            walk.replacements.append((node, processed.html(alt: Markdown.plainText(node), title: title), false))
        }
    }

    /// Takes the link off each `doc:` link that names no article, keeping its text.
    func finish() {
        for node in unlinked {
            while let child = cmark_node_first_child(node) { cmark_node_insert_before(node, child) }
            cmark_node_free(node)
        }
    }

    /// What a destination names, for pictures.
    enum PictureLookup {
        /// Not a local picture SectionSite processes (or no processor): left as written.
        case notLocal
        /// A local picture that cannot be used: the problem is recorded.
        case failed
        /// A local picture, planned; its use and link are recorded.
        case found(ProcessedImage)
    }

    /// The local picture a destination names, if any.
    func picture(
        _ destination: String, source: SourcePath, line: Int, column: Int, result: inout Markdown.Document
    ) -> PictureLookup {
        guard let images = markdown.images else { return .notLocal }
        // A DocC catalog's picture, named as DocC finds it: by its name alone, wherever in the catalog it is.
        let docc = markdown.symbolLinks.flatMap { links -> SourcePath? in
            guard !destination.contains("/"), !destination.contains(":") else { return nil }
            return links.pictures[(destination as NSString).deletingPathExtension].map { SourcePath($0) }
        }
        guard let path = docc ?? images.source(of: destination, page: source, in: markdown.targets) else {
            return .notLocal
        }
        do {
            let image = try images.image(at: path)
            result.images.append(Markdown.ImageUse(image: image, line: line, column: column))
            if markdown.collectsLinks {
                result.links.append(
                    Markdown.Link(
                        destination: image.url(image.largest), written: destination, line: line, column: column))
            }
            return .found(image)
        } catch {
            result.problems.append(
                Markdown.Problem(
                    kind: error.isRefusal
                        ? .pictureRefused(destination, path: path, reason: error.message)
                        : .pictureUnusable(destination, path: path, reason: error.message),
                    line: line, column: column))
            return .failed
        }
    }

    /// A `doc:` link to a catalog's article (`<doc:GettingStarted>`, `[the guide](doc:GettingStarted#install)`),
    /// pointed at its page; written as an address alone, it is shown as the article's title, as DocC shows it. One
    /// naming no article is recorded as a link that leads nowhere, to be warned of, and gives nil: its text stays,
    /// unlinked. Returns the link's URL.
    private func articleLink(
        _ node: OpaquePointer, url: String, in links: SymbolLinks, line: Int, column: Int,
        result: inout Markdown.Document
    ) -> String? {
        guard let (article, fragment) = links.article(url) else {
            result.fileLinks.append(Markdown.FileLink(target: nil, destination: url, line: line, column: column))
            return nil
        }
        let final = markdown.rootPath + article.url.rawValue.drop { $0 == "/" } + fragment
        if markdown.collectsLinks {
            result.links.append(Markdown.Link(destination: final, written: url, line: line, column: column))
        }
        if let text = cmark_node_first_child(node), cmark_node_next(text) == nil,
            cmark_node_get_type(text) == CMARK_NODE_TEXT,
            cmark_node_get_literal(text).map({ String(cString: $0) }) == url
        {
            cmark_node_set_literal(text, article.title)
        }
        return final
    }

    /// A link's or image's destination as the HTML gets it: a relative link to a file of `Content/` made
    /// root-relative, one to a Markdown file made the URL of its page. Records it for `sectionsite check`, and a
    /// link to a Markdown file for the warnings.
    func rewrite(_ url: String, source: SourcePath, line: Int, column: Int, result: inout Markdown.Document) -> String {
        var final = url
        defer {
            if markdown.collectsLinks {
                result.links.append(Markdown.Link(destination: final, written: url, line: line, column: column))
            }
        }
        if let targets = markdown.targets, let file = MarkdownLinks.fileTarget(url, from: source) {
            let lookup = targets.lookUp(SourcePath(file.target.removingPercentEncoding ?? file.target))
            result.linkedFiles.append(lookup)
            if lookup.found {
                final = markdown.rootPath + file.target.dropFirst("Content/".count) + file.suffix
                return final
            }
        }
        guard let link = MarkdownLinks.markdownTarget(url, from: source) else { return final }
        result.fileLinks.append(Markdown.FileLink(target: link.target, destination: url, line: line, column: column))
        if let target = link.target {
            let url = markdown.targets?.url(of: target) ?? PageURL(Page.route(target).url)
            result.linkedURLs.append(url)
            final = markdown.rootPath + url.rawValue.dropFirst() + link.suffix
        }
        return final
    }
}
