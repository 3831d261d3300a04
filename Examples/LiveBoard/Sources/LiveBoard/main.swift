import Foundation
import SectionSite
import SectionSiteCommands

/// A train on the board.
struct Departure: IdentifiableType, Equatable, Encodable, Sendable {
    var id: String
    var time: String
    var destination: String
    var platform: Int
    var status: String
    var delayed: Bool

    var identity: String { id }
}

/// The board's sections: trains boarding now, and those later. As the clock moves, trains move from one to the
/// other, leave the board, and new ones come onto it; each step is one small patch.
typealias BoardSection = SectionModel<String, String, Departure>

/// The timetable at step `tick`: the clock moves two minutes a step from 08:00; a train boards within six minutes
/// of leaving and leaves the board when it has gone; some are late for a while. The same tick always gives the same
/// board, so a page patched step by step equals the page loaded fresh.
func board(at tick: Int) -> [BoardSection] {
    let destinations = ["Busan", "Daejeon", "Gwangju", "Gangneung", "Mokpo", "Yeosu", "Pohang", "Jeonju"]
    let now = 8 * 60 + tick * 2
    var boarding: [Departure] = []
    var later: [Departure] = []
    for index in 0..<60 {
        let leaves = 8 * 60 + index * 4 + (index % 3)
        let late = (index * 7 + tick / 4) % 5 == 0 ? 3 + index % 4 : 0
        let actual = leaves + late
        guard actual >= now, later.count < 6 || actual - now < 6 else { continue }
        let departure = Departure(
            id: "train-\(101 + index)", time: String(format: "%02d:%02d", leaves / 60 % 24, leaves % 60),
            destination: destinations[index % destinations.count], platform: 1 + index % 4,
            status: late > 0 ? "\(late) min late" : (actual - now < 6 ? "Boarding" : "On time"), delayed: late > 0)
        if actual - now < 6 { boarding.append(departure) } else if later.count < 6 { later.append(departure) }
    }
    return [
        BoardSection(identity: "boarding", model: "Boarding now", items: boarding),
        BoardSection(identity: "later", model: "Later", items: later),
    ]
}

let dataSource = SectionedDataSource<BoardSection>(
    configureCell: { _, departure in try .template("departure", departure) },
    titleForHeaderInSection: { $0.model }
)

/// Ticks every `BOARD_INTERVAL` seconds (3 unless set), `BOARD_TICKS` of them (without end unless set).
let environment = ProcessInfo.processInfo.environment
let interval = environment["BOARD_INTERVAL"].flatMap(Double.init) ?? 3
let tickCount = environment["BOARD_TICKS"].flatMap(Int.init) ?? .max
/// `BOARD_STATIONS` more boards (none unless set), at `/stations/1/` and on: the same timetable, each its own
/// minutes later, each page bound to its own clock. Many pages changing at once, as a network of stations would.
let stations = environment["BOARD_STATIONS"].flatMap(Int.init) ?? 0

func ticks() -> AsyncStream<Int> {
    AsyncStream<Int> { continuation in
        let task = Task {
            for tick in 0..<tickCount {
                continuation.yield(tick)
                try? await Task.sleep(for: .seconds(interval))
                if Task.isCancelled { break }
            }
            continuation.finish()
            await watchlist.finish()  // the board is done, and so is the watchlist: `build --follow` ends
        }
        continuation.onTermination = { _ in task.cancel() }
    }
}

/// The board of `station` (0 for Seoul, at `/`) at `tick`.
func page(station: Int, tick: Int) throws -> SitePage {
    let clock = 8 * 60 + tick * 2
    let name = station == 0 ? "Seoul Station" : "Station \(station)"
    return try SitePage(
        url: station == 0 ? "/" : "/stations/\(station)/", title: station == 0 ? "Departures" : "\(name) departures",
        markdown: String(format: "\(name), **%02d:%02d**.", clock / 60 % 24, clock % 60),
        animation: AnimationConfiguration(insert: .top, delete: .left, reload: .fade, move: .flip),
        sections: board(at: tick + station), dataSource: dataSource)
}

/// The trains a traveller keeps an eye on, at `/watchlist/`, changed on the page itself in the preview's edit
/// mode: drag a train (or press ↑ ↓ on its handle) within a list or to the other one, delete it, or edit its
/// destination and status. The data source's `commitChange` gets each change by identities and updates this model;
/// the page is bound to the model's values, so every open tab patches: a move is one move.
actor Watchlist {
    private var sections = board(at: 0)
    private let continuation: AsyncStream<[BoardSection]>.Continuation
    /// The lists, now and after each change.
    nonisolated let values: AsyncStream<[BoardSection]>

    init() {
        (values, continuation) = AsyncStream.makeStream(of: [BoardSection].self, bufferingPolicy: .bufferingNewest(1))
        continuation.yield(sections)
    }

    func commit(_ change: SectionedDataSource<BoardSection>.Change) {
        switch change {
        case .move(let id, let from, let to, let before):
            guard let train = take(id, from: from), let target = sections.firstIndex(where: { $0.identity == to }) else { return }
            let place = before.flatMap { id in sections[target].items.firstIndex { $0.identity == id } } ?? sections[target].items.endIndex
            sections[target].items.insert(train, at: place)
        case .delete(let id, let from):
            _ = take(id, from: from)
        case .edit(let id, let section, let field, let value):
            guard let s = sections.firstIndex(where: { $0.identity == section }),
                let i = sections[s].items.firstIndex(where: { $0.identity == id })
            else { return }
            if field == "destination" { sections[s].items[i].destination = value }
            if field == "status" { sections[s].items[i].status = value }
        }
        continuation.yield(sections)
    }

    /// Ends the lists' values.
    func finish() { continuation.finish() }

    private func take(_ id: String, from section: String) -> Departure? {
        guard let s = sections.firstIndex(where: { $0.identity == section }),
            let i = sections[s].items.firstIndex(where: { $0.identity == id })
        else { return nil }
        return sections[s].items.remove(at: i)
    }
}

let watchlist = Watchlist()
let watchlistSource = SectionedDataSource<BoardSection>(
    configureCell: { _, departure in try .template("departure", departure) },
    titleForHeaderInSection: { $0.model },
    canMoveItem: { _, _ in true },
    canEditItem: { _, departure in !departure.delayed },
    commitChange: { await watchlist.commit($0) }
)

let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Site")
var site = Website(folder: folder)
for station in 0...stations {
    site.bind(ticks()) { try page(station: station, tick: $0) }
}
site.bind(watchlist.values) {
    try SitePage(url: "/watchlist/", title: "Watchlist", sections: $0, dataSource: watchlistSource)
}
await site.main()  // swift run LiveBoard serve | build --follow [--publish URL]
