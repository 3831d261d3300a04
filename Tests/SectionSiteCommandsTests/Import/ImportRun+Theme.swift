import Foundation

/// A small theme of its own that an import writes into the new site, as `sectionsite new` once did (its "starter"
/// theme): the import tests run with it, so that what an importer does with a theme it writes stays tested.
extension ImportRun {
    static let theme: [(path: String, text: String)] = [
        (
            "Themes/starter/layouts/page.mustache",
            """
            <!doctype html>
            <html lang="{{site.language}}"{{#site.direction}} dir="{{site.direction}}"{{/site.direction}}>
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>{{page.title}} · {{site.title}}</title>
            <link rel="stylesheet" href="{{site.root}}assets/style.css">
            </head>
            <body>
            <header class="site"><a href="{{site.root}}">{{site.title}}</a> \
            <a href="{{site.root}}posts/">Posts</a></header>
            <main>
            <h1 data-ss-key="r:title">{{page.title}}</h1>
            <p class="date" data-ss-key="r:date">{{page.dateDisplay}}</p>
            {{{body}}}
            {{{sections}}}
            {{#page.pagination}}<nav class="pager">{{#prevLink}}<a href="{{.}}">Newer</a>{{/prevLink}} \
            Page {{current}} of {{total}} {{#nextLink}}<a href="{{.}}">Older</a>{{/nextLink}}</nav>{{/page.pagination}}
            </main>
            </body>
            </html>

            """
        ),
        ("Themes/starter/cells/note.mustache", "<h3>{{title}}</h3>\n{{{body}}}\n"),
        (
            "Themes/starter/cells/post.mustache",
            "<a href=\"{{link}}\"><h3>{{title}}</h3></a>\n<p class=\"date\">{{dateDisplay}}</p>\n<p>{{summary}}</p>\n"
        ),
        ("Themes/starter/supplementary/header.mustache", "<h2>{{title}}</h2>\n"),
        ("Themes/starter/supplementary/footer.mustache", "<p>{{title}}</p>\n"),
        (
            "Themes/starter/assets/style.css",
            """
            body { font: 17px/1.6 system-ui, sans-serif; max-width: 42rem; margin: 2rem auto; padding: 0 1rem; }
            header.site a { margin-right: 1rem; }
            .ss-items { display: grid; gap: 1rem; }
            .ss-item { border: 1px solid #ddd; border-radius: 8px; padding: 0 1rem; }
            .date { color: #666; }

            """
        ),
    ]
}
