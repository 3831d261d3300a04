/// The pages defined in Swift rather than written as Markdown: a program's own (`BuildOptions.pages`, bound pages)
/// and the API reference's, which are defined the same way. Each replaces the page of its URL.
struct ProgramPages: Sendable {
    /// Every page defined, by source (`SourceID.program`).
    private(set) var definitions: [SourceID: SitePage] = [:]
    /// Those of `definitions` the API reference made.
    private(set) var fromReference: Set<SourceID> = []
    /// What the API reader said when it last made the reference.
    private(set) var referenceWarnings: [Diagnostic] = []
    /// How long the toolchain took then, to say so.
    private(set) var toolchainSeconds: Double?

    /// The definition of `source`; nil for a page no program defines.
    subscript(source: SourceID) -> SitePage? { definitions[source] }

    /// Whether a page a program defines has something to edit in the preview.
    var hasEditing: Bool { definitions.values.contains { $0.editing != nil } }

    /// The program's own pages, without the reference's, sorted by URL.
    var ownPages: [SitePage] {
        definitions.values.filter { !fromReference.contains($0.source) }.sorted { $0.url < $1.url }
    }

    /// Takes pages a program defines, each replacing the one of its URL.
    mutating func define(_ pages: [SitePage]) {
        for page in pages { definitions[page.source] = page }
    }

    /// Takes the reference made anew (nil without `api:`) in place of the last one and returns the sources of the
    /// pages it no longer makes, which are no longer defined.
    @discardableResult
    mutating func takeReference(_ reference: APIReference?) -> Set<SourceID> {
        let sources = Set((reference?.pages ?? []).map(\.source))
        let gone = fromReference.subtracting(sources)
        for source in gone { definitions[source] = nil }
        define(reference?.pages ?? [])
        (fromReference, referenceWarnings, toolchainSeconds) = (
            sources, reference?.warnings ?? [], reference?.toolchainSeconds
        )
        return gone
    }

    /// The page at `source` loaded: from its definition, else from its Markdown file, with what is wrong in it.
    func load(_ source: SourceID, with loader: ContentLoader) throws(SectionSiteError) -> (LoadedPage, [Diagnostic]) {
        if let definition = definitions[source] { return loader.loadReportingProblems(definition) }
        return try loader.loadReportingProblems(SourcePath(source.description))  // a Markdown file's path
    }
}
