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
