import HashTreeCollections

/// What the site keeps of one output page, by URL: the page as rendered, what it was made from, and the warnings
/// its making raised. One record instead of three maps by URL that had to change together.
package struct OutputRecord: Sendable {
    /// The page as rendered.
    var page: RenderedPage
    /// What it was made from (`PageInstance.inputs`, with navigation's when drawn): the same inputs again need
    /// no rendering.
    var inputs: String
    /// Sections of the page with no items, as warnings.
    var emptySections: [Diagnostic]
}

/// What a site outputs as pages: each URL's record, and the URLs each source makes, kept in step. No two sources
/// make one URL: a render claims the URLs of the sources it renders (`Claims`), checked as it settles.
struct OutputTable: Sendable {
    /// Every output page's record, by URL.
    private(set) var records: TreeDictionary<PageURL, OutputRecord> = [:]
    /// The URLs each source makes.
    private(set) var urls: TreeDictionary<SourceID, [PageURL]> = [:]
    /// How many pages each template drew, kept as records come and go: the preview's warnings ask after every
    /// edit which templates no page uses, and reading every record for it cost more than the edit.
    private(set) var templateUses: [String: Int] = [:]
    /// The URLs of the records that have empty sections, for the same reason.
    private(set) var withEmptySections: TreeSet<PageURL> = []

    /// What one render claims: the sources that make each URL (those rendered, and before them a source outside
    /// the render that holds it already), and the sources that no longer make some URLs they made.
    struct Claims {
        fileprivate var owners: [PageURL: [SourceID]] = [:]
        fileprivate var given: [(source: SourceID, urls: [PageURL])] = []
    }

    /// `source` makes `urls` now, in a render of the sources `rendering`.
    mutating func claim(_ urls: [PageURL], by source: SourceID, rendering: Set<SourceID>, in claims: inout Claims) {
        for url in urls {
            if claims.owners[url] == nil, let owner = records[url]?.page.source, !rendering.contains(owner) {
                claims.owners[url] = [owner]
            }
            if !(claims.owners[url]?.contains(source) ?? false) { claims.owners[url, default: []].append(source) }
        }
        if let before = self.urls[source], before != urls { claims.given.append((source, before)) }
        self.urls[source] = urls.isEmpty ? nil : urls
    }

    /// Keeps a page's record; says whether the page is new or its version changed.
    mutating func keep(_ record: OutputRecord) -> Bool {
        let changed = records[record.page.url]?.page.version != record.page.version
        set(record, at: record.page.url)
        return changed
    }

    /// Keeps a record of the previous build as it was.
    mutating func restore(_ record: OutputRecord) {
        set(record, at: record.page.url)
        urls[record.page.source, default: []].append(record.page.url)
    }

    /// Every change of `records` goes through here, to keep the counts beside it.
    private mutating func set(_ record: OutputRecord?, at url: PageURL) {
        let old = if let record { records.updateValue(record, forKey: url) } else { records.removeValue(forKey: url) }
        if let old {
            for name in old.page.templatesUsed {
                let left = templateUses[name, default: 0] - 1
                templateUses[name] = left > 0 ? left : nil
            }
            if !old.emptySections.isEmpty { withEmptySections.remove(url) }
        }
        if let record {
            for name in record.page.templatesUsed { templateUses[name, default: 0] += 1 }
            if !record.emptySections.isEmpty { withEmptySections.insert(url) }
        }
    }

    /// Ends a render: the URLs a source made before and makes no more are gone, unless another source makes them
    /// now. Returns them, sorted; throws when two sources make one URL.
    mutating func settle(_ claims: Claims) throws -> [PageURL] {
        var removed: [PageURL] = []
        for (source, before) in claims.given {
            let now = Set(urls[source] ?? [])
            for url in before where !now.contains(url) && claims.owners[url] == nil {
                removed.append(url)
                set(nil, at: url)
            }
        }
        try Self.checkUnique(claims.owners)
        return removed.sorted()
    }

    /// Checks that no two pages share a URL, given the sources that make each URL: an error at each page, naming
    /// the others (either may be the one to move).
    static func checkUnique(_ owners: [PageURL: [SourceID]]) throws {
        var errors: [Diagnostic] = []
        for (url, sources) in owners where sources.count > 1 {
            for source in sources {
                let others = sources.filter { $0 != source }
                let notes = others.map {
                    Diagnostic.Note(
                        location: SourceLocation(file: $0.description), message: "'\(url)' also comes from here")
                }
                errors.append(SiteProblem.urlTaken(url).at(SourceLocation(file: source.description), notes: notes))
            }
        }
        if !errors.isEmpty { throw SectionSiteError(inFileOrder: errors) }
    }
}

/// The rendered pages of a site's records, by URL: what builds, the preview and tests read.
package struct PageTable: Sendable {
    fileprivate let records: TreeDictionary<PageURL, OutputRecord>

    init(_ records: TreeDictionary<PageURL, OutputRecord>) {
        self.records = records
    }

    /// The page at a URL.
    package subscript(url: PageURL) -> RenderedPage? { records[url]?.page }
    /// Every URL, in no order.
    package var keys: TreeDictionary<PageURL, OutputRecord>.Keys { records.keys }
    /// Every page, in no order.
    package var values: LazyMapSequence<TreeDictionary<PageURL, OutputRecord>.Values, RenderedPage> {
        records.values.lazy.map(\.page)
    }
    /// How many pages there are.
    package var count: Int { records.count }
    package var isEmpty: Bool { records.isEmpty }

    /// Each page made into a value, by URL.
    package func mapValues<Value>(_ transform: (RenderedPage) throws -> Value) rethrows -> [PageURL: Value] {
        var values: [PageURL: Value] = [:]
        for (url, record) in records { values[url] = try transform(record.page) }
        return values
    }
}

extension PageTable: Equatable {
    /// The same URLs, each with the same page.
    package static func == (lhs: PageTable, rhs: PageTable) -> Bool {
        lhs.count == rhs.count && lhs.records.allSatisfy { url, record in rhs[url] == record.page }
    }
}
