/// A version of a page: the hash of its rendered document (`1f2e3d4c5b6a`), which names its stored file, its patches
/// and what the runtime says it shows. A type of its own, so that no URL or path stands in for one.
package struct PageVersion: StringIdentifier, Codable {
    /// The hash as the feed and the page's `sectionsite-version` write it.
    package let rawValue: String

    package init(rawValue: String) { self.rawValue = rawValue }

    /// Whether it is a hash as a build writes one (lowercase hexadecimal digits): only such a version names a file
    /// in `.sectionsite/versions/`. A record or history restored from a cache could say anything, `../../x` too.
    var isHash: Bool {
        !rawValue.isEmpty && rawValue.utf8.count <= 64
            && rawValue.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
