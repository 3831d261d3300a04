import CHighlight
import Foundation

/// Syntax highlighting of fenced code through KSyntaxHighlighting, Kate's engine (300+ languages), with a cache by
/// content hash so that a rebuild or a preview edit highlights only code it has not seen.
///
/// The HTML is the code escaped as libcmark-gfm escapes it, with runs of one style in `<span class="hl-XX">`
/// (`kw` keyword, `st` string, `co` comment ...: Kate's default styles), so stripping the spans gives the code back.
@_spi(Engine) public final class Highlighter: Sendable {
    /// The cache file's first line; another engine or class map makes the file stale.
    static let cacheFormat = "sectionsite-highlight/1 ksyntaxhighlighting"

    private let cache: URL?
    private let previous = Locked<[String: String]?>(nil)  // the cache file's entries, read on first use
    private let current = Locked<[String: String]>([:])  // what this run used, to save

    /// A highlighter starting from the cache file at `cache`, if it is there and readable; the file is read the
    /// first time code is highlighted, so a build that renders no page never reads it.
    public init(cache: URL? = nil) {
        self.cache = cache
    }

    /// The code highlighted as `language`, or nil when no syntax definition knows the language.
    ///
    /// - Complexity: O(n) in the length of `code` the first time a code and language are seen, O(1) after.
    public func html(_ code: String, language: String) -> String? {
        var hash = ContentHash()
        hash.combine(language)
        hash.combine(code)
        let key = hash.hex
        if let hit = current.withLock({ $0[key] }) { return hit.isEmpty ? nil : hit }
        let cached = previous.withLock { entries in
            if entries == nil { entries = cache.flatMap(Self.load) ?? [:] }
            return entries![key]
        }
        let html = cached ?? Self.highlight(code, language: language) ?? ""
        current.withLock { $0[key] = html }
        return html.isEmpty ? nil : html
    }

    /// Highlights without the cache.
    static func highlight(_ code: String, language: String) -> String? {
        var code = code
        return code.withUTF8 { bytes -> String? in
            var length = 0
            let html = bytes.withMemoryRebound(to: CChar.self) { chars in
                ss_highlight_html(language, chars.baseAddress, chars.count, &length)
            }
            guard let html else { return nil }
            defer { free(html) }
            return String(decoding: UnsafeRawBufferPointer(start: html, count: length), as: UTF8.self)
        }
    }

    /// The syntax definition a fence's language word selects (`objc` is `Objective-C`), or nil.
    public static func definitionName(_ language: String) -> String? {
        guard let name = ss_highlight_definition_name(language) else { return nil }
        defer { free(name) }
        return String(cString: name)
    }

    /// Writes what this run highlighted or reused to `file`, so the next run starts from it; entries no run used
    /// are dropped. Written to a temporary file and renamed, so it is never half-written.
    public func save(to file: URL) throws {
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
        var chunk = Self.cacheFormat + "\n"
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
    private static func load(_ file: URL) -> [String: String]? {
        guard let data = try? Data(contentsOf: file) else { return nil }
        return data.withUnsafeBytes { raw -> [String: String]? in
            let bytes = raw.bindMemory(to: UInt8.self)
            var index = 0
            func line() -> Substring? {
                guard index < bytes.count, let end = bytes[index...].firstIndex(of: 10) else { return nil }
                defer { index = end + 1 }
                return Substring(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
            }
            guard line() == Substring(cacheFormat) else { return nil }
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
