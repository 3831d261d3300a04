/// A page rendered to its final HTML, with the version that names this content.
public struct RenderedPage: Sendable, Equatable {
    /// The page's URL, its identity.
    public var url: String
    /// The source file, relative to the site.
    public var path: String
    /// The whole document.
    public var html: String
    /// A hash of the rendered content: the version the patch feed and the runtime speak of.
    public var version: String
    /// The page's title.
    public var title: String
    /// The page's date, when it has one.
    public var date: PageDate?
    /// The summary text.
    public var summary: String
    /// The templates this page used (`layouts/page`, `cells/card`, ...), for the unused-template warning.
    public var templatesUsed: Set<String>
    /// The animation of patches to this page: the page's own, else the site's.
    public var animation: AnimationConfiguration?
}
