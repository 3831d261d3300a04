import Foundation
import Testing

@testable import SectionSiteEngine
import SectionSiteHighlight
import SiteTestSupport

/// Directives (`@Row { ... }`) and render hooks: read as DocC writes them, drawn by the theme's templates, wrong
/// ones reported where they are written.
@Suite struct DirectiveTests {
    static let templates: [String: String] = TestSite.theme.merging([
        "Themes/default/directives/row.mustache": #"<div class="row">{{{body}}}</div>"#,
        "Themes/default/directives/column.mustache":
            "{{! arguments: size (number) }}\n<div class=\"col\" data-size=\"{{size}}\">{{{body}}}</div>\n",
        "Themes/default/directives/tabnavigator.mustache":
            #"<div class="tabs">{{#children}}<b id="{{id}}">{{value}}{{#first}}*{{/first}}</b>{{/children}}{{{body}}}</div>"#,
        "Themes/default/directives/tab.mustache": "{{! arguments: value (required) }}<section>{{{body}}}</section>",
        "Themes/default/directives/video.mustache":
            "{{! arguments: source (url, required), poster (url) }}<video src=\"{{source}}\" poster=\"{{poster}}\"></video>",
    ]) { _, new in new }

    private func site(_ body: String, extra: [String: String] = [:]) throws -> TestSite {
        try TestSite(
            plugins: .kate,
            Self.templates.merging(["Content/a.md": "---\ntitle: A\n---\n" + body]) { _, new in new }.merging(extra) {
                _, new in new
            })
    }

    @Test func syntaxReadsLeafBlockNestedAndOneLineDirectives() {
        let text = """
            Intro
            @Row {
              @Column { One line }
              @Column(size: 2) {
                Two
              }
            }
            @Video(source: "a \\"b\\".mp4", poster: x.jpg)
            ```
            @Row {
            ```
            @mention said hi
            """
        let syntax = DirectiveSyntax(text)
        #expect(syntax.problems == [])
        #expect(syntax.directives.map(\.name) == ["Row", "Video"])
        #expect(syntax.directives[0].line == 2 && syntax.directives[0].column == 1)
        let row = syntax.directives[0].body!
        #expect(row.directives.map(\.name) == ["Column", "Column"])
        #expect(row.directives[1].arguments == [.init(label: "size", value: "2", line: 4, column: 11)])
        #expect(row.directives[1].body!.text == "Two")
        #expect(row.directives[1].body!.firstLine == 5)
        #expect(row.directives[0].body!.text == "One line")
        #expect(syntax.directives[1].arguments.map(\.value) == [#"a "b".mp4"#, "x.jpg"])
        // Line numbers stay the file's: the directive's lines are a marker and blank lines.
        let lines = syntax.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == text.split(separator: "\n", omittingEmptySubsequences: false).count)
        #expect(lines[1] == "###### " + DirectiveSyntax.marker(0))
        #expect(lines[8] == "```" && lines[9] == "@Row {" && lines[11] == "@mention said hi")
    }

    @Test func syntaxMistakesAreLocated() {
        let unclosed = DirectiveSyntax("a\n\n@Row {\n  text\n")
        #expect(unclosed.problems.map(\.line) == [3])
        #expect(unclosed.problems[0].message.contains("not closed"))
        let parenthesis = DirectiveSyntax("@Video(source: \"a.mp4\"\n")
        #expect(parenthesis.problems.first?.message.contains("no closing ')'") == true)
        let trailing = DirectiveSyntax("@Video(source: a.mp4) extra")
        #expect(trailing.problems.map(\.column) == [23])
        let noValue = DirectiveSyntax("@Video(source: )")
        #expect(noValue.problems.count == 1)
    }

    @Test func directivesAreDrawnByTheThemeEachAsOneBlock() throws {
        let site = try site(
            """
            First paragraph.
            @Row {
              @Column { **One** }
              @Column(size: 2) {
                ## Inside
                Two
              }
            }
            @TabNavigator {
              @Tab("Swift") { `let` }
              @Tab("Kotlin") { `val` }
            }
            @Comment { dropped }
            Last.
            """)
        let built = try Site(options: site.options)
        let page = try #require(built.loaded["Content/a.md"])
        #expect(
            page.blocks.map(\.html) == [
                "<p>First paragraph.</p>",
                #"<div class="row"><div class="col" data-size=""><p><strong>One</strong></p></div>"#
                    + "\n"
                    + ##"<div class="col" data-size="2"><h2 id="inside">Inside<a class="anchor" href="#inside" aria-label="Link to this section">#</a></h2>"##
                    + "\n<p>Two</p></div></div>",
                try #require(page.blocks.dropFirst(2).first?.html),
                "<p>Last.</p>",
            ])
        let tabs = page.blocks[2].html
        #expect(tabs.hasPrefix(#"<div class="tabs"><b id="ss-"#))
        #expect(tabs.contains(">Swift*</b>") && tabs.contains(">Kotlin</b>"))
        #expect(tabs.contains("<section><p><code>let</code></p></section>"))
        #expect(page.headings.map(\.id) == ["inside"])
        #expect(
            page.templatesUsed == ["directives/row", "directives/column", "directives/tabnavigator", "directives/tab"])
        #expect(!page.text.contains("dropped"))
        // A directive's body is searched like the rest of the page (its text is found by the block's place: the
        // node that held it is freed when the directive's HTML takes its place).
        #expect(page.text.contains("One") && page.text.contains("Two") && page.text.contains("let"))
    }

    @Test func unknownDirectivesAndBadArgumentsAreErrorsAtTheirPlace() throws {
        let site = try site(
            """
            Text.
            @Carousel(speed: 3)
            @Video(poster: p.jpg)
            @Column(size: big) { x }
            @Tab(label: "x") { y }
            @Row {
            """)
        let error = try #require(site.buildError())
        #expect(
            error.diagnostics.map(\.description) == [
                "Content/a.md:5:1: error: unknown directive '@Carousel': no template Themes/default/directives/carousel.mustache (known: column, comment, row, tab, tabnavigator, video)",
                "Content/a.md:6:1: error: '@Video' needs the argument 'source'",
                "Content/a.md:7:9: error: 'size' of '@Column' must be a number, not 'big'",
                "Content/a.md:8:1: error: '@Tab' needs an unlabeled argument",
                "Content/a.md:8:6: error: '@Tab' takes no argument 'label' (it takes an unlabeled one)",
                "Content/a.md:9:1: error: '@Row {' is not closed: no line with only '}' ends it",
            ])
    }

    @Test func directiveURLsAreRewrittenAndChecked() throws {
        let site = try site(
            "@Video(source: clip.mp4, poster: b.md)\n", extra: ["Content/clip.mp4": "x", "Content/b.md": "# B\n"])
        var options = site.options
        options.keepsLinks = true
        let built = try Site(options: options)
        let page = try #require(built.loaded["Content/a.md"])
        #expect(page.blocks.map(\.html) == [#"<video src="/clip.mp4" poster="/b/"></video>"#])
        #expect(page.links.map(\.written) == ["clip.mp4", "b.md"])
        #expect(page.links.map(\.location.line) == [4, 4])
    }

    @Test func directivesWorkInItemBodies() throws {
        let site = try site("")
        try site.write([
            "Content/a.md": """
            ---
            title: A
            sections:
              - id: s
                items:
                  - id: one
                    cell: a
                    title: One
                    body: |
                      @Row { inside }
            ---
            """
        ])
        try site.build()
        #expect(try site.output("a/index.html").contains(#"<div class="row"><p>inside</p></div>"#))
    }

    @Test(.enabled(if: Highlighter.kateIsBuiltIn, "built without KSyntaxHighlighting"))
    func hooksReplaceHowElementsAreDrawnAndWithoutOneNothingChanges() throws {
        let body =
            "## Part *one*\n\nSee [the *docs*](https://example.com \"T\") and ![alt](https://example.com/x.png).\n\n```swift {linenos}\nlet a = 1\n```\n\n```mermaid\ngraph\n```\n"
        let plain = try site(body)
        let before = try Site(options: plain.options).loaded["Content/a.md"]!.blocks.map(\.html)
        let hooked = try site(
            body,
            extra: [
                "Themes/default/hooks/link.mustache":
                    #"<a class="x" href="{{destination}}" title="{{title}}">{{{text}}}</a>"#,
                "Themes/default/hooks/image.mustache": #"<img class="y" src="{{destination}}" alt="{{text}}">"#,
                "Themes/default/hooks/heading.mustache":
                    "<h{{level}} id=\"{{id}}\" class=\"h\">{{{text}}}</h{{level}}>\n",
                "Themes/default/hooks/codeblock-mermaid.mustache": #"<pre class="mermaid">{{code}}</pre>"#,
                "Themes/default/hooks/codeblock.mustache":
                    #"<div class="code" data-lang="{{language}}" data-attr="{{attributes}}">{{{highlighted}}}</div>"#,
            ])
        let page = try Site(options: hooked.options).loaded["Content/a.md"]!
        #expect(page.blocks.map(\.html)[0] == #"<h2 id="part-one" class="h">Part <em>one</em></h2>"#)
        #expect(
            page.blocks.map(\.html)[1]
                == #"<p>See <a class="x" href="https://example.com" title="T">the <em>docs</em></a> and <img class="y" src="https://example.com/x.png" alt="alt">.</p>"#
        )
        #expect(
            page.blocks.map(\.html)[2].hasPrefix(#"<div class="code" data-lang="swift" data-attr="{linenos}"><span"#))
        #expect(page.blocks.map(\.html)[3] == "<pre class=\"mermaid\">graph\n</pre>")
        #expect(page.headings.map(\.id) == ["part-one"])
        #expect(before[0].hasPrefix(#"<h2 id="part-one">Part <em>one</em><a class="anchor""#))
        #expect(
            before[1]
                == #"<p>See <a href="https://example.com" title="T">the <em>docs</em></a> and <img src="https://example.com/x.png" alt="alt" />.</p>"#
        )
    }

    @Test func editingADirectiveTemplateReloadsThePagesItDrew() throws {
        let site = try site("@Row { x }\n", extra: ["Content/b.md": "# B\n\nplain\n"])
        var built = try Site(options: site.options)
        try site.write(["Themes/default/directives/row.mustache": #"<div class="row2">{{{body}}}</div>"#])
        let update = try built.apply(["Themes/default/directives/row.mustache"])
        #expect(update.changed == ["/a/"])
        #expect(built.loaded["Content/a.md"]!.blocks.map(\.html) == [#"<div class="row2"><p>x</p></div>"#])
        // A hook that comes changes every page that has such an element.
        try site.write(["Themes/default/hooks/link.mustache": "<i>{{{text}}}</i>"])
        try site.write(["Content/b.md": "# B\n\n[plain](https://x)\n"])
        let second = try built.apply(["Themes/default/hooks/link.mustache", "Content/b.md"])
        #expect(second.changed.contains("/b/"))
        #expect(built.loaded["Content/b.md"]!.blocks.map(\.html) == ["<p><i>plain</i></p>"])
    }
}
