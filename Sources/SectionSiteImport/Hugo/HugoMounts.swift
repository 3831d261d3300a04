import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where Hugo finds each kind of file: its module mounts (`source = "content/fr"`, `target = "content"`, with
/// `lang = "fr"` or, as newer Hugo writes it, `sites = {matrix = {languages = ["fr"]}}`), and for a kind no mount
/// names, the folder Hugo uses by default (`contentDir`, a language's `contentDir`, `static`, `data` ...).
struct HugoMounts {
    /// One mount: a folder of the site, where it goes (`content/docs`), and the languages it is for (none: the
    /// default, or the one a file's name gives, `page.fr.md`).
    struct Mount: Equatable {
        var source: String, target: String, languages: [String]
        /// Globs of files under the source that the mount leaves out (`excludeFiles`) or keeps alone (`includeFiles`).
        var excludes: [String] = [], includes: [String] = []

        /// Whether the mount holds `rest`, a path under its source.
        func holds(_ rest: String) -> Bool {
            func matches(_ glob: String) -> Bool {
                let pattern = glob.hasPrefix("/") ? String(glob.dropFirst()) : glob
                return fnmatch(pattern, rest, 0) == 0
                    || fnmatch(pattern.replacingOccurrences(of: "**/", with: ""), rest, 0) == 0
            }
            return (includes.isEmpty || includes.contains(where: matches)) && !excludes.contains(where: matches)
        }
    }

    var mounts: [Mount] = []
    /// Mounts whose source is not in the site (a folder of another repository, `node_modules`), for the report.
    var missing: [Mount] = []

    static let kinds = ["content", "static", "data", "layouts", "i18n", "archetypes", "assets"]

    /// The mounts of `config`; `languages` are the site's language keys with their settings.
    init(_ config: [String: Any], languages: [(key: String, settings: [String: Any])], exists: (String) -> Bool) {
        let written = ((config["module"] as? [String: Any])?["mounts"] as? [[String: Any]]) ?? []
        for entry in written {
            guard let source = entry["source"] as? String, let target = entry["target"] as? String else { continue }
            var codes: [String] = []
            if let lang = entry["lang"] as? String { codes.append(lang.lowercased()) }
            let matrix = ((entry["sites"] as? [String: Any])?["matrix"] as? [String: Any])?["languages"]
            if let list = matrix as? [Any] { codes += list.compactMap { ($0 as? String)?.lowercased() } }
            if let one = matrix as? String { codes.append(one.lowercased()) }
            func globs(_ value: Any?) -> [String] {
                (value as? [Any])?.compactMap { $0 as? String } ?? (value as? String).map { [$0] } ?? []
            }
            let mount = Mount(
                source: Self.trimmed(source), target: Self.trimmed(target), languages: codes,
                excludes: globs(entry["excludeFiles"]),
                includes: globs(entry["includeFiles"]))
            if source.split(separator: "/").contains("..") || !exists(mount.source) {
                missing.append(mount)
            } else {
                mounts.append(mount)
            }
        }
        for kind in Self.kinds
        where !mounts.contains(where: { Self.kind(of: $0.target) == kind })
            && !missing.contains(where: { Self.kind(of: $0.target) == kind })
        {
            let folder = Self.trimmed((config[kind + "Dir"] as? String) ?? kind)
            if kind == "content" {
                var someShareIt = languages.isEmpty
                for language in languages {
                    if let own = language.settings["contentDir"] as? String {
                        mounts.append(Mount(source: Self.trimmed(own), target: "content", languages: [language.key]))
                    } else {
                        someShareIt = true
                    }
                }
                if someShareIt { mounts.append(Mount(source: folder, target: "content", languages: [])) }
            } else {
                mounts.append(Mount(source: folder, target: kind, languages: []))
            }
        }
    }

    /// Where a file of the site goes: for each mount that holds it (the deepest source wins when sources nest), its
    /// kind (`content`), its path inside that kind (`docs/guide.md`) and the mount's languages.
    func places(_ path: String) -> [(kind: String, inner: String, languages: [String], source: String)] {
        let holding = mounts.filter { mount in
            (mount.source.isEmpty || path.hasPrefix(mount.source + "/"))
                && mount.holds(mount.source.isEmpty ? path : String(path.dropFirst(mount.source.count + 1)))
        }
        guard let deepest = holding.map(\.source.count).max() else { return [] }
        return holding.filter { $0.source.count == deepest }.map { mount in
            let rest = mount.source.isEmpty ? path : String(path.dropFirst(mount.source.count + 1))
            let kind = Self.kind(of: mount.target)
            let under = String(mount.target.dropFirst(kind.count)).trimmingCharacters(
                in: CharacterSet(charactersIn: "/"))
            return (kind, under.isEmpty ? rest : under + "/" + rest, mount.languages, mount.source)
        }
    }

    /// The kind of files a target holds: its first folder (`content` for `content/docs`).
    static func kind(of target: String) -> String { String(target.split(separator: "/").first ?? "") }

    static func trimmed(_ path: String) -> String {
        var path = path.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        while path.hasPrefix("./") { path = String(path.dropFirst(2)) }
        return path == "." ? "" : path
    }
}
