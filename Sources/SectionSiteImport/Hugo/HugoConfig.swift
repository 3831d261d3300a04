import Foundation
import SectionSiteEngine
import TOMLKit

/// A Hugo site's settings as `hugo` reads them for a build: the root file (`hugo.toml`, `config.yaml` ...), then the
/// configuration folder's `_default/` and `production/` (the environment `hugo` builds by default) merged over it.
/// In the folder, `hugo.*` and `config.*` hold settings at the top; any other file holds one key (`params.toml` is
/// `params`), and a language's part when named for it (`menus.fr.toml` is the `menus` of language `fr`).
struct HugoConfig {
    /// The merged settings.
    var values: [String: Any] = [:]
    /// Each file read, relative to the site, with its text: errors name the one that writes a key.
    var files: [(name: String, text: String)] = []

    /// The file that writes `key` and its line there; the first file read (or `hugo.toml`) when none does.
    func place(of key: String) -> (file: String, line: Int) {
        for file in files {
            if let line = SettingsKey.line(of: key, in: file.text) { return (file.name, line) }
        }
        return (files.first?.name ?? "hugo.toml", 1)
    }

    /// The name of the first file read, for leftovers about the settings as a whole.
    var mainFile: String { files.first?.name ?? "hugo.toml" }

    /// Reads the site's settings; a file that leads outside the site is reported and not read, other environments'
    /// folders (`config/development/`) are reported as not used.
    static func read(_ site: ImportSource, report: inout ImportReport) throws -> HugoConfig {
        var config = HugoConfig()
        for name in [
            "hugo.toml", "config.toml", "hugo.yaml", "hugo.yml", "config.yaml", "config.yml", "hugo.json",
            "config.json",
        ] {
            guard let (values, text) = try parse(site, name, report: &report) else { continue }
            config.values = (values as? [String: Any]) ?? [:]
            config.files.append((name, text))
            break
        }
        let folder = "config"
        let files = FileTree.files(under: site.folder.appendingPathComponent(folder)).sorted()
        var otherEnvironments: [String: Int] = [:]
        for environment in ["_default", "production"] {
            // The folder's own settings files first, so that a key's file wins over them.
            // Files in folders of it count as its own (`menus/menus.en.toml`, as Doks sites keep them).
            let inside = files.filter { $0.hasPrefix(environment + "/") }
                .sorted { (rootFile($0) ? 0 : 1, $0) < (rootFile($1) ? 0 : 1, $1) }
            for file in inside {
                let path = folder + "/" + file
                guard let (value, text) = try parse(site, path, report: &report) else { continue }
                config.files.append((path, text))
                let stem = (((file as NSString).lastPathComponent) as NSString).deletingPathExtension
                let parts = stem.split(separator: ".").map(String.init)
                if rootFile(file) {
                    merge(&config.values, (value as? [String: Any]) ?? [:])
                } else if parts.count == 2, parts[0] == "languages" {
                    merge(&config.values, ["languages": [parts[1].lowercased(): value]])  // the language's own settings
                } else if parts.count == 2 {
                    merge(&config.values, ["languages": [parts[1].lowercased(): [parts[0]: value]]])
                } else {
                    merge(&config.values, [stem: value])
                }
            }
        }
        for file in files {
            let environment = String(file.split(separator: "/").first ?? "")
            if environment != "_default" && environment != "production" && file.contains("/") {
                otherEnvironments[environment, default: 0] += 1
            }
        }
        for (environment, count) in otherEnvironments.sorted(by: { $0.key < $1.key }) {
            report.leftovers.append(
                .init(
                    kind:
                        "Hugo settings for the environment '\(environment)' not used, as hugo builds production "
                        + "(\(count) file\(count == 1 ? "" : "s"))",
                    file: "\(folder)/\(environment)/"))
        }
        return config
    }

    /// Whether a file of the configuration folder holds settings at the top (`hugo.toml`, `config.yaml`).
    private static func rootFile(_ file: String) -> Bool {
        let stem = (((file as NSString).lastPathComponent) as NSString).deletingPathExtension
        return stem == "hugo" || stem == "config"
    }

    /// A settings file's values and text, or nil when it is not there, not a settings file, or leads outside.
    private static func parse(_ site: ImportSource, _ name: String, report: inout ImportReport) throws -> (Any, String)?
    {
        let kind = (name as NSString).pathExtension
        guard ["toml", "yaml", "yml", "json"].contains(kind) else { return nil }
        let data: Data
        switch try site.reading(name) {
        case .data(let bytes): data = bytes
        case .missing: return nil
        case .outside(let real):
            report.leftovers.append(ImportSource.outside(name, real: real))
            return nil
        }
        guard let text = String(data: data, encoding: .utf8) else { return nil }
        do {
            let value: Any?
            switch kind {
            case "toml":
                let json = try TOMLTable(string: text).convert(to: .json)
                value = try JSONSerialization.jsonObject(with: Data(json.utf8))
            case "json": value = try JSONSerialization.jsonObject(with: Data(text.utf8))
            default: value = try ImportYAML.load(text, path: site.shown(name), firstLine: 1)
            }
            return (value ?? [String: Any](), text)
        } catch let error as SectionSiteError {
            throw error  // the alias budget's, located
        } catch {
            throw ImportProblem.settingsDoNotParse(name, error: "\(error)").error(
                at: SourceLocation(file: site.shown(name)))
        }
    }

    /// `over` merged into `base`: maps key by key, any other value replaced.
    static func merge(_ base: inout [String: Any], _ over: [String: Any]) {
        for (key, value) in over {
            if var inner = base[key] as? [String: Any], let overInner = value as? [String: Any] {
                merge(&inner, overInner)
                base[key] = inner
            } else {
                base[key] = value
            }
        }
    }
}
