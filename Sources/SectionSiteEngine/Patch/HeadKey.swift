/// What an element of a page's `<head>` is, said without its place: the key by which two versions of a head are
/// compared, element for element (a translation's `hreflang` alternate, the description meta, a stylesheet), and by
/// which a patch names it. The runtime computes the same key from a live element (`headKey` in `sectionsite.js`);
/// `RuntimeContractTests` checks the two rules against one table of cases.
///
/// A `meta` is keyed by its `name`, `property`, `http-equiv` or `charset`; a `link` by its `rel`, with `hreflang` for
/// an alternate and `sizes` for an icon, and a stylesheet by its `href` without the query (a new version of the same
/// file is the same element); a `script` by its `src`; any other element (an inline `script` or `style`, a `meta`
/// without a name) by a hash of its attributes and text. The second element with a key already taken gets `#2`
/// after it, the third `#3` (a theme's two `theme-color` metas). The title and the version meta are not among them:
/// patches reach them already.
enum HeadKey {
    /// The key of a head element of tag `tag` (lowercased), with its attributes and, for a script or a style, the
    /// text inside it.
    static func of(tag: String, attributes: [(name: String, value: String)], text: String) -> String {
        func value(_ name: String) -> String? { attributes.first { $0.name == name }?.value }
        // What an element without a name of its own is: all it says, attributes and text.
        var whole: String {
            hash(attributes.map { "\($0.name)=\($0.value)" }.joined(separator: "\u{0}") + "\u{1}" + text)
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

    /// Whether the key of the element is the hash of all it says, which the runtime computes from the attributes'
    /// values as the browser decoded them: one that holds a character reference `Entities` does not read (`&eacute;`)
    /// has a key only this side knows.
    static func isHashed(tag: String, attributes: [(name: String, value: String)]) -> Bool {
        let names = Set(attributes.map(\.name))
        switch tag {
        case "meta": return names.isDisjoint(with: ["name", "property", "http-equiv", "charset"])
        case "link": return false
        case "script": return !names.contains("src")
        default: return true
        }
    }

    /// The keys of a head's elements in order, each made unique by its occurrence: `key`, `key#2`, `key#3`.
    static func unique(_ keys: [String]) -> [String] {
        var seen: [String: Int] = [:]
        return keys.map { key in
            seen[key, default: 0] += 1
            return seen[key]! == 1 ? key : "\(key)#\(seen[key]!)"
        }
    }

    /// Whether a patch may insert or change the head element `element`: not a script (one that arrives in a patch
    /// never runs, so the page would not be the new one), a `meta http-equiv` (the runtime drops those) or a `base`
    /// (every relative address of the page would change with it).
    static func isPatchable(tag: String, attributes: [(name: String, value: String)]) -> Bool {
        switch tag {
        case "script", "base": false
        case "meta": !attributes.contains { $0.name == "http-equiv" }
        default: true
        }
    }

    /// FNV-1a over the text's UTF-8, 32 bits, as 8 hex digits: simple enough for the runtime to compute alike.
    static func hash(_ text: String) -> String {
        var state: UInt32 = 0x811c_9dc5
        for byte in text.utf8 { state = (state ^ UInt32(byte)) &* 0x0100_0193 }
        let digits = String(state, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}
