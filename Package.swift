// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "SectionSite",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "SectionSite", targets: ["SectionSite"]),
        .executable(name: "sectionsite", targets: ["SectionSiteCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CMark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"])]
        ),
        .target(
            name: "SectionSite",
            dependencies: [
                "CMark",
                .product(name: "Yams", package: "Yams"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            resources: [.embedInCode("Runtime/sectionsite.js")]
        ),
        .executableTarget(
            name: "SectionSiteCLI",
            dependencies: [
                "SectionSite",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "SectionSiteTests",
            dependencies: ["SectionSite"]
        ),
    ]
)
