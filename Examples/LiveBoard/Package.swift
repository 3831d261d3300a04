// swift-tools-version:6.0
// A live board: a page bound to a sequence of values, patched in open tabs by `serve` and followed by deployed
// pages through the patch feed (`build --follow`, `feed.poll`).
import PackageDescription

let package = Package(
    name: "LiveBoard",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "SectionSite", path: "../..")],
    targets: [
        .executableTarget(name: "LiveBoard", dependencies: [
            .product(name: "SectionSite", package: "SectionSite"),
            .product(name: "SectionSiteCommands", package: "SectionSite"),
        ])
    ]
)
