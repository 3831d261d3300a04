import Foundation
import Mustache
import Testing
import TestSupport

@testable import SectionSiteEngine

/// swift-mustache as SectionSite used to run it, kept to check the engine against: every template read with the
/// content-type line in front, `{{value}}` escaped with `HTML.escape`.
enum MustacheReference {
    private struct Escaping: MustacheContentType {
        func escapeText(_ text: String) -> String { HTML.escape(text) }
    }

    private static let registration: Void = MustacheContentTypes.register(Escaping(), named: FastHTMLEscaping.name)

    /// Registers the escaping SectionSite's templates name in their content-type line.
    static func prepare() { _ = registration }

    static func render(_ template: String, partials: [String: String], _ context: TemplateValue) throws -> String {
        prepare()
        var library = MustacheLibrary()
        for (name, text) in partials {
            library.register(try MustacheTemplate(string: FastHTMLEscaping.pragma + text), named: name)
        }
        library.register(try MustacheTemplate(string: FastHTMLEscaping.pragma + template), named: "main")
        return library.render(any(context), withTemplate: "main")!
    }

    /// The value as the engine's callers used to build it.
    static func any(_ value: TemplateValue) -> Any {
        switch value {
        case .string(let text): return text
        case .int(let number): return number
        case .double(let number): return number
        case .bool(let flag): return flag
        case .null: return NSNull()
        case .list(let values, let sortable):
            if sortable, case .int? = values.first { return values.map { if case .int(let n) = $0 { n } else { 0 } } }
            if sortable { return values.map { if case .string(let s) = $0 { s } else { "" } } }  // [String], even empty
            return values.map(any)
        case .map(let fields): return fields.mapValues(any)
        case .object(let object): return object as! Probe
        }
    }

    /// An object both engines read: fields made on demand.
    struct Probe: TemplateObject, MustacheParent, CustomStringConvertible {
        var fields: [String: TemplateValue]
        var description: String { "probe" }
        var text: String { description }
        func child(named name: String) -> TemplateValue? { fields[name] }
        func child(named name: String) -> Any? { fields[name].map(MustacheReference.any) }
    }
}

/// Random templates over random contexts: the engine draws exactly what swift-mustache draws.
@Suite("Templates as swift-mustache draws them")
struct TemplateEquivalenceTests {
    /// Builds templates from every construct the themes use, names drawn from a few fixed sets so that a tag that
    /// prints only ever finds text, numbers or lists of them (swift-mustache prints a map in its hash order).
    struct Generator {
        var random: SeededRandom
        static let scalars = ["a", "b", "n", "title", "flag"]
        static let scalarLists = ["tags", "nums"]
        static let mapLists = ["items", "rows"]
        static let maps = ["m", "info", "probe"]
        static let texts = ["", "x", "<b>", "Tom & \"Jerry\"", "it's", "héllo", "  two  spaces ", "é\u{301}", "a\tb"]

        mutating func pick<T>(_ list: [T]) -> T { list[Int.random(in: 0..<list.count, using: &random)] }
        mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }

        mutating func scalar() -> TemplateValue {
            switch Int.random(in: 0..<5, using: &random) {
            case 0: .string(pick(Self.texts))
            case 1: .int(Int.random(in: -2...12, using: &random))
            case 2: .double(pick([0.5, 2.0, -1.25, 1e20, 0.1]))
            case 3: .bool(chance(50))
            default: .string(pick(["one", "two", "Three"]))
            }
        }

        mutating func map(depth: Int) -> [String: TemplateValue] {
            var fields: [String: TemplateValue] = [:]
            for key in Self.scalars where chance(60) { fields[key] = scalar() }
            if chance(60) {
                fields["tags"] = .list(
                    (0..<Int.random(in: 0...3, using: &random)).map { _ in .string(pick(Self.texts)) }, sortable: true)
            }
            if chance(50) {
                fields["nums"] = .list(
                    (0..<Int.random(in: 0...3, using: &random)).map { _ in scalar() }, sortable: false)
            }
            guard depth > 0 else { return fields }
            for key in Self.mapLists where chance(50) {
                fields[key] = .list(
                    (0..<Int.random(in: 0...3, using: &random)).map { _ in .map(map(depth: depth - 1)) })
            }
            for key in Self.maps where chance(50) {
                let inner = map(depth: depth - 1)
                fields[key] = key == "probe" ? .object(MustacheReference.Probe(fields: inner)) : .map(inner)
            }
            return fields
        }

        mutating func path(_ last: [String]) -> String {
            var parts: [String] = []
            for _ in 0..<Int.random(in: 0...2, using: &random) { parts.append(pick(Self.maps)) }
            return (parts + [pick(last)]).joined(separator: ".")
        }

        /// A name that prints: text and numbers, or a count or an element of a list of them.
        mutating func printable() -> String {
            switch Int.random(in: 0..<10, using: &random) {
            case 0:
                return
                    "\(pick(["count", "empty", "first", "last"]))(\(pick(["", "reversed(", "sorted("]) == "" ? path(Self.scalarLists) : "sorted(\(path(Self.scalarLists)))"))"
            case 1:
                return
                    "\(pick(["uppercased", "lowercased", "capitalized", "reversed", "empty", "plusone", "minusone", "even", "odd", "equalzero", "count"]))(\(path(Self.scalars)))"
            case 2: return "\(pick(["index", "first", "last", "even", "odd"]))()"
            case 3: return "plusone(index())"
            case 4: return path(Self.scalarLists)
            default: return chance(10) ? "." + pick(Self.scalars) : path(Self.scalars)
            }
        }

        mutating func sectionName() -> String {
            switch Int.random(in: 0..<10, using: &random) {
            case 0: return "\(pick(["reversed", "sorted"]))(\(path(Self.scalarLists + Self.mapLists)))"
            case 1: return "\(pick(["first", "last", "even", "odd"]))()"
            case 2: return "\(pick(["empty", "first", "last"]))(\(path(Self.scalarLists + Self.mapLists)))"
            case 3, 4: return path(Self.scalars)
            default: return path(Self.scalarLists + Self.mapLists + Self.maps)
            }
        }

        mutating func indent() -> String { pick(["", "  ", "\t", " "]) }

        mutating func template(depth: Int, partials: Int, inList: Bool = false) -> String {
            var text = ""
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                switch Int.random(in: 0..<12, using: &random) {
                case 0:
                    text += pick(["Hello", " ", "\n", "  ", "\t", "a{b", "}", "x\r\ny", "<p>", "é", "\n  \n", "\r\n"])
                case 1, 2:
                    let name = printable()
                    text += pick(["{{\(name)}}", "{{ \(name) }}", "{{{\(name)}}}", "{{&\(name)}}"])
                case 3 where depth > 0, 4 where depth > 0:
                    let name = sectionName()
                    let kind = pick(["#", "#", "^"])
                    // `{{.}}` only where it is an element of a list of text and numbers
                    let overList =
                        kind == "#" && Self.scalarLists.contains { name.hasSuffix($0) || name.hasSuffix($0 + ")") }
                    let inner = template(depth: depth - 1, partials: partials, inList: overList)
                    if chance(50) {
                        text += "\n\(indent()){{\(kind)\(name)}}\n\(inner)\n\(indent()){{/\(name)}}\n"
                    } else {
                        text += "{{\(kind)\(name)}}\(inner){{/\(name)}}"
                    }
                case 5 where inList:
                    text += pick(["{{.}}", "{{#.}}[{{.}}]{{/.}}"])
                case 6:
                    text += pick([
                        "{{! note }}", "\n\(indent()){{! a comment\nover lines }}\n", "\(indent()){{!x}}  \n",
                    ])
                case 7 where partials > 0:
                    let name = "p\(Int.random(in: 0..<partials, using: &random))"
                    text += chance(60) ? "\n\(indent()){{> \(name)}}\n" : "{{>\(name)}}"
                case 8:
                    text += pick(["{{=<% %>=}}<% a %>{{a}}<%={{ }}=%>", "\n{{=| |=}}\n|title|\n|={{ }}=|\n"])
                case 9 where depth > 0:
                    text += "{{$blk}}\(template(depth: 0, partials: 0)){{/blk}}"
                default:
                    text += pick(["\n", " ", "text", "\n  "])
                }
            }
            return text
        }
    }

    @Test("random templates render the same bytes", arguments: 0..<8)
    func randomTemplates(batch: Int) throws {
        for seed in (batch * 250)..<((batch + 1) * 250) {
            var generator = Generator(random: SeededRandom(seed: UInt64(seed)))
            var partials: [String: String] = [:]
            for index in 0..<3 { partials["p\(index)"] = generator.template(depth: 1, partials: index) }
            if generator.chance(30) { partials["p2"] = "{{<p0}}{{$blk}}over{{/blk}}{{/p0}}" }
            let main = generator.template(depth: 3, partials: 3)
            let context = TemplateValue.map(generator.map(depth: 2))
            let expected = try MustacheReference.render(main, partials: partials, context)
            var templates = try partials.mapValues { try TemplateParser.parse($0) }
            templates["main"] = try TemplateParser.parse(main)
            let output = TemplateRendering(templates: templates).render("main", context)
            #expect(output == expected, "seed \(seed): \(main.debugDescription) partials \(partials.debugDescription)")
            if output != expected { return }
        }
    }

    @Test("random text parses where swift-mustache parses it, and fails where and why it fails", arguments: 0..<4)
    func randomErrors(batch: Int) {
        MustacheReference.prepare()
        let pieces = [
            "{{", "}}", "{", "}", "#a", "/a", "^b", "/b", "!", "=", "<% %>", "%", ">", "&", "(", ")", "x", "\n", " ",
            "$c", "/c", "<p", "/p", "\r\n",
        ]
        for seed in (batch * 500)..<((batch + 1) * 500) {
            var random = SeededRandom(seed: UInt64(seed))
            let text = (0..<Int.random(in: 1...14, using: &random)).map { _ in
                pieces[Int.random(in: 0..<pieces.count, using: &random)]
            }.joined()
            var reference: String?
            do {
                _ = try MustacheTemplate(string: FastHTMLEscaping.pragma + text)
            } catch let error as MustacheTemplate.ParserError {
                let line = error.context.lineNumber
                reference =
                    "\(error.error) \(line):\(error.context.columnNumber - (line == 1 ? FastHTMLEscaping.pragma.count : 0))"
            } catch {
                reference = "\(error)"
            }
            var ours: String?
            do {
                _ = try TemplateParser.parse(text)
            } catch {
                let shift = error.line != 1 && error.columnFromStart ? FastHTMLEscaping.pragma.count : 0
                ours = "\(error.reason.rawValue) \(error.line):\(error.column + shift)"
            }
            #expect(ours == reference, "\(text.debugDescription)")
        }
    }
}
