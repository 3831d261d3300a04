import Foundation

/// The search index in shards, under a language's `search/` folder: what the default theme's search box reads, a
/// few small files per query where `search.json` is one file of every page (16 MB at 10,000 pages).
///
/// - `search/index.json`, the manifest: `{"format": "sectionsite-search-shards/1", "pages": N, "chunk": 25,
///   "prefix": 2, "terms": ["ab", "ac", ...]}`, `terms` the prefixes that have a term file, in UTF-8 byte order.
///   A site with versions (`SiteVersions`) adds `"versions": {"names": ["2.1", "2.0"], "latest": "2.1", "of": [0,
///   -1, 1, ...]}`: each page's version by its place in `names`, -1 for a page of no version, so that the search box
///   answers within the reader's version (`versions.search: all` leaves it out).
/// - `search/terms/<hex>.json`, one per prefix (`<hex>`: the prefix's UTF-8 bytes in lowercase hexadecimal):
///   `{"prefix": "mo", "words": [{"word": "move", "count": 120, "postings": [...], "more": 0}, ...]}`, the words
///   that start with the prefix in UTF-8 byte order, each with the pages that hold it (`count` in all), best
///   first, at most `firstPart` of them here and the rest in `more` continuation files
///   `search/more/<hex>-<i>-<k>.json` (`i`: the word's place in `words` from 0; `k` from 1), `{"postings": [...]}`
///   of at most `partSize` each.
/// - `search/pages/<k>.json`, `{"pages": [{"url", "title", "headings": [{"id", "text"}], "text"}, ...]}`: the pages
///   numbered `k * chunk` up to `(k + 1) * chunk`, as `search.json` has them.
///
/// Pages are numbered from 0 in the order of their titles, then URLs, so that postings that tie on score name
/// pages in the order a reader looks for them in. A word is a run of letters and digits (`\p{L}`, `\p{N}`) of the
/// page's title, headings and text folded as the search box folds a query (canonical decomposition, marks removed,
/// lowercased, `ς` as `σ`); its prefix is its first `prefixLength` Unicode scalars (the whole word when shorter). A
/// posting gives the page, where the word is (flags: 4 title, 2 a heading, 1 the text) and, when it is in a heading
/// and not the title, the first such heading's place in `headings`. Postings are sorted by score (10 for the title, 4
/// for a heading, 1 for the text, added up; as flags, the higher number scores higher), best first, then by page
/// number. In the JSON each posting is one number, `d * 8 + flags`, followed by the heading's place when flags are
/// 2 or 3; `d` is the page number, or, when the posting before it in the same file has the same flags, what it adds
/// to that posting's page.
struct SearchShards: Sendable {
    /// The format's name, first in the manifest.
    static let format = "sectionsite-search-shards/1"
    /// How many Unicode scalars of a word name its term file.
    static let prefixLength = 2
    /// Pages per page chunk: a result shown costs one chunk of about 25 × 1.5 kB.
    static let chunkSize = 25
    /// The postings of a word its term file holds (64): enough for the best results of a query of that word.
    let firstPart: Int
    /// The postings of a continuation file (8,192).
    let partSize: Int
    /// Past this many pages a language's `search.json` is left out unless `search: {json: true}`: at 100,000
    /// pages it would be 160 MB that no search box should download, made in memory on every build.
    static let jsonPageLimit = 10_000

    /// The pages, numbered by their place here.
    let pages: [LoadedPage]
    /// Each page's key, in the same order (`SearchShards+Update`).
    let keys: [PageKey]
    /// Each prefix with its words, both in UTF-8 byte order.
    let terms: [(prefix: String, words: [Word])]
    /// The folder of the language, `` or `fr/`.
    let folder: String
    /// The versions the search box keeps apart, and each page's by its place among them (nil: of no version); nil
    /// for a site without versions or one whose search answers from all.
    let versions: (names: [String], latest: String, of: [Int?])?
    /// The files whose text is the one of the index this one was updated from (`init(_:folder:previous:)`):
    /// none when it was made from nothing.
    private(set) var unchanged: Set<OutputPath>

    /// One word and its postings, best first.
    struct Word: Sendable, Equatable {
        var text: String
        /// `(7 - flags) << 29 | page << 6 | heading`, so that sorting the numbers sorts best first, then by page; a
        /// heading's place past 62 is 63 here and kept in `headings`.
        var postings: [UInt32]
        /// Places of headings past 62, by page.
        var headings: [UInt32: Int] = [:]

        /// Adds the word's posting for `page` (pages come in any order: the postings are sorted once all are in).
        mutating func add(page: Int, flags: Int, heading: Int) {
            postings.append(UInt32(7 - flags) << 29 | UInt32(page) << 6 | UInt32(min(heading, 63)))
            if heading >= 63 { headings[UInt32(page)] = heading }
        }
    }

    /// Indexes `pages` (one language's published pages), written under `folder`: updated from `previous`, the
    /// index of an earlier build of the same site, when it has one (see `SearchShards+Update.swift`), else made
    /// from every page's words.
    ///
    /// - Complexity: from nothing, O(n log n) in the words of all pages; the postings take 4 bytes each (a page
    ///   holds about as many postings as it has distinct words). Updated, O(p) in the postings, plus the words of
    ///   the pages that changed.
    init(
        _ pages: [LoadedPage], folder: String,
        versions: (names: [String], latest: String, of: (Page) -> String?)? = nil,
        previous: Base? = nil, firstPart: Int = 64, partSize: Int = 8192
    ) {
        precondition(firstPart > 0 && partSize > 0, "postings are cut into parts of at least one")
        precondition(pages.count < 1 << 23, "a search index numbers at most 8,388,607 pages")
        let ordered = pages.sorted { ($0.page.title, $0.page.url) < ($1.page.title, $1.page.url) }
        self.pages = ordered
        self.versions = versions.map { versions in
            let places = Dictionary(uniqueKeysWithValues: versions.names.enumerated().map { ($1, $0) })
            return (versions.names, versions.latest, ordered.map { versions.of($0.page).flatMap { places[$0] } })
        }
        self.keys = ordered.map(PageKey.init)
        self.folder = folder
        self.firstPart = firstPart
        self.partSize = partSize
        if let previous, previous.firstPart == firstPart, previous.partSize == partSize,
            let updated = Self.update(previous, to: ordered, keys: keys)
        {
            self.terms = updated
            self.unchanged = []
            self.unchanged = sameFiles(as: previous)
        } else {
            self.terms = Self.index(ordered)
            self.unchanged = []
        }
    }

    /// The words of `ordered`, the pages in number order, by prefix.
    private static func index(_ ordered: [LoadedPage]) -> [(prefix: String, words: [Word])] {
        // Words are merged in partitions by their first two bytes, on all cores: a word's prefix, and so its term
        // file, is in one partition, and each partition takes the pages in order, so the postings are the same on
        // any core count. Pages are read in batches, on all cores too; their words are let go after each batch.
        var partitions = (0..<Self.partitionCount).map { _ in Partition() }
        var terms = [[(prefix: String, words: [Word])]](repeating: [], count: Self.partitionCount)
        partitions.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let partitions = buffer
            let batch = 2048
            for start in stride(from: 0, to: ordered.count, by: batch) {
                let read = Array(ordered[start..<min(start + batch, ordered.count)]).parallelMap(
                    Self.pageWordsByPartition)
                DispatchQueue.concurrentPerform(iterations: Self.partitionCount) { index in
                    partitions[index].add(read, firstPage: start, partition: index)
                }
            }
            terms.withUnsafeMutableBufferPointer { buffer in
                nonisolated(unsafe) let terms = buffer
                DispatchQueue.concurrentPerform(iterations: Self.partitionCount) { index in
                    terms[index] = partitions[index].terms()
                }
            }
        }
        return terms.joined().sorted { $0.prefix.utf8.lexicographicallyPrecedes($1.prefix.utf8) }
    }

    /// How many partitions the words are merged in (see `init`): a fixed number, whatever the cores. By the first
    /// byte alone, 16 of them left `c` and `s`, the commonest first letters of English words, in one partition,
    /// which 16 cores then waited for.
    private static let partitionCount = 64

    /// The partition of a word: of its first two bytes, which its prefix (its first two scalars, or the word when
    /// shorter) holds.
    private static func partition(_ word: String) -> Int {
        var bytes = word.utf8.makeIterator()
        let first = Int(bytes.next()!)
        return (first &* 31 &+ Int(bytes.next() ?? 0)) % partitionCount
    }

    /// The words of one partition, each with its postings so far.
    private struct Partition {
        var ids: [String: Int] = [:]
        var words: [Word] = []

        /// Adds the words of this partition of a batch of pages, the first of them numbered `firstPage`.
        mutating func add(_ read: [[[(String, Int, Int)]]], firstPage: Int, partition: Int) {
            for (offset, pageWords) in read.enumerated() {
                for (text, flags, heading) in pageWords[partition] {
                    let id: Int
                    if let known = ids[text] {
                        id = known
                    } else {
                        id = words.count
                        ids[text] = id
                        words.append(Word(text: text, postings: []))
                    }
                    words[id].add(page: firstPage + offset, flags: flags, heading: heading)
                }
            }
        }

        /// The partition's words by prefix, postings sorted, both in UTF-8 byte order; the partition is left empty.
        mutating func terms() -> [(prefix: String, words: [Word])] {
            ids = [:]
            var byPrefix: [String: [Word]] = [:]
            for index in words.indices {
                var word = words[index]
                words[index] = Word(text: "", postings: [])  // the postings then sort in place, not in a copy
                word.postings.sort()
                byPrefix[SearchShards.prefix(word.text), default: []].append(word)
            }
            words = []
            return byPrefix.map { prefix, words in
                (prefix, words.sorted { $0.text.utf8.lexicographicallyPrecedes($1.text.utf8) })
            }
        }
    }

    /// A page's words, each once, with its flags and the place of the first heading holding it (0 when none).
    @Sendable static func pageWords(_ page: LoadedPage) -> [(String, Int, Int)] {
        var table = PageWordTable(expected: page.text.utf8.count / 16)
        func add(_ text: String, flag: Int, heading: Int = 0) {
            forEachWordBytes(in: text) { table.add($0, flag: flag, heading: heading) }
        }
        add(page.page.title, flag: 4)
        for (place, heading) in page.headings.enumerated() { add(heading.text, flag: 2, heading: place) }
        add(page.text, flag: 1)
        return table.words
    }

    /// `pageWords` by the partition of each word (`partition(_:)`), for `index` to merge on all cores, each core
    /// reading only its partition's words.
    @Sendable private static func pageWordsByPartition(_ page: LoadedPage) -> [[(String, Int, Int)]] {
        var partitions = [[(String, Int, Int)]](repeating: [], count: partitionCount)
        for word in pageWords(page) { partitions[partition(word.0)].append(word) }
        return partitions
    }

    /// The prefix that names a word's term file.
    static func prefix(_ word: String) -> String {
        String(String.UnicodeScalarView(word.unicodeScalars.prefix(prefixLength)))
    }

    /// Calls `body` with each word of `text`, folded as the search box folds a query: canonical decomposition,
    /// marks removed, lowercased, final sigma as sigma; a word is a run of letters and digits.
    static func forEachWord(in text: String, _ body: (String) -> Void) {
        var word = String.UnicodeScalarView()
        func letter(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                .decimalNumber, .letterNumber, .otherNumber:
                return true
            default: return false
            }
        }
        func end() {
            if !word.isEmpty { body(String(word)) }
            word = String.UnicodeScalarView()
        }
        let isASCII = text.utf8.allSatisfy { $0 < 0x80 }
        if isASCII {
            forEachASCIIWord(in: text, body)
            return
        }
        for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars {
            if scalar.isASCII {
                switch scalar.value {
                case 0x30...0x39, 0x61...0x7A: word.append(scalar)
                case 0x41...0x5A: word.append(Unicode.Scalar(scalar.value + 0x20)!)
                default: end()
                }
                continue
            }
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: continue
            default: break
            }
            for lower in scalar.properties.lowercaseMapping.unicodeScalars {
                if letter(lower) { word.append(lower == "ς" ? "σ" : lower) } else { end() }
            }
        }
        end()
    }

    /// `forEachWord` for a text all ASCII, most pages' text, on its bytes: the same words, without building each one
    /// scalar by scalar.
    private static func forEachASCIIWord(in text: String, _ body: (String) -> Void) {
        forEachASCIIWord(in: text) { body(String(decoding: $0, as: UTF8.self)) }
    }

    /// `forEachWord` by the words' bytes (valid until `body` returns): a run between two ASCII characters that are
    /// no letter or digit is a word's bytes, lowercased, when it is all ASCII, and goes through `forEachWord` only
    /// when it is not (one typographic quote sent a whole page there, two thirds of the search index's time). The
    /// words are the same: such characters end a word in both, and none joins a decomposed character to another.
    static func forEachWordBytes(in text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var text = text
        text.withUTF8 { bytes in
            var word: [UInt8] = []
            word.reserveCapacity(32)
            var start = 0  // of the run
            var wide = false  // whether the run holds a byte of a non-ASCII character
            func end(at index: Int) {
                if wide {
                    forEachWord(
                        in: String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                    ) {
                        var found = $0
                        found.withUTF8(body)
                    }
                } else if !word.isEmpty {
                    word.withUnsafeBufferPointer(body)
                }
                word.removeAll(keepingCapacity: true)
                (start, wide) = (index + 1, false)
            }
            for (index, byte) in bytes.enumerated() {
                switch byte {
                case 0x30...0x39, 0x61...0x7A: word.append(byte)
                case 0x41...0x5A: word.append(byte + 0x20)
                case 0x80...: wide = true
                default: end(at: index)
                }
            }
            end(at: bytes.count)
        }
    }

    /// Calls `body` with the bytes of each word of ASCII `text`, lowercased, valid until it returns.
    private static func forEachASCIIWord(in text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var word: [UInt8] = []
        word.reserveCapacity(32)
        for byte in text.utf8 {
            switch byte {
            case 0x30...0x39, 0x61...0x7A: word.append(byte)
            case 0x41...0x5A: word.append(byte + 0x20)
            default:
                if !word.isEmpty {
                    word.withUnsafeBufferPointer(body)
                    word.removeAll(keepingCapacity: true)
                }
            }
        }
        if !word.isEmpty { word.withUnsafeBufferPointer(body) }
    }

    /// The path of the term file of a prefix, under the language's folder.
    func termPath(_ prefix: String) -> OutputPath {
        OutputPath(folder + "search/terms/" + Self.hex(prefix) + ".json")
    }

    /// The path of a continuation file: of the word at `place` in its prefix's words, part `part` from 1.
    func morePath(_ prefix: String, place: Int, part: Int) -> OutputPath {
        OutputPath(folder + "search/more/\(Self.hex(prefix))-\(place)-\(part).json")
    }

    /// The path of a page chunk.
    func chunkPath(_ chunk: Int) -> OutputPath {
        OutputPath(folder + "search/pages/\(chunk).json")
    }

    /// The path of the manifest.
    var manifestPath: OutputPath { OutputPath(folder + "search/index.json") }

    private static func hex(_ text: String) -> String {
        text.utf8.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// How many continuation files a word has.
    func parts(_ word: Word) -> Int {
        max(0, (word.postings.count - firstPart + partSize - 1) / partSize)
    }

    /// Every file's path, in the order `files()` makes them.
    var paths: [OutputPath] {
        var paths: [OutputPath] = []
        forEachFile(config: SiteConfig()) { path, _ in paths.append(path) }  // no contents made: no settings read
        return paths
    }

    var chunkCount: Int { (pages.count + Self.chunkSize - 1) / Self.chunkSize }

    /// Every file, or only those `wanted` says; page chunks link under `config`'s root path. `later` leaves each
    /// file's JSON to be made as it is written.
    func files(config: SiteConfig, later: Bool = false, wanted: (OutputPath) -> Bool = { _ in true }) -> [OutputFile] {
        var files: [OutputFile] = []
        forEachFile(config: config) { path, json in
            guard wanted(path) else { return }
            files.append(
                OutputFile(
                    path: path, contents: later ? .made(.init(make: json)) : .text(json()), origin: "the search index"))
        }
        return files
    }

    /// Calls `body` with each file's path and what makes its JSON, in order (page chunks link under `config`'s
    /// root path).
    private func forEachFile(config: SiteConfig, _ body: (OutputPath, @escaping @Sendable () -> String) -> Void) {
        body(manifestPath) { manifest }
        for (prefix, words) in terms {
            body(termPath(prefix)) { termFile(prefix, words) }
            for (place, word) in words.enumerated() where parts(word) > 0 {
                for part in 1...parts(word) {
                    let start = firstPart + (part - 1) * partSize
                    body(morePath(prefix, place: place, part: part)) {
                        "{\"postings\":"
                            + Self.postings(word.postings[start..<min(start + partSize, word.postings.count)], word)
                            + "}\n"
                    }
                }
            }
        }
        for chunk in 0..<chunkCount {
            body(chunkPath(chunk)) { pageChunk(chunk, config: config) }
        }
    }

    private var manifest: String {
        var json = JSONWriter()
        json.object { json in
            json.field("format", Self.format)
            json.field("pages", pages.count)
            json.field("chunk", Self.chunkSize)
            json.field("prefix", Self.prefixLength)
            json.key("terms")
            json.array(terms) { json, term in json.stringValue(term.prefix) }
            if let versions {
                json.key("versions")
                json.object { json in
                    json.key("names")
                    json.array(versions.names) { json, name in json.stringValue(name) }
                    json.field("latest", versions.latest)
                    json.key("of")
                    json.raw("[" + versions.of.map { String($0 ?? -1) }.joined(separator: ",") + "]")
                }
            }
        }
        return json.text + "\n"
    }

    private func termFile(_ prefix: String, _ words: [Word]) -> String {
        var json = JSONWriter()
        json.object { json in
            json.field("prefix", prefix)
            json.key("words")
            json.array(words) { json, word in
                json.object { json in
                    json.field("word", word.text)
                    json.field("count", word.postings.count)
                    json.key("postings")
                    json.raw(Self.postings(word.postings.prefix(firstPart), word))
                    json.field("more", parts(word))
                }
            }
        }
        return json.text + "\n"
    }

    /// Postings as the JSON array the format describes: the page as a difference from the one before while the
    /// flags stay the same (a common word's thousands of text-only postings are then mostly one digit each).
    private static func postings(_ postings: ArraySlice<UInt32>, _ word: Word) -> String {
        // Digits written into one buffer: a common word has thousands of postings, and a build writes them all.
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        bytes.reserveCapacity(postings.count * 4 + 2)
        func number(_ value: UInt64) {
            let start = bytes.count
            var rest = value
            repeat {
                bytes.append(UInt8(ascii: "0") + UInt8(rest % 10))
                rest /= 10
            } while rest > 0
            bytes[start...].reverse()
        }
        var previous: (flags: UInt32, page: UInt32)?
        for posting in postings {
            let flags = 7 - posting >> 29
            let page = posting >> 6 & 0x7F_FFFF
            let step = previous?.flags == flags ? page - previous!.page : page
            if previous != nil { bytes.append(UInt8(ascii: ",")) }
            number(UInt64(step) * 8 + UInt64(flags))
            if flags & 6 == 2 {
                let heading = posting & 63 == 63 ? word.headings[page] ?? 63 : Int(posting & 63)
                bytes.append(UInt8(ascii: ","))
                number(UInt64(heading))
            }
            previous = (flags, page)
        }
        bytes.append(UInt8(ascii: "]"))
        return String(decoding: bytes, as: UTF8.self)
    }

    private func pageChunk(_ chunk: Int, config: SiteConfig) -> String {
        let start = chunk * Self.chunkSize
        var json = JSONWriter()
        json.object { json in
            json.key("pages")
            json.array(Array(pages[start..<min(start + Self.chunkSize, pages.count)])) { json, loaded in
                SearchIndex.write(loaded, to: &json, config: config)
            }
        }
        return json.text + "\n"
    }
}

/// A page's distinct words in the order they first appear, with their flags and first heading, each occurrence
/// looked up by its bytes in a table of its own: a `String` made and hashed for each of the 15 million words of
/// 10,000 pages took most of the search index's time; here one is made for each distinct word of a page.
private struct PageWordTable {
    /// Each word, its flags (1 text, 2 heading, 4 title) and the place of the first heading holding it.
    private(set) var words: [(String, Int, Int)] = []
    /// The words' bytes, one after another, and where each is.
    private var bytes: [UInt8] = []
    private var spans: [(start: Int, count: Int)] = []
    /// Open addressing: a word's place in `words` plus one, 0 for an empty slot; never more than half full.
    private var slots: [Int32]
    private var hashes: [UInt64] = []

    init(expected: Int) {
        var capacity = 64
        while capacity < expected * 2 { capacity *= 2 }
        slots = [Int32](repeating: 0, count: capacity)
        bytes.reserveCapacity(expected * 8)
    }

    /// FNV-1a, its bits mixed at the end: words are short, and a cheap hash of them is what the table needs.
    private static func hash(_ word: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in word { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash ^ (hash >> 31)
    }

    mutating func add(_ word: UnsafeBufferPointer<UInt8>, flag: Int, heading: Int) {
        let hash = Self.hash(word)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 {
            let index = Int(slots[slot]) - 1
            if hashes[index] == hash, spans[index].count == word.count,
                bytes.withUnsafeBufferPointer({
                    memcmp($0.baseAddress! + spans[index].start, word.baseAddress!, word.count) == 0
                })
            {
                let isNewHeading = flag == 2 && words[index].1 & 2 == 0
                words[index].1 |= flag
                if isNewHeading { words[index].2 = heading }
                return
            }
            slot = (slot + 1) & mask
        }
        slots[slot] = Int32(words.count + 1)
        hashes.append(hash)
        spans.append((bytes.count, word.count))
        bytes.append(contentsOf: word)
        words.append((String(decoding: word, as: UTF8.self), flag, heading))
        if words.count * 2 > slots.count { grow() }
    }

    /// Twice the slots, every word put again in its new place.
    private mutating func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for (index, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index + 1)
        }
    }
}
