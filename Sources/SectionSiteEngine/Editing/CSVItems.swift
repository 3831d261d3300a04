/// The records of a CSV data file as RFC 4180 writes them: a header line, then a record a line, where a quoted field
/// may hold commas, doubled quotes and line breaks.
struct CSVItems: ItemLists {
    var text: EditText
    var path: SourcePath
    /// The header's column names.
    private(set) var header: [String] = []
    /// Each record's lines (its line break included) and its fields' ranges.
    private(set) var records: [(span: Range<Int>, fields: [Range<Int>])] = []

    init(_ text: EditText, path: SourcePath) throws {
        (self.text, self.path) = (text, path)
        var start = 0
        while start < text.bytes.count {
            var (fields, field, index) = ([Range<Int>](), start, start)
            while index < text.bytes.count, text.bytes[index] != 10 {
                if index == field, text.bytes[index] == 34 {
                    index += 1  // to the quote that is not one of two
                    while index < text.bytes.count, text.bytes[index] != 34 || text.byte(index + 1) == 34 {
                        index += text.bytes[index] == 34 ? 2 : 1
                    }
                    guard index < text.bytes.count else {
                        throw EditProblem.shape("a quoted field is never closed").error(at: location(field))
                    }
                    index += 1
                } else if text.bytes[index] == 44 {
                    fields.append(field..<index)
                    (field, index) = (index + 1, index + 1)
                } else {
                    index += 1
                }
            }
            let lineEnd = index > field && text.bytes[index - 1] == 13 ? index - 1 : index
            fields.append(field..<lineEnd)
            let next = min(index + 1, text.bytes.count)
            if header.isEmpty && records.isEmpty {
                header = fields.map { Self.unquoted(text.bytes[$0]) }
            } else if !(fields.count == 1 && fields[0].isEmpty) {  // a blank line is no record, as the reader sees it
                records.append((start..<next, fields))
            }
            start = next
        }
    }

    /// The records as a list; `records` is the only list a CSV file has.
    func spans(_ list: ItemList) throws -> ElementSpans {
        guard list == .records else { throw EditProblem.wrongList("sections", path: path).error(at: .file(path)) }
        guard let id = header.firstIndex(of: "id") else {
            throw EditProblem.noColumn("id", header: header, path: path).error(at: .file(path))
        }
        let ids = records.map { $0.fields.count > id ? Self.unquoted(text.bytes[$0.fields[id]]) : "" }
        return ElementSpans(
            layout: .lines(indent: 0), ids: ids, spans: records.map(\.span),
            end: records.last?.span.upperBound ?? text.bytes.count, name: list.name)
    }

    /// The splice that sets column `field` of `item` to `typed`, and the value it will read back as.
    func set(_ item: String, field: String, to typed: String, in list: ItemList) throws -> (Splice, Value) {
        let spans = try spans(list)
        let span = try spans.span(of: item, path: path)
        guard let column = header.firstIndex(of: field) else {
            throw EditProblem.noColumn(field, header: header, path: path).error(at: location(span.lowerBound))
        }
        let fields = records[spans.ids.firstIndex(of: item)!].fields
        guard column < fields.count else {
            throw EditProblem.shape("the record of '\(item)' has too few fields").error(at: location(span.lowerBound))
        }
        let written = ValueText(typed, old: .string(""), format: .csv)
        return (Splice(range: fields[column], bytes: Array(written.text.utf8)), written.value)
    }

    private func location(_ offset: Int) -> SourceLocation { SourceLocation(path, line: text.line(of: offset)) }

    private static func unquoted(_ field: ArraySlice<UInt8>) -> String {
        let text = String(decoding: field, as: UTF8.self)
        guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") else { return text }
        return String(text.dropFirst().dropLast()).replacing("\"\"", with: "\"")
    }
}
