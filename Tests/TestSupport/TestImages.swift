import Foundation

/// Pictures for tests: made here for the edit series (a PNG of any size and colour, deterministic), and the
/// fixtures of `Fixtures/Images/` for what only a real camera file has (an EXIF orientation and GPS position) or
/// what must be broken in a particular way (cut short, a header that declares 50,000 x 50,000 pixels).
package enum TestImages {
    package static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Images")

    package static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: fixtures.appendingPathComponent(name))
    }

    /// A PNG of `width` x `height` whose colours follow `seed`: RGB, the pixels in stored (uncompressed) deflate
    /// blocks, so no compression library is needed to write it.
    package static func png(width: Int, height: Int, seed: Int) -> Data {
        var raw: [UInt8] = []
        raw.reserveCapacity((width * 3 + 1) * height)
        for y in 0..<height {
            raw.append(0)  // no filter
            for x in 0..<width {
                raw += [
                    UInt8((x * 7 + seed * 40) & 255), UInt8((y * 5 + seed * 90) & 255),
                    UInt8((x + y + seed * 13) & 255),
                ]
            }
        }
        var zlib: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, raw.count - offset)
            let last: UInt8 = offset + count == raw.count ? 1 : 0
            zlib += [last, UInt8(count & 255), UInt8(count >> 8), UInt8(~count & 255), UInt8((~count >> 8) & 255)]
            zlib += raw[offset..<offset + count]
            offset += count
        } while offset < raw.count
        var (a, b): (UInt32, UInt32) = (1, 0)
        for byte in raw {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        zlib += bigEndian((b << 16) | a)
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 2, 0, 0, 0])
        png += chunk("IDAT", zlib)
        png += chunk("IEND", [])
        return Data(png)
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 255), UInt8((value >> 8) & 255), UInt8(value & 255)]
    }

    private static func chunk(_ kind: String, _ body: [UInt8]) -> [UInt8] {
        let typed = Array(kind.utf8) + body
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in typed {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return bigEndian(UInt32(body.count)) + typed + bigEndian(~crc)
    }
}
