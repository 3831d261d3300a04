import Foundation

/// What highlights fenced code: a name and a function from code and a fence's language word to HTML, or nil when
/// it does not know the language. The engine knows no highlighter of its own; `SectionSiteHighlight` gives
/// KSyntaxHighlighting as `Highlighter.kate`, and a program may plug in any other.
///
/// The HTML must be the code escaped (`&`, `<`, `>`, `"`), with runs of one style wrapped in elements of its choice,
/// so that stripping the tags gives the code back.
public struct Highlighter: Sendable, Equatable {
    /// Names the highlighter in the cache file and the build record: another name makes both stale.
    public var name: String
    /// The code highlighted as the language, or nil.
    public var highlight: @Sendable (_ code: String, _ language: String) -> String?

    /// A highlighter called `name` that runs `highlight`.
    public init(name: String, highlight: @escaping @Sendable (_ code: String, _ language: String) -> String?) {
        self.name = name
        self.highlight = highlight
    }

    /// Two highlighters are the same when their names are.
    public static func == (lhs: Highlighter, rhs: Highlighter) -> Bool { lhs.name == rhs.name }
}

/// A highlighter with a cache by content hash, so that a rebuild or a preview edit highlights only code it has not
/// seen.
///
/// The cache file is one line naming the format, then each entry as a line `<key> <length>` and the HTML. The
/// previous run's file is read as an index of where each entry is, and an entry is read from the file when asked
/// for. What this run uses is kept in memory and written at the end (the preview), or, for a build kept on disk
/// (`onDisk`), appended to the next file as it goes: at 200,000 pages the highlighted code is about a gigabyte.
final class HighlightCache: Sendable {
    /// The cache file's first line for `highlighter`; another highlighter makes the file stale.
    static func format(_ highlighter: Highlighter) -> String { "sectionsite-highlight/2 " + highlighter.name }

    let highlighter: Highlighter
    private let cacheFormat: String
    private let cache: URL?
    private let onDisk: Bool
    private let previous = Locked<CacheFile?>(nil)  // the cache file's entries, indexed on first use
    private let current = Locked<[String: String]>([:])  // what this run used, to save
    private let next = Locked<CacheFile?>(nil)  // with `onDisk`: what this run used, in the file it will save

    /// A highlighter starting from the cache file at `cache`, if it is there and readable; the file is read the
    /// first time code is highlighted, so a build that renders no page never reads it. With `onDisk` (and a
    /// `cache`), what this run uses goes to a file beside it as it goes rather than into memory.
    init(_ highlighter: Highlighter, cache: URL? = nil, onDisk: Bool = false) {
        self.highlighter = highlighter
        self.cacheFormat = Self.format(highlighter)
        self.cache = cache
        self.onDisk = onDisk && cache != nil
    }

    deinit {
        previous.withLock { $0?.close() }
        next.withLock { file in
            file?.close()
            if let file { unlink(file.path) }  // not saved
        }
    }

    /// The code highlighted as `language`, or nil when no syntax definition knows the language.
    ///
    /// - Complexity: O(n) in the length of `code` the first time a code and language are seen, O(1) after.
    func html(_ code: String, language: String) -> String? {
        var hash = ContentHash()
        hash.combine(language)
        hash.combine(code)
        let key = hash.hex
        // Entries are found under the lock and read from their file outside it, so that every core may read.
        if onDisk {
            if let hit = next.withLock({ $0?.entry(key) })?.read() { return hit.isEmpty ? nil : hit }
        } else if let hit = current.withLock({ $0[key] }) {
            return hit.isEmpty ? nil : hit
        }
        let cached = previous.withLock { file in
            if file == nil { file = cache.flatMap { CacheFile(reading: $0.path, format: cacheFormat) } ?? CacheFile() }
            return file!.entry(key)
        }?.read()
        let html =
            cached ?? LibraryTime.measure(.highlighter, bytes: code.utf8.count) {
                highlighter.highlight(code, language)
            }
            ?? ""
        if onDisk {
            next.withLock { file in
                if file == nil { file = CacheFile(appendingBeside: cache!.path, format: cacheFormat) }
                file?.append(key, html)
            }
        } else {
            current.withLock { $0[key] = html }
        }
        return html.isEmpty ? nil : html
    }

    /// Writes what this run highlighted or reused to `file`, so the next run starts from it; entries no run used
    /// are dropped. Written to a temporary file and renamed, so it is never half-written.
    func save(to file: URL) throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        if let written = next.withLock({ $0 }) {
            written.close()
            guard written.isWhole else {
                throw StorageProblem.cannotWrite(written.path, reason: "the disk refused an entry").error()
            }
            guard rename(written.path, file.path) == 0 else {
                throw StorageProblem.cannotReplace(file.path, reason: SystemReason.ofLastCall).error()
            }
            next.withLock { $0 = nil }
            return
        }
        let entries = current.withLock { $0 }
        let temporary = file.appendingPathExtension("tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil),
            let handle = FileHandle(forWritingAtPath: temporary.path)
        else {
            throw StorageProblem.cannotWrite(temporary.path, reason: SystemReason.ofLastCall).error()
        }
        defer { try? handle.close() }
        // Written in chunks of about a megabyte: the cache can be tens of megabytes, and one string of all of it
        // would double the build's peak memory.
        var chunk = cacheFormat + "\n"
        for key in entries.keys.sorted() {
            let html = entries[key]!
            chunk += "\(key) \(html.utf8.count)\n"
            chunk += html
            chunk += "\n"
            if chunk.utf8.count > 1 << 20 {
                try handle.write(contentsOf: Data(chunk.utf8))
                chunk = ""
            }
        }
        try handle.write(contentsOf: Data(chunk.utf8))
        guard rename(temporary.path, file.path) == 0 else {
            throw StorageProblem.cannotReplace(file.path, reason: SystemReason.ofLastCall).error()
        }
    }
}

/// A highlight cache file: where each entry is, its HTML read from the file when asked for. Used behind a lock.
private struct CacheFile {
    fileprivate struct Place {
        var offset: Int64
        var count: Int
    }

    private var descriptor: Int32 = -1
    private var places: [String: Place] = [:]
    private var end: Int64 = 0
    /// The file, for one being written.
    private(set) var path = ""
    /// False once an entry could not be appended: the file must not be saved.
    private(set) var isWhole = true

    /// No file: no entries.
    init() {}

    /// The entries of the file at `path`; none when it is missing, of another format or damaged.
    init(reading path: String, format: String) {
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        var reader = LineReader(descriptor: descriptor)
        guard reader.line() == format else { return }
        while !reader.atEnd {
            guard let header = reader.line(), let space = header.firstIndex(of: " "),
                let count = Int(header[header.index(after: space)...]), count >= 0
            else {
                places = [:]
                return
            }
            let offset = reader.offset
            reader.skip(count)
            guard reader.line() == "" else {
                places = [:]
                return
            }
            places[String(header[..<space])] = Place(offset: offset, count: count)
        }
    }

    /// A new file beside `path` to append this run's entries to, named by the process and a part of its own (two
    /// builds of one process may overlap); leftovers of processes that are gone are removed. Nil when it cannot
    /// be made.
    init?(appendingBeside target: String, format: String) {
        let folder = (target as NSString).deletingLastPathComponent
        let prefix = (target as NSString).lastPathComponent + ".next-"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasPrefix(prefix) {
            let owner = name.dropFirst(prefix.count).prefix { $0 != "-" }
            if let pid = Int32(owner), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH {
                unlink(folder + "/" + name)
            }
        }
        var name = Array((folder + "/" + prefix + "\(getpid())-XXXXXX").utf8CString)
        descriptor = mkstemp(&name)
        guard descriptor >= 0 else { return nil }
        fchmod(descriptor, 0o644)
        path = String(cString: name)
        append(bytes: Array((format + "\n").utf8))
    }

    /// Closes the file.
    func close() {
        if descriptor >= 0 { _ = Foundation.close(descriptor) }
    }

    /// Where an entry is, to be read; nil when there is none.
    func entry(_ key: String) -> Entry? {
        places[key].map { Entry(descriptor: descriptor, place: $0) }
    }

    /// An entry in the file.
    struct Entry {
        fileprivate let descriptor: Int32
        fileprivate let place: Place

        /// Its HTML, or nil when it cannot be read.
        func read() -> String? {
            var bytes = [UInt8](repeating: 0, count: place.count)
            let done = bytes.withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress, place.count, off_t(place.offset))
            }
            return done == place.count ? String(decoding: bytes, as: UTF8.self) : nil
        }
    }

    /// Appends an entry.
    mutating func append(_ key: String, _ html: String) {
        guard places[key] == nil else { return }
        let header = Array("\(key) \(html.utf8.count)\n".utf8)
        let offset = end + Int64(header.count)
        append(bytes: header + Array(html.utf8) + [10])
        if isWhole { places[key] = Place(offset: offset, count: html.utf8.count) }
    }

    private mutating func append(bytes: [UInt8]) {
        let written = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, bytes.count, off_t(end)) }
        guard written == bytes.count else { return isWhole = false }
        end += Int64(bytes.count)
    }
}

/// Reads a file's lines through a buffer, skipping what is not wanted without reading it.
private struct LineReader {
    let descriptor: Int32
    private var buffer: [UInt8] = []
    private var start: Int64 = 0  // the file offset of buffer[0]
    private var index = 0  // in buffer
    private var atFileEnd = false

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// The file offset of what is read next.
    var offset: Int64 { start + Int64(index) }

    /// Whether the whole file has been read.
    var atEnd: Bool {
        mutating get {
            if index >= buffer.count { fill() }
            return index >= buffer.count
        }
    }

    /// The next line, without its newline; nil at the end or for a last line without one.
    mutating func line() -> String? {
        while true {
            if let newline = buffer[index...].firstIndex(of: 10) {
                defer { index = newline + 1 }
                return String(decoding: buffer[index..<newline], as: UTF8.self)
            }
            guard fill() else { return nil }
        }
    }

    /// Moves past `count` bytes.
    mutating func skip(_ count: Int) {
        let target = offset + Int64(count)
        if target <= start + Int64(buffer.count) {
            index = Int(target - start)
        } else {
            (start, buffer, index) = (target, [], 0)
        }
    }

    /// Reads more after what the buffer holds (dropping what was read); false at the end of the file.
    @discardableResult
    private mutating func fill() -> Bool {
        buffer.removeFirst(index)
        start += Int64(index)
        index = 0
        let size = 1 << 20
        let old = buffer.count
        buffer += [UInt8](repeating: 0, count: size)
        let read = buffer.withUnsafeMutableBytes {
            pread(descriptor, $0.baseAddress! + old, size, off_t(start) + off_t(old))
        }
        buffer.removeLast(size - max(read, 0))
        return read > 0
    }
}
