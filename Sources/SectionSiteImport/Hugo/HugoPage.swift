import Foundation
import SectionSiteEngine

/// What Hugo does to a page's address and front matter that the new site must write out: the paths it lower-cases
/// and hyphenates, `url:` as Hugo reads it in a language, relative aliases, pictures found from the page's URL, and
/// values the builder would refuse.
enum HugoPage {
    /// A path as Hugo makes it an address: spaces become `-`, characters other than letters, digits, marks and
    /// `. / _ - % + ~` are dropped, and (unless `keepCase`) it is lower-cased.
    static func sanitized(_ path: String, keepCase: Bool) -> String {
        var result = ""
        for scalar in path.unicodeScalars {
            let properties = scalar.properties
            if scalar == " " {
                result += "-"
            } else if properties.isAlphabetic || properties.numericType != nil
                || properties.generalCategory == .nonspacingMark
                || "./_-%+~".unicodeScalars.contains(scalar)
            {
                result.unicodeScalars.append(scalar)
            }
        }
        return keepCase ? result : result.lowercased()
    }

    /// The address Hugo gives a page at `inner` (its path in its language's content, `docs/Format.md`) when no
    /// pattern, `url` or `slug` says otherwise, without the language's prefix.
    static func hugoURL(inner: String, slug: String?, keepCase: Bool) -> String {
        var parts = inner.split(separator: "/").map(String.init)
        let file = parts.removeLast()
        let stem = (file as NSString).deletingPathExtension
        if stem != "index" && stem != "_index" { parts.append(slug ?? stem) }
        let path = parts.map { sanitized($0, keepCase: keepCase) }.filter { !$0.isEmpty }.joined(separator: "/")
        return URLPath.encoded(path.isEmpty ? "/" : "/" + path + "/")
    }

    /// `url:` as the new site reads it, and an alias that keeps Hugo's address where the new site cannot write it:
    /// Hugo takes `/about/` from the site's root and `about/` from the language's; SectionSite puts every `url:`
    /// under the language's prefix, so `/fr/about/` in a French page is `/about/` here, and `/about/` in a French
    /// page is kept as an alias.
    /// A title as Hugo makes it a path (`urlize`): lower case, spaces as one `-`, letters, digits and `.`, `_`, `-`
    /// kept, the rest dropped (`Linkerd 2.10: and more` is `linkerd-2.10-and-more`, `ICYMI 👉 July` `icymi-july`).
    static func urlize(_ title: String) -> String {
        var path = ""
        for character in title.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() {
            if character.isWhitespace {
                if path.last != "-" { path.append("-") }  // a dropped character between two spaces leaves one `-`
            } else if character.isLetter || character.isNumber || character == "." || character == "_"
                || character == "-"
            {
                path.append(character)
            }
        }
        return path
    }

    /// An address with the characters that would end a URL's path (`?`, `#`) percent-encoded.
    static func pathCharacters(_ address: String) -> String {
        address.replacingOccurrences(of: "?", with: "%3F").replacingOccurrences(of: "#", with: "%23")
    }

    static func url(_ written: String, prefix: String) -> (url: String, alias: String?) {
        guard written.hasPrefix("/") else { return ("/" + written, nil) }
        guard !prefix.isEmpty else { return (written, nil) }
        if written == prefix || written == prefix + "/" { return ("/", nil) }
        if written.hasPrefix(prefix + "/") { return (String(written.dropFirst(prefix.count)), nil) }
        return (written, written)
    }

    /// An alias as a path of the site: one without a leading `/` is resolved against the folder of the page's
    /// address (`pageURL`, with its language's prefix), as Hugo resolves it.
    static func alias(_ alias: String, pageURL: String) -> String {
        guard !alias.hasPrefix("/") else { return alias }
        var parts = (pageURL.removingPercentEncoding ?? pageURL).split(separator: "/").map(String.init)
        _ = parts.popLast()
        for part in alias.split(separator: "/") {
            if part == ".." { _ = parts.popLast() } else if part != "." { parts.append(String(part)) }
        }
        return "/" + parts.joined(separator: "/") + (alias.hasSuffix("/") ? "/" : "")
    }

    /// A page body with each picture that Hugo finds from the page's address (`![](../x.png)` in `a/b.md` is
    /// `a/x.png`, as the page's address is `/a/b/`) written relative to the page's file, where the new site looks
    /// for it. `exists` says whether a file is in the page's content folder.
    static func pictures(_ body: String, page: String, exists: (String) -> Bool) -> String {
        let folder = (page as NSString).deletingLastPathComponent
        let stem = ((page as NSString).lastPathComponent as NSString).deletingPathExtension
        guard stem != "index" && stem != "_index" else { return body }  // a bundle: its address is its folder
        let urlFolder = folder.isEmpty ? stem : folder + "/" + stem
        return body.replacing(/(!\[[^\]\n]*\]\()([^)\s]+)/) { match in
            let target = String(match.2)
            guard !target.hasPrefix("/"), !target.contains(":"), !target.hasPrefix("#") else { return String(match.0) }
            let fromFile = normalized(folder, target), fromURL = normalized(urlFolder, target)
            guard let fromURL, !(fromFile.map(exists) ?? false), exists(fromURL) else { return String(match.0) }
            return String(match.1) + ImportFiles.relativePath(from: folder, to: fromURL)
        }
    }

    /// `target` resolved from `folder`, or nil when it climbs out of the content.
    static func normalized(_ folder: String, _ target: String) -> String? {
        var parts = folder.split(separator: "/").map(String.init)
        for part in target.split(separator: "/") {
            if part == ".." {
                guard parts.popLast() != nil else { return nil }
            } else if part != "." {
                parts.append(String(part))
            }
        }
        return parts.joined(separator: "/")
    }

    /// Front matter with the values the builder would refuse taken out, each with a leftover at the page: empty
    /// values (`draft:` with nothing), values of the wrong kind (`draft: maybe`, a list as `title`), and keys that
    /// mean something else to SectionSite (`sections`, `animation`). Values of a kind that reads as the right one
    /// (`weight: "3"`, `draft: "true"`) are converted.
    static func clean(_ front: inout [String: Any], file: String, report: inout ImportReport) {
        func refuse(_ key: String, _ why: String) {
            report.leftovers.append(
                .init(kind: "front matter value the builder refuses, not written", file: file, text: "\(key): \(why)"))
            front[key] = nil
        }
        for key in front.keys.sorted() {
            let value = front[key]!
            if value is NSNull {
                front[key] = nil
                continue
            }
            switch key {
            case "title", "summary", "layout", "slug", "url", "translationKey":
                switch value {
                case is String: break
                case let date as Date: front[key] = ISO8601DateFormatter().string(from: date)
                case is [Any], is [String: Any]: refuse(key, "not a single value")
                default: front[key] = "\(ImportFiles.plain(value))"
                }
            case "draft":
                if let text = value as? String {
                    if ["true", "false"].contains(text.lowercased()) {
                        front[key] = text.lowercased() == "true"
                    } else {
                        refuse(key, "'\(text)' is not true or false")
                    }
                } else if !(ImportFiles.plain(value) is Bool) {
                    refuse(key, "not true or false")
                }
            case "weight":
                switch ImportFiles.plain(value) {
                case is Int: break
                case let number as Double where number == number.rounded() && abs(number) < 1e15:
                    front[key] = Int(number)
                case let text as String where Int(text) != nil: front[key] = Int(text)
                default: refuse(key, "not a whole number")
                }
            case "tags", "aliases":
                switch value {
                case let list as [Any]:
                    let items = list.filter { !($0 is NSNull) }
                    if items.contains(where: { $0 is [Any] || $0 is [String: Any] }) {
                        refuse(key, "not a list of strings")
                    } else {
                        front[key] = items.map { "\(ImportFiles.plain($0))" }.filter { !$0.isEmpty }
                    }
                case is String: break
                default: refuse(key, "not a list of strings")
                }
            case "date":
                if let date = value as? Date {
                    front[key] = ISO8601DateFormatter().string(from: date)
                } else if let text = value as? String, PageDate(parsing: text) == nil {
                    refuse(key, "'\(text)' is not a date")
                } else if !(value is String) {
                    refuse(key, "not a date")
                }
            case "sections", "animation":
                refuse(key, "a Hugo parameter that means something else to SectionSite")
            default: break
            }
        }
    }
}
