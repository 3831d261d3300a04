import Foundation

/// Updating a search index from one an earlier build made, instead of reading every page's words again: at 10,000
/// pages reading them took most of a build that changed one page.
///
/// Pages are known by their URL, title and the digest of what the rest of their entry is made from
/// (`LoadedPage.digest`: the file's text, the templates and pictures its Markdown used; the title may come from the
/// file's name instead), so an index can be updated from any earlier one of the same site and settings. A page whose
/// key is the earlier index's keeps its postings, renumbered when pages before it came or went; the others' postings
/// go, and the words of the pages new or changed are read and added. The result is the index made from nothing, posting
/// for posting (a seeded test holds the two to the same files).
extension SearchShards {
    /// A page as the index knows it.
    struct PageKey: Hashable, Sendable {
        var url: String
        var title: String
        var digest: UInt64

        init(url: String, title: String, digest: UInt64) {
            self.url = url
            self.title = title
            self.digest = digest
        }

        init(_ page: LoadedPage) {
            self.init(url: page.page.url.rawValue, title: page.page.title, digest: page.digest)
        }
    }

    /// What a later index is updated from: the pages' keys in number order, the words, and the sizes of the parts
    /// the postings are cut into.
    struct Base: Sendable {
        var keys: [PageKey]
        var terms: [(prefix: String, words: [Word])]
        var firstPart: Int
        var partSize: Int
    }

    /// This index as the base of the next.
    var base: Base {
        Base(keys: keys, terms: terms, firstPart: firstPart, partSize: partSize)
    }

    /// The words of `ordered` (the pages in number order, with their `keys`) updated from `previous`; nil when more
    /// than a quarter of the pages are new or changed (reading every page's words is then as quick) or two pages
    /// share a key.
    static func update(
        _ previous: Base, to ordered: [LoadedPage], keys: [PageKey]
    ) -> [(prefix: String, words: [Word])]? {
        var numbers = [PageKey: Int](minimumCapacity: keys.count)
        for (number, key) in keys.enumerated() where numbers.updateValue(number, forKey: key) != nil { return nil }
        // Each earlier page's new number, `gone` when it changed or went. Pages are in the order of their titles,
        // then URLs, which their keys hold: those that stay keep their order among themselves.
        let gone = UInt32.max
        var renumber = [UInt32](repeating: gone, count: previous.keys.count)
        var kept = [Bool](repeating: false, count: keys.count)
        var last = -1
        for (old, key) in previous.keys.enumerated() {
            guard let new = numbers[key] else { continue }
            guard new > last else { return nil }
            last = new
            renumber[old] = UInt32(new)
            kept[new] = true
        }
        let fresh = keys.indices.filter { !kept[$0] }
        guard fresh.count * 4 <= max(keys.count, 4) else { return nil }

        var terms = previous.terms
        Self.renumber(&terms, by: renumber)

        // The words of the pages new or changed, by prefix.
        let read = fresh.map { ordered[$0] }.parallelMap(Self.pageWords)
        var added: [String: Word] = [:]
        for (number, words) in zip(fresh, read) {
            for (text, flags, heading) in words {
                added[text, default: Word(text: text, postings: [])].add(page: number, flags: flags, heading: heading)
            }
        }
        var byPrefix: [String: [Word]] = [:]
        for word in added.values { byPrefix[prefix(word.text), default: []].append(word) }
        var termOf = [String: Int](minimumCapacity: terms.count)
        for (index, term) in terms.enumerated() { termOf[term.prefix] = index }
        var prefixAdded = false
        for (prefix, words) in byPrefix {
            guard let term = termOf[prefix] else {
                terms.append((prefix, words.map(\.sorted).sorted(by: Self.inOrder)))
                prefixAdded = true
                continue
            }
            var placeOf = [String: Int](minimumCapacity: terms[term].words.count)
            for (place, word) in terms[term].words.enumerated() { placeOf[word.text] = place }
            var wordAdded = false
            for word in words {
                if let place = placeOf[word.text] {
                    terms[term].words[place].postings += word.postings
                    terms[term].words[place].postings.sort()
                    terms[term].words[place].headings.merge(word.headings) { _, new in new }
                } else {
                    terms[term].words.append(word.sorted)
                    wordAdded = true
                }
            }
            if wordAdded { terms[term].words.sort(by: Self.inOrder) }
        }
        for term in terms.indices where terms[term].words.contains(where: \.postings.isEmpty) {
            terms[term].words.removeAll { $0.postings.isEmpty }
        }
        terms.removeAll { $0.words.isEmpty }
        if prefixAdded { terms.sort { $0.prefix.utf8.lexicographicallyPrecedes($1.prefix.utf8) } }
        return terms
    }

    /// Moves each posting and heading of `terms` to its page's new number (`UInt32.max`: the page changed or went,
    /// and its postings are dropped); words with no posting left stay, emptied, until the update removes them.
    private static func renumber(_ terms: inout [(prefix: String, words: [Word])], by renumber: [UInt32]) {
        let gone = UInt32.max
        let pageBits: UInt32 = 0x7F_FFFF << 6
        for term in terms.indices {
            for place in terms[term].words.indices {
                let word = terms[term].words[place]
                let moves = word.postings.contains { renumber[Int($0 >> 6 & 0x7F_FFFF)] != $0 >> 6 & 0x7F_FFFF }
                guard moves else { continue }
                var postings: [UInt32] = []
                postings.reserveCapacity(word.postings.count)
                for posting in word.postings {
                    let number = renumber[Int(posting >> 6 & 0x7F_FFFF)]
                    if number != gone { postings.append(posting & ~pageBits | number << 6) }  // the order stays
                }
                var headings: [UInt32: Int] = [:]
                for (page, heading) in word.headings where renumber[Int(page)] != gone {
                    headings[renumber[Int(page)]] = heading
                }
                terms[term].words[place] = Word(text: word.text, postings: postings, headings: headings)
            }
        }
    }

    /// Words in UTF-8 byte order, as the term files list them.
    private static func inOrder(_ first: Word, _ second: Word) -> Bool {
        first.text.utf8.lexicographicallyPrecedes(second.text.utf8)
    }

    /// The files whose text is the one `previous` made: term files whose words and postings are the same (with
    /// their continuation files), page chunks of the same pages, and the manifest when the count of pages and the
    /// prefixes are the same.
    func sameFiles(as previous: Base) -> Set<OutputPath> {
        var same = Set<OutputPath>()
        var before = [String: [Word]](minimumCapacity: previous.terms.count)
        for (prefix, words) in previous.terms { before[prefix] = words }
        for (prefix, words) in terms where before[prefix] == words {
            same.insert(termPath(prefix))
            for (place, word) in words.enumerated() where parts(word) > 0 {
                for part in 1...parts(word) { same.insert(morePath(prefix, place: place, part: part)) }
            }
        }
        for chunk in 0..<chunkCount {
            let start = chunk * Self.chunkSize
            let end = min(start + Self.chunkSize, pages.count)
            guard end == min(start + Self.chunkSize, previous.keys.count),
                previous.keys[start..<end] == keys[start..<end]
            else { continue }
            same.insert(chunkPath(chunk))
        }
        // A page's version follows its URL: with versions, the same URLs in the same order.
        if pages.count == previous.keys.count, terms.map(\.prefix) == previous.terms.map(\.prefix),
            versions == nil || keys.map(\.url) == previous.keys.map(\.url)
        {
            same.insert(manifestPath)
        }
        return same
    }
}

extension SearchShards.Word {
    /// The word with its postings in order.
    fileprivate var sorted: Self {
        var word = self
        word.postings.sort()
        return word
    }
}

extension SearchShards {
    /// The bases a build leaves for the next in `.sectionsite/search.index`, by language code, and the generation
    /// of the record saved with them (`SiteSnapshot.takenAt`): when it is the record's, the output folder the
    /// record describes holds the files these bases make, and a file an update leaves as it was stays there.
    struct Saved: Sendable {
        static let format = "sectionsite-search-index/1"
        var generation: Int64
        var bases: [LanguageCode: Base]

        /// Where it lives in a build's state folder.
        static func file(_ state: URL) -> URL {
            state.appendingPathComponent("search.index")
        }

        /// The bases saved in `state`, or nil when there are none or they are of another format or damaged (an
        /// index is then made from nothing).
        static func read(_ state: URL) -> Saved? {
            guard let data = try? Data(contentsOf: file(state), options: .alwaysMapped) else { return nil }
            return data.withUnsafeBytes { bytes -> Saved? in
                var input = RecordReader(bytes: bytes)
                return try? Self(&input)
            }
        }

        private init(_ input: inout RecordReader) throws {
            guard try input.string() == Self.format else { throw RecordReader.Malformed() }
            generation = Int64(try input.int())
            bases = try Self.keyed(
                input.map { input in
                    Base(
                        keys: try input.list { input in
                            PageKey(
                                url: try input.string(), title: try input.string(),
                                digest: UInt64(bitPattern: Int64(try input.int())))
                        },
                        terms: try input.list { input in
                            (
                                try input.string(),
                                try input.list { input in
                                    let text = try input.string()
                                    let postings = try input.uint32s()
                                    let pairs = try input.list { input in
                                        (UInt32(truncatingIfNeeded: try input.int()), try input.int())
                                    }
                                    return Word(
                                        text: text, postings: postings,
                                        headings: Dictionary(pairs) { first, _ in first })
                                }
                            )
                        },
                        firstPart: try input.int(), partSize: try input.int())
                })
            // Every posting names a page of its base: an update renumbers them by their place in the keys.
            for base in bases.values {
                let pages = UInt32(base.keys.count)
                for (_, words) in base.terms {
                    for word in words {
                        guard word.postings.allSatisfy({ $0 >> 6 & 0x7F_FFFF < pages }),
                            word.headings.keys.allSatisfy({ $0 < pages })
                        else { throw RecordReader.Malformed() }
                    }
                }
            }
        }

        /// The bases as the record keeps them, by their language's code.
        private static func keyed(_ bases: [String: Base]) -> [LanguageCode: Base] {
            Dictionary(uniqueKeysWithValues: bases.map { (LanguageCode($0.key), $0.value) })
        }

        init(generation: Int64, bases: [LanguageCode: Base]) {
            self.generation = generation
            self.bases = bases
        }

        /// Writes the bases into `state`, through a temporary file.
        func save(_ state: URL) throws {
            try RecordWriter.save(Self.file(state)) { write in
                var out = RecordWriter()
                out.string(Self.format)
                out.int(Int(generation))
                out.int(bases.count)
                for code in bases.keys.sorted() {
                    let base = bases[code]!
                    out.string(code.rawValue)
                    out.list(base.keys) { out, key in
                        out.string(key.url)
                        out.string(key.title)
                        out.int(Int(Int64(bitPattern: key.digest)))
                    }
                    try out.list(base.terms) { out, term in
                        out.string(term.prefix)
                        out.list(term.words) { out, word in
                            out.string(word.text)
                            out.uint32s(word.postings)
                            out.list(word.headings.sorted { $0.key < $1.key }) { out, pair in
                                out.int(Int(pair.key))
                                out.int(pair.value)
                            }
                        }
                        try out.drain(to: write)
                    }
                    out.int(base.firstPart)
                    out.int(base.partSize)
                }
                try write(out.bytes)
            }
        }
    }
}
