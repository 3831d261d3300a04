import Foundation
import SectionSiteEngine

extension GoTemplate {
    /// What a template runs with: the shortcode's call, the page, the site, and the partials it may include.
    struct Environment {
        /// The shortcode's arguments: named ones by name, positional ones by their place (`"0"`).
        var arguments: [String: String]
        /// Whether the arguments were given by name.
        var namedArguments: Bool
        /// The shortcode's name.
        var name: String
        /// The page's front matter and the site's settings, as templates read them (`.Page.Params`, `.Site.Params`).
        var page: Value
        var site: Value
        /// Reads a partial's template by name (`alert`, `alert.html`), nil when there is none.
        var partial: (String) -> GoTemplate?
        /// The partials being run, to stop a partial that includes itself.
        var depth = 0
        /// Reads a file of the site (`readFile`), only inside it; nil when it is not there.
        var readFile: (String) -> String? = { _ in nil }
        /// A page of the site by its path (`.GetPage "/docs/start"`), as templates see it; nil when there is none.
        var getPage: (String) -> Value? = { _ in nil }

        /// Stands for the shortcode's inner content in the output: the body stays Markdown, drawn by the new site.
        static let inner = "\u{E000}inner\u{E001}"
    }

    /// The template's output for a shortcode call, with `Environment.inner` where the call's inner content goes.
    func run(_ environment: Environment) throws -> String {
        var evaluation = Evaluation(environment: environment)
        let dot = evaluation.shortcode
        evaluation.variables = ["$": dot]
        var output = ""
        try evaluation.run(nodes, dot: dot, into: &output)
        return output
    }

    /// `return` in a partial: its value, carried out of the partial's run.
    struct Returned: Error {
        var value: Value
    }

    /// A function's name and arguments, with what every function asks of them.
    struct FunctionCall {
        var name: String, arguments: [Value]

        func text(_ index: Int) -> String { index < arguments.count ? arguments[index].text : "" }

        func need(_ count: Int) throws {
            guard arguments.count >= count else {
                throw Unsupported(what: "'\(name)' with \(arguments.count) arguments")
            }
        }

        func touchesInner(_ value: String) throws {
            if value.contains(Environment.inner) { throw Unsupported(what: "'\(name)' over the inner content") }
        }
    }

    struct Evaluation {
        var environment: Environment
        var variables: [String: Value] = [:]

        /// The shortcode as dot: `.Get` and `.Inner` are read by name in `call`.
        var shortcode: Value {
            var arguments: [String: Value] = [:]
            for (key, value) in environment.arguments { arguments[key] = .string(value) }
            let params: Value =
                environment.namedArguments
                ? .map(arguments)
                : .list(
                    environment.arguments.keys.compactMap(Int.init).sorted().map {
                        .string(environment.arguments[String($0)]!)
                    })
            return .map([
                "\u{E000}shortcode": .bool(true), "Inner": .string(Environment.inner),
                "InnerDeindent": .string(Environment.inner),
                "Params": params, "Name": .string(environment.name), "IsNamedParams": .bool(environment.namedArguments),
                "Page": environment.page, "Site": environment.site, "Ordinal": .number(0), "Position": .string(""),
            ])
        }

        mutating func run(_ nodes: [Node], dot: Value, into output: inout String) throws {
            for node in nodes {
                switch node {
                case .text(let text):
                    output += text
                case .action(let pipeline):
                    output += try evaluate(pipeline, dot: dot).text
                case .assign(let name, let pipeline):
                    variables[name] = try evaluate(pipeline, dot: dot)
                case .conditional(let branches, let otherwise):
                    var taken = false
                    for (condition, body) in branches where try evaluate(condition, dot: dot).isTruthy {
                        try run(body, dot: dot, into: &output)
                        taken = true
                        break
                    }
                    if !taken { try run(otherwise, dot: dot, into: &output) }
                case .with(let pipeline, let body, let otherwise):
                    let value = try evaluate(pipeline, dot: dot)
                    try run(value.isTruthy ? body : otherwise, dot: value.isTruthy ? value : dot, into: &output)
                case .range(let key, let name, let pipeline, let body, let otherwise):
                    let value = try evaluate(pipeline, dot: dot)
                    var pairs: [(Value, Value)] = []
                    switch value {
                    case .list(let list): pairs = list.enumerated().map { (.number(Double($0.offset)), $0.element) }
                    case .map(let map): pairs = map.keys.sorted().map { (.string($0), map[$0]!) }
                    case .number(let count):
                        pairs = (0..<max(0, SourceValue.integer(count))).map {
                            (.number(Double($0)), .number(Double($0)))
                        }
                    case .null: pairs = []
                    default: throw Unsupported(what: "'range' over a text")
                    }
                    if pairs.isEmpty { try run(otherwise, dot: dot, into: &output) }
                    for (index, element) in pairs {
                        if let key { variables[key] = index }
                        if let name { variables[name] = element }
                        try run(body, dot: element, into: &output)
                    }
                }
            }
        }

        mutating func evaluate(_ pipeline: Pipeline, dot: Value) throws -> Value {
            var piped: Value?
            for command in pipeline.commands {
                piped = try evaluate(command, piped: piped, dot: dot)
            }
            return piped ?? .null
        }

        mutating func evaluate(_ command: [Operand], piped: Value?, dot: Value) throws -> Value {
            var arguments: [Value] = []
            for operand in command.dropFirst() { arguments.append(try value(operand, dot: dot)) }
            if let piped { arguments.append(piped) }
            switch command[0] {
            case .chain(.identifier(let name), let fields):
                // `site.GetPage $path`: the arguments are the last field's, a method's.
                if fields.isEmpty { return try function(name, arguments, dot: dot) }
                return try follow(try function(name, [], dot: dot), fields, arguments: arguments)
            case .chain(let base, let fields) where !fields.isEmpty:
                // The last field may be a method with arguments (`.Get 0`, `$.Page.RenderString .Inner`).
                let start = try value(.chain(base: base, fields: []), dot: dot)
                return try follow(start, fields, arguments: arguments)
            default:
                guard arguments.isEmpty else { throw Unsupported(what: "arguments to a value that is no function") }
                return try value(command[0], dot: dot)
            }
        }

        mutating func value(_ operand: Operand, dot: Value) throws -> Value {
            switch operand {
            case .literal(let value):
                return value
            case .group(let pipeline, let fields):
                return try follow(try evaluate(pipeline, dot: dot), fields, arguments: [])
            case .chain(let base, let fields):
                switch base {
                case .dot: return try follow(dot, fields, arguments: [])
                case .variable(let name):
                    guard let value = variables[name] else { throw Unsupported(what: "variable '\(name)'") }
                    return try follow(value, fields, arguments: [])
                case .identifier(let name):
                    return try follow(try function(name, [], dot: dot), fields, arguments: [])
                }
            }
        }

        /// `fields` read from `value`, the last one called with `arguments` when it is a method.
        func follow(_ value: Value, _ fields: [String], arguments: [Value]) throws -> Value {
            var current = value
            for (index, field) in fields.enumerated() {
                let isLast = index == fields.count - 1
                switch field {
                case "Get" where current.field("\u{E000}shortcode") != nil:
                    guard let key = arguments.first else { throw Unsupported(what: "'.Get' without an argument") }
                    switch key {
                    case .number(let position):
                        current =
                            environment.namedArguments
                            ? .null
                            : environment.arguments[String(SourceValue.integer(position))].map(Value.string) ?? .null
                    default:
                        current = environment.arguments[key.text].map(Value.string) ?? .null
                    }
                    return current
                case "RenderString", "RenderInline":
                    guard isLast, let text = arguments.last else {
                        throw Unsupported(what: "'.\(field)' without a text")
                    }
                    return text
                case "Get" where current.field("\u{E000}scratch") != nil:
                    return .null
                case "GetPage" where current.field("\u{E000}page") != nil || current.field("\u{E000}site") != nil:
                    guard isLast, let path = arguments.first?.text else {
                        throw Unsupported(what: "'.GetPage' without a path")
                    }
                    return environment.getPage(path) ?? .null
                case "Param":
                    guard isLast, let key = arguments.first?.text else {
                        throw Unsupported(what: "'.Param' without a key")
                    }
                    return current.field("Params")?.field(key) ?? environment.site.field("Params")?.field(key) ?? .null
                default:
                    guard let next = current.field(field) else {
                        if case .map = current, current.field("\u{E000}shortcode") == nil,
                            current.field("\u{E000}page") == nil,
                            current.field("\u{E000}site") == nil
                        {
                            current = .null  // a missing key of a dict or of params reads as nothing
                            continue
                        }
                        if case .null = current {
                            continue
                        }
                        throw Unsupported(what: "'.\(field)'")
                    }
                    current = next
                }
            }
            guard arguments.isEmpty || fields.isEmpty else {
                throw Unsupported(what: "'.\(fields.last!)' with arguments")
            }
            return current
        }

        mutating func function(_ name: String, _ arguments: [Value], dot: Value) throws -> Value {
            let call = FunctionCall(name: name, arguments: arguments)
            if let value = try site(call) ?? collections(call) ?? patternsAndTrims(call) ?? casesAndFormats(call)
                ?? logic(call) ?? listsAndMaps(call) ?? numbersAndWords(call)
            {
                return value
            }
            let (text, need) = (call.text, call.need)
            switch name {
            case "partial", "partialCached":
                try need(1)
                var file = text(0)
                if file.hasSuffix(".html") { file = String(file.dropLast(5)) }
                guard environment.depth < 8, let template = environment.partial(file) else {
                    throw Unsupported(what: "partial '\(text(0))'")
                }
                var nested = Evaluation(environment: environment)
                nested.environment.depth += 1
                let context = arguments.count > 1 ? arguments[1] : .null
                nested.variables = ["$": context]
                var output = ""
                do {
                    try nested.run(template.nodes, dot: context, into: &output)
                } catch let returned as Returned {
                    return returned.value
                }
                return .string(output)
            default:
                throw Unsupported(what: "function '\(name)'")
            }
        }

        /// Hugo's site, its files and data, and functions run for effect (`return`, warnings); nil for another name.
        func site(_ call: FunctionCall) throws -> Value? {
            let (name, arguments) = (call.name, call.arguments)
            let (text, need, touchesInner) = (call.text, call.need, call.touchesInner)
            switch name {
            case "site": return environment.site
            case "readFile", "os.ReadFile":
                try need(1)
                guard let contents = environment.readFile(text(0)) else {
                    throw Unsupported(what: "'\(name)' of a file that is not in the site")
                }
                return .string(contents)
            case "return":
                throw Returned(value: arguments.first ?? .null)
            case "hugo.Data": return environment.site.field("Data") ?? .map([:])
            case "highlight", "transform.Highlight":
                // The code as a block the new site shows as code; its colours are the new theme's to give.
                try need(2)
                try touchesInner(text(0))
                return .string(
                    "<pre><code class=\"language-\(HTML.escape(text(1)))\">\(HTML.escape(text(0)))</code></pre>")
            case "resources.Get", "resources.GetMatch", "resources.GetRemote":
                // The site's assets are not imported: a template finds none, as Hugo does when the file is missing.
                return .null
            case "resources.Match", "resources.ByType":
                return .list([])
            case "warnf", "warnidf", "fmt.Warnf", "fmt.Warnidf", "debug.Timer":
                return .string("")
            case "urls.JoinPath":
                try need(1)
                let parts = arguments.flatMap { value -> [String] in
                    if case .list(let list) = value { list.map(\.text) } else { [value.text] }
                }
                let joined = parts.enumerated().map { index, part in
                    index == 0
                        ? String(part.reversed().drop { $0 == "/" }.reversed())
                        : part.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
                }.filter { !$0.isEmpty }.joined(separator: "/")
                return .string(parts.last?.hasSuffix("/") == true ? joined + "/" : joined)
            default:
                return nil
            }
        }

        /// Hugo's functions over lists: appended, filtered, sorted, cut and tested; nil for another name.
        func collections(_ call: FunctionCall) throws -> Value? {
            let (arguments, text, need) = (call.arguments, call.text, call.need)
            switch call.name {
            case "append", "collections.Append":
                try need(2)
                guard case .list(let list) = arguments[arguments.count - 1] else {
                    throw Unsupported(what: "'append' to a value that is no list")
                }
                var items = list
                for value in arguments.dropLast() {
                    if case .list(let more) = value, arguments.count == 2 { items += more } else { items.append(value) }
                }
                return .list(items)
            case "where", "collections.Where":
                try need(3)
                guard case .list(let list) = arguments[0] else { return .list([]) }
                let path = text(1).split(separator: ".").map(String.init)
                let (op, expected) = arguments.count > 3 ? (text(2), arguments[3]) : ("==", arguments[2])
                return .list(
                    try list.filter { item in
                        var value: Value = item
                        for key in path { value = value.field(key) ?? .null }
                        switch op {
                        case "==", "eq", "=": return Self.equal(value, expected)
                        case "!=", "ne", "<>": return !Self.equal(value, expected)
                        case "like":
                            return value.text.range(of: expected.text, options: .regularExpression) != nil
                        case "in":
                            if case .list(let options) = expected { return options.contains { Self.equal($0, value) } }
                            return expected.text.contains(value.text)
                        case "not in":
                            if case .list(let options) = expected { return !options.contains { Self.equal($0, value) } }
                            return !expected.text.contains(value.text)
                        default: throw Unsupported(what: "'where' with '\(op)'")
                        }
                    })
            case "sort", "collections.Sort":
                try need(1)
                guard case .list(let list) = arguments[0] else { return arguments[0] }
                let path = arguments.count > 1 ? text(1).split(separator: ".").map(String.init) : []
                func key(_ item: Value) -> Value {
                    var value = item
                    for part in path where part != "value" { value = value.field(part) ?? .null }
                    return value
                }
                let sorted = list.sorted { a, b in
                    let (x, y) = (key(a), key(b))
                    if case .number(let m) = x, case .number(let n) = y { return m < n }
                    return x.text < y.text
                }
                return .list(arguments.count > 2 && text(2) == "desc" ? sorted.reversed() : sorted)
            case "after", "collections.After":
                try need(2)
                guard case .list(let list) = arguments[1], case .number(let count) = arguments[0] else {
                    return .list([])
                }
                return .list(Array(list.dropFirst(max(0, SourceValue.integer(count)))))
            case "uniq", "collections.Uniq":
                try need(1)
                guard case .list(let list) = arguments[0] else { return arguments[0] }
                var kept: [Value] = []
                for item in list where !kept.contains(where: { Self.equal($0, item) }) { kept.append(item) }
                return .list(kept)
            case "isset", "collections.IsSet":
                try need(2)
                if case .list(let list) = arguments[0], case .number(let position) = arguments[1] {
                    return .bool(list.indices.contains(SourceValue.integer(position)))
                }
                return .bool(arguments[0].field(arguments[1].text) != nil)
            default:
                return nil
            }
        }

        /// Regular expressions, trimming, `default`, and the functions that pass a value through; nil for another name.
        func patternsAndTrims(_ call: FunctionCall) throws -> Value? {
            let (name, arguments) = (call.name, call.arguments)
            let (text, need, touchesInner) = (call.text, call.need, call.touchesInner)
            switch name {
            case "replaceRE", "strings.ReplaceRE", "findRE", "strings.FindRE":
                try need(name.hasSuffix("findRE") || name.hasSuffix("FindRE") ? 2 : 3)
                let input = name.contains("ind") ? text(1) : text(2)
                try touchesInner(input)
                guard let pattern = try? NSRegularExpression(pattern: text(0)) else {
                    throw Unsupported(what: "'\(name)' with '\(text(0))'")
                }
                let range = NSRange(input.startIndex..., in: input)
                if name.contains("ind") {
                    return .list(
                        pattern.matches(in: input, range: range).compactMap {
                            Range($0.range, in: input).map { .string(String(input[$0])) }
                        })
                }
                // Go writes a group as `$1`, as Foundation does.
                return .string(pattern.stringByReplacingMatches(in: input, range: range, withTemplate: text(1)))
            case "strings.TrimLeft", "strings.TrimRight", "strings.TrimPrefix", "strings.TrimSuffix":
                try need(2)
                // Cutting spaces or a line break off the inner content leaves its marker as it is.
                if text(1) == Environment.inner { return .string(Environment.inner) }
                try touchesInner(text(1))
                let (cut, value) = (text(0), text(1))
                switch name {
                case "strings.TrimLeft": return .string(String(value.drop { cut.contains($0) }))
                case "strings.TrimRight": return .string(String(value.reversed().drop { cut.contains($0) }.reversed()))
                case "strings.TrimPrefix":
                    return .string(value.hasPrefix(cut) ? String(value.dropFirst(cut.count)) : value)
                default: return .string(value.hasSuffix(cut) ? String(value.dropLast(cut.count)) : value)
                }
            case "default":
                try need(2)
                return arguments[1].isTruthy ? arguments[1] : arguments[0]
            case "markdownify", "safeHTML", "safeHTMLAttr", "safeCSS", "safeJS", "safeURL", "htmlUnescape", "string",
                "emojify",
                "safe.HTML", "safe.HTMLAttr", "safe.CSS", "safe.JS", "safe.URL", "transform.HTMLUnescape",
                "transform.Markdownify",
                "strings.TrimSpace", "trim", "chomp", "strings.Chomp", "strings.Trim", "transform.Emojify":
                try need(1)
                let value = arguments[arguments.count - 1]
                switch name {
                case "strings.TrimSpace", "chomp", "strings.Chomp":
                    return .string(value.text.trimmingCharacters(in: .whitespacesAndNewlines))
                case "trim", "strings.Trim":
                    try need(2)
                    return .string(
                        arguments[0].text.trimmingCharacters(in: CharacterSet(charactersIn: arguments[1].text)))
                default: return value
                }
            default:
                return nil
            }
        }

        /// Text escaped, cased, made an address, replaced or formatted; nil for another name.
        func casesAndFormats(_ call: FunctionCall) throws -> Value? {
            let (name, arguments) = (call.name, call.arguments)
            let (text, need, touchesInner) = (call.text, call.need, call.touchesInner)
            switch name {
            case "htmlEscape", "transform.HTMLEscape":
                try need(1)
                try touchesInner(text(0))
                return .string(HTML.escape(text(0)))
            case "plainify", "transform.Plainify":
                try need(1)
                try touchesInner(text(0))
                return .string(text(0).replacing(/<[^>]*>/, with: ""))
            case "lower", "strings.ToLower":
                try need(1)
                try touchesInner(text(0))
                return .string(text(0).lowercased())
            case "upper", "strings.ToUpper":
                try need(1)
                try touchesInner(text(0))
                return .string(text(0).uppercased())
            case "title", "strings.Title", "humanize", "inflect.Humanize":
                try need(1)
                try touchesInner(text(0))
                let words = text(0).replacingOccurrences(of: name == "humanize" ? "-" : "\u{0}", with: " ")
                return .string(words.prefix(1).uppercased() + words.dropFirst())
            case "urlize", "anchorize", "urls.Anchorize", "urls.URLize":
                try need(1)
                return .string(Slug.of(text(0)))
            case "replace", "strings.Replace":
                try need(3)
                try touchesInner(text(0))
                return .string(text(0).replacingOccurrences(of: text(1), with: text(2)))
            case "printf", "fmt.Printf":
                try need(1)
                return .string(try Self.format(text(0), Array(arguments.dropFirst())))
            case "print", "fmt.Print": return .string(arguments.map(\.text).joined())
            case "println", "fmt.Println": return .string(arguments.map(\.text).joined(separator: " ") + "\n")
            default:
                return nil
            }
        }

        /// Comparisons and conditions; nil for another name.
        func logic(_ call: FunctionCall) throws -> Value? {
            let (name, arguments, need) = (call.name, call.arguments, call.need)
            switch name {
            case "eq":
                try need(2)
                return .bool(arguments.dropFirst().contains { Self.equal(arguments[0], $0) })
            case "ne":
                try need(2)
                return .bool(!Self.equal(arguments[0], arguments[1]))
            case "lt", "le", "gt", "ge":
                try need(2)
                let order: ComparisonResult
                if case .number(let a) = arguments[0], case .number(let b) = arguments[1] {
                    order = a < b ? .orderedAscending : a > b ? .orderedDescending : .orderedSame
                } else {
                    order = arguments[0].text.compare(arguments[1].text)
                }
                switch name {
                case "lt": return .bool(order == .orderedAscending)
                case "le": return .bool(order != .orderedDescending)
                case "gt": return .bool(order == .orderedDescending)
                default: return .bool(order != .orderedAscending)
                }
            case "and":
                try need(1)
                return arguments.first { !$0.isTruthy } ?? arguments.last!
            case "or":
                try need(1)
                return arguments.first { $0.isTruthy } ?? arguments.last!
            case "not":
                try need(1)
                return .bool(!arguments[0].isTruthy)
            case "cond":
                try need(3)
                return arguments[0].isTruthy ? arguments[1] : arguments[2]
            default:
                return nil
            }
        }

        /// Lists and maps: measured, read, made and cut; nil for another name.
        func listsAndMaps(_ call: FunctionCall) throws -> Value? {
            let (name, arguments) = (call.name, call.arguments)
            let (text, need) = (call.text, call.need)
            switch name {
            case "len":
                try need(1)
                switch arguments[0] {
                case .list(let list): return .number(Double(list.count))
                case .map(let map): return .number(Double(map.count))
                default: return .number(Double(arguments[0].text.count))
                }
            case "index":
                try need(1)
                var current = arguments[0]
                for key in arguments.dropFirst() {
                    switch (current, key) {
                    case (.list(let list), .number(let position)):
                        current =
                            list.indices.contains(SourceValue.integer(position))
                            ? list[SourceValue.integer(position)] : .null
                    default:
                        current = current.field(key.text) ?? .null
                    }
                }
                return current
            case "in", "collections.In":
                try need(2)
                if case .list(let list) = arguments[0] { return .bool(list.contains { Self.equal($0, arguments[1]) }) }
                return .bool(arguments[0].text.contains(arguments[1].text))
            case "dict", "collections.Dictionary":
                var map: [String: Value] = [:]
                var index = 0
                while index + 1 < arguments.count {
                    map[arguments[index].text] = arguments[index + 1]
                    index += 2
                }
                return .map(map)
            case "slice", "collections.Slice": return .list(arguments)
            case "split", "strings.Split":
                try need(2)
                return .list(text(0).components(separatedBy: text(1)).map(Value.string))
            case "delimit", "collections.Delimit":
                try need(2)
                guard case .list(let list) = arguments[0] else { return .string(arguments[0].text) }
                return .string(list.map(\.text).joined(separator: text(1)))
            case "first", "last":
                try need(2)
                guard case .list(let list) = arguments[1], case .number(let count) = arguments[0] else { return .null }
                return .list(
                    name == "first"
                        ? Array(list.prefix(max(0, SourceValue.integer(count))))
                        : Array(list.suffix(max(0, SourceValue.integer(count)))))
            default:
                return nil
            }
        }

        /// Texts tested, numbers reckoned, addresses made, and the theme's words; nil for another name.
        func numbersAndWords(_ call: FunctionCall) throws -> Value? {
            let (arguments, text, need) = (call.arguments, call.text, call.need)
            switch call.name {
            case "strings.Contains":
                try need(2)
                return .bool(text(0).contains(text(1)))
            case "hasPrefix", "strings.HasPrefix":
                try need(2)
                return .bool(text(0).hasPrefix(text(1)))
            case "hasSuffix", "strings.HasSuffix":
                try need(2)
                return .bool(text(0).hasSuffix(text(1)))
            case "int", "cast.ToInt":
                try need(1)
                return .number(Double(SourceValue.integer(Double(text(0)) ?? 0)))
            case "add", "math.Add":
                try need(2)
                if case .number(let a) = arguments[0], case .number(let b) = arguments[1] { return .number(a + b) }
                return .string(text(0) + text(1))
            case "sub", "math.Sub":
                try need(2)
                guard case .number(let a) = arguments[0], case .number(let b) = arguments[1] else {
                    throw Unsupported(what: "'sub' of texts")
                }
                return .number(a - b)
            case "absURL", "relURL", "urls.AbsURL", "urls.RelURL", "absLangURL", "relLangURL":
                try need(1)
                let path = text(0)
                return .string(path.contains("://") || path.hasPrefix("/") ? path : "/" + path)
            case "T", "i18n", "lang.Translate":
                // The theme's words are not imported: the key, made readable, stands for its translation.
                try need(1)
                return .string(text(0).replacingOccurrences(of: "_", with: " ").capitalized)
            default:
                return nil
            }
        }

        static func equal(_ a: Value, _ b: Value) -> Bool {
            switch (a, b) {
            case (.number(let x), .number(let y)): x == y
            case (.null, .null): true
            case (.null, _), (_, .null): false
            default: a.text == b.text
            }
        }

        /// Go's `%s`, `%v`, `%d`, `%q` and `%%`.
        static func format(_ format: String, _ values: [Value]) throws -> String {
            var output = ""
            var rest = values.makeIterator()
            var characters = format.makeIterator()
            while let character = characters.next() {
                guard character == "%" else {
                    output.append(character)
                    continue
                }
                switch characters.next() {
                case "%": output.append("%")
                case "s", "v", "d": output += rest.next()?.text ?? ""
                case "q": output += "\"" + (rest.next()?.text ?? "") + "\""
                default: throw Unsupported(what: "'printf' format '\(format)'")
                }
            }
            return output
        }
    }
}
