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

/// The rendered pages of a site's records, by URL: what builds, the preview and tests read.
package struct PageTable: Sendable {
    fileprivate let records: TreeDictionary<String, OutputRecord>

    init(_ records: TreeDictionary<String, OutputRecord>) {
        self.records = records
    }

    /// The page at a URL.
    package subscript(url: String) -> RenderedPage? { records[url]?.page }
    /// Every URL, in no order.
    package var keys: TreeDictionary<String, OutputRecord>.Keys { records.keys }
    /// Every page, in no order.
    package var values: LazyMapSequence<TreeDictionary<String, OutputRecord>.Values, RenderedPage> {
        records.values.lazy.map(\.page)
    }
    /// How many pages there are.
    package var count: Int { records.count }
    package var isEmpty: Bool { records.isEmpty }

    /// Each page made into a value, by URL.
    package func mapValues<Value>(_ transform: (RenderedPage) throws -> Value) rethrows -> [String: Value] {
        var values: [String: Value] = [:]
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
