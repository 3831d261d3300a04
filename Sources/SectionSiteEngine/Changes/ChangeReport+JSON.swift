import Foundation

/// The report as JSON for programs: the `sectionsite-changes/1` format, keys in a fixed order, pages by URL.
extension ChangeReport {
    package static let format = "sectionsite-changes/1"

    package var json: String {
        var json = JSONWriter()
        json.object { json in
            json.field("format", Self.format)
            json.key("counts")
            json.object { json in
                json.key("pages")
                json.object { json in
                    for status in [PageChange.Status.added, .removed, .changed] {
                        json.field(status.rawValue, pages(status).count)
                    }
                }
                for part in Self.partOrder {
                    json.key(part == .head ? part.rawValue : part.rawValue + "s")
                    json.object { json in
                        for action in Change.Action.allOrdered { json.field(action.rawValue, count(part, action)) }
                    }
                }
            }
            json.key("pages")
            json.array(pages) { json, page in
                json.object { json in
                    json.field("url", page.url.rawValue)
                    json.field("status", page.status.rawValue)
                    json.field("title", page.title)
                    if let wholePage = page.wholePage { json.field("wholePage", wholePage) }
                    if let anchor = page.anchor { json.field("anchor", anchor) }
                    json.key("changes")
                    json.array(page.changes) { json, change in
                        json.object { json in
                            json.field("action", change.action.rawValue)
                            json.field("part", change.part.rawValue)
                            if !change.key.isEmpty { json.field("key", change.key) }
                            if let section = change.section { json.field("section", section) }
                            if let before = change.before { json.field("before", before) }
                            if let after = change.after { json.field("after", after) }
                        }
                    }
                }
            }
            json.key("urls")
            json.array(urls) { json, url in json.stringValue(url) }
            json.key("files")
            json.object { json in
                for kind in FileKind.allCases {
                    json.key(kind.rawValue)
                    json.array(touched[kind] ?? []) { json, path in json.stringValue(path.rawValue) }
                }
            }
        }
        return json.text + "\n"
    }
}
