import Foundation
import Testing

@testable import SectionSiteEngine

/// The engine's own Mustache, one construct at a time: a template and a context in, exact text out.
@Suite("Templates")
struct TemplateEngineTests {
    static var context: TemplateValue {
        .map([
            "title": .string("Tom & \"Jerry\" <it's>"),
            "n": .int(3), "ratio": .double(1.5), "whole": .double(2), "yes": .bool(true), "no": .bool(false),
            "empty": .string(""),
            "tags": .list([.string("b"), .string("a"), .string("c")], sortable: true),
            "mixed": .list([.string("x"), .int(1), .bool(false)]),
            "none": .list([]),
            "items": .list([.map(["name": .string("one")]), .map(["name": .string("two"), "title": .string("inner")])]),
            "page": .map(["nav": .map(["title": .string("Nav")]), "count": .int(0)]),
            "nested": .map(["children": .list([.map(["name": .string("leaf"), "children": .list([])])])]),
            "partialName": .string("p/plain"),
        ])
    }

    static let partials: [String: String] = [
        "p/plain": "[{{title}}]",
        "p/lines": "a\nb\n",
        "p/nested": "x\n  {{> p/lines}}\ny\n",
        "blocks": "<{{$head}}default head{{/head}}|{{$foot}}default foot{{/foot}}>",
    ]

    static func render(_ text: String, _ context: TemplateValue = context) throws -> String {
        var templates = try partials.mapValues { try TemplateParser.parse($0) }
        templates["main"] = try TemplateParser.parse(text)
        return TemplateRendering(templates: templates).render("main", context)!
    }

    @Test(
        "each construct renders exactly",
        arguments: [
            // variables, escaping, printing
            ("{{title}}", "Tom &amp; &quot;Jerry&quot; &lt;it&#39;s&gt;"),
            ("{{{title}}}|{{&title}}|{{& title }}", #"Tom & "Jerry" <it's>|Tom & "Jerry" <it's>|Tom & "Jerry" <it's>"#),
            ("{{n}} {{ratio}} {{whole}} {{yes}} {{no}} [{{missing}}]", "3 1.5 2.0 true false []"),
            (
                "{{tags}} {{mixed}} {{none}}",
                "[&quot;b&quot;, &quot;a&quot;, &quot;c&quot;] [&quot;x&quot;, 1, false] []"
            ),
            ("{{page.nav.title}} {{page.nav.missing}}|{{page..nav.title}}", "Nav |Nav"),
            // sections
            ("{{#tags}}<{{.}}>{{/tags}}", "<b><a><c>"),
            ("{{#items}}{{name}}:{{title}};{{/items}}", "one:Tom &amp; &quot;Jerry&quot; &lt;it&#39;s&gt;;two:inner;"),
            ("{{#yes}}y{{/yes}}{{#no}}n{{/no}}{{#empty}}e{{/empty}}{{#none}}x{{/none}}{{#missing}}m{{/missing}}", "ye"),
            ("{{#page}}{{#nav}}{{title}}{{/nav}}{{/page}}", "Nav"),
            ("{{#n}}{{.}}{{/n}}", "3"),
            ("{{#items}}{{.name}}|{{.title}}{{/items}}", "one|two|inner"),
            // inverted sections
            (
                "{{^no}}a{{/no}}{{^none}}b{{/none}}{{^missing}}c{{/missing}}{{^yes}}d{{/yes}}{{^tags}}e{{/tags}}{{^empty}}f{{/empty}}",
                "abc"
            ),
            ("{{^none}}{{.}}{{/none}}", "[]"),
            // transforms
            ("{{count(tags)}} {{first(tags)}} {{last(tags)}} {{empty(none)}} {{empty(tags)}}", "3 b c true false"),
            (
                "{{#sorted(tags)}}{{.}}{{/sorted(tags)}} {{#reversed(tags)}}{{.}}{{/reversed(tags)}} [{{sorted(mixed)}}]",
                "abc cab []"
            ),
            ("{{first(sorted(tags))}} {{last(reversed(tags))}}", "a b"),
            (
                "{{uppercased(title)}} {{lowercased(page.nav.title)}} {{capitalized(first(tags))}} {{reversed(page.nav.title)}}",
                "TOM &amp; &quot;JERRY&quot; &lt;IT&#39;S&gt; nav B vaN"
            ),
            (
                "{{plusone(n)}} {{minusone(n)}} {{even(n)}} {{odd(n)}} {{equalzero(page.count)}} [{{plusone(ratio)}}] [{{count(title)}}]",
                "4 2 false true true [] []"
            ),
            (
                "{{#tags}}{{index()}}{{#first()}}F{{/first()}}{{#last()}}L{{/last()}}{{#even()}}e{{/even()}}{{#odd()}}o{{/odd()}}{{plusone(index())}} {{/tags}}",
                "0Fe1 1o2 2Le3 "
            ),
            ("[{{index()}}]{{#items}}{{#page}}[{{index()}}]{{/page}}{{#yes}}{{index()}}{{/yes}}{{/items}}", "[][]0[]1"),
            (
                "{{count(page)}} {{empty(page)}} {{#sorted(page)}}{{key}}={{#value.title}}{{.}}{{/value.title}}{{^value.title}}{{value}}{{/value.title}};{{/sorted(page)}}",
                "2 false count=0;nav=Nav;"
            ),
            // standalone lines, comments, delimiters
            ("a\n  {{#yes}}\n  b\n  {{/yes}}\nc\n", "a\n  b\nc\n"),
            ("{{#yes}}\nfirst line\n{{/yes}}\n", "\nfirst line\n"),
            ("\n{{#yes}}\nx\n{{/yes}}\n", "x\n"),
            ("a\n  {{! comment }}  \nb {{! inline }}c", "a\nb c"),
            (
                "x\n{{=<% %>=}}\n<% title %> {{title}}\n<%={{ }}=%>\n{{n}}",
                "x\nTom &amp; &quot;Jerry&quot; &lt;it&#39;s&gt; {{title}}\n3"
            ),
            ("x\r\n  {{#yes}}\r\n  y\r\n  {{/yes}}\r\nz", "x\r\n  y\r\nz"),
            (
                "{{% CONTENT_TYPE: TEXT}}{{title}}{{#yes}}{{title}}{{/yes}}",
                #"Tom & "Jerry" <it's>Tom & "Jerry" <it's>"#
            ),
            ("a {{", "a "),
            // partials
            (
                "<{{> p/plain}}>{{#items}}{{>p/plain}}{{/items}}",
                "<[Tom &amp; &quot;Jerry&quot; &lt;it&#39;s&gt;]>[Tom &amp; &quot;Jerry&quot; &lt;it&#39;s&gt;][inner]"
            ),
            ("x\n  {{> p/lines}}\ny", "x\n  a\n  b\ny"),
            ("x\n  {{> p/nested}}\n", "x\n  x\n    a\n    b\n  y\n"),
            ("[{{> missing}}]{{>*partialName}}{{>*nothing}}", "[][Tom &amp; &quot;Jerry&quot; &lt;it&#39;s&gt;]"),
            ("{{#tags}}{{> p/index}}{{/tags}}", ""),
            // inheritance
            ("{{<blocks}}{{$head}}H{{/head}}{{/blocks}}", "<H|default foot>"),
            ("{{$head}}alone{{/head}}", "alone"),
        ] as [(String, String)])
    func construct(_ template: String, _ expected: String) throws {
        #expect(try Self.render(template) == expected)
        // and swift-mustache agrees
        #expect(try MustacheReference.render(template, partials: Self.partials, Self.context) == expected)
    }

    @Test("a partial inside a list has no position; a section over true keeps it")
    func positionScope() throws {
        let templates = [
            "main": try TemplateParser.parse("{{#tags}}{{> p}}{{/tags}}"),
            "p": try TemplateParser.parse("[{{index()}}]"),
        ]
        #expect(TemplateRendering(templates: templates).render("main", Self.context) == "[][][]")
    }

    @Test(
        "a template that does not parse says why, and where",
        arguments: [
            ("{{#a}}\nx", TemplateParser.Failure.Reason.expectedSectionEnd, 2, 2),
            ("ab {{/a}}", .sectionCloseNameIncorrect, 1, 7),
            ("{{#a}}{{/b}}", .sectionCloseNameIncorrect, 1, 10),
            ("x\n{{a b}}", .unfinishedName, 2, 5),
            ("{{a(b}}", .unfinishedName, 1, 8),
            ("{{{a}}", .overflow, 1, 7),
            ("{{! never closed", .overflow, 1, 4),
            ("{{=<%=}}", .invalidSetDelimiter, 1, 4),
            ("{{% CONTENT_TYPE: JSON}}", .unrecognisedConfigVariable, 1, 25),
            ("{{% nothing }}", .invalidConfigVariableSyntax, 1, 13),
            ("end {", .overflow, 1, 5),
            // swift-mustache reads a closing tag's name without `/`: a parent in a folder cannot be closed
            ("{{<p/blocks}}{{/p/blocks}}", .unfinishedName, 1, 18),
            ("{{$a(b)}}{{/a(b)}}", .transformAppliedToInheritanceSection, 1, 10),
            ("{{<p}}{{x}}{{/p}}", .illegalTokenInsideInheritSection, 1, 18),
        ] as [(String, TemplateParser.Failure.Reason, Int, Int)])
    func failure(_ text: String, _ reason: TemplateParser.Failure.Reason, _ line: Int, _ column: Int) {
        #expect(throws: TemplateParser.Failure(reason: reason, line: line, column: column, columnFromStart: line == 1))
        {
            try TemplateParser.parse(text)
        }
    }

    @Test("contexts built as Any become typed values; text and integer lists sort")
    func conversion() throws {
        let context: [String: Any] = [
            "s": "x", "i": 2, "d": 0.5, "b": true, "words": ["b", "a"], "any": ["b", "a"] as [Any],
            "maps": [["k": "v"]], "map": ["k": 1], "url": PageURL("/a/"),
        ]
        let out = try Self.render(
            "{{s}}{{i}}{{d}}{{b}}{{#sorted(words)}}{{.}}{{/sorted(words)}}[{{sorted(any)}}]{{#maps}}{{k}}{{/maps}}{{map.k}}{{url}}[{{uppercased(url)}}]",
            TemplateValue.map(any: context))
        #expect(out == "x20.5trueab[]v1/a/[]")
    }

    @Test("a YAML null is false: it prints as false and an inverted section shows")
    func yamlNull() throws {
        let fields: [String: Value] = ["gone": .null, "list": .list([.null, .int(1)])]
        #expect(
            try Self.render("{{gone}}|{{^gone}}no{{/gone}}|{{#list}}[{{.}}]{{/list}}", .map(fields.template))
                == "false|no|[false][1]")
    }
}
