// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "SectionSite",
    products: [
        .library(name: "SectionSite", targets: ["SectionSite"]),
        .executable(name: "sectionsite", targets: ["SectionSiteCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
        // `make docs`: the DocC catalog in Sources/SectionSite/SectionSite.docc as a static site.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CMarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        .systemLibrary(
            name: "CQt",
            pkgConfig: "Qt5Gui",
            providers: [.apt(["libkf5syntaxhighlighting-dev", "qtbase5-dev"])]
        ),
        .target(
            name: "CHighlight",
            dependencies: ["CQt"],
            linkerSettings: [.linkedLibrary("KF5SyntaxHighlighting"), .linkedLibrary("stdc++")]
        ),
        .target(name: "CLinux"),
        .target(
            name: "SectionSite",
            dependencies: [
                "CMarkGFM",
                "CHighlight",
                "CLinux",
                .product(name: "Yams", package: "Yams"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "CSV", package: "CSV.swift"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            resources: [.embedInCode("Runtime/sectionsite.js")]
        ),
        .executableTarget(name: "SectionSiteCLI", dependencies: ["SectionSite"]),
        .testTarget(
            name: "SectionSiteTests",
            dependencies: ["SectionSite"]
        ),
    ],
    cxxLanguageStandard: .cxx17
)
