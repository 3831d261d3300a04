// swift-tools-version:6.0
// A site defined in Swift: sections of the program's own types, drawn by a data source, beside Markdown pages.
import PackageDescription

let package = Package(
    name: "CoffeeSite",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "SectionSite", path: "../..")],
    targets: [
        .executableTarget(name: "CoffeeSite", dependencies: [.product(name: "SectionSite", package: "SectionSite")])
    ]
)
