/// What an element of a page's `<head>` is, said without its place: the key by which two versions of a head are
/// compared, element for element (a translation's `hreflang` alternate, the description meta, a stylesheet).
///
/// A `meta` is keyed by its `name`, `property`, `http-equiv` or `charset`; a `link` by its `rel`, with `hreflang` for
/// an alternate and `sizes` for an icon, and a stylesheet by its `href` without the query (a new version of the same
/// file is the same element); a `script` by its `src`; any other element (an inline `script` or `style`, a `meta`
/// without a name) by the hash of its attributes and text. The title and the version meta are not among them:
/// patches reach them already.
enum HeadKey {
    /// The key of a head element of tag `tag` (lowercased), with its attributes and, for a script or a style, the
    /// text inside it.
    static func of(tag: String, attributes: [(name: String, value: String)], text: String) -> String {
        func value(_ name: String) -> String? { attributes.first { $0.name == name }?.value }
        // What an element without a name of its own is: all it says, attributes and text.
        var whole: String {
            ContentHash.of(attributes.map { "\($0.name)=\($0.value)" }.joined(separator: "\u{0}") + "\u{1}" + text)
                .prefix(12)
        }
        switch tag {
        case "meta":
            for name in ["name", "property", "http-equiv"] {
                if let named = value(name) { return "meta \(name)=\(named.lowercased())" }
            }
            return value("charset") != nil ? "meta charset" : "meta " + whole
        case "link":
            let rel = (value("rel") ?? "").lowercased()
            if rel.split(separator: " ").contains("stylesheet") {
                return "stylesheet " + (value("href") ?? "").prefix { $0 != "?" }
            }
            var key = "link rel=\(rel)"
            if let language = value("hreflang") { key += " hreflang=\(language)" }
            if let sizes = value("sizes") { key += " sizes=\(sizes)" }
            return key
        case "script" where value("src") != nil:
            return "script " + value("src")!
        default:
            return "\(tag) " + whole
        }
    }
}
