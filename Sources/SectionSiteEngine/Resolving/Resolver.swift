import Foundation

/// Fills in collections (`from:`) and splits paginated lists: loaded pages in, output pages out.
struct Resolver {
    /// Every published page, sorted by path.
    var pages: ObjectList<LoadedPage>
    /// The tags of the pages by language, for tag filters.
    var tags: [LanguageCode: TagIndex]
    /// The pages that are translations of each other.
    var translations = TranslationIndex()
    /// The pages of the documentation's versions.
    var versions = VersionIndex()
    /// The files of `Data/`, by name.
    var data: [String: DataFile]
    /// The site's settings, for links.
    var config: SiteConfig
    /// The site folder, to check that collection folders exist.
    var site: URL
    /// Every collection in order: positions in `pages`, the listing page itself not left out, no limit applied.
    /// Kept from earlier rebuilds, and those of the pages to resolve that it lacks made first (`ordering(_:)`).
    var orders: [CollectionOrder.Key: [Int]] = [:]

    /// The resolver with the order of every collection `pages` list, those it lacks made on all cores: resolving
    /// then only reads them.
    func ordering(_ pages: [LoadedPage]) -> Resolver {
        var keys = Set<CollectionOrder.Key>()
        for page in pages {
            for spec in page.page.sections {
                if case .collection(let query) = spec.content {
                    keys.insert(CollectionOrder.Key(query, language: page.page.language))
                }
            }
        }
        let missing = Array(keys.filter { orders[$0] == nil })
        var resolver = self
        for (key, order) in zip(missing, missing.parallelMap { order(of: $0) }) { resolver.orders[key] = order }
        return resolver
    }

    /// The output pages of one loaded page: one, or one per slice of its paginated section. A slice's items wait
    /// as `PageInstance.pending` until `filled` makes them, as it is rendered; a slice for which
    /// `unchanged(url, inputs)` holds has none pending: it will not be rendered, and making the data of the items of
    /// every slice of a long list, for the one slice that an edit changed, would cost the live preview more than
    /// rendering that slice.
    func instances(
        of loaded: LoadedPage, unchanged: (PageURL, String) -> Bool = { _, _ in false }
    ) throws -> [PageInstance] {
        var sections: [PageSection] = []
        // The paginated section's pages and their item ids; its items are made slice by slice, for the slices
        // that will be rendered.
        var paginated: (index: Int, size: Int, members: [Int], ids: [String]?)?
        // Inline ids are unique in the page (the parser checks) and so are a collection's URLs: only a page with
        // more than one section can list a page twice.
        let checksIDs = loaded.page.sections.count > 1
        var itemPlaces: [String: SourceLocation] = [:]
        for spec in loaded.page.sections {
            var items: [PageItem] = []
            var ids: [String]
            switch spec.content {
            case .items(let specs):
                items = try specs.map { item in
                    guard let cell = item.cell ?? spec.cell else {
                        throw SectionProblem.itemWithoutCell(item.id).error(at: item.location)
                    }
                    return PageItem(
                        id: item.id, cell: cell, fields: item.fields, bodyHTML: loaded.itemBodies[item.id],
                        location: item.location, sourceHash: nil, html: item.html,
                        images: loaded.fieldImages[item.id] ?? [:])
                }
                ids = items.map(\.id)
            case .data(let name, let location):
                guard let file = data[name] else {
                    let known = data.keys.sorted().map { "'\($0)'" }.joined(separator: ", ")
                    throw SectionProblem.noDataFile(name, known: known).error(at: location)
                }
                guard let records = file.records else {
                    let why: String
                    if case .list = file.value {
                        why = file.path.rawValue.hasSuffix(".csv") ? "has no 'id' column" : "has no record with an 'id'"
                    } else {
                        why = "is not a list of records"
                    }
                    throw SectionProblem.dataNotRecords(path: file.path.rawValue, why: why, name: name).error(
                        at: location)
                }
                items = try records.map { record in
                    guard let cell = record.cell ?? spec.cell else {
                        throw SectionProblem.recordWithoutCell(record.id, section: spec.id).error(at: record.location)
                    }
                    return PageItem(
                        id: record.id, cell: cell, fields: record.fields, bodyHTML: nil, location: record.location,
                        sourceHash: nil)
                }
                ids = items.map(\.id)
            case .collection(let query):
                let members = try collection(query, of: spec, in: loaded.page)
                // A page listed by two collections of one page (the latest posts, and the posts of a tag) is two
                // cells: the later one is keyed by its section too. A page of one section keys each by its URL,
                // made as its slice is drawn: the ids of a long list, for the slice an edit changed, cost more
                // than the slice.
                ids =
                    checksIDs
                    ? members.map { position in
                        let url = pages[position].listing.url.rawValue
                        return itemPlaces[url] == nil ? url : "\(spec.id):\(url)"
                    } : []
                if let size = query.paginate {
                    if paginated != nil {
                        throw SectionProblem.paginatedTwice.error(at: spec.location)
                    }
                    paginated = (sections.count, size, members, checksIDs ? ids : nil)
                } else {
                    items = self.items(of: members[...], ids: checksIDs ? ids[...] : nil, in: spec)
                }
            }
            if checksIDs {
                for (offset, id) in ids.enumerated() {
                    let location = items.isEmpty ? spec.location : items[offset].location
                    if let earlier = itemPlaces[id] {
                        throw PageProblem.duplicateItem(id).error(
                            at: location, notes: [.init(location: earlier, message: "item '\(id)' first given here")])
                    }
                    itemPlaces[id] = location
                }
            }
            sections.append(PageSection(spec: spec, items: items))
        }
        let translations = translations.of(loaded.page, languages: config.languages)
        let versions = versions.links(of: loaded.page)
        guard let (index, size, members, ids) = paginated else {
            return [
                PageInstance(
                    source: loaded, url: loaded.page.url, sections: sections, pagination: nil,
                    inputs: inputs(
                        loaded, sections, pagination: nil, translations: translations, versions: versions),
                    translations: translations, versions: versions)
            ]
        }
        let total = max(1, (members.count + size - 1) / size)
        let urls = (1...total).map { $0 == 1 ? loaded.page.url : PageURL("\(loaded.page.url)page/\($0)/") }
        let links = urls.map(\.rawValue)  // one array every slice shares: a copy for each would cost slices squared
        return (1...total).map { number in
            let range = min(members.count, (number - 1) * size)..<min(members.count, number * size)
            let pagination = Pagination(current: number, total: total, urls: links)
            let inputs = inputs(
                loaded, sections, pagination: pagination, paginated: (index, members[range]),
                translations: translations,
                versions: versions)
            return PageInstance(
                source: loaded, url: urls[number - 1], sections: sections, pagination: pagination, inputs: inputs,
                translations: translations, versions: versions,
                pending: unchanged(urls[number - 1], inputs)
                    ? nil : .init(section: index, members: members[range], ids: ids?[range]))
        }
    }

    /// The instance with the items of its slice of a paginated section made, to be rendered.
    func filled(_ instance: PageInstance) -> PageInstance {
        guard let pending = instance.pending else { return instance }
        var instance = instance
        instance.sections[pending.section].items = items(
            of: pending.members, ids: pending.ids, in: instance.sections[pending.section].spec)
        instance.pending = nil
        return instance
    }

    /// The items that stand for a collection's members (positions in `pages`), keyed by `ids`, else by their URLs.
    private func items(of members: ArraySlice<Int>, ids: ArraySlice<String>?, in spec: SectionSpec) -> [PageItem] {
        members.indices.map { index in
            let member = pages[members[index]]
            return PageItem(
                id: ids?[index] ?? member.listing.url.rawValue, cell: spec.cell!, fields: fields(of: member),
                bodyHTML: nil,
                location: spec.location, sourceHash: member.sourceHash, images: member.fieldImages[""] ?? [:])
        }
    }

    /// The hash of what an output page is made from; collection items stand for their pages' files (for the
    /// paginated section, the pages of this slice).
    private func inputs(
        _ loaded: LoadedPage, _ sections: [PageSection], pagination: Pagination?,
        paginated: (index: Int, members: ArraySlice<Int>)? = nil, translations: [Translation],
        versions: [VersionLink] = []
    ) -> String {
        var hash = ContentHash()
        hash.combine(loaded.sourceHash.hex)
        for translation in translations { hash.combine("\u{1}\(translation.language)\u{1}\(translation.url)") }
        for link in versions {
            hash.combine("\u{2}\(link.version.name)\u{1}\(link.url)\u{1}\(link.exact)\u{1}\(link.news ?? "")")
            switch link.change {
            case nil: break
            case .added: hash.combine("\u{1}added")
            case .changed(let changes): hash.combine("\u{1}changed \(changes)")
            }
        }
        if let pagination { hash.combine("\(pagination.current)/\(pagination.total)") }
        for (index, section) in sections.enumerated() {
            if case .data(let name, _) = section.spec.content { hash.combine(data[name]?.hash.hex ?? "") }
            guard case .collection = section.spec.content else { continue }
            if let paginated, paginated.index == index {
                // Read in place: a long list's slices are hashed at every edit of one of its pages, and retaining
                // each member (which every core's lists share) cost more than the hashing.
                pages.withUnretained { pages in
                    for position in paginated.members {
                        hash.combine(word: pages[position]._withUnsafeGuaranteedRef(\.digest))
                    }
                }
            } else {
                for item in section.items { hash.combine(item.sourceHash?.hex ?? item.id) }
            }
            hash.combine("|")
        }
        return hash.hex
    }

    /// The pages a collection lists, in order, as positions in `pages`.
    private func collection(_ query: CollectionQuery, of spec: SectionSpec, in page: Page) throws -> [Int] {
        if query.from != "." {
            // In a language's folder: `from: posts` on a page of Content/fr/ lists Content/fr/posts/.
            let folders = config.languages.folders(page.language).map {
                $0.isEmpty ? query.from : $0 + "/" + query.from
            }
            let exists = folders.contains { folder in
                var isFolder: ObjCBool = false
                let path = config.versions.file(SourcePath("Content/" + folder), in: site.path)
                return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
            }
            guard exists else {
                throw SectionProblem.noCollectionFolder(folders.last!).error(at: spec.location)
            }
        }
        guard spec.cell != nil else {
            throw SectionProblem.collectionWithoutCell(spec.id).error(at: spec.location)
        }
        // The page itself is found by position: `pages` is sorted by path.
        let position = pages.partitioningIndex { $0.page.source >= page.source }
        let own = position < pages.count && pages[position].page.source == page.source ? position : -1
        let key = CollectionOrder.Key(query, language: page.language)
        let order = orders[key] ?? self.order(of: key)
        // The page itself is left out by position, then the limit applies.
        var members = own < 0 ? order : order.filter { $0 != own }
        if let limit = query.limit, members.count > limit { members.removeSubrange(limit...) }
        return members
    }

    /// The positions in `pages` of a collection's members, in order.
    private func order(of key: CollectionOrder.Key) -> [Int] {
        let tagged = key.tags.isEmpty ? nil : (tags[key.language]?.pages(tagged: Set(key.tags)) ?? [])
        let (all, from, under, language) = (key.from == ".", key.from, key.from + "/", key.language)
        // Read in place: copying a `Listing` (four strings) for each test and each comparison of a sort over
        // thousands of pages costs more than the tests and comparisons themselves.
        return pages.withUnretained { pages in
            var members = pages.indices.filter { index in
                pages[index]._withUnsafeGuaranteedRef { page in
                    guard !page.listing.isIndex, page.listing.language == language else { return false }
                    guard all || page.listing.folder == from || page.listing.folder.hasPrefix(under) else {
                        return false
                    }
                    return tagged.map { $0.contains(ObjectIdentifier(page)) } ?? true
                }
            }
            members.sort { a, b in
                pages[a]._withUnsafeGuaranteedRef { a in
                    pages[b]._withUnsafeGuaranteedRef { b in Self.ordered(a.listing, b.listing, by: key.sort) }
                }
            }
            return members
        }
    }

    /// What a collection item's cell sees of the page it stands for.
    private func fields(of member: LoadedPage) -> [String: Value] {
        let page = member.page
        var fields = page.frontMatter
        fields["url"] = .string(page.url.rawValue)
        fields["link"] = .string(config.link(page.url.rawValue))
        fields["title"] = .string(page.title)
        fields["summary"] = .string(member.summary)
        fields["tags"] = .list(page.tags.map { .string($0) })
        if let date = page.date {
            fields["date"] = .string(date.isoDate)
            fields["dateDisplay"] = .string(config.display(date, in: page.language))
        }
        return fields
    }

    /// Whether a page with collections lists pages of `folder` (so a change there may change it).
    static func lists(_ page: LoadedPage, folder: String) -> Bool {
        page.collectionFolders.contains { from in from == "." || folder == from || folder.hasPrefix(from + "/") }
    }

    /// The collection order; ties fall back to the URL so the order never depends on the file system.
    static func ordered(_ a: LoadedPage.Listing, _ b: LoadedPage.Listing, by sort: CollectionQuery.Sort) -> Bool {
        switch sort {
        case .date, .newestFirst:
            let (left, right) = (a.date, b.date)
            if left != right {
                guard let left else { return false }
                guard let right else { return true }
                return sort == .date ? left < right : right < left
            }
        case .title:
            let (left, right) = (a.sortTitle, b.sortTitle)
            if left != right { return left < right }
        case .weight:
            let (left, right) = (a.weight, b.weight)
            if left != right {
                guard let left else { return false }
                guard let right else { return true }
                return left < right
            }
        }
        return a.url < b.url
    }
}

/// A collection's members in order, kept from one rebuild to the next: an edit that changes no page's place in any
/// collection (its body, say) re-sorts nothing.
enum CollectionOrder {
    /// What a collection's order depends on: its folder, tags and sort (not its limit or pagination).
    struct Key: Hashable, Sendable {
        var from: String
        var tags: [String]
        var sort: CollectionQuery.Sort
        var language: LanguageCode

        init(_ query: CollectionQuery, language: LanguageCode) {
            from = query.from
            self.language = language
            tags = Set(query.tags.map(Slug.of)).sorted()
            sort = query.sort
        }
    }

    /// Whether a page's change from `old` to `new` (either nil: it came or went, or is a draft left out) may move
    /// it in, out of or within a collection: its listing (folder, URL, date, weight, title) or its tags changed.
    static func moves(_ old: LoadedPage?, _ new: LoadedPage?) -> Bool {
        guard let old, let new else { return old !== new }
        return old.listing != new.listing || old.tagSlugs != new.tagSlugs
    }
}
