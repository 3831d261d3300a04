/// An identifier that is a string underneath (a page URL, a page version, an output path), each its own type so
/// that none stands in for another. Compared, hashed and printed as its string: sorting identifiers sorts as their
/// strings did, and output stays the same bytes.
package protocol StringIdentifier: RawRepresentable<String>, Hashable, Comparable, Sendable, LosslessStringConvertible {
    init(rawValue: String)
}

extension StringIdentifier {
    package init(_ rawValue: String) { self.init(rawValue: rawValue) }

    package var description: String { rawValue }

    package static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}
