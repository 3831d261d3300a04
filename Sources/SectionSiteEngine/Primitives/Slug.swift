/// URL-safe names made from text, the way GitHub makes heading ids: letters and digits lowercased, spaces and `-`
/// become `-`, `_` is kept, anything else is dropped. Heading ids and tag URLs are both made this way, so a tag
/// reads in its URL as a heading does in its anchor.
package enum Slug {
    /// The slug of `text`; empty when it has no letter, digit, space, `-` or `_`.
    package static func of(_ text: String) -> String {
        // Tags and headings are mostly lowercase ASCII words already: those need no Unicode lookups.
        if text.utf8.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D || $0 == 0x5F }
        ) {
            return text
        }
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII (most headings: capitals and spaces), byte by byte: the same as below, without a string a letter.
            var slug: [UInt8] = []
            slug.reserveCapacity(text.utf8.count)
            for byte in text.utf8 {
                switch byte {
                case 0x61...0x7A, 0x30...0x39, 0x5F: slug.append(byte)
                case 0x41...0x5A: slug.append(byte + 0x20)
                case 0x20, 0x2D: slug.append(0x2D)
                default: continue
                }
            }
            return String(decoding: slug, as: UTF8.self)
        }
        return scalarSlug(text)
    }

    /// `of(_:)` scalar by scalar, for any text.
    static func scalarSlug(_ text: String) -> String {
        var slug = ""
        for scalar in text.unicodeScalars {
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                slug += String(scalar).lowercased()
            } else if scalar == " " || scalar == "-" {
                slug += "-"
            } else if scalar == "_" {
                slug += "_"
            }
        }
        return slug
    }
}
