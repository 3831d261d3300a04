import Yams

extension ConfigParser {
    /// `api`: `package` (a folder), `targets` (a list), `symbolGraphs` (files or folders), `url` (a site path),
    /// and the limits on the graphs: `maxNesting`, `maxMembers`, `maxSymbols`.
    static func api(_ node: Node, yaml: YAMLReader) throws -> APISettings {
        var settings = APISettings(location: yaml.location(node))
        for (option, value, optionNode) in try yaml.entries(node, what: "'api'") {
            switch option {
            case "package": settings.package = try yaml.string(value, key: option)
            case "targets": settings.targets = try yaml.strings(value, key: option)
            case "symbolGraphs": settings.symbolGraphs = try yaml.strings(value, key: option)
            case "url":
                let url = try yaml.string(value, key: option)
                guard let path = SitePage.normalizedURL(url), path != "/" else {
                    throw yaml.error(.apiURLNotAPath(url), at: value)
                }
                settings.url = path
            case "maxNesting", "maxMembers", "maxSymbols":
                let limit = try yaml.int(value, key: option)
                guard limit > 0 else { throw yaml.error(.notMoreThanZero(option), at: value) }
                switch option {
                case "maxNesting": settings.maxNesting = limit
                case "maxMembers": settings.maxMembers = limit
                default: settings.maxSymbols = limit
                }
            default:
                let known = "package, targets, symbolGraphs, url, maxNesting, maxMembers, maxSymbols"
                throw yaml.error(.unknownOption(option, in: "api", known: known), at: optionNode)
            }
        }
        return settings
    }
}
