/// `search.json`: what the search box of a theme searches, written with the site so that search needs no service.
///
/// ```json
/// {"format": "sectionsite-search/1",
///  "pages": [{"url": "/blog/posts/a/", "title": "A", "headings": [{"id": "setup", "text": "Setup"}], "text": "..."}]}
/// ```
/// One entry per published page (the first page of a paginated list; no alias or tag page), sorted by URL; `url` is
/// the link under `baseURL`'s path; `text` is the plain text of the body's paragraphs, lists, quotes and tables, as
/// much of it as `search: {text: N}` keeps (1,000 characters unless the settings say otherwise, cut at a word). A
/// page of a version (`versions:` in the settings) has `"version": "2.1"` after its title.
enum SearchIndex {
    /// The format's name, first in the file.
    static let format = "sectionsite-search/1"

    /// The index of `pages`, each with the URL it is published at.
    static func json(_ pages: [LoadedPage], config: SiteConfig) -> String {
        var json = JSONWriter()
        json.object { json in
            json.field("format", format)
            json.key("pages")
            json.array(pages) { json, loaded in write(loaded, to: &json, config: config) }
        }
        return json.text + "\n"
    }

    /// One page's entry: its link, title, headings and text.
    static func write(_ loaded: LoadedPage, to json: inout JSONWriter, config: SiteConfig) {
        json.object { json in
            json.field("url", config.link(loaded.page.url.rawValue))
            json.field("title", loaded.page.title)
            if let version = config.version(of: loaded.page) { json.field("version", version.name) }
            json.key("headings")
            json.array(loaded.headings) { json, heading in
                json.object { json in
                    json.field("id", heading.id)
                    json.field("text", heading.text)
                }
            }
            json.field("text", loaded.text)
        }
    }
}
