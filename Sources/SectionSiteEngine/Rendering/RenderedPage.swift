import Foundation

/// A page rendered to its final HTML, with the version that names this content.
///
/// A class with constant properties, so that keeping every page of a large site in a map, as the live preview
/// does, copies references rather than fields.
package final class RenderedPage: Sendable, Equatable {
    /// The page's URL, its identity.
    package let url: PageURL
    /// What the page is made from.
    package let source: SourceID
    /// The whole document: in memory, or read from the file it was stored in (`stored(in:)`); empty for a page
    /// restored from the record. A stored document that cannot be read is an error, never an empty page.
    package func document() throws(SectionSiteError) -> String {
        if let text { return text }
        guard let file = storedFile else { return "" }
        do {
            return try String(contentsOfFile: file, encoding: .utf8)
        } catch {
            throw StorageProblem.cannotRead("the page \(url) kept in \(file)", reason: SystemReason.of(error)).error()
        }
    }
    /// The document, unless it was stored in a file.
    private let text: String?
    /// The file holding the document, for a page a build stored on disk (`PageStore`) rather than in memory.
    var storedFile: String? { store?.file(version) }
    /// The store of a page a build stored on disk: its file is named by the version (a URL each took 400 bytes a
    /// page, held to the end of a build).
    private let store: PageStore?
    /// A hash of the rendered content: the version the patch feed and the runtime speak of.
    package let version: PageVersion
    /// The page's title.
    package let title: String
    /// The page's date, when it has one.
    let date: PageDate?
    /// The summary text, as its source page keeps it.
    package var summary: String { keptSummary.value }
    let keptSummary: Kept<String>
    /// The templates this page used (`layouts/page`, `cells/card`, ...), for the unused-template warning.
    package let templatesUsed: Set<String>
    /// The animation of patches to this page: the page's own, else the site's.
    package let animation: AnimationConfiguration?
    /// False for a page restored from the previous build's record, whose HTML is in the previous output only
    /// (`document()` is empty then).
    package let isComplete: Bool

    /// Creates a rendered page.
    init(
        url: PageURL, source: SourceID, html: String, version: PageVersion, title: String, date: PageDate?,
        summary: Kept<String>,
        templatesUsed: Set<String>, animation: AnimationConfiguration?, isComplete: Bool = true, store: PageStore? = nil
    ) {
        self.url = url
        self.source = source
        self.text = store == nil ? html : nil
        self.store = store
        self.version = version
        self.title = title
        self.date = date
        self.keptSummary = summary
        self.templatesUsed = templatesUsed
        self.animation = animation
        self.isComplete = isComplete
    }

    /// The same page: the version names the document, which is not read.
    package static func == (lhs: RenderedPage, rhs: RenderedPage) -> Bool {
        lhs === rhs
            || (lhs.url == rhs.url && lhs.version == rhs.version && lhs.text == rhs.text && lhs.source == rhs.source
                && lhs.title == rhs.title && lhs.date == rhs.date && lhs.summary == rhs.summary
                && lhs.templatesUsed == rhs.templatesUsed && lhs.animation == rhs.animation
                && lhs.isComplete == rhs.isComplete)
    }
}
