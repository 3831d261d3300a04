import Foundation
import Testing

@testable import SectionSiteEngine
import SiteTestSupport

/// A site in three languages, one of them right-to-left: where pages go, which pages are translations of each
/// other, what each language's lists, tags, feeds, search and navigation hold, the theme's words and dates in each
/// language, and the live preview after edits that add and remove translations.
@Suite("Languages")
struct LanguageTests {
    @Test("each language's pages go under its folder's URL, the default language's at the root; rtl sets dir")
    func urlsAndDirection() throws {
        let site = try TestSite(TestSite.languages())
        try site.build()
        let html = try site.output("ar/posts/salam/index.html")
        #expect(html.contains(#"<html lang="ar" dir="rtl">"#))
        #expect(try site.output("fr/posts/hello/index.html").contains(#"<html lang="fr" dir="ltr">"#))
        #expect(try site.output("posts/hello/index.html").contains(#"<html lang="en" dir="ltr">"#))
        #expect(try site.output("fr/index.html").contains("<title>Accueil · Carnet</title>"))
        #expect(!FileManager.default.fileExists(atPath: site.out.appendingPathComponent("en").path))
    }

    @Test("pages at one path, or with one translationKey, are translations: alternates, x-default and the switcher")
    func translations() throws {
        let site = try TestSite(TestSite.languages())
        try site.build()
        let hello = try site.output("fr/posts/hello/index.html")
        for (code, url) in [
            ("en", "posts/hello/"), ("fr", "fr/posts/hello/"), ("ar", "ar/posts/salam/"), ("x-default", "posts/hello/"),
        ] {
            #expect(
                hello.contains(#"<link rel="alternate" hreflang="\#(code)" href="https://notes.example/\#(url)">"#),
                "\(code)")
        }
        #expect(
            hello.contains(
                "<li>en:English:/posts/hello/</li><li>fr:Français:/fr/posts/hello/*</li><li>ar:العربية:/ar/posts/salam/</li>"
            ))
        // A page without translations has no alternates; its switcher leads to the other languages' homes.
        let only = try site.output("posts/only/index.html")
        #expect(!only.contains("hreflang"))
        #expect(only.contains(#"<ul class="translations"></ul>"#))
        #expect(only.contains("<li>en:/posts/only/+</li><li>fr:/fr/</li><li>ar:/ar/</li>"))
        // sitemap.xml is an index of each language's sitemap; each lists its own pages, with their alternates.
        let index = try site.output("sitemap.xml")
        #expect(index.contains("<sitemapindex "))
        #expect(
            index.contains(
                "<sitemap><loc>https://notes.example/sitemap-en.xml</loc><lastmod>2026-08-21</lastmod></sitemap>"))
        #expect(index.contains("<sitemap><loc>https://notes.example/sitemap-ar.xml</loc>"))
        let arabic = try site.output("sitemap-ar.xml")
        #expect(arabic.contains(#"xmlns:xhtml="http://www.w3.org/1999/xhtml""#))
        #expect(
            arabic.contains(
                #"<url><loc>https://notes.example/ar/posts/salam/</loc><lastmod>2026-08-20</lastmod><xhtml:link rel="alternate" hreflang="en" href="https://notes.example/posts/hello/"/>"#
            ))
        #expect(!arabic.contains("<loc>https://notes.example/posts/"))
        let english = try site.output("sitemap-en.xml")
        #expect(
            english.contains(#"<url><loc>https://notes.example/posts/only/</loc><lastmod>2026-08-21</lastmod></url>"#))
        #expect(!english.contains("<loc>https://notes.example/ar/"))
    }

    @Test("a translation key shared by two pages of one language is a warning at the second, naming the first")
    func sharedTranslationKey() throws {
        var files = TestSite.languages()
        files["Content/ar/posts/again.md"] =
            "---\ntitle: مرة\ndate: 2026-08-22\ntranslationKey: posts/hello\n---\nنص.\n"
        let site = try TestSite(files)
        let report = try site.build()
        let shared = report.warnings.filter { $0.message.hasPrefix("the translation key 'posts/hello'") }
        #expect(shared.map(\.location) == [SourceLocation(file: "Content/ar/posts/salam.md")])
        #expect(
            shared.first?.message.contains("is Content/ar/posts/again.md's too, in the same language ('ar')") == true)
        // Without the second page, no warning.
        try site.remove("Content/ar/posts/again.md")
        #expect(try !site.build().warnings.contains { $0.message.hasPrefix("the translation key") })
    }

    @Test("lists, tag pages, feeds, search and navigation hold their own language's pages")
    func everythingPerLanguage() throws {
        let site = try TestSite(TestSite.languages())
        try site.build()
        let home = try site.output("index.html")
        #expect(home.contains("Only English") && home.contains(">Hello<") && !home.contains("Bonjour"))
        let french = try site.output("fr/index.html")
        #expect(french.contains("Bonjour") && !french.contains("Only English") && !french.contains(">Hello<"))
        #expect(french.contains("<li>Billets:/fr/posts/</li>"), "the language's own menu, under its folder")
        #expect(try site.output("fr/tags/swift/index.html").contains("Bonjour"))
        #expect(!(try site.output("fr/tags/swift/index.html").contains("Only English")))
        #expect(try site.output("tags/swift/index.html").contains("Only English"))
        #expect(!(try site.output("tags/swift/index.html").contains("Bonjour")))
        #expect(try site.output("fr/posts/hello/index.html").contains("/fr/tags/swift/"))
        let frenchFeed = try site.output("fr/feed.xml")
        #expect(
            frenchFeed.contains("<title>Carnet</title>") && frenchFeed.contains("Bonjour")
                && !frenchFeed.contains("Hello"))
        #expect(!(try site.output("feed.xml").contains("Bonjour")))
        #expect(try site.output("fr/tags/swift/feed.xml").contains("Bonjour"))
        let search = try site.output("fr/search.json")
        #expect(search.contains("/fr/posts/hello/") && !search.contains("\"/posts/hello/\""))
        #expect(!(try site.output("search.json").contains("/fr/")))
        #expect(try site.output("fr/posts/hello/index.html").contains(#"<nav class="nav"></nav>"#))
    }

    @Test("theme words in the page's language, the default's where missing (with a warning), dates by the language")
    func wordsAndDates() throws {
        let site = try TestSite(TestSite.languages())
        let report = try site.build()
        #expect(try site.output("fr/index.html").contains("<p class=\"i18n\">Lire la suite|Rechercher</p>"))
        #expect(try site.output("ar/index.html").contains("<p class=\"i18n\">اقرأ المزيد|Search</p>"))
        #expect(try site.output("index.html").contains("<p class=\"i18n\">Read more|Search</p>"))
        let missing = report.warnings.filter { $0.location?.file == "Themes/default/i18n/ar.yml" }.map(\.message)
        #expect(missing == ["no 'search' in ar: the en text 'Search' is shown"])
        #expect(try site.output("posts/hello/index.html").contains("<p class=\"date\">August 20, 2026</p>"))
        #expect(try site.output("fr/posts/hello/index.html").contains("<p class=\"date\">20 août 2026</p>"))
    }

    @Test("defaultLanguageInFolder puts the default language under its code too")
    func defaultInFolder() throws {
        var files = TestSite.languages()
        files["sectionsite.yml"]! += "defaultLanguageInFolder: true\n"
        let site = try TestSite(files)
        try site.build()
        #expect(try site.output("en/posts/hello/index.html").contains("<h1 data-ss-key=\"r:title\">Hello</h1>"))
        #expect(
            try site.output("fr/posts/hello/index.html").contains(
                #"hreflang="x-default" href="https://notes.example/en/posts/hello/""#))
    }

    @Test("a page a program defines under /fr/ is French, and a translation of the page at the same path")
    func programPages() throws {
        let site = try TestSite(TestSite.languages())
        var options = site.options
        options.pages = [try SitePage(url: "/fr/posts/only/", title: "Seulement", markdown: "Ici.")]
        try SiteBuilder(options: options).build()
        let french = try site.output("fr/posts/only/index.html")
        #expect(french.contains(#"<html lang="fr" dir="ltr">"#) && french.contains("<title>Seulement · Carnet</title>"))
        #expect(
            try site.output("posts/only/index.html").contains(
                #"hreflang="fr" href="https://notes.example/fr/posts/only/""#))
    }

    @Test("past sitemap.urls, each language's sitemap is split, and sitemap.xml lists every part")
    func sitemapParts() throws {
        var files = TestSite.languages()
        files["sectionsite.yml"]! += "sitemap:\n  urls: 1\n"
        let site = try TestSite(files)
        try site.build()
        let index = try site.output("sitemap.xml")
        let listed = index.matches(of: /<loc>https:\/\/notes.example\/(sitemap-[a-z]+-\d+\.xml)<\/loc>/).map {
            String($0.1)
        }
        #expect(
            listed.contains("sitemap-en-1.xml") && listed.contains("sitemap-en-2.xml")
                && listed.contains("sitemap-ar-1.xml"))
        #expect(!index.contains("sitemap-en.xml"))
        for file in listed { #expect(try site.output(file).matches(of: /<url>/).count == 1, "\(file)") }
        let pages = try Site(options: site.options).pages.count
        #expect(listed.count == pages)
    }

    @Test(
        "a language's folder and URL prefix may differ from its code (zh_cn for zh-CN), as moved Hugo sites have them")
    func folderOtherThanCode() throws {
        var files = TestSite.languages().filter { !$0.key.hasPrefix("Content/ar/") && !$0.key.hasPrefix("Content/fr/") }
        files["sectionsite.yml"] = "title: T\nlanguages:\n  en: {name: English}\n  zh-CN: {name: 中文, folder: zh_cn}\n"
        files["Content/zh_cn/posts/hello.md"] = "---\ntitle: 你好\ndate: 2026-08-20\ntags: [swift]\n---\n你好。\n"
        files["Content/zh_cn/index.md"] = "---\ntitle: 首页\n---\n欢迎。\n"
        let site = try TestSite(files)
        try site.build()
        let hello = try site.output("zh_cn/posts/hello/index.html")
        #expect(hello.contains(#"<html lang="zh-CN" dir="ltr">"#))
        #expect(hello.contains(#"<link rel="alternate" hreflang="zh-CN" href="/zh_cn/posts/hello/">"#))
        #expect(hello.contains("<li>en:English:/posts/hello/</li><li>zh-CN:中文:/zh_cn/posts/hello/*</li>"))
        #expect(
            FileManager.default.fileExists(atPath: site.out.appendingPathComponent("zh_cn/tags/swift/index.html").path))
        #expect(FileManager.default.fileExists(atPath: site.out.appendingPathComponent("zh_cn/feed.xml").path))
        // A folder that is not one plain segment, or one two languages share, is an error at its place.
        files["sectionsite.yml"] = "title: T\nlanguages:\n  en: {name: English}\n  zh-CN: {folder: ../zh}\n"
        #expect(
            try TestSite(files).buildError()?.description.contains(
                "sectionsite.yml:4:19: error: 'folder' cannot be a language's folder") == true)
        files["sectionsite.yml"] = "title: T\nlanguages:\n  en: {name: English}\n  fr: {folder: en}\n"
        #expect(
            try TestSite(files).buildError()?.description.contains(
                "error: languages 'en' and 'fr' both have the folder 'en'") == true)
    }

    @Test("a bad language code or direction is an error at its place")
    func badSettings() throws {
        var files = TestSite.languages()
        files["sectionsite.yml"] = "title: T\nlanguages:\n  en: {name: English}\n  'fr fr': {name: Français}\n"
        #expect(
            try TestSite(files).buildError()?.description.contains(
                "sectionsite.yml:4:3: error: 'fr fr' is not a language code") == true)
        files["sectionsite.yml"] = "title: T\nlanguages:\n  en: {name: English}\n  ar: {direction: rtl-ish}\n"
        #expect(
            try TestSite(files).buildError()?.description.contains(
                "sectionsite.yml:4:19: error: 'direction' is 'ltr' or 'rtl', not 'rtl-ish'") == true)
    }

    @Test("the preview: a translation that comes or goes changes its translations' alternates; equal to a fresh build")
    func previewFollowsTranslations() throws {
        // Without navigation, which a page that comes or goes changes on every page that draws it.
        var files = TestSite.languages()
        files["Themes/default/layouts/page.mustache"] = TestSite.languagesLayout.replacing(
            /<nav class="nav">.*<\/nav>/, with: "")
        let site = try TestSite(files)
        var live = try Site(options: site.options)
        func agrees(_ step: String) throws {
            let fresh = try Site(options: site.options)
            #expect(live.pages.keys.sorted() == fresh.pages.keys.sorted(), "\(step)")
            for url in fresh.pages.keys.sorted() where live.pages[url]?.html != fresh.pages[url]?.html {
                Issue.record("\(step): \(url) differs from a fresh build")
            }
            #expect(SiteOutput(live).indexes() == SiteOutput(fresh).indexes(), "\(step)")
        }
        try site.write(["Content/fr/posts/only.md": "---\ntitle: Seulement\ndate: 2026-08-21\n---\nIci.\n"])
        var update = try live.apply(["Content/fr/posts/only.md"])
        #expect(update.changed.contains("/posts/only/") && update.changed.contains("/fr/posts/only/"))
        #expect(!update.changed.contains("/posts/hello/"), "other pages' alternates are left alone")
        #expect(
            live.pages["/posts/only/"]!.html.contains(#"hreflang="fr" href="https://notes.example/fr/posts/only/""#))
        try agrees("translation added")
        try site.write(["Content/fr/posts/only.md": "---\ntitle: Seulement, encore\ndate: 2026-08-21\n---\nIci.\n"])
        update = try live.apply(["Content/fr/posts/only.md"])
        #expect(!update.changed.contains("/posts/only/"), "an edit that keeps the translations leaves the others alone")
        try agrees("translation edited")
        try site.remove("Content/fr/posts/only.md")
        update = try live.apply(["Content/fr/posts/only.md"])
        #expect(update.changed.contains("/posts/only/") && update.removed.contains("/fr/posts/only/"))
        #expect(!live.pages["/posts/only/"]!.html.contains("hreflang"))
        try agrees("translation removed")
    }
}
