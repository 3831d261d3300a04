// swift-tools-version:6.0
// The example programs, each depending on SectionSite by path as a program of yours would by URL:
//
// - CoffeeSite: a home page defined in Swift beside a Markdown page, built and checked through `SectionSite` alone
//   (so its binary links no server, no argument parser and no Qt).
// - LiveBoard: a page bound to an AsyncSequence, with the whole command line (`SectionSiteCommands`: serve,
//   build --follow, check ...).
//
// One package for both, so that one build compiles SectionSite once: `swift build --package-path Examples`.
import PackageDescription

let package = Package(
    name: "SectionSiteExamples",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "SectionSite", path: "..")],
    targets: [
        .executableTarget(
            name: "CoffeeSite",
            dependencies: [.product(name: "SectionSite", package: "SectionSite")],
            path: "CoffeeSite/Sources/CoffeeSite"
        ),
        .executableTarget(
            name: "LiveBoard",
            dependencies: [
                .product(name: "SectionSite", package: "SectionSite"),
                .product(name: "SectionSiteCommands", package: "SectionSite"),
            ],
            path: "LiveBoard/Sources/LiveBoard"
        ),
    ]
)
