import Foundation

/// Turns a request path into a path of the output, or refuses it: the preview serves nothing outside the output.
package enum RequestPath {
    /// The output path for a raw (percent-encoded) request path under the site's root path (`/` or `/blog/`), with
    /// `index.html` added to folders; nil for anything that is not plainly inside the output: `..` or `.` segments,
    /// encoded slashes or backslashes, NUL, malformed percent-encoding, or a path outside the root.
    package static func outputPath(_ raw: String, root: String) -> OutputPath? {
        let path =
            raw.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? raw
        guard path.hasPrefix(root) || path + "/" == root else { return nil }
        let rest = path.count >= root.count ? String(path.dropFirst(root.count)) : ""
        if isPlain(rest) { return OutputPath(rest.isEmpty || rest.hasSuffix("/") ? rest + "index.html" : rest) }
        var segments: [String] = []
        let parts = rest.split(separator: "/", omittingEmptySubsequences: false)
        for (index, part) in parts.enumerated() {
            if part.isEmpty {
                guard index == parts.count - 1 else { return nil }  // no `//`
                continue
            }
            // Foundation's decoding is slow, and `sectionsite check` maps a quarter of a million links here.
            guard let segment = part.contains("%") ? part.removingPercentEncoding : String(part), !segment.isEmpty,
                segment != ".", segment != "..",
                !segment.contains("/"), !segment.contains("\\"), !segment.contains("\0")
            else { return nil }
            segments.append(segment)
        }
        let joined = segments.joined(separator: "/")
        if rest.isEmpty || rest.hasSuffix("/") {
            return OutputPath(joined.isEmpty ? "index.html" : joined + "/index.html")
        }
        return OutputPath(joined)
    }

    /// Whether a path needs no decoding and no checking segment by segment: no `%`, `\\` or NUL, no empty segment
    /// but the last, no `.` or `..` segment. One pass over the bytes: `sectionsite check` maps every link here.
    private static func isPlain(_ path: String) -> Bool {
        var segmentLength = 0
        var dots = 0
        var plain = true
        var bytes = path.utf8.makeIterator()
        while plain, let byte = bytes.next() {
            switch byte {
            case UInt8(ascii: "%"), UInt8(ascii: "\\"), 0:
                plain = false
            case UInt8(ascii: "/"):
                plain = segmentLength > 0 && !(dots == segmentLength && dots <= 2)
                segmentLength = 0
                dots = 0
            default:
                segmentLength += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
        return plain && !(segmentLength > 0 && dots == segmentLength && dots <= 2)
    }

    /// The content type of an output path, by extension.
    package static func contentType(_ path: OutputPath) -> String {
        let ext = path.rawValue.split(separator: ".").last.map { $0.lowercased() } ?? ""
        switch ext {
        case "html", "htm": return "text/html; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "js", "mjs": return "text/javascript; charset=utf-8"
        case "json": return "application/json"
        case "xml": return "application/xml"
        case "svg": return "image/svg+xml"
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "gif": return "image/gif"
        case "webp": return "image/webp"
        case "avif": return "image/avif"
        case "ico": return "image/x-icon"
        case "txt", "md": return "text/plain; charset=utf-8"
        case "woff2": return "font/woff2"
        case "woff": return "font/woff"
        case "pdf": return "application/pdf"
        case "mp4": return "video/mp4"
        case "webm": return "video/webm"
        default: return "application/octet-stream"
        }
    }
}
