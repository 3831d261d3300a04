import Foundation
import Testing

import SectionSiteDiff
import SectionSiteEngine
import SiteTestSupport

@Suite("Data files")
struct DataFileTests {
    static let page = "---\ntitle: Menu\nsections:\n  - id: dishes\n    cell: dish\n    data: menu\n---\n"

    static func site(_ data: [String: String], page: String = page) -> [String: String] {
        var files = TestSite.theme
        files["Themes/default/cells/dish.mustache"] = "{{title}} {{price}}"
        files["Themes/default/cells/special.mustache"] = "*{{title}}*"
        files["Content/menu.md"] = page
        for (name, text) in data { files["Data/\(name)"] = text }
        return files
    }

    static func items(_ html: String) -> [String] {
        html.matches(of: /data-ss-key="i:([^"]*)" data-ss-cell="([^"]*)">(.*?)<\/div>/).map {
            "\($0.1) \($0.2): \($0.3)"
        }
    }

    @Test(
        "YAML, JSON and CSV records become a section's items, keyed by id, a record's cell over the section's",
        arguments: [
            (
                "menu.yml",
                "- {id: soup, title: Soup, price: 5}\n- id: pie\n  title: Pie\n  price: 4.5\n  cell: special\n"
            ),
            (
                "menu.json",
                "[\n  {\"id\": \"soup\", \"title\": \"Soup\", \"price\": 5},\n  {\"id\": \"pie\", \"title\": \"Pie\", \"price\": 4.5, \"cell\": \"special\"}\n]\n"
            ),
            ("menu.csv", "id,title,price,cell\nsoup,Soup,5,\npie,Pie,4.5,special\n"),
        ])
    func formats(file: String, text: String) throws {
        let site = try TestSite(Self.site([file: text]))
        try site.build()
        #expect(Self.items(try site.output("menu/index.html")) == ["soup dish: Soup 5", "pie special: *Pie*"])
    }

    @Test("templates see every data file as site.data.<name>, lists and maps alike")
    func siteData() throws {
        var files = Self.site(["menu.csv": "id,title,price\nsoup,Soup,5\n", "team.yml": "lead: Ada\nsize: 3\n"])
        files["Themes/default/layouts/page.mustache"] =
            "<html><head></head><body>{{site.data.team.lead}} {{site.data.team.size}} {{#site.data.menu}}[{{id}}={{price}}]{{/site.data.menu}}{{{sections}}}</body></html>"
        let site = try TestSite(files)
        try site.build()
        #expect(try site.output("menu/index.html").contains("<body>Ada 3 [soup=5]"))
    }

    @Test("a list without ids, a CSV file without an 'id' column and a list of names are site.data for templates")
    func dataWithoutIDs() throws {
        var files = Self.site([
            "menu.csv": "id,title,price\nsoup,Soup,5\n", "team.yml": "- {name: Ada}\n- {name: Grace}\n",
            "links.csv": "name,url\nHome,/\n", "words.json": "[\"one\", \"two\"]",
        ])
        files["Themes/default/layouts/page.mustache"] =
            "<html><head></head><body>{{#site.data.team}}[{{name}}]{{/site.data.team}}{{#site.data.links}}({{name}} {{url}}){{/site.data.links}}{{#site.data.words}}<{{.}}>{{/site.data.words}}{{{sections}}}</body></html>"
        let site = try TestSite(files)
        try site.build()
        #expect(try site.output("menu/index.html").contains("<body>[Ada][Grace](Home /)<one><two>"))
    }

    @Test(
        "a bad record is an error at its line and column, and the previous output stays",
        arguments: [
            (
                "menu.csv", "id,title\nsoup,Soup\npie\n",
                "Data/menu.csv:3:1: error: this row has 1 field, the header line 2"
            ),
            // A file whose records have no ids at all is data for templates: the section naming it is the mistake.
            (
                "menu.csv", "name,title\nsoup,Soup\n",
                "Content/menu.md:6:11: error: Data/menu.csv has no 'id' column, so it cannot be a section's items (templates still see it as site.data.menu)"
            ),
            (
                "menu.yml", "- {title: Soup}\n- {title: Pie}\n",
                "Content/menu.md:6:11: error: Data/menu.yml has no record with an 'id', so it cannot be a section's items (templates still see it as site.data.menu)"
            ),
            // A quoted field over two lines makes its row two lines long.
            (
                "menu.csv", "title,id\n\"Soup,\nhot\",soup\nPie,soup\n",
                "Data/menu.csv:4:5: error: duplicate record id 'soup'\nData/menu.csv:3:6: note: record 'soup' first given here"
            ),
            ("menu.csv", "id,title\n,Soup\n", "Data/menu.csv:2:1: error: this row's 'id' is empty"),
            ("menu.yml", "- {id: soup, title: Soup}\n- {title: Pie}\n", "Data/menu.yml:2:3: error: record has no 'id'"),
            (
                "menu.yml", "- {id: soup}\n- id: soup\n",
                "Data/menu.yml:2:7: error: duplicate record id 'soup'\nData/menu.yml:1:8: note: record 'soup' first given here"
            ),
            (
                "menu.json", "[{\"id\": \"a\"}, 3]",
                "Data/menu.json:1:15: error: a record must be a map of fields with an 'id'"
            ),
            ("menu.yml", "- {id: [1, 2]}\n", "Data/menu.yml:1:8: error: a record's 'id' must be a string or a number"),
        ])
    func badRecords(file: String, text: String, message: String) throws {
        let good = file.hasSuffix("csv") ? "id,title,price\nsoup,Soup,5\n" : "- {id: soup, title: Soup, price: 5}\n"
        let site = try TestSite(Self.site([file: good]))
        try site.build()
        let before = site.outputSnapshot()
        try site.write(["Data/\(file)": text])
        #expect(site.buildError()?.description == message)
        #expect(site.outputSnapshot() == before)
    }

    @Test("invalid UTF-8, a missing file, a file that is no list, and two files of one name are located errors")
    func otherErrors() throws {
        let site = try TestSite(Self.site(["menu.csv": "id,title\nsoup,Soup\n"]))
        try site.write("Data/menu.csv", Data("id,title\nsoup,So\u{FF}up\n".utf8.map { $0 == 0xC3 ? 0xFF : $0 }))
        #expect(site.buildError()?.description == "Data/menu.csv:2:8: error: invalid UTF-8 in file")
        try site.remove("Data/menu.csv")
        #expect(
            site.buildError()?.description
                == "Content/menu.md:6:11: error: no data file 'menu': looked for Data/menu.yml, .yaml, .json and .csv (known: none)"
        )
        try site.write(["Data/menu.yml": "lead: Ada\n"])
        #expect(
            site.buildError()?.description
                == "Content/menu.md:6:11: error: Data/menu.yml is not a list of records, so it cannot be a section's items (templates still see it as site.data.menu)"
        )
        try site.write(["Data/menu.csv": "id\nx\n"])
        #expect(
            site.buildError()?.description
                == "Data/menu.yml:1:1: error: two data files are named 'menu': give one another name\nData/menu.csv:1:1: note: 'menu' is this file too"
        )
        try site.remove("Data/menu.yml")
        try site.write([
            "Content/menu.md": "---\ntitle: Menu\nsections:\n  - id: dishes\n    data: menu\n    items: []\n---\n"
        ])
        #expect(
            site.buildError()?.description
                == "Content/menu.md:5:11: error: section 'dishes' has 'data' and also 'items'; give one")
    }

    @Test("in the preview, a changed price re-renders the page that shows it: one small patch")
    func live() throws {
        let site = try TestSite(Self.site(["menu.csv": "id,title,price\nsoup,Soup,5\npie,Pie,4\n"]))
        var live = try Site(options: site.options)
        let before = live.pages["/menu/"]!
        try site.write(["Data/menu.csv": "id,title,price\nsoup,Soup,6\npie,Pie,4\n"])
        let update = try live.apply(["Data/menu.csv"])
        #expect(update.changed == ["/menu/"])
        let after = live.pages["/menu/"]!
        let patch = PatchBuilder.patch(
            page: "/menu/", from: before.html, version: before.version, to: after.html, version: after.version)
        #expect(patch.ops.count == 1)
        #expect(patch.json.contains(#""key":"i:soup""#) && patch.json.contains("Soup 6"))
        #expect(patch.json.utf8.count < 300)
        // A build from nothing makes the same page.
        #expect(try Site(options: site.options).pages["/menu/"]!.html == live.pages["/menu/"]!.html)
    }
}
