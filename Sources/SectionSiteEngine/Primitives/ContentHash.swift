import Foundation

/// A stable 64-bit hash of text: the same bytes give the same hash in every process and on every machine, which
/// Swift's own `Hasher` (seeded per process) does not. FNV-1a's multiply-xor step taken over 8-byte words, then
/// a final mix, so a 10 KB page costs about 1,300 steps rather than 10,000.
struct ContentHash: Sendable {
    private var state: UInt64 = 0xcbf2_9ce4_8422_2325

    /// A fresh hash.
    init() {}

    /// Feeds the UTF-8 bytes of `text`.
    ///
    /// - Complexity: O(n) in the length of `text`.
    mutating func combine(_ text: String) {
        var text = text
        text.withUTF8 { combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// Feeds one word: another hash's `value`, say, without making text of it.
    mutating func combine(word: UInt64) {
        state = ((state ^ word) &* 0x0000_0100_0000_01b3) ^ 8
        state ^= state >> 29
    }

    /// Feeds raw bytes (a picture's file).
    ///
    /// - Complexity: O(n) in the number of bytes.
    mutating func combine(bytes raw: UnsafeRawBufferPointer) {
        var hash = state
        let words = Self.mixWords(raw, into: &hash)
        Self.mixBytes(raw[words...], into: &hash)
        state = hash ^ UInt64(raw.count)
    }

    /// Feeds a file's bytes from `descriptor`'s position to its end, `chunk` bytes at a time, so that a large
    /// file is never held whole; the hash is the one `combine(bytes:)` gives for the same bytes in one buffer
    /// (the names of files made from pictures stay what they were). Each chunk is handed to `each` as it is read
    /// (a copy writes it out: the file is read once for both). Returns the number of bytes fed, or nil when a read
    /// fails.
    ///
    /// - Complexity: O(n) in the file's length; `chunk` bytes of memory.
    mutating func combine(fileDescriptor descriptor: Int32, chunk: Int = 1 << 20) -> Int64? {
        combine(fileDescriptor: descriptor, chunk: chunk) { _ in }
    }

    /// The same, handing each chunk to `each` as it is read.
    mutating func combine(
        fileDescriptor descriptor: Int32, chunk: Int = 1 << 20, each: (UnsafeRawBufferPointer) throws -> Void
    ) rethrows -> Int64? {
        precondition(chunk > 0 && chunk % 8 == 0, "a chunk holds whole words, so that words never straddle two")
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 8)
        defer { buffer.deallocate() }
        var hash = state
        var total: Int64 = 0
        while true {
            // Fill the chunk whole (a read may return less), so that only the last one ends in loose bytes.
            var filled = 0
            while filled < chunk {
                let count = read(descriptor, buffer.baseAddress! + filled, chunk - filled)
                if count < 0 {
                    if errno == EINTR { continue }
                    return nil
                }
                if count == 0 { break }
                filled += count
            }
            let bytes = UnsafeRawBufferPointer(rebasing: buffer[..<filled])
            try each(bytes)
            let words = Self.mixWords(bytes, into: &hash)
            Self.mixBytes(bytes[words...], into: &hash)
            total += Int64(filled)
            if filled < chunk { break }
        }
        state = hash ^ UInt64(truncatingIfNeeded: total)
        return total
    }

    /// Mixes in every whole 8-byte word of `raw`; returns the offset after the last.
    private static func mixWords(_ raw: UnsafeRawBufferPointer, into hash: inout UInt64) -> Int {
        var offset = 0
        while offset + 8 <= raw.count {
            hash =
                (hash ^ UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
                &* 0x0000_0100_0000_01b3
            hash ^= hash >> 29
            offset += 8
        }
        return offset
    }

    /// Mixes in loose bytes, one at a time.
    private static func mixBytes(_ raw: Slice<UnsafeRawBufferPointer>, into hash: inout UInt64) {
        for byte in raw { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
    }

    /// The hash after a final mix so that every bit depends on every byte.
    var value: UInt64 {
        var mixed = state
        mixed = (mixed ^ (mixed >> 33)) &* 0xff51_afd7_ed55_8ccd
        mixed = (mixed ^ (mixed >> 33)) &* 0xc4ce_b9fe_1a85_ec53
        return mixed ^ (mixed >> 33)
    }

    /// `value` as 16 lowercase hex digits.
    var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The first `count` hex digits: short names for versions and blocks.
    func prefix(_ count: Int) -> String { String(hex.prefix(count)) }

    /// The hash of a file's bytes, read a chunk at a time (a picture is never held whole to be hashed); nil when
    /// it cannot be read.
    static func ofFile(_ path: String) -> ContentHash? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var hash = ContentHash()
        guard hash.combine(fileDescriptor: descriptor) != nil else { return nil }
        return hash
    }

    /// The hash of one string.
    static func of(_ text: String) -> ContentHash {
        var hash = ContentHash()
        hash.combine(text)
        return hash
    }
}

/// What `ContentHash` gives: 64 bits that stand for some text or bytes, written as 16 hex digits where a record, a
/// version or a file name shows them. A type of its own, so that no other text passes for a hash.
package struct ContentDigest: Hashable, Sendable, CustomStringConvertible {
    /// The 64 bits.
    package let value: UInt64

    package init(_ value: UInt64) { self.value = value }

    /// The digest that 16 hex digits write; nil for any other text.
    package init?(hex: String) {
        guard hex.utf8.count == 16, let value = UInt64(hex, radix: 16) else { return nil }
        self.value = value
    }

    /// 16 lowercase hex digits, as `ContentHash.hex` writes them.
    package var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    package var description: String { hex }
}

extension ContentHash {
    /// The hash's digest.
    var digest: ContentDigest { ContentDigest(value) }
}
