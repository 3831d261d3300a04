extension TestSite {
    /// The layout of `languages()`: the language, direction, translations, switcher, menu, date, tags and navigation.
    package static let languagesLayout =
        "<!doctype html><html lang=\"{{site.language}}\"{{#site.direction}} dir=\"{{site.direction}}\"{{/site.direction}}><head><title>{{page.title}} · {{site.title}}</title></head><body>"
        + "<h1 data-ss-key=\"r:title\">{{page.title}}</h1>"
        + "<p class=\"i18n\">{{site.i18n.readMore}}|{{site.i18n.search}}</p>"
        + "<ul class=\"translations\">{{#page.translations}}<li>{{code}}:{{name}}:{{link}}{{#current}}*{{/current}}</li>{{/page.translations}}</ul>"
        + "<ul class=\"switcher\">{{#page.languages}}<li>{{code}}:{{link}}{{#translated}}+{{/translated}}</li>{{/page.languages}}</ul>"
        + "<ul class=\"menu\">{{#page.menu}}<li>{{title}}:{{link}}</li>{{/page.menu}}</ul>"
        + "<p class=\"date\">{{page.dateDisplay}}</p><p class=\"tags\">{{#page.tagLinks}}{{link}} {{/page.tagLinks}}</p>"
        + "<nav class=\"nav\">{{#page.nav.children}}{{title}}|{{/page.nav.children}}</nav>"
        + "{{{sections}}}{{{body}}}</body></html>\n"

    /// A site in three languages (English, French, and Arabic, right to left), with translated pages and theme words.
    package static func languages() -> [String: String] {
        var files = TestSite.theme
        files["Themes/default/layouts/page.mustache"] = languagesLayout
        files["Themes/default/i18n/en.yml"] = "readMore: Read more\nsearch: Search\n"
        files["Themes/default/i18n/fr.yml"] = "readMore: Lire la suite\nsearch: Rechercher\n"
        files["Themes/default/i18n/ar.yml"] = "readMore: اقرأ المزيد\n"  // no 'search': the English text, and a warning
        files["sectionsite.yml"] = """
            title: Notes
            baseURL: https://notes.example/
            menu:
              - {title: Posts, url: posts/}
            languages:
              en: {name: English}
              fr:
                name: Français
                title: Carnet
                menu:
                  - {title: Billets, url: posts/}
              ar:
                name: العربية
                title: ملاحظات
                direction: rtl

            """
        let list = "sections:\n  - id: latest\n    cell: b\n    from: posts\n"
        files["Content/index.md"] = "---\ntitle: Home\n\(list)---\nWelcome.\n"
        files["Content/fr/index.md"] = "---\ntitle: Accueil\n\(list)---\nBienvenue.\n"
        files["Content/ar/index.md"] = "---\ntitle: الرئيسية\n---\nمرحبا.\n"
        files["Content/posts/hello.md"] = "---\ntitle: Hello\ndate: 2026-08-20\ntags: [swift]\n---\nHello world.\n"
        files["Content/posts/only.md"] = "---\ntitle: Only English\ndate: 2026-08-21\ntags: [swift]\n---\nJust here.\n"
        files["Content/fr/posts/hello.md"] =
            "---\ntitle: Bonjour\ndate: 2026-08-20\ntags: [swift]\n---\nBonjour le monde.\n"
        files["Content/ar/posts/salam.md"] =
            "---\ntitle: سلام\ndate: 2026-08-20\ntranslationKey: posts/hello\n---\nنص.\n"
        return files
    }
}
