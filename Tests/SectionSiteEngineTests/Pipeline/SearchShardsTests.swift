import Foundation
import Testing

@testable import SectionSiteEngine
import SiteTestSupport
import TestSupport

@Suite("Search index in shards")
struct SearchShardsTests {
    static func page(_ title: String, _ body: String) -> String {
        "---\ntitle: \(title)\n---\n\(body)\n"
    }

    static func files(settings: String = "baseURL: /blog/\n") -> [String: String] {
        var files = TestSite.theme
        files["sectionsite.yml"] = settings
        files["Content/b.md"] = page("Moves", "## Intro\n\nA Déjà vu of moving things.\n\n## Moves\n\nMore.")
        files["Content/a.md"] = page("Zebra", "Moves and movers, a mover.")
        files["Content/c.md"] = page("Apple", "## Move it\n\nΣΟΦΟΣ says 한국어 x.")
        files["Content/draft.md"] = "---\ntitle: Draft\ndraft: true\n---\nMoves.\n"
        return files
    }

    /// A posting list decoded as the format says: (page, flags, heading place or -1).
    static func decode(_ numbers: [Int]) -> [(page: Int, flags: Int, heading: Int)] {
        var postings: [(page: Int, flags: Int, heading: Int)] = []
        var index = 0
        while index < numbers.count {
            let flags = numbers[index] % 8
            let step = numbers[index] / 8
            let page = postings.last.map { $0.flags == flags ? $0.page + step : step } ?? step
            var heading = -1
            if flags & 6 == 2 {
                index += 1
                heading = numbers[index]
            }
            postings.append((page, flags, heading))
            index += 1
        }
        return postings
    }

    static func json(_ text: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
    }

    /// A term file's words: each word's entry by its text.
    static func words(_ site: TestSite, _ prefix: String, folder: String = "") throws -> [String: [String: Any]] {
        let hex = prefix.utf8.map { String(format: "%02x", $0) }.joined()
        let file = try json(site.output(folder + "search/terms/\(hex).json"))
        #expect(file["prefix"] as? String == prefix)
        var words: [String: [String: Any]] = [:]
        for entry in file["words"] as! [[String: Any]] { words[entry["word"] as! String] = entry }
        return words
    }

    @Test("the manifest, a term file and a page chunk, exactly; pages numbered by title")
    func format() throws {
        let site = try TestSite(Self.files())
        try site.build()
        #expect(
            try site.output("search/index.json") == """
                {"format":"sectionsite-search-shards/1","pages":3,"chunk":25,"prefix":2,"terms":\
                ["a","an","ap","de","in","it","mo","of","sa","th","vu","x","ze","σο","\u{1112}\u{1161}"]}

                """)
        // Apple is page 0, Moves 1, Zebra 2. "moves" is in the title and second heading of 1 (flags 6, no heading
        // place: the title wins) and the text of 2; "move" in the first heading of 0 (flags 2, heading place 0).
        #expect(
            try site.output("search/terms/6d6f.json") == """
                {"prefix":"mo","words":[\
                {"word":"more","count":1,"postings":[9],"more":0},\
                {"word":"move","count":1,"postings":[2,0],"more":0},\
                {"word":"mover","count":1,"postings":[17],"more":0},\
                {"word":"movers","count":1,"postings":[17],"more":0},\
                {"word":"moves","count":2,"postings":[14,17],"more":0},\
                {"word":"moving","count":1,"postings":[9],"more":0}]}

                """)
        let chunk = try Self.json(site.output("search/pages/0.json"))["pages"] as! [[String: Any]]
        #expect(chunk.map { $0["title"] as! String } == ["Apple", "Moves", "Zebra"])
        #expect(chunk.map { $0["url"] as! String } == ["/blog/c/", "/blog/b/", "/blog/a/"])
        #expect((chunk[1]["headings"] as! [[String: String]]).map { $0["id"]! } == ["intro", "moves"])
        #expect(chunk[1]["text"] as? String == "A Déjà vu of moving things. More.")
        // A small site keeps search.json beside the shards.
        #expect(try Self.json(site.output("search.json"))["format"] as? String == "sectionsite-search/1")
    }

    @Test("words fold as the search box folds a query; one-letter words have a file of their own")
    func prefixes() throws {
        let site = try TestSite(Self.files())
        try site.build()
        #expect(try Self.words(site, "de").keys.sorted() == ["deja"])
        #expect(try Self.words(site, "σο").keys.sorted() == ["σοφοσ"])
        // Hangul decomposes into its letters: the prefix of 한국어 is the two letters of 한's first half.
        #expect(
            try Self.words(site, "\u{1112}\u{1161}").keys.map { Array($0.unicodeScalars) } == [
                Array("한국어".decomposedStringWithCanonicalMapping.unicodeScalars)
            ])
        #expect(try Self.words(site, "a").keys.sorted() == ["a"])
        #expect(try Self.words(site, "x").keys.sorted() == ["x"])
        var folded: [String] = []
        SearchShards.forEachWord(in: "Ünïcode-ÉCOLE, naïve_x ΣΑΣ 2026") { folded.append($0) }
        #expect(folded == ["unicode", "ecole", "naive", "x", "σασ", "2026"])
    }

    @Test("words read by their bytes are the words read scalar by scalar, on seeded texts of every kind of character")
    func wordsByBytes() {
        var generator = SeededRandom(seed: 58)
        let pieces = [
            "word", "Word", "WORD", "2026", " ", "-", "_", ",", "\n", "é", "e\u{301}", "\u{301}", "“", "”", "—", "’s",
            "ΣΑΣ", "ς", "\u{37E}", "\u{212A}", "\u{212B}", "한국어", "日本語", "ǅ", "ﬁ", "İ", "ß", "🙂", "Ⅻ", "²", "x",
        ]
        for _ in 0..<500 {
            let text = (0..<Int.random(in: 0...24, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }.joined()
            var byScalars: [String] = []
            SearchShards.forEachWord(in: text) { byScalars.append($0) }
            var byBytes: [String] = []
            SearchShards.forEachWordBytes(in: text) { byBytes.append(String(decoding: $0, as: UTF8.self)) }
            #expect(byBytes == byScalars, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test("postings: best first (title, heading, text), then by page; the first heading that holds the word")
    func ordering() throws {
        var files = TestSite.theme
        files["sectionsite.yml"] = "title: T\n"
        // Titles number the pages: p0 ... p5.
        files["Content/t0.md"] = Self.page("P0", "Word in the text.")
        files["Content/t1.md"] = Self.page("P1 word", "Title only.")
        files["Content/t2.md"] = Self.page("P2", "## One\n\nx\n\n## Two word\n\nAnd word in the text.")
        files["Content/t3.md"] = Self.page("P3 word", "## Word\n\nword")
        files["Content/t4.md"] = Self.page("P4", "## Word here\n\nx")
        files["Content/t5.md"] = Self.page("P5", "word")
        let site = try TestSite(files)
        try site.build()
        let word = try Self.words(site, "wo")["word"]!
        let postings = Self.decode(word["postings"] as! [Int])
        #expect(postings.map(\.page) == [3, 1, 2, 4, 0, 5])
        #expect(postings.map(\.flags) == [7, 4, 3, 2, 1, 1])
        #expect(postings.map(\.heading) == [-1, -1, 1, 0, -1, -1])
        #expect(word["postings"] as! [Int] == [31, 12, 19, 1, 34, 0, 1, 41])
    }

    @Test("a common word's postings: the best in the term file, the rest in continuation files in order")
    func continuation() throws {
        var files = TestSite.theme
        files["sectionsite.yml"] = "title: T\n"
        for n in 0..<9 {
            files["Content/p\(n).md"] = Self.page("Page \(n)", n % 2 == 0 ? "## Common\n\ncommon" : "common")
        }
        let site = try TestSite(files)
        try site.build()
        let live = try Site(options: site.options)
        let shards = SearchShards(Array(live.content.published), folder: "", firstPart: 2, partSize: 3)
        let byPath = Dictionary(uniqueKeysWithValues: shards.files(config: live.config).map { ($0.path, $0.contents) })
        #expect(shards.paths == shards.files(config: live.config).map(\.path))
        func text(_ path: OutputPath) throws -> String {
            guard case .text(let text) = byPath[path] else { throw CocoaError(.fileNoSuchFile) }
            return text
        }
        let term = try Self.json(text("search/terms/636f.json"))["words"] as! [[String: Any]]
        #expect(term.map { $0["word"] as! String } == ["common"])
        #expect(term[0]["count"] as? Int == 9)
        #expect(term[0]["more"] as? Int == 3)  // 2 here, then 3 + 3 + 1
        var postings = Self.decode(term[0]["postings"] as! [Int])
        #expect(postings.count == 2)
        for part in 1...3 {
            let more = Self.decode(
                try Self.json(text(OutputPath("search/more/636f-0-\(part).json")))["postings"] as! [Int])
            #expect(more.count == (part == 3 ? 1 : 3))
            postings += more
        }
        #expect(byPath["search/more/636f-0-4.json"] == nil)
        #expect(postings.map(\.page) == [0, 2, 4, 6, 8, 1, 3, 5, 7])
        #expect(postings.map(\.flags) == [3, 3, 3, 3, 3, 1, 1, 1, 1])
        // Each file starts its differences again: its first page is whole.
        #expect((try Self.json(text("search/more/636f-0-1.json"))["postings"] as! [Int]) == [35, 0, 19, 0, 19, 0])
        // The build's own cut: 64 postings in the term file, 8,192 a continuation.
        #expect(SearchShards(Array(live.content.published), folder: "").firstPart == 64)
    }

    @Test("page chunks of 25 pages, in the order of the page numbers")
    func chunks() throws {
        var files = TestSite.theme
        files["sectionsite.yml"] = "title: T\n"
        for n in 0..<60 { files["Content/p\(n).md"] = Self.page(String(format: "Page %02d", 59 - n), "Text \(n).") }
        let site = try TestSite(files)
        try site.build()
        #expect(try Self.json(site.output("search/index.json"))["pages"] as? Int == 60)
        for (chunk, count) in [(0, 25), (1, 25), (2, 10)] {
            let pages = try Self.json(site.output("search/pages/\(chunk).json"))["pages"] as! [[String: Any]]
            #expect(pages.count == count)
            #expect(pages.first?["title"] as? String == String(format: "Page %02d", chunk * 25))
        }
        #expect(!FileManager.default.fileExists(atPath: site.out.appendingPathComponent("search/pages/3.json").path))
    }

    @Test("two builds from nothing write the same bytes; the listing, the paths and the preview agree")
    func determinism() throws {
        var files = Self.files()
        for n in 0..<80 {
            files["Content/many/p\(n).md"] = Self.page(
                "Many \(n % 7)", "common words \(n) and more common words, \(n * 37)")
        }
        let first = try TestSite(files)
        try first.build()
        let second = try TestSite(files)
        try second.build()
        let shards = first.outputSnapshot().filter { $0.key.hasPrefix("search/") }
        #expect(shards.count > 20)
        #expect(shards == second.outputSnapshot().filter { $0.key.hasPrefix("search/") })
        let live = try Site(options: first.options)
        let listed = SiteOutput(live).files()
        #expect(SiteOutput(live).paths() == Set(listed.map(\.path)))
        for file in listed where file.path.rawValue.hasPrefix("search/") {
            #expect(SiteOutput(live).file(at: file.path) == file, "\(file.path)")
            guard case .text(let text) = file.contents else { continue }
            #expect(shards[file.path.rawValue] == Data(text.utf8), "\(file.path)")
        }
        #expect(SiteOutput(live).file(at: "search/terms/ffff.json") == nil)
    }

    @Test("each language its own shards under its folder, of its own pages")
    func languages() throws {
        var files = TestSite.theme
        files["sectionsite.yml"] = "title: T\nlanguages:\n  en: {name: English}\n  fr: {name: Français}\n"
        files["Content/a.md"] = Self.page("Apple", "Orchard.")
        files["Content/fr/a.md"] = Self.page("Pomme", "Verger.")
        let site = try TestSite(files)
        try site.build()
        #expect(try Self.words(site, "or").keys.sorted() == ["orchard"])
        #expect(try Self.words(site, "ve", folder: "fr/").keys.sorted() == ["verger"])
        #expect(try Self.json(site.output("fr/search/index.json"))["pages"] as? Int == 1)
        #expect(!FileManager.default.fileExists(atPath: site.out.appendingPathComponent("search/terms/7665.json").path))
        #expect(
            !FileManager.default.fileExists(atPath: site.out.appendingPathComponent("fr/search/terms/6f72.json").path))
    }

    @Test("search: false writes no shards; search: {json: false} the shards alone; json: true past the limit")
    func settings() throws {
        let site = try TestSite(Self.files(settings: "search: false\n"))
        try site.build()
        let out = site.out.path + "/"
        #expect(!FileManager.default.fileExists(atPath: out + "search"))
        #expect(!FileManager.default.fileExists(atPath: out + "search.json"))
        try site.write(["sectionsite.yml": "search: {json: false}\n"])
        try site.build()
        #expect(FileManager.default.fileExists(atPath: out + "search/index.json"))
        #expect(!FileManager.default.fileExists(atPath: out + "search.json"))
        try site.write(["sectionsite.yml": "search: {json: true, text: 5}\n"])
        try site.build()
        #expect(FileManager.default.fileExists(atPath: out + "search.json"))
        #expect(try Self.words(site, "mo")["moving"] == nil)  // past the text kept
        try site.write(["sectionsite.yml": "search: {json: maybe}\n"])
        let error = site.buildError()?.diagnostic
        #expect(
            error?.id == "file.not-true-or-false"
                && error?.location == SourceLocation(file: "sectionsite.yml", line: 1, column: 16))
        // Past the limit, search.json only when asked for.
        let limit = SearchShards.jsonPageLimit
        try site.write(["sectionsite.yml": "title: T\n"])
        #expect(
            try SiteOutput(Site(options: site.options)).writesJSON(limit)
                && !SiteOutput(Site(options: site.options)).writesJSON(limit + 1))
        try site.write(["sectionsite.yml": "search: {json: true}\n"])
        #expect(try SiteOutput(Site(options: site.options)).writesJSON(limit + 1))
        try site.write(["sectionsite.yml": "search: {json: false}\n"])
        #expect(try !SiteOutput(Site(options: site.options)).writesJSON(1))
    }

    @Test("a site kept in memory makes its shards once, and anew after a change")
    func preview() throws {
        let site = try TestSite(Self.files())
        var live = try Site(options: site.options)
        let before = try #require(SiteOutput(live).file(at: "search/terms/6d6f.json"))  // "mo"
        #expect(SiteOutput(live).file(at: "search/terms/6d6f.json") == before)
        let kept = live
        try site.write(["Content/a.md": Self.page("Zebra", "Mortar and more.")])
        _ = try live.apply(["Content/a.md"])
        let after = try #require(SiteOutput(live).file(at: "search/terms/6d6f.json"))
        guard case .text(let text) = after.contents else { throw CancellationError() }
        #expect(text.contains("\"mortar\"") && !text.contains("\"movers\""))
        // the site before the change answers as before
        #expect(SiteOutput(kept).file(at: "search/terms/6d6f.json") == before)
    }

    @Test("an incremental build writes the shards a build from nothing writes")
    func incremental() throws {
        let site = try TestSite(Self.files())
        try site.build()
        let edits = [
            "Content/a.md": Self.page("Zebra", "Other words now."), "Content/d.md": Self.page("Delta", "Moves again."),
        ]
        try site.write(edits)
        #expect(try site.build().incremental)
        let fresh = try TestSite(Self.files().merging(edits) { $1 })
        try fresh.build()
        let shards = site.outputSnapshot().filter { $0.key.hasPrefix("search") }
        #expect(shards == fresh.outputSnapshot().filter { $0.key.hasPrefix("search") })
        // Nothing changed: the shards stay as written, and one gone from the output is written again (the record
        // lists them: the build finds it missing).
        _ = try site.build()
        #expect(site.outputSnapshot().filter { $0.key.hasPrefix("search") } == shards)
        try FileManager.default.removeItem(at: site.out.appendingPathComponent("search/terms/6d6f.json"))
        _ = try site.build()
        #expect(site.outputSnapshot().filter { $0.key.hasPrefix("search") } == shards)
    }

    @Test("a page titled by its file's name, renamed with its slug kept: the incremental build indexes the new title")
    func renamedFile() throws {
        var files = Self.files()
        files["Content/posts/old-name.md"] = "---\nslug: kept\n---\nSome text.\n"
        let site = try TestSite(files)
        try site.build()
        try FileManager.default.moveItem(
            at: site.folder.appendingPathComponent("Content/posts/old-name.md"),
            to: site.folder.appendingPathComponent("Content/posts/new-name.md"))
        #expect(try site.build().incremental)
        files["Content/posts/new-name.md"] = files.removeValue(forKey: "Content/posts/old-name.md")
        let fresh = try TestSite(files)
        try fresh.build()
        let shards = site.outputSnapshot().filter { $0.key.hasPrefix("search") }
        #expect(shards == fresh.outputSnapshot().filter { $0.key.hasPrefix("search") })
        #expect(try Self.words(site, "ne")["new"] != nil)
        // "ol": no word
        #expect(!FileManager.default.fileExists(atPath: site.out.appendingPathComponent("search/terms/6f6c.json").path))
    }

    /// A page of `SearchShardsUpdateTests`: its title, headings and text drawn from a few words, so that words are
    /// shared; its digest the hash of all three.
    static func randomPage(_ url: String, _ random: inout SeededRandom) throws -> LoadedPage {
        let vocabulary = [
            "move", "moves", "mover", "apple", "apply", "zebra", "déjà", "vu", "σοφος", "한국어", "a", "x1", "common",
        ]
        func words(_ count: Int) -> String {
            (0..<count).map { _ in vocabulary[Int(random.next() % UInt64(vocabulary.count))] }.joined(separator: " ")
        }
        let title = words(1 + Int(random.next() % 2))
        // Now and then past 63 headings, whose places the postings keep apart.
        let headings = (0..<Int(random.next() % 4 == 0 ? 70 : random.next() % 4)).map { place in
            Markdown.Heading(level: 2, id: "h\(place)", text: words(Int(random.next() % 2)))
        }
        let text = words(Int(random.next() % 12))
        let hash = ContentHash.of("\(title)|\(headings.map(\.text))|\(text)").digest
        return LoadedPage(
            page: try PageParser(path: SourcePath("Content\(url)index.md")).parse("---\ntitle: \(title)\n---\n"),
            blocks: [],
            summary: "",
            headings: headings, text: text, sourceHash: hash)
    }

    @Test(
        "an index updated from an earlier one is the index made from nothing; the files it says are as before are",
        arguments: [1, 2, 3, 4])
    func update(seed: Int) throws {
        var random = SeededRandom(seed: UInt64(seed))
        var pages = try (0..<40).map { try Self.randomPage("/p\($0)/", &random) }
        var next = 40
        let config = SiteConfig()
        func texts(_ shards: SearchShards) -> [OutputPath: String] {
            Dictionary(
                uniqueKeysWithValues: shards.files(config: config).map { file in
                    guard case .text(let text) = file.contents else { return (file.path, "") }
                    return (file.path, text)
                })
        }
        var previous = SearchShards(pages, folder: "", firstPart: 2, partSize: 3)
        var updatedOnce = false
        for step in 0..<30 {
            // A few pages edited, retitled, added or removed; now and then most of them (made from nothing then).
            let edits = step % 10 == 9 ? 30 : 1 + Int(random.next() % 3)
            for _ in 0..<edits {
                switch random.next() % 5 {
                case 0 where pages.count > 5: pages.remove(at: Int(random.next() % UInt64(pages.count)))
                case 1:
                    pages.append(try Self.randomPage("/p\(next)/", &random))
                    next += 1
                case 2:
                    // The same URL and digest, another title: a file without one renamed, its slug kept.
                    let place = Int(random.next() % UInt64(pages.count))
                    let page = pages[place]
                    let title = ["Renamed", "Zebra", "Apple move"][Int(random.next() % 3)]
                    pages[place] = LoadedPage(
                        page: try PageParser(path: SourcePath("Content\(page.page.url)index.md")).parse(
                            "---\ntitle: \(title)\n---\n"), blocks: [],
                        summary: "", headings: page.headings, text: page.text, sourceHash: page.sourceHash)
                default:
                    let place = Int(random.next() % UInt64(pages.count))
                    pages[place] = try Self.randomPage(pages[place].page.url.rawValue, &random)
                }
            }
            let updated = SearchShards(pages, folder: "", previous: previous.base, firstPart: 2, partSize: 3)
            let made = SearchShards(pages, folder: "", firstPart: 2, partSize: 3)
            #expect(updated.files(config: config).map(\.path) == made.files(config: config).map(\.path), "step \(step)")
            let (now, before) = (texts(updated), texts(previous))
            #expect(now == texts(made), "step \(step)")
            for path in updated.unchanged { #expect(now[path] == before[path], "step \(step): \(path)") }
            if !updated.unchanged.isEmpty { updatedOnce = true }
            previous = updated
        }
        #expect(updatedOnce)
    }
}
