import Yams

/// The documentation's versions an import finds: a documentation folder (`ImportFiles.docsFolders`) holding two or
/// more folders named as versions are (`2.1`, `v1.x`, `1.13.0`), as Hugo and Jekyll sites that publish their docs per
/// release keep them. The versions the site's own settings name (Hugo's `params.versions`, `latest`, `versionsV2`)
/// say which is the latest: the newest of them that is a folder; without them, the newest numbered folder. A folder
/// newer than the latest, or without a number (`dev`, `next`), is unreleased.
struct ImportVersions: Equatable {
    /// The documentation folder whose folders are the versions.
    var folder: String
    /// The versions, newest first.
    var names: [String]
    /// The latest released version.
    var latest: String
    /// The versions newer than the latest.
    var unreleased: Set<String>
    /// The older versions kept in a folder of archives inside the documentation folder (Vitess's
    /// `docs/archive/17.0/`), by name: their folders inside `Content/`. They are no longer looked after.
    var archived: [String: String] = [:]

    /// The versions of `paths` (the new site's files), with `declared` the site's own list, newest first.
    static func find(_ paths: [String], docs: [String], languageFolders: Set<String>, declared: Set<String>) -> Self? {
        var found: [String: Set<String>] = [:]
        var archives: [String: [String: String]] = [:]  // by documentation folder, each archived version's folder
        for path in paths where path.hasPrefix("Content/") && path.hasSuffix(".md") {
            var parts = path.split(separator: "/").dropFirst().map(String.init)
            if parts.count > 1, languageFolders.contains(parts[0]) { parts.removeFirst() }
            func named(_ name: String) -> Bool { isVersion(name) || declared.contains(name) || isUnreleased(name) }
            // Versions at the top of the content (Linkerd's content/2.15/), or in a documentation folder.
            if parts.count > 1, named(parts[0]) { found["", default: []].insert(parts[0]) }
            guard parts.count > 2, docs.contains(parts[0]) else { continue }
            if named(parts[1]) {
                found[parts[0], default: []].insert(parts[1])
            } else if parts.count > 3, isArchive(parts[1]), isVersion(parts[2]) {
                archives[parts[0], default: [:]][parts[2]] = parts[0...2].joined(separator: "/")
            }
        }
        // A folder holds versions when two or more of its folders are numbered ones (a `next` beside them is one).
        guard
            let (folder, names) = found.filter({ $0.value.count(where: isVersion) > 1 }).max(by: {
                ($0.value.count, $1.key) < ($1.value.count, $0.key)
            })
        else { return nil }
        let sorted = names.sorted { newer($0, than: $1) }
        let latest =
            sorted.first { declared.contains($0) && isVersion($0) } ?? sorted.first(where: isVersion) ?? sorted.first!
        let unreleased = Set(sorted.prefix { $0 != latest })
        // Archived versions older than every version of the folder, listed after them.
        let archived = (archives[folder] ?? [:]).filter { name, _ in
            !names.contains(name) && names.allSatisfy { !isVersion($0) || newer($0, than: name) }
        }
        return ImportVersions(
            folder: folder, names: sorted + archived.keys.sorted { newer($0, than: $1) }, latest: latest,
            unreleased: unreleased, archived: archived)
    }

    /// Whether a folder of the documentation holds archived versions: `archive`, `archived`, `archives`, `old`,
    /// `legacy`, `previous` (any case).
    static func isArchive(_ name: String) -> Bool {
        name.lowercased().wholeMatch(of: /archives?|archived|old(er)?|legacy|previous/) != nil
    }

    /// The version names a Hugo site's params give under keys that speak of versions (`versions`, `latest`,
    /// `versionsV2`, ...): a name, a list of names, a map of those (KEDA's `docs: [2.20, ...]`, TiKV's `latest:` and
    /// `all:`), or a list of maps with a `version` (Docsy's).
    static func declared(_ params: [String: Any]) -> Set<String> {
        func names(_ value: Any?) -> [String] {
            switch value {
            case let name as String: [name]
            case let list as [Any]: list.flatMap { names(($0 as? [String: Any]).map { $0["version"] } ?? $0) }
            case let map as [String: Any]: map.values.flatMap { names($0) }
            default: []
            }
        }
        // Not the lists of older ones (aws-ddk's `legacy_versions`): the latest is the newest named.
        func names(older key: String) -> Bool {
            ["legacy", "old", "archive", "deprecated"].contains { key.contains($0) }
        }
        return Set(
            params.filter { key, _ in
                let key = key.lowercased()
                return (key.contains("version") || key.contains("latest")) && !names(older: key)
            }.values.flatMap { names($0) })
    }

    /// Whether a folder's name is a version's: numbers with dots (`2.1`, `1.13.0`), or one after a `v` (`v3`), with
    /// `.x` after them. A bare number is not one: a blog's year folders (`2026/`) are no versions (Linkerd's).
    /// A pre-release after them counts (`1.0.0-beta.1`, `2.0-rc1`), as aws-ddk keeps them.
    static func isVersion(_ name: String) -> Bool {
        name.wholeMatch(of: /(v\d+(\.\d+)*(\.x)?|\d+(\.\d+)*\.x|\d+(\.\d+)+)(-(alpha|beta|rc|pre|preview)\.?\d*)?/)
            != nil
    }

    /// Whether a folder's name is that of unreleased documentation beside numbered versions: `next`, `main`, `dev`,
    /// `edge` (Linkerd's `2-edge`), `nightly`, `preview`, `unreleased`.
    static func isUnreleased(_ name: String) -> Bool {
        name.lowercased().wholeMatch(of: /(v?\d+[-.])?(next|main|master|dev|edge|nightly|preview|unreleased)/) != nil
    }

    /// Whether `a` is a newer version than `b`: by each number, a name that is no version (next, main) first, a
    /// pre-release before its release (`1.0.0` is newer than `1.0.0-rc.0`, which is newer than `1.0.0-beta.1`).
    static func newer(_ a: String, than b: String) -> Bool {
        func parts(_ name: String) -> (numbers: [Int], pre: String?)? {
            guard isVersion(name) else { return nil }
            let halves = name.drop { $0 == "v" }.split(separator: "-", maxSplits: 1)
            return (
                halves[0].split(separator: ".").map { Int($0) ?? Int.max }, halves.count > 1 ? String(halves[1]) : nil
            )
        }
        switch (parts(a), parts(b)) {
        case (nil, nil): return a < b
        case (nil, _): return true
        case (_, nil): return false
        case (let x?, let y?):
            if x.numbers != y.numbers { return !x.numbers.lexicographicallyPrecedes(y.numbers) }
            switch (x.pre, y.pre) {
            case (nil, nil): return false
            case (nil, _): return true
            case (_, nil): return false
            case (let p?, let q?): return p > q
            }
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
                        if let folder = archived[name] {
                            return ImportYAML.map(
                                [
                                    ("name", ImportYAML.string(name)), ("status", ImportYAML.string("unmaintained")),
                                    ("folder", ImportYAML.string(folder)),
                                ], flow: true)
                        }
                        return unreleased.contains(name)
                            ? ImportYAML.map(
                                [("name", ImportYAML.string(name)), ("status", ImportYAML.string("unreleased"))],
                                flow: true)
                            : ImportYAML.string(name)
                    })
            ),
        ])
    }
}
