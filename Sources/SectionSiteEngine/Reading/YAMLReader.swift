import Yams

/// Reads YAML from a user file into `Value`s, keeping each node's place in the file for errors.
struct YAMLReader {
    /// The file, relative to the site.
    var path: String
    /// The file line of the YAML's first line.
    var firstLine: Int

    /// A reader of YAML in a file of the site.
    init(path: SourcePath, firstLine: Int) { self.init(path: path.rawValue, firstLine: firstLine) }

    init(path: String, firstLine: Int) { (self.path, self.firstLine) = (path, firstLine) }

    /// Parses `yaml`; syntax errors come back located in the file.
    func compose(_ yaml: String) throws -> Node? {
        try YAMLAliasBudget.check(yaml, from: SourceLocation(file: path, line: firstLine))
        do {
            // scalars are resolved by `value(_:)`, not by regexes
            return try Yams.compose(yaml: yaml, .basic, .default, .utf8)
        } catch {
            throw located(error, in: yaml)
        }
    }

    /// The place of a node in the file.
    func location(_ node: Node?) -> SourceLocation {
        guard let mark = node?.mark else { return SourceLocation(file: path, line: firstLine) }
        return SourceLocation(file: path, line: mark.line + firstLine - 1, column: mark.column)
    }

    /// A problem of the settings, or of a page, at a node.
    func error(_ problem: SettingsProblem, at node: Node?) -> SectionSiteError { problem.error(at: location(node)) }
    func error(_ problem: PageProblem, at node: Node?) -> SectionSiteError { problem.error(at: location(node)) }

    /// A node as a template value; scalars resolve as YAML 1.2's core schema (true/false, numbers, null).
    func value(_ node: Node) -> Value {
        switch node {
        case .scalar(let scalar):
            let text = scalar.string
            guard scalar.style == .plain else { return .string(text) }
            switch text {
            case "true", "True", "TRUE": return .bool(true)
            case "false", "False", "FALSE": return .bool(false)
            case "", "~", "null", "Null", "NULL": return .null
            default: break
            }
            if let number = Int(text) { return .int(number) }
            if text.first.map({ $0.isNumber || $0 == "-" || $0 == "." }) == true, let number = Double(text) {
                return .double(number)
            }
            return .string(text)
        case .mapping(let mapping):
            var fields: [String: Value] = [:]
            for (key, value) in mapping {
                fields[key.string ?? "\(key)"] = self.value(value)
            }
            return .map(fields)
        case .sequence(let sequence):
            return .list(sequence.map { self.value($0) })
        case .alias:
            return .null
        }
    }

    /// The entries of a mapping node in file order, or an error when the node is not a mapping.
    func entries(_ node: Node, what: String) throws -> [(key: String, node: Node, keyNode: Node)] {
        guard case .mapping(let mapping) = node else { throw FileProblem.notAMap(what: what).error(at: location(node)) }
        var seen: [String: Node] = [:]
        var result: [(key: String, node: Node, keyNode: Node)] = []
        for (keyNode, valueNode) in mapping {
            let key = keyNode.string ?? "\(keyNode)"
            if let earlier = seen[key] {
                throw SectionSiteError(FileProblem.duplicateKey(key, at: location(keyNode), first: location(earlier)))
            }
            seen[key] = keyNode
            result.append((key, valueNode, keyNode))
        }
        return result
    }

    /// A scalar node's text, or an error saying what was expected.
    func string(_ node: Node, key: String) throws -> String {
        guard case .scalar(let scalar) = node else { throw FileProblem.notOneValue(key: key).error(at: location(node)) }
        return scalar.string
    }

    /// A true/false node.
    func bool(_ node: Node, key: String) throws -> Bool {
        guard case .bool(let flag) = value(node) else {
            throw FileProblem.notTrueOrFalse(key: key).error(at: location(node))
        }
        return flag
    }

    /// An integer node.
    func int(_ node: Node, key: String) throws -> Int {
        guard case .int(let number) = value(node) else {
            throw FileProblem.notAWholeNumber(key: key).error(at: location(node))
        }
        return number
    }

    /// A list of strings, or a single string taken as a list of one.
    func strings(_ node: Node, key: String) throws -> [String] {
        switch node {
        case .scalar(let scalar): return scalar.string.isEmpty ? [] : [scalar.string]
        case .sequence(let sequence): return try sequence.map { try string($0, key: key) }
        default: throw FileProblem.notAStringList(key: key).error(at: location(node))
        }
    }

    private func located(_ error: any Error, in yaml: String) -> SectionSiteError {
        switch error as? YamlError {
        case .scanner(_, let problem, let mark, _)?, .parser(_, let problem, let mark, _)?,
            .composer(_, let problem, let mark, _)?:
            return FileProblem.invalidYAML(problem).error(
                at: SourceLocation(file: path, line: mark.line + firstLine - 1, column: mark.column))
        case .duplicatedKeysInMapping(let duplicates, let context)?:
            // libyaml names the mapping; the key given twice is the place to blame, and where it came first.
            let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
            let indent = context.mark.column - 1
            var errors: [Diagnostic] = []
            for key in duplicates.sorted() {
                let places = lines.indices.filter { index in
                    index >= context.mark.line - 1 && lines[index].prefix(indent).allSatisfy { $0 == " " }
                        && (lines[index].dropFirst(indent).hasPrefix(key + ":")
                            || lines[index].dropFirst(indent).hasPrefix("\"\(key)\":"))
                }
                let place = { (index: Int) in SourceLocation(file: path, line: index + firstLine, column: indent + 1) }
                errors.append(
                    places.count > 1
                        ? FileProblem.duplicateKey(key, at: place(places[1]), first: place(places[0]))
                        : FileProblem.duplicateKey(key).at(
                            SourceLocation(
                                file: path, line: context.mark.line + firstLine - 1, column: context.mark.column)))
            }
            return SectionSiteError(errors)
        default:
            return FileProblem.invalidYAML("\(error)").error(at: SourceLocation(file: path, line: firstLine))
        }
    }
}
