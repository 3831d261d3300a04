import Testing

@testable import SectionSiteEngine

/// The reading stage's problems (settings, files, pages, data files): every kind has an identifier of its own,
/// `<stage>.<kebab-case>`, named here so that renaming a case cannot rename an identifier unseen.
@Suite("Reading problems")
struct ReadingProblemTests {
    static let settings: [(SettingsProblem, Diagnostic.ID)] = [
        (.unknownOption("x", in: "feed", known: "keep"), "settings.unknown-option"),
        (.badPermalink(problem: "p"), "settings.bad-permalink"),
        (.badFolder("en", problem: "p"), "settings.bad-folder"),
        (.notATimeZone("Mars"), "settings.not-a-time-zone"),
        (.liveOnAnotherSite("//a"), "settings.live-on-another-site"),
        (.liveNotPushURL, "settings.live-not-push-url"), (.notALanguageCode("e"), "settings.not-a-language-code"),
        (.badDirection("up"), "settings.bad-direction"), (.negativeKeep, "settings.negative-keep"),
        (.negativePoll, "settings.negative-poll"), (.negativeTagPages, "settings.negative-tag-pages"),
        (.negativeSearchText, "settings.negative-search-text"),
        (.sitemapURLCountOutOfRange, "settings.sitemap-url-count-out-of-range"),
        (.notMoreThanZero("maxPixels"), "settings.not-more-than-zero"),
        (.permalinksNotTopLevel(folder: "a/b"), "settings.permalinks-not-top-level"),
        (.languagesShareFolder("en", "EN", folder: "en"), "settings.languages-share-folder"),
        (.noWidths, "settings.no-widths"),
        (.widthOutOfRange(0), "settings.width-out-of-range"),
        (.unknownImageFormat("gif"), "settings.unknown-image-format"),
        (.qualityOutOfRange, "settings.quality-out-of-range"), (.unknownMetadata("x"), "settings.unknown-metadata"),
        (.apiURLNotAPath("x"), "settings.api-url-not-a-path"),
    ]
    static let files: [(FileProblem, Diagnostic.ID)] = [
        (.unreadable(reason: "r"), "file.unreadable"), (.invalidUTF8, "file.invalid-utf8"),
        (.invalidYAML("p"), "file.invalid-yaml"),
        (.invalidTOML("p"), "file.invalid-toml"), (.unreadableTOML, "file.unreadable-toml"),
        (.aliasBomb, "file.alias-bomb"),
        (.notAMap(what: "'feed'"), "file.not-a-map"), (.duplicateKey("k"), "file.duplicate-key"),
        (.notOneValue(key: "k"), "file.not-one-value"),
        (.notTrueOrFalse(key: "k"), "file.not-true-or-false"), (.notAWholeNumber(key: "k"), "file.not-a-whole-number"),
        (.notAStringList(key: "k"), "file.not-a-string-list"),
    ]
    static let pages: [(PageProblem, Diagnostic.ID)] = [
        (.badDate("x"), "page.bad-date"), (.notAList("items", of: "items"), "page.not-a-list"),
        (.sectionWithoutID, "page.section-without-id"),
        (.badSectionID("a b"), "page.bad-section-id"), (.unknownSectionKey("k"), "page.unknown-section-key"),
        (.duplicateSection("s"), "page.duplicate-section"), (.duplicateItem("i", page: "/a/"), "page.duplicate-item"),
        (.frontMatterNeverClosed(closing: "---"), "page.front-matter-never-closed"),
        (.itemWithoutID, "page.item-without-id"),
        (.emptyItemIdentity(section: "s"), "page.empty-item-identity"), (.notAboveZero("limit"), "page.not-above-zero"),
        (.unknownSort("s"), "page.unknown-sort"), (.queryWithoutFrom("sort"), "page.query-without-from"),
        (.itemsAndFrom(section: "s"), "page.items-and-from"),
        (.dataAndMore(section: "s", other: "items"), "page.data-and-more"),
        (.notATitleOrMap("header"), "page.not-a-title-or-map"),
        (.unknownAnimation("x", key: "insert", known: "fade"), "page.unknown-animation"),
        (.unknownMoveAnimation("x"), "page.unknown-move-animation"),
        (.unknownAnimationKey("x"), "page.unknown-animation-key"),
        (.aliasNotAPath("x"), "page.alias-not-a-path"), (.urlNotAPath("x"), "page.url-not-a-path"),
        (.notEncodable(type: "T", error: "e"), "page.not-encodable"), (.notKeyed(type: "T"), "page.not-keyed"),
    ]
    static let data: [(DataProblem, Diagnostic.ID)] = [
        (.sameName("menu"), "data.same-name"), (.recordNotAMap, "data.record-not-a-map"),
        (.badRecordID, "data.bad-record-id"),
        (.recordWithoutID, "data.record-without-id"), (.duplicateRecord("a"), "data.duplicate-record"),
        (.noHeaderLine, "data.no-header-line"),
        (.wrongFieldCount(1, header: 2), "data.wrong-field-count"),
        (.emptyRowID, "data.empty-row-id"), (.unreadableCSV("e"), "data.unreadable-csv"),
    ]

    static func check(_ table: [(id: Diagnostic.ID, expected: Diagnostic.ID, message: String)], stage: String) {
        for row in table {
            #expect(row.id == row.expected)
            #expect(
                row.id.rawValue.wholeMatch(of: /[a-z]+\.[a-z0-9]+(-[a-z0-9]+)*/) != nil
                    && row.id.rawValue.hasPrefix(stage + "."))
            #expect(!row.message.isEmpty && !row.message.hasSuffix("."))
        }
        #expect(Set(table.map(\.id)).count == table.count, "each kind has an identifier of its own")
    }

    @Test("every kind has its own identifier, stage.kebab-case, and words without a full stop")
    func identifiers() {
        Self.check(Self.settings.map { ($0.id, $1, $0.message) }, stage: "settings")
        Self.check(Self.files.map { ($0.id, $1, $0.message) }, stage: "file")
        Self.check(Self.pages.map { ($0.id, $1, $0.message) }, stage: "page")
        Self.check(Self.data.map { ($0.id, $1, $0.message) }, stage: "data")
    }

    @Test("a message said twice is one kind: its words are the same wherever it is thrown")
    func merged() {
        #expect(
            FileProblem.invalidUTF8.error(at: SourceLocation(file: "a.md", line: 2)).description
                == "a.md:2:1: error: invalid UTF-8 in file")
        #expect(PageProblem.duplicateItem("soup", page: "/menu/").message == "duplicate item id 'soup' in page /menu/")
        #expect(PageProblem.duplicateItem("soup").message == "duplicate item id 'soup'")
        #expect(
            SettingsProblem.unknownOption("x", in: "api", known: "url").message == "unknown api option 'x' (known: url)"
        )
        #expect(
            SiteProblem.urlTaken("/a/").id == "site.url-taken"
                && SiteProblem.apiWithoutReader.id == "site.api-without-reader")
    }
}
