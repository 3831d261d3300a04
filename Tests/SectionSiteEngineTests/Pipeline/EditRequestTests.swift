import Foundation
import SectionSiteDiff
import Testing

@testable import SectionSiteEngine
import SiteTestSupport

/// Edit mode's pure half: what a section's `edit:` allows, what a page offers, and which requests are refused before
/// any file is touched.
@Suite("Edit requests")
struct EditRequestTests {
    static let menu = """
        ---
        title: Menu
        sections:
          - id: burgers
            cell: b
            edit: {move: true, delete: true, fields: [title, price]}
            items:
              - {id: classic, title: Classic, price: 9, note: hot}
              - {id: veggie, title: Veggie, price: 10}
          - id: drinks
            cell: b
            edit: true
            items:
              - {id: cola, title: Cola, price: 2, cold: true}
          - id: plain
            cell: b
            items:
              - {id: water, title: Water}
          - id: sides
            cell: b
            data: sides
            edit: {move: true}
          - id: posts
            cell: b
            from: posts
            edit: true
        ---
        """

    func site(_ settings: String = "title: T\n") throws -> (TestSite, Site) {
        var files = TestSite.theme
        files["sectionsite.yml"] = settings
        files["Content/index.md"] = Self.menu
        files["Content/posts/a.md"] = "---\ntitle: A\ndate: 2026-01-01\n---\nA.\n"
        files["Data/sides.csv"] = "id,title\nfries,Fries\nsalad,Salad\n"
        let test = try TestSite(files)
        return (test, try Site(options: test.options))
    }

    @Test("edit: true, false and a map read as rules; an unknown key is an error at its line")
    func rules() throws {
        let (_, site) = try site()
        let sections = site.loaded[.file("Content/index.md")]!.page.sections
        #expect(
            sections.map(\.edit) == [
                EditRules(move: true, delete: true, fields: ["title", "price"]), .all, nil, EditRules(move: true), .all,
            ])
        let bad = try TestSite(
            TestSite.theme.merging([
                "Content/index.md":
                    "---\nsections:\n  - id: s\n    cell: b\n    edit: {moves: true}\n    items: []\n---\n"
            ]) { a, _ in a })
        let error = bad.buildError()?.description ?? ""
        #expect(
            error.contains("Content/index.md:5:12: error: unknown edit key 'moves' (known: move, delete, fields)"),
            "\(error)")
    }

    @Test("a page offers the sections it allows, with the fields of text or number; pages of a collection never")
    func offered() throws {
        let (_, site) = try site()
        let page = try #require(site.editablePage(PageURL("/")))
        #expect(page.sections.map(\.id) == ["burgers", "drinks", "sides"])
        #expect(page.sections[0].items[0].fields.map(\.name) == ["title", "price"])
        #expect(page.sections[1].items[0].fields.map(\.name) == ["price", "title"])  // not `cold`, a boolean
        #expect(page.sections[0].group == page.sections[1].group && page.sections[2].group == "Data/sides.csv#sides")
        #expect(site.editablePage(PageURL("/posts/a/")) == nil)
        #expect(site.hasEditableSections)
    }

    @Test("the site's edit: holds for sections without their own; nothing is editable unless a site says so")
    func siteDefault() throws {
        let (_, site) = try site("title: T\nedit: {delete: true}\n")
        let plain = try #require(site.editablePage(PageURL("/"))?.sections.first { $0.id == "plain" })
        #expect(plain.items[0].delete && !plain.move && plain.items[0].fields.isEmpty)
        var files = TestSite.theme
        files["Content/index.md"] = TestSite.page("s:a,b")
        let plainSite = try TestSite(files)
        let none = try Site(options: plainSite.options)
        #expect(none.editablePage(PageURL("/")) == nil && !none.hasEditableSections)
    }

    @Test("requests the section does not allow, for another version or item, are refused before any file is read")
    func refused() throws {
        let (_, site) = try site()
        func refusal(_ section: String, _ edit: ItemEdit, version: PageVersion? = nil) -> String? {
            let request = Site.EditRequest(
                page: PageURL("/"), version: version ?? site.pages[PageURL("/")]!.version, section: section, edit: edit)
            do {
                _ = try site.sourceChange(for: request)
                return nil
            } catch {
                return "\(error)"
            }
        }
        #expect(
            refusal("burgers", .delete(item: "classic"), version: PageVersion("0"))
                == "error: / changed since this page was loaded (in another tab or an editor); it has caught up: try again"
        )
        #expect(
            refusal("plain", .delete(item: "water"))
                == "error: section 'plain' is not editable: give it 'edit:' in its settings")
        #expect(refusal("posts", .delete(item: "/posts/a/"))?.contains("not editable") == true)
        #expect(refusal("burgers", .delete(item: "cola")) == "error: item 'cola' is not in section 'burgers'")
        #expect(
            refusal("burgers", .set(item: "classic", field: "note", value: "x"))?.contains(
                "field 'note' is not editable in section 'burgers'") == true)
        #expect(refusal("drinks", .set(item: "cola", field: "id", value: "x"))?.contains("field 'id'") == true)
        #expect(
            // edit: true adds none
            refusal("drinks", .set(item: "cola", field: "sections", value: "x"))?.contains("field 'sections'") == true)
        // a boolean
        #expect(refusal("drinks", .set(item: "cola", field: "cold", value: "x"))?.contains("field 'cold'") == true)
        #expect(refusal("sides", .delete(item: "fries"))?.contains("does not allow to delete") == true)
        #expect(
            refusal("sides", .move(item: "fries", to: .section("burgers"), before: nil))?.contains("move items into")
                == true)
        #expect(
            refusal("burgers", .move(item: "classic", to: .section("sides"), before: nil))?.contains("move items into")
                == true)
        #expect(
            refusal("burgers", .move(item: "classic", to: .section("plain"), before: nil))?.contains("move items into")
                == true)
    }

    @Test("an edit the section allows is the file's text before and after, changed only where the item is")
    func change() throws {
        let (test, site) = try site()
        let request = Site.EditRequest(
            page: PageURL("/"), version: site.pages[PageURL("/")]!.version, section: "burgers",
            edit: .move(item: "veggie", to: .section("drinks"), before: "cola"))
        let change = try site.sourceChange(for: request)
        #expect(change.path == "Content/index.md")
        #expect(
            change.before
                == (try String(contentsOf: test.folder.appendingPathComponent("Content/index.md"), encoding: .utf8)))
        #expect(
            change.after
                == Self.menu.replacing("      - {id: veggie, title: Veggie, price: 10}\n", with: "").replacing(
                    "      - {id: cola,", with: "      - {id: veggie, title: Veggie, price: 10}\n      - {id: cola,"))
        // The file changed since the site read it: refused, even at the same version.
        try test.write(["Content/index.md": Self.menu.replacing("Classic", with: "Classic too")])
        #expect(throws: SectionSiteError.self) { try site.sourceChange(for: request) }
    }

    @Test("Content/ as a link out of the site, which readOutside lets a build read, is never written")
    func outside() throws {
        let elsewhere = try TestSite(["index.md": Self.menu, "posts/a.md": "---\ntitle: A\n---\n"])
        var files = TestSite.theme
        files["sectionsite.yml"] = "title: T\nreadOutside: [\(elsewhere.folder.path)]\n"
        files["Data/sides.csv"] = "id,title\nfries,Fries\n"
        let test = try TestSite(files)
        try FileManager.default.createSymbolicLink(
            at: test.folder.appendingPathComponent("Content"), withDestinationURL: elsewhere.folder)
        let site = try Site(options: test.options)
        let page = try #require(site.pages[PageURL("/")])
        let request = Site.EditRequest(
            page: PageURL("/"), version: page.version, section: "burgers", edit: .delete(item: "classic"))
        let error = #expect(throws: SectionSiteError.self) { try site.sourceChange(for: request) }
        #expect(
            error?.description.contains("Content/index.md leads out of the site") == true,
            "\(String(describing: error))")
    }

    typealias Board = SectionModel<String, String, Train>
    struct Train: IdentifiableType, Equatable, Encodable, Sendable {
        var id: String
        var name: String
        var late: Bool
        var identity: String { id }
    }

    @Test("a program's data source says which items move and which are edited; commitChange gets identities")
    func program() async throws {
        let changes = Locked<[SectionedDataSource<Board>.Change]>([])
        let dataSource = SectionedDataSource<Board>(
            configureCell: { _, train in try .template("b", train) },
            canMoveItem: { section, _ in section.identity == "now" },
            canEditItem: { _, train in !train.late },
            commitChange: { change in changes.withLock { $0.append(change) } })
        let sections = [
            Board(
                identity: "now", model: "Now",
                items: [Train(id: "t1", name: "One", late: false), Train(id: "t2", name: "Two", late: true)]),
            Board(identity: "later", model: "Later", items: [Train(id: "t3", name: "Three", late: false)]),
        ]
        let page = try SitePage(url: "/board/", title: "Board", sections: sections, dataSource: dataSource)
        let editing = try #require(page.editing)
        #expect(editing.movable == ["t1", "t2"])
        #expect(editing.editable == ["t1": ["name"], "t3": ["name"]])  // not `id`, not the boolean
        try await editing.commit(.move(item: "t1", to: .section("later"), before: "t3"), "now")
        try await editing.commit(.set(item: "t3", field: "name", value: "Drei"), "later")
        try await editing.commit(.delete(item: "t2"), "now")
        #expect(
            changes.withLock { $0 } == [
                .move("t1", from: "now", to: "later", before: "t3"),
                .edit("t3", in: "later", field: "name", value: "Drei"), .delete("t2", from: "now"),
            ])
        await #expect(throws: SectionSiteError.self) { try await editing.commit(.delete(item: "nope"), "now") }
        // Without commitChange, nothing is editable.
        var readOnly = dataSource
        readOnly.commitChange = nil
        #expect(try SitePage(url: "/board/", title: "Board", sections: sections, dataSource: readOnly).editing == nil)
    }
}
