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
final class HighlightCache: Sendable {
    /// The cache file's first line for `highlighter`; another highlighter makes the file stale.
    static func format(_ highlighter: Highlighter) -> String { "sectionsite-highlight/2 " + highlighter.name }

    let highlighter: Highlighter
    private let cacheFormat: String
    private let cache: URL?
    private let previous = Locked<[String: String]?>(nil)  // the cache file's entries, read on first use
    private let current = Locked<[String: String]>([:])  // what this run used, to save

    /// A highlighter starting from the cache file at `cache`, if it is there and readable; the file is read the
    /// first time code is highlighted, so a build that renders no page never reads it.
    init(_ highlighter: Highlighter, cache: URL? = nil) {
        self.highlighter = highlighter
        self.cacheFormat = Self.format(highlighter)
        self.cache = cache
    }

    /// The code highlighted as `language`, or nil when no syntax definition knows the language.
    ///
    /// - Complexity: O(n) in the length of `code` the first time a code and language are seen, O(1) after.
    func html(_ code: String, language: String) -> String? {
        var hash = ContentHash()
        hash.combine(language)
        hash.combine(code)
        let key = hash.hex
        if let hit = current.withLock({ $0[key] }) { return hit.isEmpty ? nil : hit }
        let cached = previous.withLock { entries in
            if entries == nil { entries = cache.flatMap { Self.load($0, format: cacheFormat) } ?? [:] }
            return entries![key]
        }
        let html = cached ?? highlighter.highlight(code, language) ?? ""
        current.withLock { $0[key] = html }
        return html.isEmpty ? nil : html
    }

    /// Writes what this run highlighted or reused to `file`, so the next run starts from it; entries no run used
    /// are dropped. Written to a temporary file and renamed, so it is never half-written.
    func save(to file: URL) throws {
        let entries = current.withLock { $0 }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let temporary = file.appendingPathExtension("tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil),
            let handle = FileHandle(forWritingAtPath: temporary.path)
        else {
            throw SectionSiteError("cannot write \(temporary.path): \(String(cString: strerror(errno)))")
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
            throw SectionSiteError("cannot replace \(file.path): \(String(cString: strerror(errno)))")
        }
    }

    /// The entries of a cache file, or nil when it is missing, of another format or damaged.
    private static func load(_ file: URL, format: String) -> [String: String]? {
        guard let data = try? Data(contentsOf: file) else { return nil }
        return data.withUnsafeBytes { raw -> [String: String]? in
            let bytes = raw.bindMemory(to: UInt8.self)
            var index = 0
            func line() -> Substring? {
                guard index < bytes.count, let end = bytes[index...].firstIndex(of: 10) else { return nil }
                defer { index = end + 1 }
                return Substring(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
            }
            guard line() == Substring(format) else { return nil }
            var entries: [String: String] = [:]
            while index < bytes.count {
                guard let header = line(), let space = header.firstIndex(of: " "), let length = Int(header[header.index(after: space)...]),
                    length >= 0, index + length < bytes.count, bytes[index + length] == 10
                else { return nil }
                entries[String(header[..<space])] = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<index + length]), as: UTF8.self)
                index += length + 1
            }
            return entries
        }
    }
}
