import Foundation

/// `sectionsite check`: every internal link and image of the pages' bodies and item bodies, resolved against the
/// built site; each that leads nowhere, or to an anchor the target page does not have, is an error at the place
/// the link is written.
extension Site {
    /// What `brokenLinks()` found.
    public struct LinkReport: Sendable, Equatable {
        /// One error per broken link, sorted by place.
        public var errors: [Diagnostic]
        /// How many internal links were checked.
        public var checked: Int
    }

    /// Resolves every internal link of every published page. Links with a scheme (`https:`, `mailto:`), other hosts
    /// and paths outside `baseURL`'s path are not the site's and are left alone, except absolute links to
    /// `baseURL` itself, which are checked.
    public func brokenLinks() -> LinkReport {
        let root = config.rootPath
        let outputs = Set(outputFiles().map(\.path)).union(pages.keys.map { String($0.dropFirst()) + "index.html" })
        var anchors: [String: Set<String>] = [:]  // by page URL, read when first needed
        var errors: [Diagnostic] = []
        var checked = 0
        for path in loaded.keys.sorted() {
            guard let page = loaded[path], let url = urls[path]?.first else { continue }  // drafts left out
            let base = root + url.dropFirst()
            for link in page.links {
                guard let target = Self.target(of: link.destination, base: base, config: config) else { continue }
                guard target.path.hasPrefix(root) else { continue }  // another application on the same host
                checked += 1
                let shown = link.written
                let outputPath = String(target.path.dropFirst(root.count))
                let pageURL: String?  // the site URL of the page it leads to; nil for another file
                if outputPath.isEmpty || outputPath.hasSuffix("/") {
                    pageURL = outputs.contains(outputPath + "index.html") ? "/" + outputPath : ""
                } else if outputs.contains(outputPath) {
                    pageURL = outputPath.hasSuffix("/index.html") ? "/" + outputPath.dropLast("index.html".count) : nil
                } else {
                    pageURL = outputs.contains(outputPath + "/index.html") ? "/" + outputPath + "/" : ""
                }
                if pageURL == "" {
                    errors.append(Diagnostic(.error, "link to '\(shown)' leads nowhere: the site has no \(target.path)", at: link.location))
                    continue
                }
                guard let fragment = target.fragment, !fragment.isEmpty else { continue }
                guard let pageURL, let html = pages[pageURL]?.html else {
                    errors.append(Diagnostic(.error, "link to '\(shown)' has an anchor, but \(target.path) is not a page", at: link.location))
                    continue
                }
                if anchors[pageURL] == nil { anchors[pageURL] = Self.ids(in: html) }
                if !anchors[pageURL]!.contains(fragment) {
                    errors.append(
                        Diagnostic(.error, "link to '\(shown)' leads nowhere: \(target.path) has no element with id '\(fragment)'", at: link.location))
                }
            }
        }
        errors.sort { ($0.location?.file ?? "", $0.location?.line ?? 0, $0.location?.column ?? 0) < ($1.location?.file ?? "", $1.location?.line ?? 0, $1.location?.column ?? 0) }
        return LinkReport(errors: errors, checked: checked)
    }

    /// The site path and decoded fragment a link leads to, from the page at `base`; nil for a link that is not
    /// the site's.
    static func target(of destination: String, base: String, config: SiteConfig) -> (path: String, fragment: String?)? {
        var link = Substring(destination)
        if link.isEmpty { return nil }
        if link.contains("://") || link.hasPrefix("//") {
            // Absolute: the site's only when it starts with baseURL's scheme and host; then its path is checked.
            guard let origin = Self.origin(config.baseURL), destination.hasPrefix(origin),
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
            fragment = String(link[link.index(after: hash)...]).removingPercentEncoding ?? String(link[link.index(after: hash)...])
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
        path = Self.normalized(path.removingPercentEncoding ?? path)
        return (path, fragment)
    }

    /// `scheme://host` of a URL.
    private static func origin(_ url: String) -> String? {
        guard let scheme = url.range(of: "://") else { return nil }
        let rest = url[scheme.upperBound...]
        return String(url[..<(rest.firstIndex(of: "/") ?? url.endIndex)])
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
        var ids = Set<String>()
        for attribute in [" id=\"", " name=\""] {
            var rest = html[...]
            while let start = rest.range(of: attribute) {
                rest = rest[start.upperBound...]
                guard let end = rest.firstIndex(of: "\"") else { break }
                ids.insert(String(rest[..<end]))
                rest = rest[end...]
            }
        }
        return ids
    }
}
