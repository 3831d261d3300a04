import Foundation

/// Where a build that renders each page once keeps the pages' bodies between loading and rendering: a scratch file
/// in `.sectionsite/`, unlinked as soon as it is opened (so it goes with the process, however that ends), each
/// body appended once and read back once. Every page's body in memory at once was the largest part of a big
/// site's peak memory (about 20 KB a page of the benchmark corpus, over a third of it).
///
/// A plain file rather than an embedded database: nothing is looked up by anything but the place it was written
/// at, nothing is updated, and nothing outlives the build, which is what a file does with no library at all.
package final class BodyStore: Sendable {
    /// Where one body is.
    struct Place: Sendable, Equatable {
        var offset: Int64
        var count: Int
    }

    private let descriptor: Int32
    private let end = Locked<Int64>(0)

    /// Opens a new scratch file in `folder` (made when missing).
    package init(folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // A name of its own (two sites of one folder may build at once in one process, as tests do), gone at once.
        var name = Array((folder.path + "/bodies-XXXXXX").utf8CString)
        descriptor = mkstemp(&name)
        guard descriptor >= 0, fcntl(descriptor, F_SETFD, FD_CLOEXEC) == 0 else {
            throw SectionSiteError("cannot make a scratch file in \(folder.path): \(String(cString: strerror(errno)))")
        }
        unlink(name)
    }

    deinit {
        close(descriptor)
    }

    /// Appends a body and says where it is.
    func store(_ blocks: [Markdown.Block]) throws -> Place {
        var record = RecordWriter()
        record.list(blocks) { record, block in
            record.bool(block.isRawHTML)
            record.string(block.html)
        }
        return try append(record.bytes)
    }

    /// The body stored at `place`.
    func blocks(at place: Place) throws -> [Markdown.Block] {
        try read(place) { record in
            try record.list { record in
                let isRawHTML = try record.bool()
                return Markdown.Block(html: try record.string(), isRawHTML: isRawHTML)
            }
        }
    }

    /// Appends a page's search text and says where it is.
    func store(text: String) throws -> Place {
        var record = RecordWriter()
        record.string(text)
        return try append(record.bytes)
    }

    /// The search text stored at `place`.
    func text(at place: Place) throws -> String {
        try read(place) { try $0.string() }
    }

    /// Appends a page's links and says where they are.
    func store(links: [LoadedPage.Link]) throws -> Place {
        var record = RecordWriter()
        record.list(links) { record, link in
            record.string(link.destination)
            record.string(link.written)
            record.location(link.location)
        }
        return try append(record.bytes)
    }

    /// The links stored at `place`.
    func links(at place: Place) throws -> [LoadedPage.Link] {
        try read(place) { record in
            try record.list { record in
                LoadedPage.Link(destination: try record.string(), written: try record.string(), location: try record.location())
            }
        }
    }

    private func append(_ bytes: [UInt8]) throws -> Place {
        let offset = end.withLock { end in
            defer { end += Int64(bytes.count) }
            return end
        }
        try bytes.withUnsafeBytes { buffer in
            var done = 0
            while done < buffer.count {
                let written = pwrite(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset) + off_t(done))
                guard written > 0 else {
                    throw SectionSiteError("cannot write a scratch file in .sectionsite/: \(String(cString: strerror(errno)))")
                }
                done += written
            }
        }
        return Place(offset: offset, count: bytes.count)
    }

    private func read<T>(_ place: Place, _ decode: (inout RecordReader) throws -> T) throws -> T {
        var bytes = [UInt8](repeating: 0, count: place.count)
        try bytes.withUnsafeMutableBytes { buffer in
            var done = 0
            while done < buffer.count {
                let read = pread(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(place.offset) + off_t(done))
                guard read > 0 else {
                    throw SectionSiteError("cannot read a scratch file in .sectionsite/: \(String(cString: strerror(errno)))")
                }
                done += read
            }
        }
        return try bytes.withUnsafeBytes { buffer in
            var record = RecordReader(bytes: buffer)
            return try decode(&record)
        }
    }
}

/// A page's body kept in a `BodyStore`.
struct StoredBody: Sendable {
    let store: BodyStore
    let place: BodyStore.Place

    /// The body.
    func blocks() throws -> [Markdown.Block] {
        try store.blocks(at: place)
    }
}

/// A page's search text and links kept in a `BodyStore`, each a record of its own: the search index reads the text
/// and the link check the links, once every page is rendered (2 to 3 KB a page of the benchmark corpus held until
/// then).
struct StoredTextAndLinks: Sendable {
    let store: BodyStore
    let text: BodyStore.Place, links: BodyStore.Place

    /// Stores a page's text and links.
    init(text: String, links: [LoadedPage.Link], in store: BodyStore) throws {
        (self.store, self.text, self.links) = (store, try store.store(text: text), try store.store(links: links))
    }

    /// The text and the links. The scratch file was written by this process and is open until it ends: a failure
    /// to read it back is the disk's, and a build that went on would write a wrong index or check.
    func readText() -> String { Self.read { try store.text(at: text) } }
    func readLinks() -> [LoadedPage.Link] { Self.read { try store.links(at: links) } }

    private static func read<T>(_ body: () throws -> T) -> T {
        do {
            return try body()
        } catch {
            fatalError("\(error)")
        }
    }
}
