/// What is wrong in a data file (`Data/menu.yml`, `Data/menu.csv`) or between two of them, each kind's words written
/// here once.
enum DataProblem: Problem {
    /// Two data files of one name (`menu.yml` and `menu.csv`).
    case sameName(String)
    /// A record of a YAML or JSON list that is not a map.
    case recordNotAMap
    /// A record whose `id` is neither a string nor a number.
    case badRecordID
    /// A record without an `id`.
    case recordWithoutID
    /// An id given to two records (a note points at the first).
    case duplicateRecord(String)
    /// A CSV file without a header line.
    case noHeaderLine
    /// A CSV row with more or fewer fields than the header.
    case wrongFieldCount(Int, header: Int)
    /// A CSV row with an empty `id`.
    case emptyRowID
    /// CSV that does not parse.
    case unreadableCSV(String)

    var identified: (id: Diagnostic.ID, message: String) {
        switch self {
        case .sameName(let name): ("data.same-name", "two data files are named '\(name)': give one another name")
        case .recordNotAMap: ("data.record-not-a-map", "a record must be a map of fields with an 'id'")
        case .badRecordID: ("data.bad-record-id", "a record's 'id' must be a string or a number")
        case .recordWithoutID: ("data.record-without-id", "record has no 'id'")
        case .duplicateRecord(let id): ("data.duplicate-record", "duplicate record id '\(id)'")
        case .noHeaderLine: ("data.no-header-line", "a CSV data file needs a header line naming its columns")
        case .wrongFieldCount(let count, let header):
            ("data.wrong-field-count", "this row has \(count) field\(count == 1 ? "" : "s"), the header line \(header)")
        case .emptyRowID: ("data.empty-row-id", "this row's 'id' is empty")
        case .unreadableCSV(let error): ("data.unreadable-csv", "the CSV does not read: \(error)")
        }
    }
}
