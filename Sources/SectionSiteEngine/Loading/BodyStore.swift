import Foundation

/// Where a build that renders each page once keeps what of its pages only a few stages read (`Kept`): a scratch
/// file in `.sectionsite/`, unlinked as soon as it is opened (so it goes with the process, however that ends), each
/// part appended once and read back by the stages that need it (a body once, a summary by each list that shows
/// it). Every page's body in memory at once was the largest part of a big site's peak memory (about 20 KB a page
/// of the benchmark corpus, over a third of it).
///
/// A plain file rather than an embedded database: nothing is looked up by anything but the place it was written
/// at, nothing is updated, and nothing outlives the build, which is what a file does with no library at all.
package final class BodyStore: Sendable {
    /// Where one part is.
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
            throw StorageProblem.noScratchFile(folder: folder.path, reason: SystemReason.ofLastCall).error()
        }
        unlink(name)
    }

    /// Opens `file` to read parts another build wrote (the record of the previous build, `SiteSnapshot`), or
    /// nil when it cannot be opened. Nothing is appended to it.
    package init?(reading file: URL) {
        descriptor = open(file.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
    }

    /// Whether `file` is the file this store reads: the same file system's same file.
    func reads(_ file: URL) -> Bool {
        var mine = stat(), theirs = stat()
        return fstat(descriptor, &mine) == 0 && stat(file.path, &theirs) == 0 && mine.st_dev == theirs.st_dev
            && mine.st_ino == theirs.st_ino
    }

    deinit {
        close(descriptor)
    }

    /// Values to append in one write: a page's five parts were five writes, a million system calls at 200,000
    /// pages.
    struct Batch {
        fileprivate var record = RecordWriter()
        fileprivate var spans: [(start: Int, count: Int)] = []

        /// Adds a value and says which of the batch's places will be its.
        mutating func add<Value: Recorded>(_ value: Value) -> Int {
            let start = record.bytes.count
            value.write(to: &record)
            spans.append((start, record.bytes.count - start))
            return spans.count - 1
        }
    }

    /// Appends a batch's values and says where each is, in the order they were added.
    func store(_ batch: Batch) throws -> [Place] {
        let base = try append(batch.record.bytes).offset
        return batch.spans.map { Place(offset: base + Int64($0.start), count: $0.count) }
    }

    /// The value stored at `place`.
    func value<Value: Recorded>(at place: Place) throws -> Value {
        try read(place) { try Value(from: &$0) }
    }

    private func append(_ bytes: [UInt8]) throws -> Place {
        let offset = end.withLock { end in
            defer { end += Int64(bytes.count) }
            return end
        }
        try bytes.withUnsafeBytes { buffer in
            var done = 0
            while done < buffer.count {
                let written = pwrite(
                    descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset) + off_t(done))
                guard written > 0 else {
                    throw StorageProblem.cannotWrite(".sectionsite/ (a scratch file)", reason: SystemReason.ofLastCall)
                        .error()
                }
                done += written
            }
        }
        return Place(offset: offset, count: bytes.count)
    }

    /// Appends the bytes stored at `place` to `record` as they are: the value they hold, written again.
    func copy(_ place: Place, to record: inout RecordWriter) throws {
        record.append(try bytes(at: place))
    }

    private func read<T>(_ place: Place, _ decode: (inout RecordReader) throws -> T) throws -> T {
        try bytes(at: place).withUnsafeBytes { buffer in
            var record = RecordReader(bytes: buffer)
            return try decode(&record)
        }
    }

    /// The bytes at `place`, as they are.
    func bytes(of place: Place) throws -> [UInt8] { try bytes(at: place) }

    private func bytes(at place: Place) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: place.count)
        try bytes.withUnsafeMutableBytes { buffer in
            var done = 0
            while done < buffer.count {
                let read = pread(
                    descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(place.offset) + off_t(done))
                guard read > 0 else {
                    throw StorageProblem.cannotRead(".sectionsite/ (a scratch file)", reason: SystemReason.ofLastCall)
                        .error()
                }
                done += read
            }
        }
        return bytes
    }
}

/// A part of a loaded page in memory, or in a build's scratch file (`BodyStore`; for a page restored from the
/// previous build's record, in that record's file) until the few stages that need it read it back: the body until the
/// page is rendered, the summary for the lists and feed that show it, the headings for the table of contents and the
/// search index, the text for the index, the links for the check. In memory until then, these were most of a big site's
/// peak (about 6 KB a page of the benchmark corpus).
enum Kept<Value: Recorded>: Sendable {
    case held(Value)
    case stored(BodyStore, BodyStore.Place)

    /// The value, read back when it waits in the scratch file.
    func read() throws -> Value {
        switch self {
        case .held(let value): value
        case .stored(let store, let place): try store.value(at: place)
        }
    }

    /// The value. The file it waits in is open until the value goes, and its bytes were checked when they were
    /// written or decoded: a failure to read them back is the disk's, and a build that went on would write a wrong
    /// list, index or check.
    var value: Value {
        do {
            return try read()
        } catch {
            fatalError("\(error)")
        }
    }

    /// Writes the value as its `write(to:)` does; one waiting in a file is copied as it is there, not decoded.
    func write(to record: inout RecordWriter) {
        switch self {
        case .held(let value): value.write(to: &record)
        case .stored(let store, let place):
            do {
                try store.copy(place, to: &record)
            } catch {
                fatalError("\(error)")
            }
        }
    }

    /// Whether the value waits in the scratch file.
    var isStored: Bool {
        if case .stored = self { true } else { false }
    }
}

/// A value a `BodyStore` keeps: written as one record, read back whole.
protocol Recorded: Sendable {
    func write(to record: inout RecordWriter)
    init(from record: inout RecordReader) throws
    /// Reads past a value without making it.
    static func skip(_ record: inout RecordReader) throws
}

extension Recorded {
    static func skip(_ record: inout RecordReader) throws { _ = try Self(from: &record) }
}

extension String: Recorded {
    func write(to record: inout RecordWriter) { record.string(self) }
    init(from record: inout RecordReader) throws { self = try record.string() }
    static func skip(_ record: inout RecordReader) throws { try record.skipString() }
}

extension Array: Recorded where Element: Recorded {
    func write(to record: inout RecordWriter) { record.list(self) { $1.write(to: &$0) } }
    init(from record: inout RecordReader) throws { self = try record.list { try Element(from: &$0) } }
    static func skip(_ record: inout RecordReader) throws { _ = try record.list { try Element.skip(&$0) } }
}

extension Markdown.Block: Recorded {
    func write(to record: inout RecordWriter) {
        record.bool(isRawHTML)
        record.string(html)
    }

    init(from record: inout RecordReader) throws {
        let isRawHTML = try record.bool()
        self.init(html: try record.string(), isRawHTML: isRawHTML)
    }
}

extension Markdown.Heading: Recorded {
    func write(to record: inout RecordWriter) {
        record.int(level)
        record.string(id)
        record.string(text)
    }

    init(from record: inout RecordReader) throws {
        self.init(level: try record.int(), id: try record.string(), text: try record.string())
    }

    static func skip(_ record: inout RecordReader) throws {
        _ = try record.int()
        try record.skipString()
        try record.skipString()
    }
}

extension LoadedPage.Link: Recorded {
    func write(to record: inout RecordWriter) {
        record.string(destination)
        record.string(written)
        record.location(location)
    }

    init(from record: inout RecordReader) throws {
        self.init(destination: try record.string(), written: try record.string(), location: try record.location())
    }
}
