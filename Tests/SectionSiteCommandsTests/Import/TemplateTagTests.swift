import Foundation
import Testing

import SectionSiteCommands
import SectionSiteEngine
@testable import SectionSiteImport
import SiteTestSupport

/// Imported template tags never reach a page as text: each Hugo shortcode and Liquid tag becomes a component of
/// the default theme, the site's own template translated, or the neutral fallback. The expectations of the two
/// shapes from `shared/compat/` are what Hugo 0.168 and Jekyll 4.3 gave them.
@Suite("Import: template tags as components")
struct TemplateTagTests {
    /// Imports `files` with the default theme, as `sectionsite import` does, builds, and gives the output and report.
    static func imported(
        _ kind: String, _ files: [String: String]
    ) throws -> (built: URL, site: URL, report: ImportReport, source: TestSite) {
        let source = try TestSite(plugins: .command, files)
        let out = source.folder.appendingPathComponent("imported")
        let report =
            kind == "hugo"
            ? try HugoImporter(source: source.folder, destination: out, theme: [], themeName: "default").run()
            : try JekyllImporter(source: source.folder, destination: out, theme: [], themeName: "default").run()
        let built = out.appendingPathComponent("_site")
        try SiteBuilder(options: TestPlugins.command.options(site: out, out: built)).build()
        return (built, out, report, source)
    }

    /// The visible text of the body of every page built, by file, where a template tag shows.
    static func tagsShown(in built: URL) -> [String] {
        FileTree.files(under: built).filter { $0.hasSuffix(".html") }.filter { file in
            guard let html = try? String(contentsOf: built.appendingPathComponent(file), encoding: .utf8),
                let body = html.range(of: "<body")
            else { return false }
            let text = HTMLShape.text(String(html[body.lowerBound...]))
            return ["{{<", "{{%", "{%", "{{ site.", "{{ page."].contains { text.contains($0) }
        }
    }

    /// A file the import wrote (`Content/a.md`).
    static func written(_ site: URL, _ path: String) throws -> String {
        try String(contentsOf: site.appendingPathComponent(path), encoding: .utf8)
    }

    static func body(_ built: URL, _ page: String) throws -> String {
        let html = try String(contentsOf: built.appendingPathComponent(page), encoding: .utf8)
        guard let start = html.range(of: #"<div class="ss-body""#),
            let end = html.range(of: "</article>") ?? html.range(of: "</main>")
        else { return html }
        return String(html[start.lowerBound..<end.lowerBound])
    }

    @Test(
        "the site's own shortcodes translated: a note through a partial, a collapsible, a version from params (Hugo's output)"
    )
    func siteShortcodes() throws {
        let (built, _, report, source) = try Self.imported(
            "hugo",
            [
                "hugo.yaml":
                    "baseURL: https://example.org/\ntitle: T\nparams:\n  version: \"2.19.1\"\npermalinks:\n  page:\n    blog: /:year/:month/:day/:slug/\n",
                "layouts/partials/alert.html":
                    #"<div class="alert alert-{{ .variant }}"><p class="alert-title">{{ .title }}</p>{{ .content }}</div>"#,
                "layouts/_shortcodes/note.html":
                    "{{- $title := default \"Note\" (.Get \"title\") }}\n{{- $content := .Inner | $.Page.RenderString }}\n{{ partial \"alert\" (dict \"variant\" \"info\" \"title\" $title \"content\" $content) }}\n",
                "layouts/_shortcodes/collapsible.html":
                    "<details class=\"collapsible\"><summary>{{ .Get 0 }}</summary>\n{{ .Inner | markdownify }}\n</details>\n",
                "layouts/_shortcodes/current-version.html": "{{- site.Params.version -}}\n",
                "content/docs/install.md":
                    "---\ntitle: Install\n---\nInstall version {{< current-version >}}.\n\n{{< note title=\"Before you start\" >}}\nYou need **two** things.\n{{< /note >}}\n\n{{< note >}}\nPlain.\n{{< /note >}}\n\n{{< collapsible \"Which cluster?\" >}}\nAny *cluster*.\n{{< /collapsible >}}\n",
                "content/blog/_index.md": "---\ntitle: Blog\n---\n",
                "content/blog/2019/0416-release/index.md":
                    "---\ntitle: Release notes\nslug: release-notes\ndate: 2019-04-16T00:00:00Z\n---\nNested.\n",
            ])
        _ = source
        let body = try Self.body(built, "docs/install/index.html")
        #expect(body.contains("Install version 2.19.1.</p>"))
        #expect(
            body.contains(
                #"class="markdown-alert markdown-alert-note"><p class="markdown-alert-title">Before you start</p><p>You need <strong>two</strong> things.</p></div>"#
            ), "\(body)")
        #expect(body.contains(#"<p class="markdown-alert-title">Note</p><p>Plain.</p>"#))
        #expect(body.contains(#"<summary>Which cluster?</summary><p>Any <em>cluster</em>.</p></details>"#))
        // A section's permalink covers the bundles in folders below it, as Hugo's does.
        #expect(
            FileManager.default.fileExists(
                atPath: built.appendingPathComponent("2019/04/16/release-notes/index.html").path))
        #expect(Self.tagsShown(in: built) == [])
        #expect(report.componentUses == .init(mapped: 0, translated: 4, neutral: 0))
    }

    @Test(
        "the common vocabulary: Docsy's alert, tabpane with code tabs, details, figure, youtube, mermaid, ref, an escaped shortcode"
    )
    func vocabulary() throws {
        let (built, site, report, source) = try Self.imported(
            "hugo",
            [
                "hugo.toml": "baseURL = 'https://example.org/'\ntitle = 'T'\n",
                "content/guide.md": """
                ---
                title: Guide
                ---
                {{% alert title="Careful" color="danger" %}}
                Back up **first**.
                {{% /alert %}}

                {{< tabpane >}}
                {{< tab header="Go" lang="go" >}}
                fmt.Println("hi")
                {{< /tab >}}
                {{% tab header="Notes" %}}
                Plain *text*.
                {{% /tab %}}
                {{< /tabpane >}}

                {{< details summary="More" >}}
                Hidden.
                {{< /details >}}

                {{< mermaid >}}
                graph TD; A-->B;
                {{< /mermaid >}}

                See {{< youtube abc >}} and [the other]({{< ref "other" >}}); write `{{</* note */>}}` to show one.
                """,
                "content/other.md": "---\ntitle: Other\n---\nOther.\n",
            ])
        _ = source
        let body = try Self.body(built, "guide/index.html")
        #expect(
            body.contains(
                #"markdown-alert-caution"><p class="markdown-alert-title">Careful</p><p>Back up <strong>first</strong>.</p>"#
            ), "\(body)")
        #expect(
            body.contains(#"class="ss-tab-label""#) && body.contains(">Go</label>") && body.contains(">Notes</label>"))
        #expect(body.contains(#"<code class="language-go">"#) && body.contains("<em>text</em>"))
        #expect(body.contains("<summary>More</summary><p>Hidden.</p>"))
        #expect(body.contains(#"<a href="https://www.youtube.com/watch?v=abc">Video on YouTube</a>"#))
        #expect(body.contains(#"<a href="/other/">the other</a>"#))
        #expect(body.contains("<code>{{&lt; note &gt;}}</code>"))  // shown as written, as Hugo shows it
        let markdown = try Self.written(site, "Content/guide.md")
        #expect(markdown.contains("```mermaid\ngraph TD; A-->B;\n```"))
        #expect(report.leftovers.isEmpty, "\(report.leftovers)")
        #expect(report.componentUses.neutral == 0)
    }

    @Test(
        "the neutral fallback: a paired shortcode's content in a plain block, a lone one left out, each reported with why"
    )
    func neutral() throws {
        let (built, _, report, source) = try Self.imported(
            "hugo",
            [
                "hugo.toml": "baseURL = 'https://example.org/'\ntitle = 'T'\n",
                "layouts/shortcodes/fancy.html": "{{ $img := getenv \"HOME\" }}<div class=\"fancy\">{{ .Inner }}</div>",
                "content/a.md":
                    "---\ntitle: A\n---\n{{% fancy %}}\n**Kept** text.\n{{% /fancy %}}\n\n{{< unknown-thing 3 >}}\n\nEnd {{< inline-unknown >}}here.\n",
            ])
        _ = source
        let body = try Self.body(built, "a/index.html")
        #expect(body.contains(#"class="ss-block ss-block-fancy"><p><strong>Kept</strong> text.</p></div>"#), "\(body)")
        #expect(body.contains(">End here.</p>"))
        #expect(Self.tagsShown(in: built) == [])
        #expect(
            report.leftovers.map(\.description) == [
                "content/a.md:4:1: note: Hugo shortcode 'fancy' (layouts/shortcodes/fancy.html uses function 'getenv'), its content kept in a plain block: {{% fancy %}}",
                "content/a.md:8:1: note: Hugo shortcode 'unknown-thing' with no template in the site, left out: {{< unknown-thing 3 >}}",
                "content/a.md:10:5: note: Hugo shortcode 'inline-unknown' with no template in the site, left out: {{< inline-unknown >}}",
                "layouts/:1:1: note: Hugo folder 'layouts' not imported (1 file)",
            ])
        #expect(report.componentUses == .init(mapped: 0, translated: 0, neutral: 3))
    }

    /// Imports `files`, with a link `link` in the folder `linkFolder` of the source to a folder outside it that
    /// holds `x.md` and `x.html` reading "SECRET", and gives the report and the text of `page` written.
    static func importedWithLinkOutside(
        _ kind: String, _ files: [String: String], linkFolder: String, page: String
    ) throws -> (report: ImportReport, written: String) {
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("outside-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: outside) }
        for name in ["x.md", "x.html"] {
            try "SECRET".write(to: outside.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let source = try TestSite(plugins: .command, files)
        let folder = source.folder.appendingPathComponent(linkFolder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("link"), withDestinationURL: outside)
        let out = source.folder.appendingPathComponent("imported")
        let report =
            kind == "hugo"
            ? try HugoImporter(source: source.folder, destination: out, theme: [], themeName: "default").run()
            : try JekyllImporter(source: source.folder, destination: out, theme: [], themeName: "default").run()
        return (report, try String(contentsOf: out.appendingPathComponent(page), encoding: .utf8))
    }

    @Test("readfile reads only inside the site: a file through a link to outside is not read, and reported")
    func readFileConfined() throws {
        let (report, written) = try Self.importedWithLinkOutside(
            "hugo",
            [
                "hugo.toml": "baseURL = 'https://example.org/'\ntitle = 'T'\n",
                "shared/part.md": "Shared *part*.\n",
                "content/a.md":
                    "---\ntitle: A\n---\n{{< readfile file=\"shared/part.md\" >}}\n\n{{< readfile file=\"link/x.md\" >}}\n\n{{< readfile \"../../etc/passwd\" >}}\n",
            ], linkFolder: "", page: "Content/a.md")
        #expect(written.contains("Shared *part*.") && !written.contains("SECRET") && !written.contains("root:"))
        #expect(
            report.leftovers.map(\.kind) == [
                "'readfile' of a file that is not in the site, left out",
                "'readfile' of a file that is not in the site, left out",
            ])
    }

    @Test(
        "Jekyll: includes with parameters translated, tab plugins as tabs, loops over data without ids, unknown blocks neutral"
    )
    func liquid() throws {
        let (built, _, report, source) = try Self.imported(
            "jekyll",
            [
                "_config.yml": "title: T\nversion: '4.2'\nrepository: ada/engine\n",
                "_includes/note.html":
                    "<div class=\"note\">\n\n  <p><b>{{ include.title | default: 'Note' }}</b> {{ include.content }}</p>\n\n</div>\n",
                "_data/team.yml": "- name: Ada\n  role: lead\n- name: Grace\n  role: review\n",
                "guide.md": """
                ---
                title: Guide
                level: 2
                ---
                Version {{ site.version }} at level {{ page.level | plus: 1 }} of [the code]({{ site.github.repository_url }}).

                {% include_cached note.html title="Heads up" content="Mind the gap." %}

                {% tabs install %}
                {% tab install macOS %}
                Use Homebrew.
                {% endtab %}
                {% tab install Linux %}
                Use apt.
                {% endtab %}
                {% endtabs %}

                {% for person in site.data.team %}{% if person.role == "lead" %}**{{ person.name }}** leads.{% endif %}{% endfor %}

                {% callout %}
                Inside.
                {% endcallout %}

                {% altDetails help-box 'Need Help?' class=help %}
                Ask us.
                {% endaltDetails %}

                {% sidebar %}
                Aside text.
                {% endsidebar %}

                {% unknown_tag x %}Done.
                """,
            ])
        _ = source
        let body = try Self.body(built, "guide/index.html")
        #expect(
            body.contains(#"Version 4.2 at level 3 of <a href="https://github.com/ada/engine">the code</a>.</p>"#),
            "\(body)")
        #expect(body.contains(#"<div class="note">"#) && body.contains("<p><b>Heads up</b> Mind the gap.</p>"))
        #expect(body.contains(">macOS</label>") && body.contains(">Linux</label>") && body.contains("<p>Use apt.</p>"))
        #expect(body.contains("<strong>Ada</strong> leads.") && !body.contains("Grace"))
        // A plugin's block named as a component is that component (scala-docs' altDetails).
        #expect(body.contains(#"<p class="markdown-alert-title">Note</p><p>Inside.</p>"#), "\(body)")
        #expect(body.contains("<summary>Need Help?</summary><p>Ask us.</p></details>"))
        #expect(body.contains(#"class="ss-block ss-block-sidebar"><p>Aside text.</p></div>"#))
        #expect(body.contains(">Done.</p>"))
        #expect(Self.tagsShown(in: built) == [])
        #expect(
            report.leftovers.map(\.description) == [
                "guide.md:28:1: note: Liquid tag 'sidebar' with no equivalent, its content kept in a plain block: {% sidebar %}",
                "guide.md:32:1: note: Liquid tag 'unknown_tag' with no equivalent, left out: {% unknown_tag x %}",
            ])
        #expect(report.componentUses == .init(mapped: 3, translated: 1, neutral: 2))
    }

    @Test("Jekyll: an include that leads outside the site is not read")
    func includeConfined() throws {
        let (report, written) = try Self.importedWithLinkOutside(
            "jekyll",
            [
                "_config.yml": "title: T\n",
                "a.md": "---\ntitle: A\n---\n{% include ../../../../etc/passwd %} {% include link/x.html %} ok\n",
                "_includes/keep.txt": "k",
            ], linkFolder: "_includes", page: "Content/a.md")
        #expect(!written.contains("SECRET") && !written.contains("root:") && written.contains("ok"))
        #expect(report.leftovers.filter { $0.file == "a.md" }.count == 2)
    }

    @Test("Jekyll: the shapes of shared/compat/jekyll-pages-beside-posts as Jekyll 4.3 wrote them")
    func pagesBesidePosts() throws {
        let (built, _, report, source) = try Self.imported(
            "jekyll",
            [
                "_config.yml": """
                title: Pages beside posts
                permalink: pretty
                timezone: UTC
                collections:
                  guides:
                    output: true
                    permalink: /guides/:path/
                defaults:
                  - scope:
                      path: ""
                      type: posts
                    values:
                      layout: default
                      permalink: /blog/:year/:month/:day/:title/
                """,
                "_posts/2024-03-05-first-steps.md":
                    "---\ntitle: First steps\n---\nRead first.\n\n{: .note}\nThis paragraph carries the class.\n\n### Installing on a server\n{: #server}\nThe heading above has the id.\n",
                "blog/categories.md": "---\ntitle: Categories\n---\nAll categories.\n",
                "contribute.md": "---\ntitle: Contributing\n---\nThe page.\n",
                "_guides/contribute.md":
                    "---\ntitle: Contributing (guide)\npermalink: /contribute/\n---\nThe guide's copy.\n",
                "_data/team.yml": "- name: Ada\n- name: Grace\n",
                "team.md":
                    "---\ntitle: Team\npermalink: /team/\n---\n{% for person in site.data.team %}\n- {{ person.name }}\n{% endfor %}\n",
            ])
        _ = source
        let post = try Self.body(built, "blog/2024/03/05/first-steps/index.html")
        #expect(FileManager.default.fileExists(atPath: built.appendingPathComponent("blog/categories/index.html").path))
        #expect(post.contains(#"class="note">This paragraph carries the class.</p>"#), "\(post)")
        #expect(
            post.contains(#"<h3 data-ss-key="#) && post.contains(#"id="server">Installing on a server"#)
                && !post.contains("{:"))
        // the document, written last
        #expect(try Self.body(built, "contribute/index.html").contains("The guide’s copy."))
        let team = try Self.body(built, "team/index.html")
        #expect(team.contains("Ada") && team.contains("Grace"))
        #expect(
            report.leftovers.map(\.kind).contains(
                "address that another file also has, which Jekyll serves instead; imported as a draft"))
    }

    @Test("Jekyll: a page in the folder whose posts have a dated permalink keeps its own address")
    func pageInDatedFolder() throws {
        let (built, _, _, source) = try Self.imported(
            "jekyll",
            [
                "_config.yml": "title: T\npermalink: /blog/:year/:month/:day/:title/\n",
                "_posts/2024-03-05-hello.md": "---\ntitle: Hello\n---\nHi.\n",
                "blog/categories.md": "---\ntitle: Categories\n---\nAll.\n",
            ])
        _ = source
        #expect(FileManager.default.fileExists(atPath: built.appendingPathComponent("blog/categories/index.html").path))
        #expect(
            FileManager.default.fileExists(
                atPath: built.appendingPathComponent("blog/2024/03/05/hello/index.html").path))
    }

    @Test("Go templates: trimming, conditions, with and range, variables, default, printf, a partial with a dict")
    func goTemplates() throws {
        let template = try GoTemplate(
            """
            {{- $name := .Get "name" | default "World" -}}
            Hello, {{ $name }}!{{ if eq (.Get 0) "x" }} (x){{ else if .Get 0 }} ({{ .Get 0 }}){{ else }} (none){{ end }}
            {{- with .Site.Params.list }} [{{ range $i, $e := . }}{{ if $i }}, {{ end }}{{ $e | upper }}{{ end }}]{{ end -}}
            {{ printf " %s=%d" "n" 3 }}{{ partial "box" (dict "t" "T") }}
            """)
        let site = SourceValue.map(["Params": .map(["list": .list([.string("a"), .string("b")])])])
        func run(_ arguments: [String: String], named: Bool) throws -> String {
            try template.run(
                .init(
                    arguments: arguments, namedArguments: named, name: "hello", page: .map([:]), site: site,
                    partial: { $0 == "box" ? try? GoTemplate("<{{ .t }}>") : nil }))
        }
        #expect(try run(["0": "x"], named: false) == "Hello, World! (x) [A, B] n=3<T>")
        #expect(try run(["name": "Ada"], named: true) == "Hello, Ada! (none) [A, B] n=3<T>")
        #expect(throws: GoTemplate.Unsupported(what: "function 'getenv'")) {
            try GoTemplate("{{ getenv \"HOME\" }}").run(
                .init(
                    arguments: [:], namedArguments: false, name: "a", page: .null, site: .null, partial: { _ in nil }))
        }
    }

    @Test("Liquid: whitespace control, case, unless, for with limit and offset, capture, filters")
    func liquidEvaluation() throws {
        var report = ImportReport()
        var context = Liquid.Context()
        context.page = .map(["tags": .list([.string("b"), .string("a")]), "kind": .string("x")])
        let text = """
            {%- capture greeting -%} Hi {{ page.kind | upcase }} {%- endcapture -%}
            [{{ greeting }}]{% case page.kind %}{% when "y" %}Y{% when "x", "z" %}XZ{% else %}?{% endcase %}
            {% unless page.missing %}no{% endunless %} {% for n in (1..5) limit: 2 offset: 1 %}{{ n }}{% unless forloop.last %},{% endunless %}{% endfor %}
            {{ page.tags | sort | join: "+" }} {{ "a b c" | split: " " | size }} {{ "Hello World" | slugify }}
            """
        let output = Liquid.convert(text, file: "a.md", firstLine: 1, context: context, report: &report)
        #expect(output == "[Hi X]XZ\nno 2,3\na+b 3 hello-world")
        #expect(report.leftovers.isEmpty)
    }

    @Test("hostile numbers trap nothing: negative counts, huge ranges and indexes, numbers past Int")
    func hostileNumbers() throws {
        var report = ImportReport()
        let liquid = """
            {{ "abcdef" | truncate: -5 }}|{{ "abc" | slice: -9, -2 }}|{{ "a b" | truncatewords: -1 }}|\
            {% for i in (1..99999999999999999999) limit: 2 %}{{ i }}{% endfor %}|{% for i in (1..3) offset: -4 limit: 1e300 %}{{ i }}{% endfor %}
            """
        #expect(
            Liquid.convert(liquid, file: "a.md", firstLine: 1, context: .init(), report: &report) == "...||...|12|123")
        let template = try GoTemplate(
            "{{ first -1 (slice 1 2) }}|{{ after -3 (slice 1 2) }}|{{ index (slice 1 2) -1 }}|{{ int \"1e300\" }}|{{ range 1e18 }}{{ end }}."
        )
        let output = try template.run(
            .init(arguments: [:], namedArguments: false, name: "a", page: .null, site: .null, partial: { _ in nil }))
        #expect(output.hasSuffix("|100000|."), "\(output)")
    }

    @Test(
        "Jekyll: a text file with front matter in a published collection is a page showing its text (choosealicense's licenses)"
    )
    func textDocuments() throws {
        let (built, _, _, source) = try Self.imported(
            "jekyll",
            [
                "_config.yml":
                    "title: T\ncollections:\n  licenses:\n    output: true\n    permalink: /licenses/:name/\n",
                "_licenses/mit.txt":
                    "---\ntitle: MIT License\n---\nPermission is hereby granted, free of charge, to any person\n",
            ])
        _ = source
        #expect(try Self.body(built, "licenses/mit/index.html").contains("Permission is hereby granted"))
    }

    @Test("Hugo: Docsy's print pages of sections answer, sending readers to the section")
    func printPages() throws {
        let (built, _, _, source) = try Self.imported(
            "hugo",
            [
                "hugo.toml":
                    "baseURL = 'https://example.org/'\ntitle = 'T'\n[outputs]\nsection = ['HTML', 'print', 'RSS']\n",
                "content/docs/_index.md": "---\ntitle: Docs\n---\n",
                "content/docs/a.md": "---\ntitle: A\n---\nA.\n",
            ])
        _ = source
        let print = try Self.written(built, "_print/docs/index.html")
        #expect(print.contains(#"<meta http-equiv="refresh" content="0; url=/docs/">"#))
        #expect(print.contains(#"<link rel="canonical" href="https://example.org/docs/">"#))
    }

    @Test(
        "a neutral tag keeps its name as a directive, which sectionsite.yml maps to a plain block and an author to another component"
    )
    func remapped() throws {
        let (built, site, _, source) = try Self.imported(
            "hugo",
            [
                "hugo.toml": "baseURL = 'https://example.org/'\ntitle = 'T'\n",
                "content/a.md": "---\ntitle: A\n---\n{{% aside-box %}}\nMind **this**.\n{{% /aside-box %}}\n",
            ])
        _ = source
        let markdown = try Self.written(site, "Content/a.md")
        #expect(markdown.contains("@aside-box {\nMind **this**.\n}"))
        let settingsFile = site.appendingPathComponent("sectionsite.yml")
        let settings = try String(contentsOf: settingsFile, encoding: .utf8)
        #expect(settings.contains("directives:\n  aside-box: block\n"))
        #expect(
            try Self.body(built, "a/index.html").contains(
                #"class="ss-block ss-block-aside-box"><p>Mind <strong>this</strong>.</p>"#))
        // The author maps it to a callout: every use is drawn as one.
        try settings.replacingOccurrences(of: "aside-box: block", with: "aside-box: callout").write(
            to: settingsFile, atomically: true, encoding: .utf8)
        try SiteBuilder(options: TestPlugins.command.options(site: site, out: built)).build()
        #expect(
            try Self.body(built, "a/index.html").contains(
                #"class="markdown-alert markdown-alert-note"><p>Mind <strong>this</strong>.</p>"#))
        // A component the theme does not draw is an error at its line, and the output stays.
        try settings.replacingOccurrences(of: "aside-box: block", with: "aside-box: carousel").write(
            to: settingsFile, atomically: true, encoding: .utf8)
        #expect(throws: SectionSiteError.self) {
            try SiteBuilder(options: TestPlugins.command.options(site: site, out: built)).build()
        }
        do {
            try SiteBuilder(options: TestPlugins.command.options(site: site, out: built)).build()
        } catch let error as SectionSiteError {
            #expect(error.description.hasPrefix("sectionsite.yml:"))
            #expect(
                error.description.contains(
                    "error: 'directives' maps 'aside-box' to 'carousel', which .sectionsite/themes/default does not draw (known: block, callout,"
                ))
        }
        #expect(try Self.body(built, "a/index.html").contains("markdown-alert-note"))
    }

    @Test(
        "a shortcode template of Markdown (layouts/shortcodes/docs/shared.md) writes Markdown, reading the page's params and a file of the site"
    )
    func markdownTemplate() throws {
        let (built, _, report, source) = try Self.imported(
            "hugo",
            [
                "hugo.toml": "baseURL = 'https://example.org/'\ntitle = 'T'\n",
                "layouts/shortcodes/docs/shared.md":
                    "### For {{ .Page.Params.who }}\n\n{{ readFile \"shared/note.txt\" }}\n",
                "shared/note.txt": "Read *this*.",
                "content/a.md": "---\ntitle: A\nwho: Ada\n---\n{{% docs/shared %}}\n",
            ])
        _ = source
        let body = try Self.body(built, "a/index.html")
        #expect(body.contains(#"id="for-ada">For Ada"#) && body.contains("Read <em>this</em>."), "\(body)")
        #expect(report.componentUses == .init(mapped: 0, translated: 1, neutral: 0))
    }

    @Test(
        "Hugo's :slug from a title as Hugo writes it, and front matter after blank lines",
        arguments: [
            ("Linkerd 2.10 and Extensions", "linkerd-2.10-and-extensions"),
            ("ICYMI \u{1F449} July Meetup", "icymi-july-meetup"),
            ("Beyond Round Robin: Load Balancing", "beyond-round-robin-load-balancing"),
        ])
    func hugoSlugs(title: String, slug: String) throws {
        #expect(HugoPage.urlize(title) == slug)
        var report = ImportReport()
        let split = try ImportFiles.split(
            "\n\n---\ntitle: T\n---\nBody\n", file: "a.md", shown: "a.md", report: &report, blankLinesFirst: true)
        #expect(split?.front["title"] as? String == "T" && split?.frontLines == 5 && split?.body == "Body\n")
    }

    @Test("a note inside a details block nests; a note under a list item stays in the item as an alert")
    func nestingAndLists() throws {
        let (built, _, _, source) = try Self.imported(
            "hugo",
            [
                "hugo.toml": "baseURL = 'https://example.org/'\ntitle = 'T'\n",
                "content/a.md": """
                ---
                title: A
                ---
                {{< details summary="More" >}}
                {{< note >}}
                Inner **note**.
                {{< /note >}}

                Text after.
                {{< /details >}}

                - item

                  {{< warning >}}
                  In a list.
                  {{< /warning >}}
                """,
            ])
        _ = source
        let body = try Self.body(built, "a/index.html")
        #expect(
            body.contains(
                #"<summary>More</summary><div class="markdown-alert markdown-alert-note"><p class="markdown-alert-title">Note</p><p>Inner <strong>note</strong>.</p></div>"#
            ), "\(body)")
        #expect(body.contains("<p>Text after.</p></details>"))
        #expect(
            body.contains(
                #"<p>item</p>\#n<div class="markdown-alert markdown-alert-warning"><p class="markdown-alert-title">Warning</p>\#n<p>In a list.</p>\#n</div>\#n</li>"#
            ), "\(body)")
    }

    @Test(
        "found in review: code keeps its @ lines, included @names are text, a body's own '}' line, a translated neutral tag, an unclosed tag of spaces"
    )
    func reviewFindings() throws {
        let (built, site, _, source) = try Self.imported(
            "hugo",
            [
                "hugo.toml": "baseURL = 'https://example.org/'\ntitle = 'T'\n",
                "layouts/shortcodes/hero.html":
                    #"<section class="hero"><h2>{{ .Get "title" }}</h2>{{ .Inner }}</section>"#,
                "shared/who.md": "@username wrote this.\n",
                "content/a.md": """
                ---
                title: A
                ---
                {{< highlight java >}}
                @Override
                public void run() {}
                {{< /highlight >}}

                {{< readfile file="shared/who.md" >}}

                {{< note >}}
                Config:

                    {
                      "a": 1
                    }

                After the code.
                {{< /note >}}

                {{< hero title="Welcome" >}}
                Hero body.
                {{< /hero >}}

                Text {{< note\(String(repeating: " ", count: 3000))x
                """,
            ])
        _ = source
        let body = try Self.body(built, "a/index.html")
        #expect(body.contains("@Override") && !body.contains("\\@Override"), "\(body)")
        #expect(body.contains("@username wrote this."))
        #expect(body.contains("After the code.</p>\n</div>") || body.contains("After the code.</p></div>"), "\(body)")
        #expect(try Self.written(site, "sectionsite.yml").contains("  hero: block\n"))
        #expect(body.contains("Hero body."))
    }

    @Test(
        "found in review: Liquid filter arguments with a colon, a missing setting in a condition, whole-number division, a {.x} first line"
    )
    func liquidReviewFindings() throws {
        var report = ImportReport()
        var context = Liquid.Context()
        context.page = .map(["words": .number(7)])
        let text = """
            {{ "a" | append: ": b" }}|{{ "a:b" | split: ":" | join: "-" }}|\
            {% if site.google_analytics %}GA{% else %}NO-GA{% endif %}|{{ page.words | divided_by: 2 }}|{{ 7.5 | divided_by: 2 }}
            """
        #expect(
            Liquid.convert(text, file: "a.md", firstLine: 1, context: context, report: &report)
                == "a: b|a-b|NO-GA|3|3.75")
        #expect(report.leftovers.isEmpty)
        let (built, _, _, source) = try Self.imported(
            "jekyll",
            [
                "_config.yml": "title: T\n",
                "a.md": "---\ntitle: A\n---\n## Heading\n{.metadata.name}\nprints the name.\n",
            ])
        _ = source
        #expect(try Self.body(built, "a/index.html").contains("{.metadata.name}"))
    }

    @Test("what an include leaves out is reported at the tag that includes it; a stray closing shortcode is reported")
    func reportedInside() throws {
        let (_, jekyllSite, jekyll, source) = try Self.imported(
            "jekyll",
            [
                "_config.yml": "title: T\n",
                "_includes/box.html": "<div>{{ include.x | bogus_filter }}</div>\n",
                "a.md": "---\ntitle: A\n---\nSee {% include box.html x=1 %} here.\n",
            ])
        _ = source
        #expect(
            jekyll.leftovers.map(\.description) == [
                "a.md:4:5: note: Liquid filter 'bogus_filter' (a plugin's), not run: its value kept as it is (in the include 'box.html'): {% include box.html x=1 %}"
            ])
        // As Liquid passes a filter it does not have: the include's text stays (jessesquires' img_url).
        #expect(try Self.written(jekyllSite, "Content/a.md").contains("See <div>1</div>"))
        let (_, _, hugo, other) = try Self.imported(
            "hugo",
            [
                "hugo.toml": "baseURL = 'https://example.org/'\ntitle = 'T'\n",
                "content/a.md": "---\ntitle: A\n---\nStray close: {{< /note >}} here.\n",
            ])
        _ = other
        #expect(hugo.leftovers.map(\.kind) == ["closing shortcode with nothing open, left out"])
    }

    @Test(
        "Hugo's :slugorcontentbasename is :slug; a permalink word with no equivalent leaves its section at its files' addresses and still builds (docsy-example)"
    )
    func permalinkWords() throws {
        let (built, site, report, source) = try Self.imported(
            "hugo",
            [
                "hugo.yaml":
                    "baseURL: https://example.org/\ntitle: T\npermalinks:\n  page:\n    docs: /:sections/:slugorcontentbasename/\n    blog: /:year/:monthname/:slug/\n    news: /:year/:month/:day/:title/\n",
                "content/docs/Start.md": "---\ntitle: Getting started\n---\nGo.\n",
                "content/blog/post.md": "---\ntitle: Post\ndate: 2024-03-05\n---\nHi.\n",
                // Hugo's :title is the title urlized, dots kept, whatever the slug says (coredns.io).
                "content/news/one.md": "---\ntitle: CoreDNS-1.0.0 Release\nslug: other\ndate: 2017-12-01\n---\nOut.\n",
                // Windows line ends (coredns.io's posts).
                "content/news/two.md":
                    "+++\r\ntitle = \"Logging with dnstap\"\r\ndate = \"2017-08-03\"\r\n+++\r\nLogs.\r\n",
                "content/_index.md": "---\ntitle: Home\n---\n{{% _param version %}}\n",
            ])
        _ = source
        #expect(FileManager.default.fileExists(atPath: built.appendingPathComponent("docs/start/index.html").path))
        #expect(FileManager.default.fileExists(atPath: built.appendingPathComponent("blog/post/index.html").path))
        #expect(
            FileManager.default.fileExists(
                atPath: built.appendingPathComponent("2017/12/01/coredns-1.0.0-release/index.html").path))
        #expect(
            FileManager.default.fileExists(
                atPath: built.appendingPathComponent("2017/08/03/logging-with-dnstap/index.html").path))
        #expect(!(try Self.written(site, "sectionsite.yml")).contains("monthname"))
        #expect(
            report.leftovers.map(\.kind).contains(
                "permalink word :monthname has no equivalent, the section's pages kept at the addresses of their files")
        )
    }

    @Test("Docsy's _param fills its numbered places with the call's arguments (docsy.dev: an icon per list item)")
    func paramPlaces() throws {
        let (_, site, _, source) = try Self.imported(
            "hugo",
            [
                "hugo.yaml":
                    "baseURL: https://example.org/\ntitle: T\nparams:\n  ICON: '<i class=\"fa-{1} text-{2}\"></i>'\n",
                "content/_index.md": "---\ntitle: Home\n---\n- {{% _param ICON fire warning %}} Hot\n",
            ])
        _ = source
        let home = try Self.written(site, "Content/_index.md")
        #expect(home.contains(#"- <i class="fa-fire text-warning"></i> Hot"#))
    }

    @Test(
        "templates that read other pages and the site: where over site.RegularPages by .CurrentSection, GetPage by a lower-case path, .File.Path, cascaded params, TOML data, highlight, a missing asset (keda, hugoDocs, jaeger, linkerd, docsy.dev)"
    )
    func pagesAndSite() throws {
        let (_, site, report, source) = try Self.imported(
            "hugo",
            [
                "hugo.toml":
                    "baseURL = 'https://example.org/'\ntitle = 'T'\n[markup.goldmark.renderer]\nunsafe = true\n",
                "data/urls.toml": "base = 'https://example.org/src/'\n",
                "layouts/shortcodes/providers.html":
                    "{{ range where site.RegularPages \".CurrentSection.Title\" \"Providers\" }}<a href=\"{{ .RelPermalink }}\">{{ .Title }}</a> {{ end }}",
                "layouts/shortcodes/desc.html":
                    "{{ with $.Page.GetPage (.Get 0) }}{{ .Description }}{{ else }}{{ errorf \"missing\" }}{{ end }}",
                "layouts/shortcodes/version.html": "{{ index (split $.Page.File.Path \"/\") 1 }}",
                "layouts/shortcodes/icon.html": "{{ .Page.Param \"ICON\" }}",
                "layouts/shortcodes/src.html": "{{ urls.JoinPath hugo.Data.urls.base (.Get 0) }}",
                "layouts/shortcodes/example.html":
                    "{{ with resources.Get \"icons/x.svg\" }}{{ .Content }}{{ end }}{{ highlight \"a < b\" \"bash\" }}",
                "content/docs/_index.md": "---\ntitle: Docs\ncascade:\n  params:\n    ICON: '*'\n---\n",
                "content/docs/providers/_index.md": "---\ntitle: Providers\n---\n",
                "content/docs/providers/Azure.md": "---\ntitle: Azure\ndescription: Azure's way in\n---\n",
                "content/docs/providers/gcp.md": "---\ntitle: GCP\n---\n",
                "content/docs/2.19/page.md":
                    "---\ntitle: Page\n---\n{{< providers >}}\n\nIn: {{% desc \"/docs/providers/azure\" %}}. Version {{< version >}}. Icon {{% icon %}}. See {{< src \"a.html\" >}}.\n\n{{< example >}}\n",
            ])
        _ = source
        let page = try Self.written(site, "Content/docs/2.19/page.md")
        #expect(
            page.contains(#"<a href="/docs/providers/azure/">Azure</a> <a href="/docs/providers/gcp/">GCP</a>"#),
            "\(page)")
        #expect(
            page.contains("In: Azure's way in. Version 2.19. Icon *. See https://example.org/src/a.html."), "\(page)")
        #expect(page.contains(#"<pre><code class="language-bash">a &lt; b</code></pre>"#), "\(page)")
        #expect(report.componentUses == .init(mapped: 0, translated: 6, neutral: 0))
    }

    @Test(
        "first builds Hugo makes: a page beside a list page of the same address is the list page's (vitess); a ? in a front matter address is part of its path (git-scm); both as Hugo 0.168 builds this site"
    )
    func hugoAddresses() throws {
        let (built, site, report, source) = try Self.imported(
            "hugo",
            [
                "hugo.toml": "baseURL = 'https://example.org/'\ntitle = 'T'\n",
                "content/programs/vtbackup.md": "---\ntitle: vtbackup page\n---\nThe page.\n",
                "content/programs/vtbackup/_index.md": "---\ntitle: vtbackup list\n---\nThe list.\n",
                "content/book/what.md":
                    "---\ntitle: What is Git?\nurl: /book/en/What-is-Git?.html\naliases: [/book/What-is-Git?.html]\n---\nGit.\n",
                // The page's own file as an alias: the new site writes the page there.
                "content/about.md":
                    "---\ntitle: About\nurl: /about.html\naliases: [/about/index.html]\n---\nAbout us.\n",
            ])
        _ = source
        #expect(try Self.body(built, "programs/vtbackup/index.html").contains("The list."))
        #expect(
            report.leftovers.map(\.description).contains(
                "content/programs/vtbackup.md:1:1: note: address that a list page also has, which Hugo serves instead; imported as a draft: /programs/vtbackup/ is also content/programs/vtbackup/_index.md's"
            ))
        #expect(try Self.body(built, "book/en/What-is-Git?/index.html").contains("Git."))
        #expect(FileManager.default.fileExists(atPath: built.appendingPathComponent("book/en/What-is-Git?.html").path))
        #expect(FileManager.default.fileExists(atPath: built.appendingPathComponent("book/What-is-Git?.html").path))
        #expect(try Self.body(built, "about/index.html").contains("About us."))
        #expect(!(try Self.written(site, "Content/about.md")).contains("/about/index.html"))
    }

    @Test(
        "Docsy's shortcodes from its Hugo module, outside the site: landing blocks and cards as their text, imgproc as a picture with its caption (fluxcd, docsy.dev)"
    )
    func docsyModule() throws {
        let (built, _, report, source) = try Self.imported(
            "hugo",
            [
                "hugo.toml": "baseURL = 'https://example.org/'\ntitle = 'T'\n",
                "content/start.md": """
                ---
                title: Start
                ---
                {{< blocks/cover title="Welcome" height="full" >}}
                Fast builds.
                {{< /blocks/cover >}}

                {{% blocks/lead %}}
                The lead.
                {{% /blocks/lead %}}

                {{% card header="Highlights" %}}
                - One
                {{% /card %}}

                {{< imgproc shot.png Resize "600x" >}}
                The screen.
                {{< /imgproc >}}

                {{< blocks/link-down color="info" >}}
                """,
                "content/shot.png": "png",
            ])
        _ = source
        let body = try Self.body(built, "start/index.html")
        #expect(body.contains("><strong>Welcome</strong></p>") && body.contains(">Fast builds.</p>"), "\(body)")
        #expect(body.contains(">The lead.</p>"))
        #expect(body.contains("><strong>Highlights</strong></p>") && body.contains(">One</li>"))
        #expect(body.contains("The screen.") && body.contains("shot.png"))
        #expect(Self.tagsShown(in: built) == [])
        #expect(report.componentUses == .init(mapped: 5, translated: 0, neutral: 0))
    }
}
