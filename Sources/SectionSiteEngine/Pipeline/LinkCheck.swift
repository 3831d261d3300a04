import Foundation
import HashTreeCollections

/// `sectionsite check`: every internal link and image of the pages of a built site, resolved against it; each that
/// leads nowhere, or to an anchor the target page does not have, is an error at the place the link is written. Also
/// how a browser reads links and ids out of HTML, which the build's own warnings and the tests use.
package struct LinkCheck {
    /// The site it works on.
    let site: Site

    /// Works on `site`.
    package init(_ site: Site) {
        self.site = site
    }

    /// What `brokenLinks()` found.
    package struct LinkReport: Sendable, Equatable {
        /// One error per broken link, sorted by place.
        package var errors: [Diagnostic]
        /// How many internal links were checked.
        package var checked: Int
    }

    /// The pages to check, sorted: without the templates' links, only pages holding links of their own (a page
    /// restored from the record holds none: only pages read again are checked, and sorting 10,000 of them for
    /// nothing took a one-page build 10 ms).
    private func pages(templates: Bool) -> [SourceID] {
        let pages =
            templates
            ? Array(site.loaded.keys)
            : site.loaded.compactMap { path, page in
                if case .held(let links) = page.keptLinks, links.isEmpty { return nil }
                return path
            }
        return pages.sorted()
    }

    /// Resolves every internal link of every published page (of a site built with `BuildOptions.keepsLinks`): those of
    /// its body and item bodies, reported where they are written, and those its templates wrote around them, each
    /// broken one reported once, where its text is found in the theme or in `sectionsite.yml`. Links with a scheme
    /// (`https:`, `mailto:`), other hosts and paths outside `baseURL`'s path are not the site's and are left alone,
    /// except absolute links to `baseURL` itself, which are checked. Without `templates`, only the links written in
    /// Markdown are checked (what `build` warns about: reading every page's HTML for the links its templates wrote
    /// costs a build half as long again at 10,000 pages). `outputs` are the output's paths when the caller has them
    /// already (`SiteOutput.paths()` otherwise).
    package func brokenLinks(templates: Bool = true, outputs given: Set<OutputPath>? = nil) -> LinkReport {
        let outputs = given ?? SiteOutput(site).paths()
        let anchors = Locked<[PageURL: Set<String>]>([:])  // by page URL, read when first needed
        // An alias page (a latest address among them) sends readers on with the link's fragment: its page's anchors.
        let aliases = Dictionary(SiteOutput(site).aliases().map { ($0.alias.outputPath, $0.page.url) }) { first, _ in
            first
        }
        // what `problem` said of each root-relative link templates wrote
        let rootRelative = Locked<[String: String?]>([:])
        // Each page on its own core: its broken links, how many it checked, and the broken links of its templates.
        let perPage = pages(templates: templates).parallelMap {
            path -> (errors: [Diagnostic], checked: Int, templates: [String: (problem: String, page: SourceID)]) in
            // drafts left out
            guard let page = site.loaded[path], let owned = site.output.urls[path] else { return ([], 0, [:]) }
            var errors: [Diagnostic] = []
            var checked = 0
            let base = site.config.rootPath + owned[0].rawValue.dropFirst()
            let links = page.links  // read from the scratch file in a build
            for link in links {
                guard
                    let problem = problem(
                        with: link.destination, base: base, outputs: outputs, aliases: aliases, anchors: anchors)
                else {
                    continue
                }
                checked += 1
                if !problem.isEmpty {
                    errors.append(SiteProblem.brokenLink(written: link.written, problem: problem).at(link.location))
                }
            }
            // What the templates wrote around the body: menus, footers, lists. Each broken one is reported once,
            // where its text is found in the theme or the settings.
            var templateLinks: [String: (problem: String, page: SourceID)] = [:]
            guard templates else { return (errors, checked, templateLinks) }
            let own = Set(links.map(\.destination))
            for url in owned {
                guard let page = site.pages[url] else { continue }
                let html: String
                do {
                    html = try page.document()
                } catch let error as SectionSiteError {
                    errors += error.diagnostics
                    continue
                } catch {
                    continue
                }
                let base = site.config.rootPath + url.rawValue.dropFirst()
                for destination in Self.links(in: html) where !own.contains(destination) {
                    // Menus and footers repeat the same root-relative links on every page: each is resolved once.
                    let problem: String?
                    if destination.hasPrefix("/"), let known = rootRelative.withLock({ $0[destination] }) {
                        problem = known
                    } else {
                        problem = self.problem(
                            with: destination, base: base, outputs: outputs, aliases: aliases, anchors: anchors)
                        if destination.hasPrefix("/") { rootRelative.withLock { $0[destination] = .some(problem) } }
                    }
                    guard let problem else { continue }
                    checked += 1
                    if !problem.isEmpty, templateLinks[destination] == nil {
                        templateLinks[destination] = (problem, path)
                    }
                }
            }
            return (errors, checked, templateLinks)
        }
        var errors = perPage.flatMap(\.errors)
        var templateLinks: [String: (problem: String, page: SourceID)] = [:]
        for page in perPage { templateLinks.merge(page.templates) { first, _ in first } }
        for (destination, found) in templateLinks {
            // Where its text is in the theme or the settings; else a template made it from the page's values (an
            // API member's anchor): at the first page, in path order, that has it.
            let place = templatePlace(of: destination) ?? SourceLocation(file: found.page.description)
            errors.append(SiteProblem.brokenLink(written: destination, problem: found.problem).at(place))
        }
        errors.sort(by: Diagnostic.inFileOrder)
        return LinkReport(errors: errors, checked: perPage.reduce(0) { $0 + $1.checked })
    }

    /// What is wrong with a link from the page at `base` (a path under `baseURL`): nil when the link is not the
    /// site's, empty when it leads somewhere, else the reason.
    private func problem(
        with destination: String, base: String, outputs: Set<OutputPath>, aliases: [OutputPath: PageURL],
        anchors: Locked<[PageURL: Set<String>]>
    ) -> String? {
        let root = site.config.rootPath
        guard let target = Self.target(of: destination, base: base, config: site.config), target.path.hasPrefix(root)
        else {
            return nil  // another host, a scheme, or another application on the same host
        }
        // Foundation's decoding is slow, and a link that leads somewhere never shows its path: decoded on error only.
        var shown: String { target.path.removingPercentEncoding ?? target.path }
        // The output file the preview would serve for it; a folder without its slash counts, as servers redirect.
        guard let file = RequestPath.outputPath(target.path, root: root) else { return "the site has no \(shown)" }
        let found = outputs.contains(file) ? file : OutputPath(file.rawValue + "/index.html")
        guard found == file || outputs.contains(found) else { return "the site has no \(shown)" }
        // The page it leads to, or that its alias page sends readers to; nil for another file.
        let pageURL = found.page.flatMap { site.pages[$0] == nil ? nil : $0 } ?? aliases[found]
        guard let fragment = target.fragment, !fragment.isEmpty else { return "" }
        guard let pageURL, let page = site.pages[pageURL] else {
            return "\(shown) is not a page, so it has no anchors"
        }
        var ids = anchors.withLock { $0[pageURL] }
        if ids == nil {
            // The page's own file, not the alias's that led to it.
            guard let html = page.html(orIn: site.options.out) else {
                return "\(shown) cannot be read to find its anchors"
            }
            ids = Self.ids(in: html)
            anchors.withLock { $0[pageURL] = ids }
        }
        return ids!.contains(fragment) ? "" : "\(shown) has no element with id '\(fragment)'"
    }

    /// Where a link that a template wrote comes from: the first template, or else `sectionsite.yml`, whose text
    /// holds it; else the theme's folder.
    private func templatePlace(of destination: String) -> SourceLocation? {
        let files = site.theme.templateNames.sorted().map { "\(site.theme.path)/\($0).mustache" } + ["sectionsite.yml"]
        let candidates = [
            destination,
            destination.hasPrefix(site.config.rootPath)
                ? String(destination.dropFirst(site.config.rootPath.count)) : nil,
        ]
        .compactMap { $0 }.filter { !$0.isEmpty }
        for file in files {
            let path = site.config.versions.file(SourcePath(file), in: site.options.site.path)
            guard let text = try? String(contentsOf: URL(fileURLWithPath: path), encoding: .utf8)
            else {
                continue
            }
            for candidate in candidates {
                guard let range = text.range(of: candidate) else { continue }
                let before = text[..<range.lowerBound]
                let line = before.count(where: { $0 == "\n" }) + 1
                let lineStart = before.lastIndex(of: "\n").map {
                    before.utf8.distance(from: before.startIndex, to: $0) + 1
                }
                let column = before.utf8.count - (lineStart ?? 0) + 1
                return SourceLocation(file: file, line: line, column: column)
            }
        }
        return nil
    }

    /// The values of the `href` and `src` attributes in the HTML, as a browser reads them (character references
    /// undone: an operator's anchor `#&amp;&gt;&gt;(_:_:)` is `#&>>(_:_:)`).
    static func links(in html: String) -> [String] {
        attributeValues(in: html, named: ["href", "src"]).map(Entities.decode)
    }

    /// The site path (still percent-encoded, `.` and `..` resolved) and the decoded fragment a link leads to, from
    /// the page at `base`; nil for a link that is not the site's.
    static func target(of destination: String, base: String, config: SiteConfig) -> (path: String, fragment: String?)? {
        var link = Substring(destination)
        if link.isEmpty { return nil }
        if link.contains(bytesOf: "://") || link.hasPrefix("//") {
            // Absolute: the site's only when it starts with baseURL's scheme and host; then its path is checked.
            guard let origin = config.origin, destination.hasPrefix(origin),
                destination.dropFirst(origin.count).first.map({ $0 == "/" || $0 == "#" || $0 == "?" }) ?? true
            else { return nil }
            link = link.dropFirst(origin.count)
            if link.isEmpty { link = "/" }
        } else if let colon = link.firstIndex(of: ":"), !link[..<colon].contains("/"), !link[..<colon].contains("#"),
            !link[..<colon].contains("?")
        {
            return nil  // mailto:, tel:, javascript: ...
        }
        var fragment: String?
        if let hash = link.firstIndex(of: "#") {
            let written = String(link[link.index(after: hash)...])
            fragment = written.contains("%") ? written.removingPercentEncoding ?? written : written
            link = link[..<hash]
        }
        if let query = link.firstIndex(of: "?") { link = link[..<query] }
        var path: String
        if link.isEmpty {
            path = base
        } else if link.hasPrefix("/") {
            path = String(link)
        } else {
            path = base + link
        }
        if path.contains(bytesOf: "/.") || path.contains(bytesOf: "//") { path = Self.normalized(path) }
        return (path, fragment)
    }

    /// `.` and `..` taken out of an absolute path, keeping a trailing `/`.
    private static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        let pieces = path.split(separator: "/", omittingEmptySubsequences: true)
        for piece in pieces {
            switch piece {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(piece)
            }
        }
        let trailing = path.hasSuffix("/") || pieces.last == "." || pieces.last == ".."
        return "/" + parts.joined(separator: "/") + (trailing && !parts.isEmpty ? "/" : "")
    }

    /// The values of every `id` and `name` attribute in the HTML.
    static func ids(in html: String) -> Set<String> {
        Set(attributeValues(in: html, named: ["id", "name"]).map(Entities.decode))
    }

    /// The values of the double-quoted attributes of these names, in the order they come: one pass over the bytes
    /// (Foundation's `range(of:)` over a whole page, attribute after attribute, made a check of 10,000 pages take
    /// five times a build).
    static func attributeValues(in html: String, named names: Set<String>) -> [String] {
        var values: [String] = []
        var html = html
        html.withUTF8 { bytes in
            let count = bytes.count
            var index = 1
            while index + 1 < count {
                defer { index += 1 }
                guard bytes[index] == UInt8(ascii: "="), bytes[index + 1] == UInt8(ascii: "\"") else { continue }
                var start = index
                while start > 0, Self.isNameByte(bytes[start - 1]) { start -= 1 }
                guard start > 0, start < index,
                    bytes[start - 1] == UInt8(ascii: " ") || bytes[start - 1] == UInt8(ascii: "\n"),
                    names.contains(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
                else { continue }
                var end = index + 2
                while end < count, bytes[end] != UInt8(ascii: "\"") { end += 1 }
                guard end < count else { break }
                values.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[(index + 2)..<end]), as: UTF8.self))
                index = end
            }
        }
        return values
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || byte == UInt8(ascii: "-")
    }
}
