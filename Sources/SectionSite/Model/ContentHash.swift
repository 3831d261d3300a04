/// A stable 64-bit FNV-1a hash of text: the same bytes give the same hash in every process and on every machine,
/// which Swift's own `Hasher` (seeded per process) does not.
public struct ContentHash: Sendable {
    private var state: UInt64 = 0xcbf2_9ce4_8422_2325

    /// A fresh hash.
    public init() {}

    /// Feeds the UTF-8 bytes of `text`.
    ///
    /// - Complexity: O(n) in the length of `text`.
    public mutating func combine(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var hash = state
            for byte in bytes {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            }
            state = hash
        }
    }

    /// The hash as 16 lowercase hex digits.
    public var hex: String {
        let digits = String(state, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The first `count` hex digits: short names for versions and blocks.
    public func prefix(_ count: Int) -> String { String(hex.prefix(count)) }

    /// The hash of one string.
    public static func of(_ text: String) -> ContentHash {
        var hash = ContentHash()
        hash.combine(text)
        return hash
    }
}
