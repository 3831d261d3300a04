import Foundation

/// Renders one output page through the theme: cells, supplementary views, the keyed body, the layout, and the
/// runtime's tags in `<head>`.
struct PageRenderer: Sendable {
    /// The theme.
    var theme: Theme
    /// The site settings.
    var config: SiteConfig
    /// The pages of each language as a tree, for `page.nav`.
    var trees: [LanguageCode: ContentTree] = [:]
    /// The files of `Data/`, which templates see as `site.data.<name>`.
    var data: [String: DataFile] = [:]
    /// The settings as each language's pages see them.
    private let localized: [LanguageCode: SiteConfig]
    /// Each set of templates a page used, once: a site's pages use a handful of sets, and every rendered page
    /// keeps its own to the end of a build.
    private let templateSets = Locked<Set<Set<String>>>([])

    init(theme: Theme, config: SiteConfig, trees: [LanguageCode: ContentTree] = [:], data: [String: DataFile] = [:]) {
        (self.theme, self.config, self.trees, self.data) = (theme, config, trees, data)
        localized = Dictionary(uniqueKeysWithValues: config.languages.codes.map { ($0, config.localized($0)) })
    }

    /// The settings of a language's pages.
    func config(_ language: LanguageCode) -> SiteConfig { localized[language] ?? config }

    /// The `site` value templates see, by language: the settings as the language gives them, its code, name and
    /// direction, every language, and the theme's strings in it (`site.i18n.<key>`).
    var siteContexts: [LanguageCode: TemplateValue] {
        let languages = config.languages
        var contexts: [LanguageCode: TemplateValue] = [:]
        for code in languages.codes {
            let config = self.config(code)
            var site = config.data.mustache
            site["title"] = config.title
            site["baseURL"] = config.baseURL
            site["language"] = config.language
            site["root"] = config.rootPath
            site["languageRoot"] = config.link(config.languageHome)
            site["multilingual"] = languages.isMultilingual
            if let language = languages.language(code) {
                site["direction"] = language.direction.rawValue
                site["rtl"] = language.direction == .rtl
                site["languageName"] = language.name
                site["languages"] = languages.list.map { other in
                    [
                        "code": other.code, "name": other.name, "direction": other.direction.rawValue,
                        "link": config.link(languages.prefix(other.code) + "/"), "current": other.code == code,
                    ] as [String: Any]
                }
            }
            let strings = theme.strings(code, languages: languages)
            if !strings.isEmpty { site["i18n"] = strings }
            if !data.isEmpty { site["data"] = data.mapValues(\.value.mustache) }
            contexts[code] = .map(any: site)
        }
        return contexts
    }

    /// Renders `instance`; `sites` is `siteContexts`, computed once per build.
    func render(_ instance: PageInstance, sites: [LanguageCode: TemplateValue]) throws -> RenderedPage {
        let page = instance.source.page
        let config = self.config(page.language)
        let site = sites[page.language] ?? sites[self.config.languages.defaultCode] ?? .map([:])
        var used: Set<String> = []
        // Made typed once, for the layout and every cell of the page.
        let pageContext = TemplateValue.map(any: self.pageContext(instance, config: config))
        let drawing = SectionHTML<PageSection>(
            cell: { section, item in
                if let html = item.html { return (item.cell, html) }
                let template = try theme.template("cells", kind: item.cell, what: "cell kind", at: item.location)
                used.insert(template)
                var context = item.fields.template
                for (field, image) in item.images { context[field] = image.fieldValue }
                context["id"] = .string(item.id)
                context["cell"] = .string(item.cell)
                context["body"] = .string(item.bodyHTML ?? "")
                if item.sourceHash != nil, case .list(let tags)? = item.fields["tags"] {  // a collection item
                    context["tagLinks"] = .object(TagLinks(tags: tags.compactMap(\.scalarText), config: config))
                }
                context["section"] = Self.sectionContext(section)
                context["page"] = pageContext
                context["site"] = site
                return (item.cell, trimmed(theme.render(template, .map(context))))
            },
            supplementary: { section, kind in
                guard let view = kind == .header ? section.spec.header : section.spec.footer else { return nil }
                if let html = view.html { return (view.kind, html) }
                let template = try theme.template(
                    "supplementary", kind: view.kind, what: "\(kind.rawValue) kind", at: view.location)
                used.insert(template)
                var context = view.fields.template
                context["kind"] = .string(view.kind)
                context["section"] = Self.sectionContext(section)
                context["page"] = pageContext
                context["site"] = site
                return (view.kind, trimmed(theme.render(template, .map(context))))
            },
            kind: { $0.spec.kind }
        )
        let sections = try drawing.render(instance.sections)
        let byFolder = page.layout == nil ? config.layout(forFolder: page.folder) : nil
        let layoutName =
            page.layout ?? byFolder?.layout
            ?? (page.isIndex && !page.folder.isEmpty && theme.has("layouts/list") ? "list" : "page")
        let layout = try theme.template(
            "layouts", kind: layoutName, what: "layout", at: page.layoutLocation ?? byFolder?.location ?? page.location)
        used.insert(layout)
        let document = theme.render(
            layout,
            TemplateValue.map([
                "site": site, "page": pageContext, "sections": .string(sections),
                "body": .string(Self.body(try instance.source.bodyBlocks())),
            ]))
        guard let headEnd = Self.headEnd(in: document) else {
            throw ThemeProblem.layoutWithoutHead.error(
                at: SourceLocation(file: "\(theme.path)/\(layout).mustache"))
        }
        let (html, version) = Self.withRuntime(document, headEnd: headEnd, instance: instance, config: config)
        return RenderedPage(
            url: instance.url, source: page.source, html: html, version: version,
            title: page.title, date: page.date, summary: instance.source.keptSummary,
            templatesUsed: templateSets.withLock { $0.insert(used).memberAfterInsert },
            animation: page.animation ?? config.animation)
    }

    /// The document with the runtime's tags before `</head>`: the page's URL and version, the patch feed's settings,
    /// the translations, and the script. The version is a hash of the page with a blank version in it, written in
    /// place afterwards.
    private static func withRuntime(
        _ document: String, headEnd: Range<String.Index>, instance: PageInstance, config: SiteConfig
    ) -> (html: String, version: PageVersion) {
        let blank = "000000000000"
        var html = ""
        html.reserveCapacity(document.utf8.count + 200)
        html += document[..<headEnd.lowerBound]
        html +=
            #"<meta name="sectionsite-page" content="\#(HTML.escape(instance.url.rawValue))"><meta "#
            + #"name="sectionsite-version" content=""#
        let versionStart = html.utf8.count
        html += blank
        html += #"">"#
        if config.feedPoll > 0 { html += #"<meta name="sectionsite-poll" content="\#(config.feedPoll)">"# }
        if let live = config.feedLive { html += #"<meta name="sectionsite-live" content="\#(HTML.escape(live))">"# }
        for (hreflang, url) in Translation.alternates(instance.translations, config: config) {
            html += #"<link rel="alternate" hreflang="\#(hreflang)" href="\#(HTML.escape(config.absoluteURL(url)))">"#
        }
        html += #"<script src="\#(config.rootPath)_sectionsite/sectionsite.js" defer></script>"#
        html += document[headEnd.lowerBound...]
        let version = ContentHash.of(html).prefix(blank.count)
        let start = html.utf8.index(html.utf8.startIndex, offsetBy: versionStart)
        html.replaceSubrange(start..<html.utf8.index(start, offsetBy: blank.count), with: version)
        return (html, PageVersion(String(version)))
    }

    /// The range of the first `</head>` (any case), found on the UTF-8 bytes.
    static func headEnd(in document: String) -> Range<String.Index>? {
        let bytes = document.utf8
        let tag = Array("</head>".utf8)
        var index = bytes.startIndex
        while let open = bytes[index...].firstIndex(of: 60) {
            var cursor = open
            var matched = 0
            while matched < tag.count, cursor < bytes.endIndex, bytes[cursor] | (matched > 1 ? 0x20 : 0) == tag[matched]
            {
                matched += 1
                cursor = bytes.index(after: cursor)
            }
            if matched == tag.count { return open..<cursor }
            index = bytes.index(after: open)
        }
        return nil
    }

    /// `page.version`, `page.versions` (the switcher's links), `page.latestVersion` and `page.canonical` (the same
    /// page in the latest version, on a page of another), and `page.history` (the versions that changed the page)
    /// for a page of the documentation's versions.
    private func versionContext(_ instance: PageInstance, config: SiteConfig, into context: inout [String: Any]) {
        guard let own = instance.versions.first(where: \.current) else { return }
        func described(_ link: VersionLink) -> TemplateValue {
            .object(
                VersionEntry(
                    version: link, link: config.link(link.url), changes: link.changes.map(config.link) ?? "",
                    news: link.news.map(config.link)))
        }
        context["version"] = described(own)
        context["versions"] = TemplateValue.list(instance.versions.map(described))
        // The versions in which the page changed, when there are any: a map, so that a section of it is drawn once.
        let changed = instance.versions.filter { $0.changes != nil }
        if !changed.isEmpty { context["history"] = TemplateValue.map(["changes": .list(changed.map(described))]) }
        if !own.latest, let latest = instance.versions.first(where: \.latest) {
            context["latestVersion"] = described(latest)
            if latest.exact { context["canonical"] = config.absoluteURL(latest.url) }
        }
    }

    /// The `page` value templates see: front matter and the computed keys.
    func pageContext(_ instance: PageInstance, config: SiteConfig) -> [String: Any] {
        let page = instance.source.page
        var context: [String: Any] = page.frontMatter.template
        for (field, image) in instance.source.fieldImages[""] ?? [:] { context[field] = image.fieldValue }
        context["title"] = page.title
        context["url"] = instance.url
        context["link"] = config.link(instance.url.rawValue)
        context["tags"] = page.tags
        context["tagLinks"] = TemplateValue.object(TagLinks(tags: page.tags, config: config))
        context["nav"] = TemplateValue.object(
            NavigationContext(tree: trees[page.language] ?? ContentTree(), page: page, config: config))
        context["language"] = page.language
        let languages = config.languages
        if languages.isMultilingual {
            context["languages"] = TemplateValue.object(
                LanguageLinks(
                    page: page, url: instance.url.rawValue, translations: instance.translations, config: config))
        }
        context["translations"] = TemplateValue.list(
            instance.translations.map { translation in
                .object(
                    LanguageLink(
                        code: translation.language,
                        name: languages.language(translation.language)?.name ?? translation.language.rawValue,
                        url: translation.url, link: config.link(translation.url),
                        current: translation.language == page.language,
                        translated: true))
            })
        if let menu = Menu.marked(config.data["menu"], url: instance.url.rawValue, config: config) {
            context["menu"] = menu
        }
        versionContext(instance, config: config, into: &context)
        context["summary"] = instance.source.summary
        context["toc"] = TableOfContents.entries(instance.source.headings)
        context["showTOC"] = instance.source.headings.count >= TableOfContents.minimumHeadings
        if let date = page.date {
            context["date"] = date.isoDate
            context["dateDisplay"] = config.display(date)
        }
        if let pagination = instance.pagination {
            var info: [String: Any] = [
                "current": pagination.current, "total": pagination.total,
                "pages": pagination.urls.enumerated().map { index, url in
                    ["number": index + 1, "link": config.link(url), "isCurrent": index + 1 == pagination.current]
                        as [String: Any]
                },
            ]
            if pagination.current > 1 { info["prevLink"] = config.link(pagination.urls[pagination.current - 2]) }
            if pagination.current < pagination.total {
                info["nextLink"] = config.link(pagination.urls[pagination.current])
            }
            context["pagination"] = info
        }
        return context
    }

    /// The keyed body: each top-level block carries `b:` and a hash of its HTML, numbered when blocks repeat.
    static func body(_ blocks: [Markdown.Block]) -> String {
        var html = #"<div class="ss-body" \#(PatchContract.childrenAttribute)="\#(PatchContract.bodyList)">"#
        var seen: [String: Int] = [:]
        for block in blocks {
            let key = blockKey(block.html, seen: &seen)
            if block.isRawHTML {
                html += #"<div class="ss-raw" \#(PatchContract.keyAttribute)="\#(key)">\#(block.html)</div>"#
            } else {
                HTML.append(block.html, adding: PatchContract.keyAttribute, key, to: &html)
            }
        }
        return html + "</div>"
    }

    /// A body block's key: `b:` and a hash of its HTML, numbered from the second block of the same HTML (`seen`
    /// counts them).
    static func blockKey(_ html: String, seen: inout [String: Int]) -> String {
        var key = PatchContract.Kind.block.key(String(ContentHash.of(html).prefix(8)))
        let count = seen[key, default: 0] + 1
        seen[key] = count
        if count > 1 { key += "-\(count)" }
        return key
    }

    private static func sectionContext(_ section: PageSection) -> TemplateValue {
        var context: [String: TemplateValue] = ["id": .string(section.spec.id)]
        if let kind = section.spec.kind { context["kind"] = .string(kind) }
        return .map(context)
    }

    private func trimmed(_ html: String) -> String {
        let bytes = html.utf8
        func isSpace(_ byte: UInt8) -> Bool { byte == 32 || byte == 10 || byte == 13 || byte == 9 }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = bytes.lastIndex(where: { !isSpace($0) })!
        if first == bytes.startIndex, bytes.index(after: last) == bytes.endIndex { return html }
        return String(html[first...last])
    }
}
