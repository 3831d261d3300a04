/// A version of a page: the hash of its rendered document (`1f2e3d4c5b6a`), which names its stored file, its patches
/// and what the runtime says it shows. A type of its own, so that no URL or path stands in for one.
package struct PageVersion: StringIdentifier, Codable {
    /// The hash as the feed and the page's `sectionsite-version` write it.
    package let rawValue: String

    package init(rawValue: String) { self.rawValue = rawValue }
}
