import SectionSiteEngine

/// Tests write a page's source as a build's record does: `Content/posts/a.md`, `swift:/menu/`, or a tag page's URL.
extension SourceID: ExpressibleByStringLiteral {
    public init(stringLiteral key: String) {
        self.init(recorded: key)
    }
}

/// Tests write a page's URL as a string: `/posts/a/`.
extension PageURL: ExpressibleByStringLiteral {
    public init(stringLiteral url: String) {
        self.init(url)
    }
}

extension RenderedPage {
    /// The document, for tests: one that cannot be read stops the test.
    package var html: String { try! document() }
}

/// Tests write a page's version as a string: `1f2e3d4c5b6a`.
extension PageVersion: ExpressibleByStringLiteral {
    public init(stringLiteral version: String) {
        self.init(version)
    }
}

/// Tests write an output path as a string: `posts/a/index.html`.
extension OutputPath: ExpressibleByStringLiteral {
    public init(stringLiteral path: String) {
        self.init(path)
    }
}
