/// A page's address on the site, percent-encoded, starting with `/` (`/`, `/posts/hello/`, `/fr/`, `/404.html`):
/// the identity of an output page. A type of its own, so that no file path or output path stands in for one.
package struct PageURL: StringIdentifier {
    /// The address as links write it.
    package let rawValue: String

    package init(rawValue: String) { self.rawValue = rawValue }
}
