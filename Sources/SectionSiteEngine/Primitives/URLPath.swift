import Foundation

/// Page URLs are written percent-encoded, whatever the file name: `Content/c#-notes.md` is `/c%23-notes/`, and
/// `Content/café.md` is `/caf%C3%A9/`. A page's URL is its identity in that form everywhere: links, lists, menus,
/// the sitemap, feeds, the search index, patches and the build record. The file a URL is written to is the
/// decoded path (`c#-notes/index.html`), which is what a static server and the preview look for when asked for
/// the encoded URL.
package enum URLPath {
    /// The bytes a path segment keeps as they are: RFC 3986's unreserved characters and the sub-delimiters that
    /// are safe in HTML attributes, XML and JSON without escaping. `&` and `'` are encoded too, so that a URL a
    /// template writes with triple braces breaks no attribute.
    private static let kept: [Bool] = (0..<256).map { byte in
        switch UInt8(byte) {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "!"),
            UInt8(ascii: "$"),
            UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","),
            UInt8(ascii: ";"),
            UInt8(ascii: "="), UInt8(ascii: ":"), UInt8(ascii: "@"):
            true
        default:
            false
        }
    }

    private static let hex = Array("0123456789ABCDEF".utf8)

    /// A path (`/posts/c#-notes/`) with every segment percent-encoded; `/` separates segments and stays.
    ///
    /// - Complexity: O(n) in the path's UTF-8 length; a path that needs nothing encoded is returned as it is.
    package static func encoded(_ path: String) -> String {
        guard path.utf8.contains(where: { $0 != UInt8(ascii: "/") && !kept[Int($0)] }) else { return path }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.utf8.count + 16)
        for byte in path.utf8 {
            if byte == UInt8(ascii: "/") || kept[Int(byte)] {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xF)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The file path an encoded URL path names (`/c%23-notes/` is `/c#-notes/`); a path without `%` is returned as
    /// it is, and one whose escapes are malformed too.
    static func decoded(_ url: String) -> String {
        guard url.utf8.contains(UInt8(ascii: "%")) else { return url }
        return url.removingPercentEncoding ?? url
    }

    /// Why a file path under a folder (`posts/a/index.html`, or a URL once decoded) would name a file outside that
    /// folder, or nil when it stays inside: a `..` or `.` segment, a NUL or a backslash. Every output path passes
    /// here before anything is written (`SiteWriter.check`), after the URL it comes from was percent-decoded, so
    /// `/%2e%2e/x/` is refused as `/../x/` is. Dot segments are refused rather than resolved: no page of a site
    /// means to name its own parent, and a path that is its own answer is easier to check.
    ///
    /// - Complexity: O(n) in the path's UTF-8 length.
    package static func escape(fromFolder path: String) -> String? {
        // One pass over the bytes, each segment's dots counted: a build checks tens of thousands of paths.
        var dots = 0  // the dots the segment so far holds, while it holds nothing else; -1 once it does
        var found: Int?  // the dots of the first segment that is all dots, one or two
        var backslash = false
        for byte in path.utf8 {
            switch byte {
            case 0: return "it holds a NUL byte"
            case UInt8(ascii: "\\"):
                backslash = true
                dots = -1
            case UInt8(ascii: "/"):
                if found == nil, dots == 1 || dots == 2 { found = dots }
                dots = 0
            case UInt8(ascii: "."): if dots >= 0 { dots += 1 }
            default: dots = -1
            }
        }
        if found == nil, dots == 1 || dots == 2 { found = dots }
        if backslash { return "it holds a backslash" }
        guard let found else { return nil }
        return
            "it has a '\(String(repeating: ".", count: found))' segment once decoded, which would lead outside the "
            + "output folder"
    }

    /// `escape(fromFolder:)` of a percent-encoded site path (a page's URL, an alias), decoded as its file is named.
    package static func escape(url: String) -> String? {
        escape(fromFolder: decoded(url))
    }

    /// A path as an author writes it (an alias, say), encoded the way page URLs are: escapes that are already
    /// there stay (`/caf%C3%A9/`), and a `%` that starts no escape is encoded (`/100%-sure/` is `/100%25-sure/`).
    static func normalized(_ written: String) -> String {
        encoded(written.removingPercentEncoding ?? written)
    }
}
