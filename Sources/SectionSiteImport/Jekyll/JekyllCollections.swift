import Foundation

/// A Jekyll site's collections (`collections:` in `_config.yml`, as a map or a list of names): where their files
/// are (`_<name>/`, under `collections_dir:` when it is set), whether Jekyll publishes them (`output: true`) and at
/// which address (`permalink:`, else `/:collection/:path` with the ending the site's permalink style gives).
struct JekyllCollections {
    /// One collection.
    struct Collection {
        var name: String
        var output: Bool
        /// The template of its documents' addresses.
        var template: String
    }

    /// The folder collections live in, relative to the site, without slashes; empty for the site's root.
    var folder: String
    /// The collections by name, the posts' included (Jekyll publishes posts whatever `output:` says).
    var byName: [String: Collection]

    init(_ config: [String: Any]) {
        let style = config["permalink"] as? String
        folder = ((config["collections_dir"] as? String) ?? "").trimmingCharacters(in: CharacterSet(charactersIn: "/."))
        var settings: [String: [String: Any]] = [:]
        if let map = config["collections"] as? [String: Any] {
            for (name, value) in map { settings[name] = value as? [String: Any] ?? [:] }
        } else if let list = config["collections"] as? [Any] {
            for name in list { settings["\(name)"] = [:] }
        }
        byName = [:]
        for (name, values) in settings where name != "posts" {
            let template = (values["permalink"] as? String).map { JekyllURL.template(ofStyle: $0) }
            byName[name] = Collection(
                name: name, output: (values["output"] as? Bool) ?? false,
                template: template ?? JekyllURL.suffixed("/:collection/:path", style: style))
        }
        let postsPermalink = (settings["posts"]?["permalink"] as? String) ?? style
        byName["posts"] = Collection(name: "posts", output: true, template: JekyllURL.template(ofStyle: postsPermalink))
    }

    /// The path of a file inside the collections' folder, or nil when it is outside it.
    func inside(_ path: String) -> String? {
        if folder.isEmpty { return path }
        return path.hasPrefix(folder + "/") ? String(path.dropFirst(folder.count + 1)) : nil
    }

    /// The collection (other than posts) whose folder holds `path`, with the file's path inside that folder.
    func collection(of path: String) -> (Collection, String)? {
        guard let inner = inside(path), let first = inner.split(separator: "/").first, first.hasPrefix("_"),
            first.count > 1,
            let collection = byName[String(first.dropFirst())], collection.name != "posts"
        else { return nil }
        return (collection, String(inner.dropFirst(first.count + 1)))
    }
}
