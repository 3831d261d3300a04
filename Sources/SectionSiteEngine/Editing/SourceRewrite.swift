/// Writes an `ItemEdit` back into the text of the file that holds the item, changing only the text of the items
/// concerned: every other byte, comments and formatting included, stays as it was.
package enum SourceRewrite {
    /// `text`, the file at `path` (`Content/....md` or `Data/....yml`), with `edit` applied to its item, which is in
    /// `list`.
    ///
    /// The result is read back with the engine's own readers and must be the old file's model with the edit made to
    /// it, or nothing is returned.
    ///
    /// - Throws: `SectionSiteError` at `path` when the item or list is not found, or when the file's shape cannot be
    ///   rewritten without touching other text; the file is then left as it was.
    package static func apply(_ edit: ItemEdit, from list: ItemList, to text: String, path: SourcePath) throws -> String
    {
        let isPage = path.isMarkdown
        let ext = path.rawValue.split(separator: ".").last.map { $0.lowercased() } ?? ""
        // A byte-order mark stays where it is, out of every list and out of the readers (as `SourceText` reads files).
        if text.unicodeScalars.first == "\u{FEFF}" {
            return "\u{FEFF}" + (try apply(edit, from: list, to: String(text.unicodeScalars.dropFirst()), path: path))
        }
        var bytes = Array(text.utf8)
        var format: ValueText.Format = ext == "csv" ? .csv : ext == "json" ? .json : .yaml
        var (region, firstLine, appended) = (0..<bytes.count, 1, [UInt8]())
        if isPage {
            let split = try FrontMatter.split(text, path: path)
            guard !split.yaml.isEmpty else { throw EditProblem.wrongList(list.name, path: path).error(at: .file(path)) }
            format = [FrontMatter.Format.yaml: .yaml, .toml: .toml, .json: .json][split.format]!
            let start = split.format == .json ? 0 : (bytes.firstIndex(of: 10) ?? 0) + 1
            (region, firstLine) = (start..<start + split.yaml.utf8.count, split.yamlFirstLine)
            guard region.upperBound <= bytes.count, bytes[region].elementsEqual(split.yaml.utf8) else {
                throw EditProblem.shape("its front matter is not where it was expected").error(at: .file(path))
            }
        } else if DataFile.extensions.contains(ext) {
            if let last = bytes.last, last != 10 {  // the lines of the last item end like every other; taken off after
                appended = EditText(bytes).newline
                bytes += appended
                region = 0..<bytes.count
            }
        } else {
            throw EditProblem.notEditable(path: path).error(at: .file(path))
        }
        let source = EditText(Array(bytes[region]))
        let lists: any ItemLists =
            switch format {
            case .csv: try CSVItems(source, path: path)
            case .toml:
                try TOMLItems(source, model: try model(of: text, path: path).front, path: path, firstLine: firstLine)
            case .yaml, .json: try YAMLItems(source, format: format, path: path, firstLine: firstLine)
            }
        let from = try lists.spans(list)
        let itemLine = SourceLocation(
            path, line: source.line(of: try from.span(of: edit.item, path: path).lowerBound) + firstLine - 1)
        var value: Value?
        let splices: [Splice]
        switch edit {
        case .move(let item, let to, let before):
            splices = try from.move(
                item, to: to == list ? from : try lists.spans(to), before: before, in: source, path: path)
        case .delete(let item):
            splices = try from.delete(item, in: source, path: path)
        case .set(let item, let field, let typed):
            let (splice, written) = try lists.set(item, field: field, to: typed, in: list)
            (splices, value) = ([splice], written)
        }
        bytes.replaceSubrange(region, with: source.bytes.spliced(splices))
        if !appended.isEmpty, bytes.count >= appended.count, bytes.suffix(appended.count).elementsEqual(appended) {
            bytes.removeLast(appended.count)
        }
        let result = String(decoding: bytes, as: UTF8.self)
        try check(result, against: text, edit: edit, from: list, value: value, path: path, at: itemLine)
        return result
    }
}
