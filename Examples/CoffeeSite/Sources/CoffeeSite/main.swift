import Foundation
import SectionSite

// The items. Each kind of section holds its own kind of item, as in an app's sectioned table view.
struct Drink: Encodable, Equatable, Sendable {
    var id: String
    var name: String
    var price: String
    var note: String? = nil
}

struct Barista: Encodable, Equatable, Sendable {
    var id: String
    var name: String
    var role: String
}

/// One row of the home page: the cell it is drawn with depends on what it is.
enum HomeItem: IdentifiableType, Equatable, Sendable {
    case drink(Drink)
    case barista(Barista)
    case notice(id: String, text: String)

    var identity: String {
        switch self {
        case .drink(let drink): drink.id
        case .barista(let barista): barista.id
        case .notice(let id, _): id
        }
    }
}

/// The home page's sections: an enum of section kinds, as RxDataSources' multiple-section-model example has.
enum HomeSection: AnimatableSectionModelType, Sendable {
    case featured(items: [HomeItem])
    case menu(category: String, items: [HomeItem])
    case team(items: [HomeItem])

    var identity: String {
        switch self {
        case .featured: "featured"
        case .menu(let category, _): "menu-" + category.lowercased().replacingOccurrences(of: " ", with: "-")
        case .team: "team"
        }
    }

    var items: [HomeItem] {
        switch self {
        case .featured(let items), .menu(_, let items), .team(let items): items
        }
    }

    init(original: HomeSection, items: [HomeItem]) {
        switch original {
        case .featured: self = .featured(items: items)
        case .menu(let category, _): self = .menu(category: category, items: items)
        case .team: self = .team(items: items)
        }
    }
}

/// Draws the sections: the theme's `drink` and `barista` cells with the items' data, a notice as HTML made here,
/// a custom header view for the featured section and plain titles for the others.
let dataSource = SectionedDataSource<HomeSection>(
    configureCell: { _, item in
        switch item {
        case .drink(let drink): try .template("drink", drink)
        case .barista(let barista): try .template("barista", barista)
        case .notice(_, let text): .init(kind: "notice", html: "<p class=\"notice\">\(HTML.escape(text))</p>")
        }
    },
    configureSupplementaryView: { section, kind in
        guard kind == .header, case .featured = section else { return nil }
        return try .template("hero", ["title": "This week at the counter", "subtitle": "Roasted on Monday, gone by Sunday"])
    },
    titleForHeaderInSection: { section in
        switch section {
        case .featured: nil
        case .menu(let category, _): category
        case .team: "Who makes it"
        }
    },
    titleForFooterInSection: { section in
        if case .menu(let category, _) = section, category == "Coffee" { "Oat milk at no extra cost." } else { nil }
    },
    kindForSection: { section in
        switch section {
        case .featured: "featured"
        case .menu: "menu"
        case .team: "team"
        }
    }
)

let home: [HomeSection] = [
    .featured(items: [
        .drink(Drink(id: "yirgacheffe", name: "Yirgacheffe pour-over", price: "4.50", note: "Bergamot, peach")),
        .notice(id: "closed-monday", text: "Closed on Mondays while we roast."),
    ]),
    .menu(category: "Coffee", items: [
        .drink(Drink(id: "espresso", name: "Espresso", price: "2.40")),
        .drink(Drink(id: "flat-white", name: "Flat white", price: "3.60")),
        .drink(Drink(id: "filter", name: "Batch filter", price: "3.00", note: "Refills are free")),
    ]),
    .menu(category: "Not coffee", items: [
        .drink(Drink(id: "chai", name: "Chai", price: "3.80")),
        .drink(Drink(id: "lemonade", name: "Lemonade", price: "3.20")),
    ]),
    .team(items: [
        .barista(Barista(id: "mina", name: "Mina", role: "Roaster")),
        .barista(Barista(id: "joon", name: "Joon", role: "Barista")),
    ]),
]

// The site folder beside this package's sources: its settings, theme and Markdown pages (`Content/about.md`).
let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Site")
// `swift run CoffeeSite build [--site FOLDER] [--out FOLDER]` or `swift run CoffeeSite check [--site FOLDER]`. The
// program builds and checks through the Swift API alone, so it links no server, no argument parser and no Qt (code
// stays plain without a highlighter). LiveBoard shows the other way: the whole command line, `serve` included, with
// `main()` from SectionSiteCommands.
let arguments = Array(CommandLine.arguments.dropFirst())
func folderOption(_ name: String) -> URL? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return URL(fileURLWithPath: arguments[index + 1], isDirectory: true)
}
func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(status)
}
do {
    let site = Website(
        folder: folderOption("--site") ?? folder,
        pages: [
            try SitePage(
                url: "/", title: "Corner Coffee", markdown: "Open *Tuesday to Sunday*, 8 to 5.", sections: home,
                dataSource: dataSource)
        ])
    switch arguments.first {
    case "build":
        let out = folderOption("--out")
        let report = try await site.build(into: out)
        for warning in report.warnings { FileHandle.standardError.write(Data((warning.description + "\n").utf8)) }
        print(report.summary(out: out?.path ?? "_site"))
    case "check":
        let broken = try await site.check()
        for error in broken { FileHandle.standardError.write(Data((error.description + "\n").utf8)) }
        print(broken.isEmpty ? "Links: none broken" : "Links: \(broken.count) broken")
        if !broken.isEmpty { exit(1) }
    default:
        fail("usage: CoffeeSite build [--site FOLDER] [--out FOLDER] | check [--site FOLDER]", status: 2)
    }
} catch {
    fail((error as? SectionSiteError)?.description ?? "error: \(error)", status: 1)
}
