import CSV
import Foundation
import Yams

/// One file of `Data/`: its records, when it is a list of them (what a section's `data:` draws as items), and its
/// whole value, which templates see as `site.data.<name>`.
struct DataFile: Sendable, Equatable {
    /// One record: its identity, its optional cell kind, its other fields, and where it is written.
    struct Record: Sendable, Equatable {
        /// Unique in the file.
        var id: String
        /// The cell kind, over the section's.
        var cell: String?
        /// The cell's data: every field but `id` and `cell`.
        var fields: [String: Value]
        /// Where the record starts.
        var location: SourceLocation
    }

    /// The file name without its extension (`menu` for `Data/menu.csv`).
    var name: String
    /// The file, relative to the site.
    var path: SourcePath
    /// The records, when the file is a list of maps (a CSV file always is); nil otherwise.
    var records: [Record]?
    /// The whole file as templates see it.
    var value: Value
    /// A hash of the file's text.
    var hash: ContentDigest

    /// The extensions read, in the order a name is looked for.
    static let extensions = ["yml", "yaml", "json", "csv"]

    /// Every data file of the site, by name; two files of one name (`menu.csv`, `menu.yml`) are an error.
    static func loadAll(site: URL) throws -> [String: DataFile] {
        var files: [String: DataFile] = [:]
        let folder = site.appendingPathComponent("Data")
        for file in FileTree.files(under: folder).sorted() {
            let ext = (file as NSString).pathExtension.lowercased()
            guard extensions.contains(ext), !file.contains("/") else { continue }
            let path = SourcePath("Data/\(file)")
            let data = try parse(SourceText.read(folder.appendingPathComponent(file), path: path.rawValue), path: path)
            if let other = files[data.name] {
                let note = Diagnostic.Note(
                    location: SourceLocation(other.path), message: "'\(data.name)' is this file too")
                throw DataProblem.sameName(data.name).error(at: SourceLocation(path), notes: [note])
            }
            files[data.name] = data
        }
        return files
    }

    /// Parses one data file's text.
    static func parse(_ text: String, path: SourcePath) throws -> DataFile {
        let name = ((path.rawValue as NSString).lastPathComponent as NSString).deletingPathExtension
        let hash = ContentHash.of(text).digest
        if (path.rawValue as NSString).pathExtension.lowercased() == "csv" {
            guard let records = try csv(text, path: path) else {
                return DataFile(name: name, path: path, records: nil, value: try plainCSV(text, path: path), hash: hash)
            }
            let value = Value.list(
                records.map { record in
                    var fields = record.fields
                    fields["id"] = .string(record.id)
                    if let cell = record.cell { fields["cell"] = .string(cell) }
                    return .map(fields)
                })
            return DataFile(name: name, path: path, records: records, value: value, hash: hash)
        }
        let yaml = YAMLReader(path: path, firstLine: 1)
        guard let root = try yaml.compose(text) else {
            return DataFile(name: name, path: path, records: nil, value: .null, hash: hash)
        }
        guard case .sequence(let list) = root else {
            return DataFile(name: name, path: path, records: nil, value: yaml.value(root), hash: hash)
        }
        // A list none of whose entries has an `id` (names, a team, a table from Jekyll or Hugo) is data for
        // templates only: `site.data` sees it whole; a section cannot draw it as items.
        let identified = try list.contains { node in
            guard case .mapping = node else { return false }
            return try yaml.entries(node, what: "a record").contains { $0.0 == "id" }
        }
        guard identified else {
            return DataFile(name: name, path: path, records: nil, value: yaml.value(root), hash: hash)
        }
        var records: [Record] = []
        var places: [String: SourceLocation] = [:]
        for node in list {
            guard case .mapping = node else { throw DataProblem.recordNotAMap.error(at: yaml.location(node)) }
            var record = Record(id: "", cell: nil, fields: [:], location: yaml.location(node))
            var idNode: Node?
            for (key, value, _) in try yaml.entries(node, what: "a record") {
                switch key {
                case "id":
                    idNode = value
                    guard let id = yaml.value(value).scalarText, !id.isEmpty else {
                        throw DataProblem.badRecordID.error(at: yaml.location(value))
                    }
                    record.id = id
                case "cell": record.cell = try yaml.string(value, key: key)
                default: record.fields[key] = yaml.value(value)
                }
            }
            guard let idNode else { throw DataProblem.recordWithoutID.error(at: record.location) }
            try check(record.id, at: yaml.location(idNode), places: &places)
            records.append(record)
        }
        return DataFile(name: name, path: path, records: records, value: yaml.value(root), hash: hash)
    }

    /// The rows of a CSV file with a header line, as records; nil when the header has no `id` column.
    private static func csv(_ text: String, path: SourcePath) throws -> [Record]? {
        let reader = try DataProblem.attempt({ _ in .noHeaderLine }, at: SourceLocation(path)) {
            try CSVReader(string: text, hasHeaderRow: true)
        }
        let header = reader.headerRow ?? []
        guard let idColumn = header.firstIndex(of: "id") else { return nil }
        // CSV.swift does not say where a row is: lines are counted here, a row taking one line more for each line
        // break inside its quoted fields.
        var line = 2 + header.reduce(0) { $0 + $1.count(where: \.isNewline) }
        var records: [Record] = []
        var places: [String: SourceLocation] = [:]
        while let row = reader.next() {
            defer { line += 1 + row.reduce(0) { $0 + $1.count(where: \.isNewline) } }
            if row.count == 1 && row[0].isEmpty { continue }  // a blank line
            guard row.count == header.count else {
                throw DataProblem.wrongFieldCount(row.count, header: header.count).error(
                    at: SourceLocation(path, line: line, column: 1))
            }
            let location = Self.place(of: idColumn, in: row, line: line, path: path)
            guard !row[idColumn].isEmpty else { throw DataProblem.emptyRowID.error(at: location) }
            var record = Record(
                id: row[idColumn], cell: nil, fields: [:], location: SourceLocation(path, line: line, column: 1))
            for (key, field) in zip(header, row) where key != "id" {
                if key == "cell" {
                    record.cell = field.isEmpty ? nil : field
                } else {
                    record.fields[key] = .string(field)
                }
            }
            try check(record.id, at: location, places: &places)
            records.append(record)
        }
        if let error = reader.error {
            throw DataProblem.unreadableCSV("\(error)").error(at: SourceLocation(path, line: line, column: 1))
        }
        return records
    }

    /// The rows of a CSV file without an `id` column, as maps from its header's names, for `site.data`.
    private static func plainCSV(_ text: String, path: SourcePath) throws -> Value {
        let reader = try DataProblem.attempt({ _ in .noHeaderLine }, at: SourceLocation(path)) {
            try CSVReader(string: text, hasHeaderRow: true)
        }
        let header = reader.headerRow ?? []
        var rows: [Value] = []
        while let row = reader.next() {
            if row.count == 1 && row[0].isEmpty { continue }
            rows.append(.map(Dictionary(zip(header, row.map(Value.string))) { first, _ in first }))
        }
        return .list(rows)
    }

    /// Where field `index` of a row starting at `line` begins, from the fields before it as they were written: a
    /// field with a comma, a quote or a line break was quoted (its quotes doubled); CSV.swift keeps no positions.
    private static func place(of index: Int, in row: [String], line: Int, path: SourcePath) -> SourceLocation {
        var (line, column) = (line, 1)
        for field in row[..<index] {
            let quoted = field.contains { $0 == "," || $0 == "\"" || $0.isNewline }
            let raw = quoted ? "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : field
            if let last = raw.lastIndex(where: \.isNewline) {
                line += raw.count(where: \.isNewline)
                column = raw.distance(from: raw.index(after: last), to: raw.endIndex) + 2
            } else {
                column += raw.count + 1
            }
        }
        return SourceLocation(path, line: line, column: column)
    }

    private static func check(_ id: String, at location: SourceLocation, places: inout [String: SourceLocation]) throws
    {
        if let earlier = places[id] {
            throw DataProblem.duplicateRecord(id).error(
                at: location, notes: [.init(location: earlier, message: "record '\(id)' first given here")])
        }
        places[id] = location
    }
}
