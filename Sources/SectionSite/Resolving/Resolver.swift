import Foundation

/// Fills in collections (`from:`) and splits paginated lists: loaded pages in, output pages out.
struct Resolver {
    /// Every published page, sorted by path.
    var pages: [LoadedPage]
    /// The site's settings, for links.
    var config: SiteConfig
    /// The site folder, to check that collection folders exist.
    var site: URL

    /// The output pages of one loaded page: one, or one per slice of its paginated section.
    func instances(of loaded: LoadedPage) throws -> [PageInstance] {
        var sections: [PageSection] = []
        var paginated: (index: Int, size: Int)?
        var itemPlaces: [String: SourceLocation] = [:]
        for spec in loaded.page.sections {
            var items: [PageItem]
            switch spec.content {
            case .items(let specs):
                items = try specs.map { item in
                    guard let cell = item.cell ?? spec.cell else {
                        throw SectionSiteError(
                            "item '\(item.id)' has no cell kind: give it 'cell:' or give its section one",
                            at: item.location)
                    }
                    return PageItem(
                        id: item.id, cell: cell, fields: item.fields, bodyHTML: loaded.itemBodies[item.id],
                        location: item.location, sourceHash: nil)
                }
            case .collection(let query):
                items = try collection(query, of: spec, in: loaded.page)
                if let size = query.paginate {
                    if paginated != nil {
                        throw SectionSiteError("only one section of a page may paginate", at: spec.location)
                    }
                    paginated = (sections.count, size)
                }
            }
            // A page listed by two collections of one page (the latest posts, and the posts of a tag) is two cells:
            // the later one is keyed by its section too.
            for index in items.indices where items[index].sourceHash != nil && itemPlaces[items[index].id] != nil {
                items[index].id = "\(spec.id):\(items[index].id)"
            }
            for item in items {
                if let earlier = itemPlaces[item.id] {
                    throw SectionSiteError(
                        "duplicate item id '\(item.id)'", at: item.location,
                        notes: [.init(location: earlier, message: "item '\(item.id)' first given here")])
                }
                itemPlaces[item.id] = item.location
            }
            sections.append(PageSection(spec: spec, items: items))
        }
        guard let (index, size) = paginated else {
            return [
                PageInstance(
                    source: loaded, url: loaded.page.url, sections: sections, pagination: nil,
                    inputs: inputs(loaded, sections, pagination: nil))
            ]
        }
        let all = sections[index].items
        let total = max(1, (all.count + size - 1) / size)
        let urls = (1...total).map { $0 == 1 ? loaded.page.url : "\(loaded.page.url)page/\($0)/" }
        return (1...total).map { number in
            var slice = sections
            slice[index].items = Array(all[min(all.count, (number - 1) * size)..<min(all.count, number * size)])
            let pagination = Pagination(current: number, total: total, urls: urls)
            return PageInstance(
                source: loaded, url: urls[number - 1], sections: slice, pagination: pagination,
                inputs: inputs(loaded, slice, pagination: pagination))
        }
    }

    /// The hash of what an output page is made from; collection items stand for their pages' files.
    private func inputs(_ loaded: LoadedPage, _ sections: [PageSection], pagination: Pagination?) -> String {
        var hash = ContentHash()
        hash.combine(loaded.sourceHash)
        if let pagination { hash.combine("\(pagination.current)/\(pagination.total)") }
        for section in sections {
            guard case .collection = section.spec.content else { continue }
            for item in section.items { hash.combine(item.sourceHash ?? item.id) }
            hash.combine("|")
        }
        return hash.hex
    }

    private func collection(_ query: CollectionQuery, of spec: SectionSpec, in page: Page) throws -> [PageItem] {
        if query.from != "." {
            var isFolder: ObjCBool = false
            let folder = site.appendingPathComponent("Content").appendingPathComponent(query.from)
            guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
                throw SectionSiteError(
                    "collection folder 'Content/\(query.from)/' does not exist", at: spec.location)
            }
        }
        guard let cell = spec.cell else {
            throw SectionSiteError("section '\(spec.id)' lists pages but has no 'cell:' to draw them", at: spec.location)
        }
        let tagSlugs = Set(query.tags.map(Slug.of))
        var members = pages.indices.filter { index in
            let member = pages[index]
            guard !member.page.isIndex, member.page.url != page.url else { return false }
            let folder = member.page.folder
            guard query.from == "." || folder == query.from || folder.hasPrefix(query.from + "/") else { return false }
            return tagSlugs.isEmpty || member.tagSlugs.contains(where: tagSlugs.contains)
        }
        members.sort { Self.ordered(pages[$0], pages[$1], by: query.sort) }
        if let limit = query.limit { members = Array(members.prefix(limit)) }
        return members.map { index in
            let member = pages[index]
            let page = member.page
            var fields = page.frontMatter
            fields["url"] = .string(page.url)
            fields["link"] = .string(config.link(page.url))
            fields["title"] = .string(page.title)
            fields["summary"] = .string(member.summary)
            fields["tags"] = .list(page.tags.map { .string($0) })
            if let date = page.date {
                fields["date"] = .string(date.isoDate)
                fields["dateDisplay"] = .string(date.display)
            }
            return PageItem(
                id: page.url, cell: cell, fields: fields, bodyHTML: nil, location: spec.location, sourceHash: member.sourceHash)
        }
    }

    /// Whether a page with collections lists pages of `folder` (so a change there may change it).
    static func lists(_ page: LoadedPage, folder: String) -> Bool {
        page.collectionFolders.contains { from in from == "." || folder == from || folder.hasPrefix(from + "/") }
    }

    /// The collection order; ties fall back to the URL so the order never depends on the file system.
    static func ordered(_ a: LoadedPage, _ b: LoadedPage, by sort: CollectionQuery.Sort) -> Bool {
        switch sort {
        case .date, .newestFirst:
            let (left, right) = (a.page.date, b.page.date)
            if left != right {
                guard let left else { return false }
                guard let right else { return true }
                return sort == .date ? left < right : right < left
            }
        case .title:
            let (left, right) = (a.page.title.lowercased(), b.page.title.lowercased())
            if left != right { return left < right }
        case .weight:
            let (left, right) = (a.page.weight, b.page.weight)
            if left != right {
                guard let left else { return false }
                guard let right else { return true }
                return left < right
            }
        }
        return a.page.url < b.page.url
    }
}
