import Foundation

/// The snapshot's file format: fields one after another, integers as 8 little-endian bytes, strings as a length and
/// their UTF-8 bytes. Tens of thousands of pages' records are read at the start of every incremental build, and a
/// JSON decoder took most of a no-change build (0.45 s for 10,000 pages); this takes a few tens of milliseconds.
extension SiteSnapshot {
    /// The snapshot as bytes, handed to `write` a megabyte or so at a time: at 200,000 pages the record is about
    /// a gigabyte, which a build must not hold at once.
    func encode(to write: ([UInt8]) throws -> Void) throws {
        var out = RecordWriter()
        out.string(format)
        out.string(maker)
        out.map(fingerprint) { $0.string($1) }
        out.map(templates) { $0.string($1) }
        // The pages' records made on all cores, a slice each, and written in order: a slice a core at a time, so that
        // the record is never held whole (at 10,000 pages one core took a tenth of a one-page build for them; sixteen
        // slices at a time on 2 cores held 13 MB more at the peak).
        out.int(pages.count)
        let slice = 256
        let slices = stride(from: 0, to: pages.count, by: slice).map { $0..<min($0 + slice, pages.count) }
        let batch = max(2, ProcessInfo.processInfo.activeProcessorCount)
        for start in stride(from: 0, to: slices.count, by: batch) {
            let made = try Array(slices[start..<min(start + batch, slices.count)]).parallelMap { range -> [UInt8] in
                var out = RecordWriter()
                // A page restored from the previous record and unchanged is its bytes there; consecutive ones, one
                // run of them (a one-page build at 10,000 pages wrote 10,000 records field by field for one).
                var run: LoadedPage.Recorded?
                for page in pages[range] {
                    if let recorded = page.recorded, let before = run, before.store === recorded.store,
                        before.place.offset + Int64(before.place.count) == recorded.place.offset
                    {
                        run!.place.count += recorded.place.count
                        continue
                    }
                    if let before = run { out.append(try before.store.bytes(of: before.place)) }
                    run = page.recorded
                    if run == nil { try Self.encode(page, to: &out) }
                }
                if let before = run { out.append(try before.store.bytes(of: before.place)) }
                return out.bytes
            }
            for bytes in made {
                out.append(bytes)
                try out.drain(to: write)
            }
        }
        try out.list(rendered) { out, page in
            out.string(page.url.rawValue)
            out.string(page.source.description)
            out.string(page.version.rawValue)
            out.string(page.inputs)
            out.list(page.templatesUsed) { $0.string($1) }
            out.optional(page.animation) { out, animation in
                for style in [
                    animation.insert.rawValue, animation.delete.rawValue, animation.reload.rawValue,
                    animation.move.rawValue,
                ] {
                    out.string(style)
                }
            }
            out.list(page.emptySections) { out, warning in
                out.location(warning.location ?? SourceLocation(file: page.source.description))
                out.string(warning.message)
            }
            try out.drain(to: write)
        }
        out.map(copies) { $0.stamp($1) }
        out.map(feed) { out, versions in out.list(versions) { $0.string($1.rawValue) } }
        out.list(indexes) { $0.string($1.rawValue) }
        out.string(self.out)
        out.optional(outStamp) { $0.stamp($1) }
        out.optional(outManifest) { $0.string($1) }
        out.int(Int(takenAt))
        try write(out.bytes)
    }

    /// One page's record.
    private static func encode(_ page: PageRecord, to out: inout RecordWriter) throws {
        out.string(page.source.description)
        out.stamp(page.stamp)
        out.string(page.sourceHash.hex)
        out.string(page.textHash.hex)
        out.string(page.url)
        out.string(page.folder)
        out.bool(page.isIndex)
        out.bool(page.isDraft)
        out.string(page.title)
        out.optional(page.date) { $0.date($1) }
        out.optional(page.weight) { $0.int($1) }
        out.list(page.tags) { $0.string($1) }
        out.list(page.aliases) { out, alias in
            out.string(alias.url)
            out.location(alias.location)
        }
        page.summary.write(to: &out)
        out.map(page.frontMatter) { $0.value($1) }
        out.list(page.collectionFolders) { $0.string($1) }
        out.list(page.fileLinks) { out, link in
            out.optional(link.link.target) { $0.string($1.rawValue) }
            out.string(link.link.destination)
            out.int(link.link.line)
            out.int(link.link.column)
            out.location(link.location)
        }
        out.list(page.linkedFiles) { out, lookup in
            out.string(lookup.path.rawValue)
            out.bool(lookup.found)
        }
        page.headings.write(to: &out)
        page.text.write(to: &out)
        out.list(page.unknownLanguages) { out, use in
            out.string(use.word)
            out.location(use.location)
        }
    }

    /// A snapshot from bytes, or nil when they are not one of this format.
    ///
    /// With `store`, a reader of the same bytes' file, each page's summary, headings and search text are left there
    /// and read back when needed (`Kept.stored`): at 200,000 pages they are 600 MB, which an incremental build held
    /// from start to end.
    static func decoded(_ data: Data, store: BodyStore? = nil) -> SiteSnapshot? {
        data.withUnsafeBytes { raw -> SiteSnapshot? in
            var input = RecordReader(bytes: raw)
            func kept<Value: Recorded>(_ type: Value.Type, _ input: inout RecordReader) throws -> Kept<Value> {
                guard let store else { return .held(try Value(from: &input)) }
                return .stored(store, try input.place(of: type))
            }
            do {
                guard try input.string() == format else { return nil }
                let maker = try input.string()
                let fingerprint: [String: String] = try input.map { try $0.string() }
                let templates: [String: String] = try input.map { try $0.string() }
                let pages = try input.list { input in
                    let start = input.position
                    var page = PageRecord(
                        source: SourceID(recorded: try input.string()), stamp: try input.stamp(),
                        sourceHash: try input.digest(),
                        textHash: try input.digest(),
                        url: try input.string(), folder: try input.string(), isIndex: try input.bool(),
                        isDraft: try input.bool(), title: try input.string(),
                        date: try input.optional { try $0.date() },
                        weight: try input.optional { try $0.int() }, tags: try input.list { try $0.string() },
                        aliases: try input.list { Page.Alias(url: try $0.string(), location: try $0.location()) },
                        summary: try kept(String.self, &input), frontMatter: try input.map { try $0.value() },
                        collectionFolders: try input.list { try $0.string() },
                        fileLinks: try input.list { input in
                            let target = try input.optional { SourcePath(try $0.string()) }
                            let link = Markdown.FileLink(
                                target: target, destination: try input.string(), line: try input.int(),
                                column: try input.int())
                            return LoadedPage.FileLink(link: link, location: try input.location())
                        },
                        linkedFiles: try input.list { input in
                            LinkTargets.FileLookup(SourcePath(try input.string()), found: try input.bool())
                        },
                        headings: try kept([Markdown.Heading].self, &input), text: try kept(String.self, &input),
                        unknownLanguages: try input.list { input in
                            LoadedPage.UnknownLanguage(word: try input.string(), location: try input.location())
                        })
                    if let store {
                        page.recorded = LoadedPage.Recorded(
                            store: store, place: BodyStore.Place(offset: Int64(start), count: input.position - start))
                    }
                    return page
                }
                let rendered = try input.list { input in
                    RenderedRecord(
                        url: PageURL(try input.string()), source: SourceID(recorded: try input.string()),
                        version: PageVersion(try input.string()),
                        inputs: try input.string(), templatesUsed: try input.list { try $0.string() },
                        animation: try input.optional { input in
                            typealias Style = AnimationConfiguration.Style
                            guard let insert = Style(rawValue: try input.string()),
                                let delete = Style(rawValue: try input.string()),
                                let reload = Style(rawValue: try input.string()),
                                let move = AnimationConfiguration.MoveStyle(rawValue: try input.string())
                            else { throw RecordReader.Malformed() }
                            return AnimationConfiguration(insert: insert, delete: delete, reload: reload, move: move)
                        },
                        emptySections: try input.list { input in
                            let location = try input.location()
                            return Diagnostic(
                                .warning, try input.string(), at: location, id: SiteProblem.emptySection(id: "").id)
                        })
                }
                return SiteSnapshot(
                    maker: maker, fingerprint: fingerprint, templates: templates, pages: pages, rendered: rendered,
                    copies: try input.map { try $0.stamp() },
                    feed: try input.map { input in try input.list { PageVersion(try $0.string()) } },
                    indexes: try input.list { OutputPath(try $0.string()) },
                    out: try input.string(), outStamp: try input.optional { try $0.stamp() },
                    outManifest: try input.optional { try $0.string() },
                    takenAt: Int64(try input.int()))
            } catch {
                return nil
            }
        }
    }

    /// The format and maker a record's first fields name, when they can be read (a record of format 8 or before
    /// names no maker).
    static func header(_ data: Data) -> (format: String?, maker: String?) {
        data.withUnsafeBytes { raw in
            var input = RecordReader(bytes: raw)
            guard let format = try? input.string() else { return (nil, nil) }
            guard format.hasPrefix("sectionsite-snapshot/"),
                (Int(format.dropFirst("sectionsite-snapshot/".count)) ?? 0) >= 9
            else { return (format, nil) }
            return (format, try? input.string())
        }
    }
}
