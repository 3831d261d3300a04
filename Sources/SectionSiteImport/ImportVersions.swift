import Yams

/// The documentation's versions an import finds: a documentation folder (`ImportFiles.docsFolders`) holding two or
/// more folders named as versions are (`2.1`, `v1.x`, `1.13.0`), as Hugo and Jekyll sites that publish their docs per
/// release keep them. The site's own list of versions, when it has one (Hugo's `params.versions`), says which is the
/// latest; a version folder newer than it is unreleased.
struct ImportVersions: Equatable {
    /// The documentation folder whose folders are the versions.
    var folder: String
    /// The versions, newest first.
    var names: [String]
    /// The latest released version.
    var latest: String
    /// The versions newer than the latest.
    var unreleased: Set<String>

    /// The versions of `paths` (the new site's files), with `declared` the site's own list, newest first.
    static func find(_ paths: [String], docs: [String], languageFolders: Set<String>, declared: [String]) -> Self? {
        var found: [String: Set<String>] = [:]
        for path in paths where path.hasPrefix("Content/") && path.hasSuffix(".md") {
            var parts = path.split(separator: "/").dropFirst().map(String.init)
            if parts.count > 1, languageFolders.contains(parts[0]) { parts.removeFirst() }
            guard parts.count > 2, docs.contains(parts[0]), isVersion(parts[1]) || declared.contains(parts[1]) else {
                continue
            }
            found[parts[0], default: []].insert(parts[1])
        }
        guard
            let (folder, names) = found.filter({ $0.value.count > 1 }).max(by: {
                ($0.value.count, $1.key) < ($1.value.count, $0.key)
            })
        else { return nil }
        let sorted = names.sorted { newer($0, than: $1) }
        let latest = declared.first(where: names.contains) ?? sorted.first!
        let unreleased = Set(sorted.prefix { $0 != latest })
        return ImportVersions(folder: folder, names: sorted, latest: latest, unreleased: unreleased)
    }

    /// The strings of a Hugo site's `params.versions`: a list of names, a map of lists (`docs: [2.20, ...]`), or a
    /// list of maps with a `version` (Docsy's).
    static func declared(_ params: [String: Any]) -> [String] {
        switch params["versions"] {
        case let list as [Any]:
            return list.compactMap { ($0 as? String) ?? (($0 as? [String: Any])?["version"] as? String) }
        case let map as [String: Any]:
            return map.keys.sorted().flatMap { (map[$0] as? [Any] ?? []).compactMap { $0 as? String } }
        default:
            return []
        }
    }

    /// Whether a folder's name is a version's: digits and dots, a `v` before them, `.x` after them.
    static func isVersion(_ name: String) -> Bool {
        name.wholeMatch(of: /v?\d+(\.\d+)*(\.x)?/) != nil
    }

    /// Whether `a` is a newer version than `b`: by each number, a name that is no version (next, main) first.
    static func newer(_ a: String, than b: String) -> Bool {
        func numbers(_ name: String) -> [Int]? {
            guard isVersion(name) else { return nil }
            return name.drop { $0 == "v" }.split(separator: ".").map { Int($0) ?? Int.max }
        }
        switch (numbers(a), numbers(b)) {
        case (nil, nil): return a < b
        case (nil, _): return true
        case (_, nil): return false
        case (let x?, let y?): return x.lexicographicallyPrecedes(y) ? false : x != y
        }
    }

    /// The `versions:` setting.
    var setting: Node {
        ImportYAML.map([
            ("folder", ImportYAML.string(folder)), ("latest", ImportYAML.string(latest)),
            (
                "list",
                ImportYAML.list(
                    names.map { name in
                        unreleased.contains(name)
                            ? ImportYAML.map(
                                [("name", ImportYAML.string(name)), ("status", ImportYAML.string("unreleased"))],
                                flow: true)
                            : ImportYAML.string(name)
                    })
            ),
        ])
    }
}
