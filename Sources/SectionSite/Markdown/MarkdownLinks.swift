import Foundation

/// Relative links between Markdown files, resolved as a code host resolves them: against the folder of the file
/// they are written in.
enum MarkdownLinks {
    /// For a link destination that is a relative path to a `.md` file (`beta.md`, `../posts/a.md#part`), the file
    /// it names relative to the site (nil when it climbs out of `Content/`) and what follows the path (`#part`);
    /// nil for any other link.
    static func markdownTarget(_ destination: String, from source: String) -> (target: String?, suffix: String)? {
        guard !destination.isEmpty, !destination.hasPrefix("/"), !destination.hasPrefix("#") else { return nil }
        let pathEnd = destination.firstIndex(where: { $0 == "#" || $0 == "?" }) ?? destination.endIndex
        let rawPath = destination[..<pathEnd]
        if let colon = rawPath.firstIndex(of: ":"), !rawPath[..<colon].contains("/") { return nil }  // a scheme
        let path = rawPath.removingPercentEncoding ?? String(rawPath)
        guard path.lowercased().hasSuffix(".md") else { return nil }
        var parts = source.split(separator: "/").dropLast().map(String.init)
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                guard parts.count > 1 else { return (nil, "") }  // `Content` itself stays
                parts.removeLast()
            default: parts.append(String(part))
            }
        }
        guard parts.first == "Content", parts.count > 1 else { return (nil, "") }
        return (parts.joined(separator: "/"), String(destination[pathEnd...]))
    }
}
