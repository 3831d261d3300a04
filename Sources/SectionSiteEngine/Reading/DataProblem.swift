/// What is wrong in a data file (`Data/menu.yml`, `Data/menu.csv`) or between two of them, each kind's words written
/// here once.
enum DataProblem: Problem {
    case sameName(String), recordNotAMap, badRecordID, recordWithoutID, duplicateRecord(String)
    case noHeaderLine, wrongFieldCount(Int, header: Int), emptyRowID, unreadableCSV(String)

    var message: String {
        switch self {
        case .sameName(let name): "two data files are named '\(name)': give one another name"
        case .recordNotAMap: "a record must be a map of fields with an 'id'"
        case .badRecordID: "a record's 'id' must be a string or a number"
        case .recordWithoutID: "record has no 'id'"
        case .duplicateRecord(let id): "duplicate record id '\(id)'"
        case .noHeaderLine: "a CSV data file needs a header line naming its columns"
        case .wrongFieldCount(let count, let header):
            "this row has \(count) field\(count == 1 ? "" : "s"), the header line \(header)"
        case .emptyRowID: "this row's 'id' is empty"
        case .unreadableCSV(let error): "the CSV does not read: \(error)"
        }
    }
}
