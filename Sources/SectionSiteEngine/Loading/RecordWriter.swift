import Foundation

/// Appends fields to a byte buffer.
struct RecordWriter {
    private(set) var bytes: [UInt8] = []

    /// Hands the bytes to `write` and empties the buffer, once it holds a megabyte or more.
    mutating func drain(to write: ([UInt8]) throws -> Void) rethrows {
        guard bytes.count >= 1 << 20 else { return }
        try write(bytes)
        bytes.removeAll(keepingCapacity: true)
    }

    /// Writes a record file through a temporary one renamed into place, so it is never half-written; `encode`
    /// hands its bytes over a megabyte or so at a time (a record of 200,000 pages is about a gigabyte, which a
    /// build must not hold at once).
    static func save(_ target: URL, _ encode: (([UInt8]) throws -> Void) throws -> Void) throws {
        let temporary = target.appendingPathExtension("tmp")
        try FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil),
            let handle = FileHandle(forWritingAtPath: temporary.path)
        else { throw StorageProblem.cannotWrite(temporary.path, reason: SystemReason.ofLastCall).error() }
        defer { try? handle.close() }
        try encode { try handle.write(contentsOf: $0) }
        guard rename(temporary.path, target.path) == 0 else {
            throw StorageProblem.cannotReplace(target.path, reason: SystemReason.ofLastCall).error()
        }
    }

    mutating func int(_ value: Int) {
        withUnsafeBytes(of: Int64(value).littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    /// Bytes another writer wrote, as they are.
    mutating func append(_ written: [UInt8]) { bytes.append(contentsOf: written) }

    /// A count, then the numbers as 4 little-endian bytes each, in one copy on a little-endian machine.
    mutating func uint32s(_ values: [UInt32]) {
        int(values.count)
        #if _endian(little)
        values.withUnsafeBytes { bytes.append(contentsOf: $0) }
        #else
        for value in values { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
        #endif
    }

    mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            int(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    mutating func optional<T>(_ value: T?, _ write: (inout RecordWriter, T) -> Void) {
        bool(value != nil)
        if let value { write(&self, value) }
    }

    mutating func list<T>(_ values: [T], _ write: (inout RecordWriter, T) throws -> Void) rethrows {
        int(values.count)
        for value in values { try write(&self, value) }
    }

    /// Keys sorted, so the same snapshot is the same bytes.
    mutating func map<Key: LosslessStringConvertible & Comparable, T>(
        _ values: [Key: T], _ write: (inout RecordWriter, T) -> Void
    ) {
        int(values.count)
        for key in values.keys.sorted() {
            string(key.description)
            write(&self, values[key]!)
        }
    }

    mutating func stamp(_ stamp: FileStamp) {
        int(Int(stamp.size))
        int(Int(stamp.modified))
    }

    mutating func date(_ date: PageDate) {
        for part in [date.year, date.month, date.day, date.hour, date.minute, date.second, date.offset] { int(part) }
    }

    mutating func location(_ location: SourceLocation) {
        string(location.file)
        int(location.line)
        int(location.column)
    }

    mutating func value(_ value: Value) {
        switch value {
        case .string(let text):
            bytes.append(0)
            string(text)
        case .int(let number):
            bytes.append(1)
            int(number)
        case .double(let number):
            bytes.append(2)
            int(Int(bitPattern: UInt(number.bitPattern)))
        case .bool(let flag):
            bytes.append(3)
            bool(flag)
        case .null:
            bytes.append(4)
        case .list(let values):
            bytes.append(5)
            list(values) { $0.value($1) }
        case .map(let fields):
            bytes.append(6)
            map(fields) { $0.value($1) }
        }
    }
}
