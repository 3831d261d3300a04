/// Reads a Mustache template into a `CompiledTemplate`, with swift-mustache's rules for whitespace, standalone
/// lines, delimiters and errors, so that every theme written for it draws the same bytes.
///
/// The text is read as `Character`s, as swift-mustache reads it: `\r\n` is one newline, and a line and column in
/// an error count characters.
struct TemplateParser {
    /// Why a template does not parse, and where: line and column from 1.
    struct Failure: Error, Equatable {
        enum Reason: String {
            case sectionCloseNameIncorrect, unfinishedName, expectedSectionEnd, invalidSetDelimiter
            case transformAppliedToInheritanceSection, illegalTokenInsideInheritSection
            case invalidConfigVariableSyntax, unrecognisedConfigVariable
            /// The text ended inside a tag.
            case overflow
        }
        var reason: Reason
        var line: Int
        var column: Int
        /// Whether the column counts from the start of the text across newlines that are `\r\n` (where
        /// swift-mustache, looking back for `\n`, does not stop).
        var columnFromStart: Bool
    }

    private struct Fail: Error { var reason: Failure.Reason }

    private struct State {
        var section: String?
        var sectionTransforms: [String] = []
        var newLine = true
        var inOverride = false
        var overrideTop = false
        var overrideIndent: Int?
        var open: [Character] = ["{", "{"]
        var close: [Character] = ["}", "}"]

        func entering(_ name: String, newLine: Bool, transforms: [String] = []) -> State {
            var state = self
            (state.section, state.sectionTransforms, state.overrideTop) = (name, transforms, false)
            if !newLine { state.newLine = false }
            return state
        }
    }

    private let text: [Character]
    private var position = 0

    /// Parses `source`. Every theme template is read as if the content-type line SectionSite used to put in front
    /// of it were there: a blank first line is dropped, and no tag on the first line stands alone.
    static func parse(_ source: String) throws(Failure) -> CompiledTemplate {
        var parser = TemplateParser(text: Array(source))
        do {
            var state = State()
            state.newLine = parser.lineFinished()
            return CompiledTemplate(nodes: try parser.parse(state))
        } catch {
            throw parser.failure(error.reason)
        }
    }

    private init(text: [Character]) { self.text = text }

    private var atEnd: Bool { position == text.count }
    private var current: Character { atEnd ? "\0" : text[position] }

    private func failure(_ reason: Failure.Reason) -> Failure {
        let line = text[..<position].count(where: \.isNewline) + 1
        var column = 0
        var back = position
        while back > 0 {
            back -= 1
            if text[back] == "\n" { break }
            column += 1
        }
        return Failure(reason: reason, line: line, column: column + 1, columnFromStart: back == 0 && text.first != "\n")
    }

    // MARK: Reading

    @discardableResult private mutating func skip(while test: (Character) -> Bool) -> String {
        let start = position
        while !atEnd, test(text[position]) { position += 1 }
        return String(text[start..<position])
    }

    private mutating func read(_ character: Character) throws(Fail) -> Bool {
        guard !atEnd else { throw Fail(reason: .overflow) }
        guard text[position] == character else { return false }
        position += 1
        return true
    }

    private mutating func read(_ string: [Character]) throws(Fail) -> Bool {
        guard text.count - position >= string.count else { throw Fail(reason: .overflow) }
        guard text[position..<position + string.count].elementsEqual(string) else { return false }
        position += string.count
        return true
    }

    private mutating func read(until test: (Character) -> Bool) throws(Fail) -> String {
        let start = position
        while !atEnd {
            if test(text[position]) { return String(text[start..<position]) }
            position += 1
        }
        position = start
        throw Fail(reason: .overflow)
    }

    /// Whether only spaces and tabs are left on the line; if so, reads them and the newline.
    private mutating func lineFinished() -> Bool {
        if atEnd { return true }
        var end = position
        while end < text.count, text[end] == " " || text[end] == "\t" { end += 1 }
        guard end < text.count, text[end].isNewline else { return false }
        position = end + 1
        return true
    }

    private mutating func standalone(_ state: State) -> Bool { state.newLine && lineFinished() }

    /// Text up to a newline or the opening delimiter, which is read too.
    private mutating func readText(_ state: State) throws(Fail) -> String {
        var text = ""
        let first = state.open[0]
        while !atEnd {
            let character = self.text[position]
            if character == "\n" || character == "\r\n" { break }
            if character == first {
                if try read(state.open) { break }
                position += 1
            }
            text.append(character)
            if character != first { position += 1 }
        }
        return text
    }

    // MARK: Tags

    private static let nameCharacters = Set("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?*")

    private mutating func readName(_ state: State) throws(Fail) -> (name: String, transforms: [String]) {
        skip(while: \.isWhitespace)
        let text = skip { Self.nameCharacters.contains($0) || $0 == "(" || $0 == ")" }
        skip(while: \.isWhitespace)
        guard try read(state.close) else { throw Fail(reason: .unfinishedName) }
        // `outer(inner(name))`: each transform opens a bracket, and the brackets all close at the end.
        let characters = Array(text)
        var index = 0
        func word() -> String {
            let start = index
            while index < characters.count, Self.nameCharacters.contains(characters[index]) { index += 1 }
            return String(characters[start..<index])
        }
        var transforms: [String] = []
        var name = word()
        if index == characters.count { return (name, []) }
        while true {
            guard index < characters.count, characters[index] == "(" else { throw Fail(reason: .unfinishedName) }
            index += 1
            transforms.append(name)
            name = word()
            if index < characters.count, characters[index] == ")" {
                let closing = characters[index...].prefix { $0 == ")" }.count
                guard closing == transforms.count, index + closing == characters.count else {
                    throw Fail(reason: .unfinishedName)
                }
                return (name, transforms)
            }
        }
    }

    private mutating func readPartialName(_ state: State) throws(Fail) -> String {
        skip(while: \.isWhitespace)
        let name = skip { Self.nameCharacters.contains($0) || "()/".contains($0) }
        skip(while: \.isWhitespace)
        guard try read(state.close) else { throw Fail(reason: .unfinishedName) }
        return name
    }

    /// `{{! ...}}`: read to the closing delimiter, matched as swift-mustache matches it (a partial match that fails
    /// starts again after the character that broke it).
    private mutating func skipComment(_ state: State) throws(Fail) {
        let start = position
        var matched = 0
        while !atEnd {
            if text[position] == state.close[matched] {
                matched += 1
                if matched == state.close.count {
                    position += 1
                    return
                }
            } else {
                matched = 0
            }
            position += 1
        }
        position = start
        throw Fail(reason: .overflow)
    }

    private mutating func readDelimiters(_ state: State) throws(Fail) -> State {
        let open: String, close: String
        do {
            skip(while: \.isWhitespace)
            open = try read(until: \.isWhitespace)
            skip(while: \.isWhitespace)
            close = try read { $0 == "=" || $0.isWhitespace }
            skip(while: \.isWhitespace)
        } catch {
            throw Fail(reason: .invalidSetDelimiter)
        }
        guard try read("="), try read(state.close), !open.isEmpty, !close.isEmpty else {
            throw Fail(reason: .invalidSetDelimiter)
        }
        var state = state
        (state.open, state.close, state.overrideTop) = (Array(open), Array(close), false)
        return state
    }

    /// `{{% CONTENT_TYPE: TEXT}}`: whether the rest escapes.
    private mutating func readPragma(_ state: State) throws(Fail) -> Bool {
        let name: String, value: String
        do {
            skip(while: \.isWhitespace)
            name = skip { Self.nameCharacters.contains($0) }
            skip(while: \.isWhitespace)
            guard try read(":") else { throw Fail(reason: .invalidConfigVariableSyntax) }
            skip(while: \.isWhitespace)
            value = skip { Self.nameCharacters.contains($0) }
            skip(while: \.isWhitespace)
            guard try read(state.close) else { throw Fail(reason: .invalidConfigVariableSyntax) }
        } catch {
            throw Fail(reason: .invalidConfigVariableSyntax)
        }
        guard !name.isEmpty, !value.isEmpty else { throw Fail(reason: .invalidConfigVariableSyntax) }
        guard name == "CONTENT_TYPE", ["HTML", "TEXT", FastHTMLEscaping.name].contains(value) else {
            throw Fail(reason: .unrecognisedConfigVariable)
        }
        return value != "TEXT"
    }

    // MARK: The template

    /// The nodes up to the end of the section `state` is in (its closing tag read), or of the text.
    private mutating func parse(_ initial: State) throws(Fail) -> [TemplateNode] {
        var nodes: [TemplateNode] = []
        var state = initial
        var indent = ""  // the spaces and tabs that start the line, until a tag decides where they go
        func flushIndent() {
            if !indent.isEmpty { nodes.append(.text(indent)) }
            indent = ""
        }
        while !atEnd {
            if state.newLine { lineStart(&state, indent: &indent) }
            let text = try readText(state)
            if current.isNewline {
                nodes.append(.text(indent + text + String(current)))
                state.newLine = true
                position += 1
                continue
            }
            if !text.isEmpty {
                nodes.append(.text(indent + text))
                indent = ""
                state.newLine = false
            }
            if atEnd { break }
            var alone = false
            switch current {
            case "#", "^":
                let inverted = current == "^"
                position += 1
                let (name, transforms) = try readName(state)
                if standalone(state) { alone = true } else { flushIndent() }
                let content = try parse(state.entering(name, newLine: alone, transforms: transforms))
                nodes.append(.section(TemplateName(name, transforms: transforms), content, inverted: inverted))
            case "/":
                position += 1
                let start = position
                let (name, transforms) = try readName(state)
                guard name == state.section, transforms == state.sectionTransforms else {
                    position = start
                    throw Fail(reason: .sectionCloseNameIncorrect)
                }
                if !standalone(state) { flushIndent() }
                return nodes
            case "!":
                position += 1
                try skipComment(state)
                alone = standalone(state)
            case "{", "&":
                let triple = current == "{"
                flushIndent()
                position += 1
                let (name, transforms) = try readName(state)
                if triple, !(try read("}")) { throw Fail(reason: .unfinishedName) }
                nodes.append(.variable(TemplateName(name, transforms: transforms), escaped: false))
            case ">":
                alone = try parsePartial(state, indent: indent, into: &nodes)
                indent = ""
            case "<":
                alone = try parseParent(state, indent: indent, into: &nodes)
                indent = ""
            case "$":
                alone = try parseBlock(state, indent: &indent, into: &nodes)
            case "=":
                position += 1
                state = try readDelimiters(state)
                alone = standalone(state)
            case "%":
                position += 1
                nodes.append(.escaping(try readPragma(state)))
                alone = standalone(state)
            default:
                flushIndent()
                let (name, transforms) = try readName(state)
                nodes.append(.variable(TemplateName(name, transforms: transforms), escaped: true))
            }
            state.newLine = alone
        }
        guard state.section == nil else { throw Fail(reason: .expectedSectionEnd) }
        return nodes
    }

    /// Reads the spaces and tabs that start a line into `indent`; inside `{{<parent}}`, the first line's indentation
    /// is taken off every line of a block.
    private mutating func lineStart(_ state: inout State, indent: inout String) {
        let spaces = skip { $0 == " " || $0 == "\t" }
        guard state.inOverride, !state.overrideTop else {
            indent = spaces
            return
        }
        if let first = state.overrideIndent {
            indent = String(spaces.dropFirst(first))
        } else {
            state.overrideIndent = spaces.count
        }
    }

    /// `{{>name}}` or `{{>*name}}`: a partial, indented as its tag when the tag stands alone on its line. Returns
    /// whether it does.
    private mutating func parsePartial(
        _ state: State, indent: String, into nodes: inout [TemplateNode]
    ) throws(Fail) -> Bool {
        position += 1
        skip(while: \.isWhitespace)
        let dynamic = current == "*"
        if dynamic { position += 1 }
        let name = try readPartialName(state)
        if !indent.isEmpty { nodes.append(.text(indent)) }
        let alone = standalone(state)
        let partial: PartialName = dynamic ? .dynamic(TemplateName(name, transforms: [])) : .fixed(name)
        nodes.append(.partial(partial, indentation: alone ? indent : nil, overrides: nil))
        return alone
    }

    /// `{{<parent}}...{{/parent}}`: a partial with the blocks it overrides. Returns whether the tag stands alone.
    private mutating func parseParent(
        _ state: State, indent: String, into nodes: inout [TemplateNode]
    ) throws(Fail) -> Bool {
        position += 1
        skip(while: \.isWhitespace)
        let written = try readPartialName(state)
        if !indent.isEmpty { nodes.append(.text(indent)) }
        let alone = standalone(state)
        var inner = state
        (inner.section, inner.sectionTransforms) = (written, [])
        (inner.newLine, inner.inOverride, inner.overrideTop) = (true, true, true)
        var overrides: [String: [TemplateNode]] = [:]
        for node in try parse(inner) {
            switch node {
            case .blockDefinition(let name, let content): overrides[name] = content
            case .text: break
            default: throw Fail(reason: .illegalTokenInsideInheritSection)
            }
        }
        let partial: PartialName =
            written.first == "*" ? .dynamic(TemplateName(String(written.dropFirst()), transforms: [])) : .fixed(written)
        nodes.append(.partial(partial, indentation: indent, overrides: overrides))
        return alone
    }

    /// `{{$name}}...{{/name}}`: inside a parent, the block it overrides; elsewhere a block with its default content.
    /// Returns whether the tag stands alone.
    private mutating func parseBlock(
        _ state: State, indent: inout String, into nodes: inout [TemplateNode]
    ) throws(Fail) -> Bool {
        position += 1
        let (name, transforms) = try readName(state)
        guard transforms.isEmpty else { throw Fail(reason: .transformAppliedToInheritanceSection) }
        if state.overrideTop {
            let alone = standalone(state)
            nodes.append(.blockDefinition(name, try parse(state.entering(name, newLine: alone))))
            return alone
        }
        if !indent.isEmpty { nodes.append(.text(indent)) }
        let alone = standalone(state)
        let defaults = try parse(state.entering(name, newLine: alone))
        nodes.append(.block(name, defaults: defaults, indentation: indent))
        indent = ""
        return alone
    }
}
