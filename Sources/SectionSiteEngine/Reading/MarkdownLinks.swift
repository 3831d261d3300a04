import Foundation

/// Relative links resolved as a code host resolves them: against the folder of the file they are written in.
enum MarkdownLinks {
    /// For a link destination that is a relative path to a `.md` file (`beta.md`, `../posts/a.md#part`), the file
    /// it names relative to the site (nil when it climbs out of `Content/`) and what follows the path (`#part`);
    /// nil for any other link.
    static func markdownTarget(_ destination: String, from source: SourcePath) -> (target: SourcePath?, suffix: String)?
    {
        guard let (path, suffix) = relativePath(destination), path.lowercased().hasSuffix(".md") else { return nil }
        let decoded = path.removingPercentEncoding ?? path
        return (resolve(decoded, from: source).map { SourcePath($0) }, suffix)
    }

    /// For a relative link to a file beside the page that is not Markdown (`img/chart.svg`, `../files/a.pdf#page=2`),
    /// the file relative to the site (`Content/img/chart.svg`, still percent-encoded as written) and what follows
    /// its path; nil for any other link, and for one that climbs out of `Content/`. A page's URL is a folder one
    /// level deeper than its file, so such links must become root-relative to keep working.
    static func fileTarget(_ destination: String, from source: SourcePath) -> (target: String, suffix: String)? {
        guard let (path, suffix) = relativePath(destination), !path.hasSuffix("/"), !path.lowercased().hasSuffix(".md"),
            let target = resolve(path, from: source)
        else { return nil }
        return (target, suffix)
    }

    /// The path of a relative link and what follows it (`#part`, `?q`); nil for an empty, absolute, anchor-only or
    /// schemed link.
    private static func relativePath(_ destination: String) -> (path: String, suffix: String)? {
        guard !destination.isEmpty, !destination.hasPrefix("/"), !destination.hasPrefix("#") else { return nil }
        // Bytes, not Characters: a URL's `#`, `?`, `:` and `/` are ASCII, and every page's every link comes here.
        let utf8 = destination.utf8
        let pathEnd = utf8.firstIndex(where: { $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "?") }) ?? utf8.endIndex
        let path = destination[..<pathEnd]
        if let colon = path.utf8.firstIndex(of: UInt8(ascii: ":")),
            !path.utf8[..<colon].contains(UInt8(ascii: "/"))
        {
            return nil  // a scheme
        }
        guard !path.isEmpty else { return nil }
        return (String(path), String(destination[pathEnd...]))
    }

    /// `path` resolved against the folder of `source` (`Content/docs/guide.md`), or nil when it leaves `Content/`.
    private static func resolve(_ path: String, from source: SourcePath) -> String? {
        var parts = source.rawValue.split(separator: "/").dropLast().map(String.init)
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                guard parts.count > 1 else { return nil }  // `Content` itself stays
                parts.removeLast()
            default: parts.append(String(part))
            }
        }
        guard parts.first == "Content", parts.count > 1 else { return nil }
        return parts.joined(separator: "/")
    }
}
