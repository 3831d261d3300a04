import Yams
/// Reads `sectionsite.yml` into `SiteConfig`; unknown keys stay available to templates as `site.<key>`.
struct ConfigParser {
    /// The settings file's path relative to the site.
    var path = "sectionsite.yml"

    /// Parses the file's text.
    func parse(_ text: String) throws -> SiteConfig {
        var config = SiteConfig()
        let yaml = YAMLReader(path: path, firstLine: 1)
        guard let root = try yaml.compose(text) else { return config }
        if case .scalar(let scalar) = root, scalar.string.isEmpty { return config }
        for (key, node, keyNode) in try yaml.entries(root, what: "sectionsite.yml") {
            switch key {
            case "title": config.title = try yaml.string(node, key: key)
            case "baseURL":
                config.baseURL = try yaml.string(node, key: key)
                if !config.baseURL.hasSuffix("/") { config.baseURL += "/" }
            case "theme": config.theme = try yaml.string(node, key: key)
            case "language": config.language = try yaml.string(node, key: key)
            case "markdown":
                for (option, value, optionNode) in try yaml.entries(node, what: "'markdown'") {
                    switch option {
                    case "smart": config.smartPunctuation = try yaml.bool(value, key: option)
                    case "unsafe": config.unsafeHTML = try yaml.bool(value, key: option)
                    default:
                        throw SectionSiteError(
                            "unknown markdown option '\(option)' (known: smart, unsafe)", at: yaml.location(optionNode))
                    }
                }
            case "feed":
                for (option, value, optionNode) in try yaml.entries(node, what: "'feed'") {
                    switch option {
                    case "keep":
                        config.feedKeep = try yaml.int(value, key: option)
                        guard config.feedKeep >= 0 else {
                            throw SectionSiteError("'keep' must be 0 or more", at: yaml.location(value))
                        }
                    case "poll":
                        config.feedPoll = try yaml.int(value, key: option)
                        guard config.feedPoll >= 0 else {
                            throw SectionSiteError(
                                "'poll' must be how many seconds between checks of the feed (0 for none)",
                                at: yaml.location(value))
                        }
                    default:
                        throw SectionSiteError(
                            "unknown feed option '\(option)' (known: keep, poll)", at: yaml.location(optionNode))
                    }
                }
            case "tags":
                for (option, value, optionNode) in try yaml.entries(node, what: "'tags'") {
                    guard option == "paginate" else {
                        throw SectionSiteError("unknown tags option '\(option)' (known: paginate)", at: yaml.location(optionNode))
                    }
                    let size = try yaml.int(value, key: option)
                    guard size >= 0 else {
                        throw SectionSiteError("'paginate' must be 0 (one page per tag) or more", at: yaml.location(value))
                    }
                    config.tagsPaginate = size == 0 ? nil : size
                }
            case "search":
                if case .scalar = node {
                    config.search = try yaml.bool(node, key: key)
                } else {
                    for (option, value, optionNode) in try yaml.entries(node, what: "'search'") {
                        guard option == "text" else {
                            throw SectionSiteError("unknown search option '\(option)' (known: text)", at: yaml.location(optionNode))
                        }
                        if yaml.value(value) == .string("all") {
                            config.searchText = nil
                        } else {
                            let limit = try yaml.int(value, key: option)
                            guard limit >= 0 else {
                                throw SectionSiteError(
                                    "'text' must be how many characters of each page to index (0 or more), or 'all'",
                                    at: yaml.location(value))
                            }
                            config.searchText = limit
                        }
                    }
                }
            case "strict": config.strict = try yaml.bool(node, key: key)
            case "animation": config.animation = try PageParser.animation(node, yaml: yaml)
            default: _ = keyNode
            }
            config.data[key] = yaml.value(node)
        }
        return config
    }
}
