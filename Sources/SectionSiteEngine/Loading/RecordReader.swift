import Foundation

/// Reads fields back; any read past the end or of a malformed field throws.
struct RecordReader {
    struct Malformed: Error {}

    let bytes: UnsafeRawBufferPointer
    private var offset = 0

    init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    /// How many bytes have been read.
    var position: Int { offset }

    /// Where the value of type `type` at the reader's position is, read past without being made.
    mutating func place<Value: Recorded>(of type: Value.Type) throws -> BodyStore.Place {
        let start = offset
        try Value.skip(&self)
        return BodyStore.Place(offset: Int64(start), count: offset - start)
    }

    /// Reads past a string without making it.
    mutating func skipString() throws {
        _ = try take(try int())
    }

    private mutating func take(_ count: Int) throws -> UnsafeRawBufferPointer {
        guard count >= 0, offset + count <= bytes.count else { throw Malformed() }
        defer { offset += count }
        return UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count])
    }

    mutating func int() throws -> Int {
        Int(Int64(littleEndian: try take(8).loadUnaligned(as: Int64.self)))
    }

    mutating func byte() throws -> UInt8 { try take(1)[0] }

    mutating func bool() throws -> Bool { try byte() != 0 }

    /// Numbers written by `RecordWriter.uint32s`.
    mutating func uint32s() throws -> [UInt32] {
        let count = try int()
        guard count >= 0, count <= (bytes.count - offset) / 4 else { throw Malformed() }
        let raw = try take(count * 4)
        return [UInt32](unsafeUninitializedCapacity: count) { buffer, initialized in
            for index in 0..<count {
                buffer[index] = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self))
            }
            initialized = count
        }
    }

    mutating func string() throws -> String {
        String(decoding: try take(try int()), as: UTF8.self)
    }

    /// A content digest, written as its 16 hex digits.
    mutating func digest() throws -> ContentDigest {
        guard let digest = ContentDigest(hex: try string()) else { throw Malformed() }
        return digest
    }

    mutating func optional<T>(_ read: (inout RecordReader) throws -> T) throws -> T? {
        try bool() ? try read(&self) : nil
    }

    mutating func list<T>(_ read: (inout RecordReader) throws -> T) throws -> [T] {
        let count = try int()
        guard count >= 0, count <= bytes.count - offset else { throw Malformed() }
        var values: [T] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try read(&self)) }
        return values
    }

    mutating func map<Key: LosslessStringConvertible, T>(_ read: (inout RecordReader) throws -> T) throws -> [Key: T] {
        let count = try int()
        guard count >= 0, count <= bytes.count - offset else { throw Malformed() }
        var values: [Key: T] = [:]
        values.reserveCapacity(count)
        for _ in 0..<count {
            guard let key = Key(try string()) else { throw Malformed() }
            values[key] = try read(&self)
        }
        return values
    }

    mutating func stamp() throws -> FileStamp {
        FileStamp(size: Int64(try int()), modified: Int64(try int()))
    }

    mutating func date() throws -> PageDate {
        let parts = try (0..<6).map { _ in try int() }
        guard var date = PageDate(parts: parts) else { throw Malformed() }
        date.offset = try int()
        return date
    }

    mutating func location(_: Void = ()) throws -> SourceLocation {
        var location = SourceLocation(file: try string())
        location.line = try int()
        location.column = try int()
        return location
    }

    mutating func value() throws -> Value {
        switch try byte() {
        case 0: return .string(try string())
        case 1: return .int(try int())
        case 2: return .double(Double(bitPattern: UInt64(UInt(bitPattern: try int()))))
        case 3: return .bool(try bool())
        case 4: return .null
        case 5: return .list(try list { try $0.value() })
        case 6: return .map(try map { try $0.value() })
        default: throw Malformed()
        }
    }
}
