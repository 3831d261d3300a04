extension Theme {
    /// The templates of the API reference (`api:`), used where the theme has none of that name: a theme need not
    /// know about the reference to build a site that has one (the starter theme of `sectionsite new`, the theme of
    /// an imported site). Plain and whole pages with the theme's stylesheet; the default theme draws its own, with
    /// the reference's tree beside each page.
    static let apiBuiltins: [(name: String, text: String)] = [
        ("layouts/api", apiPage(eyebrow: "{{page.kind}}", facts: true)),
        ("layouts/api-article", apiPage(eyebrow: "Article", facts: false)),
        (
            "cells/api-symbol",
            #"<div class="api-symbol"><a href="{{link}}">{{#declaration}}"#
                + #"<code>{{{declaration}}}</code>{{/declaration}}{{^declaration}}{{name}}{{/declaration}}</a> "#
                + #"<span class="api-symbol-kind">{{kind}}</span>{{{body}}}</div>"#
        ),
        (
            "cells/api-member",
            ##"<article class="api-member" id="{{anchor}}"><h3><a href="{{anchorLink}}">{{name}}</a> "##
                + ##"<span class="api-member-kind">{{kind}}</span></h3>{{#declaration}}<pre>"##
                + ##"<code>{{{declaration}}}</code></pre>{{/declaration}}{{#deprecated}}"##
                + ##"<p class="api-deprecated">{{.}}</p>{{/deprecated}}{{{body}}}</article>"##
        ),
        (
            "cells/api-relation",
            #"<span class="api-relation">{{#link}}<a "#
                + #"href="{{link}}"><code>{{name}}</code></a>{{/link}}{{^link}}<code>{{name}}</code>{{/link}}</span>"#
        ),
    ]

    /// A reference page: breadcrumbs, the title, what the symbol graph says of it, the body and the topics.
    private static func apiPage(eyebrow: String, facts: Bool) -> String {
        let details =
            facts
            ? #"<div data-ss-key="r:facts">{{#page.deprecated}}"#
                + #"<p class="api-deprecated">{{.}}</p>{{/page.deprecated}}{{#first(page.availability)}}"#
                + #"<ul>{{#page.availability}}"#
                + #"<li>{{.}}</li>{{/page.availability}}</ul>{{/first(page.availability)}}</div>"#
                + #"<div data-ss-key="r:declaration">{{#page.declaration}}<pre>"#
                + #"<code>{{{page.declaration}}}</code></pre>{{/page.declaration}}</div>"#
            : ""
        return """
            <!doctype html>
            <html lang="{{site.language}}"{{#site.direction}} dir="{{site.direction}}"{{/site.direction}}>
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>{{page.title}} · {{site.title}}</title>
            <link rel="stylesheet" href="{{site.root}}assets/style.css">
            </head>
            <body class="layout-api">
            <nav data-ss-key="r:breadcrumbs" aria-label="Breadcrumbs"><a href="{{site.root}}">{{site.title}}</a>\
            {{#page.breadcrumbs}} / <a href="{{link}}">{{title}}</a>{{/page.breadcrumbs}}</nav>
            <main>
            <p data-ss-key="r:eyebrow">\(eyebrow)</p>
            <h1 data-ss-key="r:title">{{page.title}}</h1>
            \(details)
            {{{body}}}
            {{{sections}}}
            </main>
            </body>
            </html>

            """
    }
}
