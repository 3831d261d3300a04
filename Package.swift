// swift-tools-version:6.1
import PackageDescription

// The modules, each importing only those below it (the internals page of the documentation draws the graph):
//
//   sectionsite (executable) → SectionSiteCommands → SectionSitePreview → SectionSite → SectionSiteEngine → SectionSiteDiff
//                                                  ↘ SectionSiteHighlight (KSyntaxHighlighting, Qt) → SectionSiteEngine
//                                                  ↘ SectionSiteImages (libvips) → SectionSiteEngine
//                                                  ↘ SectionSiteAPI (SymbolKit) → SectionSiteEngine
//
// A program that defines pages in Swift and only builds imports `SectionSite`: it links no server, no argument
// parser, no Qt and no libvips.
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

// What builds only on Linux (inotify, renameat2, libcmark-gfm's shared table filled once) sits behind
// `#if os(Linux) && !SECTIONSITE_PORTABLE` or `#if canImport(CLinux) && !SECTIONSITE_PORTABLE` (C:
// `!defined(SECTIONSITE_PORTABLE)`), with a portable path beside it; `make portable-test` builds and tests with the
// define set, so that the paths a Mac compiles are compiled and tested here.
let highlighting = "KSyntaxHighlighting"

let package = Package(
    name: "SectionSite",
    // Synchronization's Atomic and Mutex; Linux has no minimum.
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "SectionSite", targets: ["SectionSite"]),
        .library(name: "SectionSiteHighlight", targets: ["SectionSiteHighlight"]),
        .library(name: "SectionSiteImages", targets: ["SectionSiteImages"]),
        .library(name: "SectionSiteAPI", targets: ["SectionSiteAPI"]),
        .library(name: "SectionSitePreview", targets: ["SectionSitePreview"]),
        .library(name: "SectionSiteCommands", targets: ["SectionSiteCommands"]),
        .library(name: "SectionSiteDiff", targets: ["SectionSiteDiff"]),
        .executable(name: "sectionsite", targets: ["SectionSiteCLI"]),
        // `swift package generate-site` and `swift package --disable-sandbox preview-site` for a package that keeps
        // its site beside its sources.
        .plugin(name: "SectionSitePlugin", targets: ["GenerateSite", "PreviewSite"]),
    ],
    traits: [
        .trait(
            name: highlighting,
            description:
                "Highlight fenced code with KSyntaxHighlighting (Qt 5): Debian's libkf5syntaxhighlighting-dev and qtbase5-dev. Without it code is not highlighted."
        ),
        .default(enabledTraits: [highlighting]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        // Test-only: the engine's own Mustache must draw what swift-mustache draws (TemplateEquivalenceTests).
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        // Hummingbird's own; named for the preview tests' in-process channel (NIOEmbedded).
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        // FilePath: a path on this machine's file system, typed apart from the site's own paths and URLs.
        .package(url: "https://github.com/apple/swift-system", from: "1.4.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/swiftlang/swift-docc-symbolkit", from: "1.0.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CMarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"]), .brew(["cmark-gfm"])]
        ),
        // Qt's flags for the highlighter, only with the trait: without it nothing here needs Qt's headers.
        .systemLibrary(
            name: "CQt",
            pkgConfig: "Qt5Gui",
            providers: [.apt(["libkf5syntaxhighlighting-dev", "qtbase5-dev"])]
        ),
        .target(
            name: "CHighlight",
            dependencies: [.target(name: "CQt", condition: .when(traits: [highlighting]))],
            cxxSettings: [.define("SECTIONSITE_KSYNTAXHIGHLIGHTING", .when(traits: [highlighting]))],
            linkerSettings: [
                .linkedLibrary("KF5SyntaxHighlighting", .when(traits: [highlighting])),
                .linkedLibrary("stdc++", .when(platforms: [.linux])),
            ]
        ),
        .systemLibrary(name: "CVips", pkgConfig: "vips", providers: [.apt(["libvips-dev"]), .brew(["vips"])]),
        .target(name: "CLinux"),
        // libcmark-gfm's table of special inline characters filled once for the process (see CMarkInlines.c).
        .target(name: "CMarkInlines"),
        // The keyed diff of identified sections and items: no HTML, no files.
        .target(name: "SectionSiteDiff", swiftSettings: strict),
        // The pipeline: settings, loading, Markdown, theme, resolving, rendering, patches, feed, output.
        .target(
            name: "SectionSiteEngine",
            dependencies: [
                "SectionSiteDiff",
                "CMarkGFM",
                "CMarkInlines",
                .target(name: "CLinux", condition: .when(platforms: [.linux])),
                .product(name: "Yams", package: "Yams"),
                .product(name: "CSV", package: "CSV.swift"),
                .product(name: "HashTreeCollections", package: "swift-collections"),
                .product(name: "TOMLKit", package: "TOMLKit"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            resources: [.embedInCode("Runtime/sectionsite.js"), .embedInCode("Runtime/edit.js")],
            swiftSettings: strict,
            plugins: ["EmbedFolders"]
        ),
        // The folders the binary carries (Themes/default into the engine, Starters/ into the commands), made Swift
        // source as each builds.
        .plugin(name: "EmbedFolders", capability: .buildTool()),
        // KSyntaxHighlighting as a `Highlighter`.
        .target(
            name: "SectionSiteHighlight", dependencies: ["SectionSiteEngine", "CHighlight"], swiftSettings: strict),
        // A Swift package's API reference as pages, from its symbol graphs (SymbolKit).
        .target(
            name: "SectionSiteAPI",
            dependencies: [
                "SectionSiteEngine", .product(name: "SymbolKit", package: "swift-docc-symbolkit"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strict
        ),
        // `sectionsite import`: a Jekyll or Hugo site as a SectionSite site.
        .target(
            name: "SectionSiteImport",
            dependencies: [
                "SectionSiteEngine", .product(name: "Yams", package: "Yams"),
                .product(name: "TOMLKit", package: "TOMLKit"), .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strict),
        // libvips as an `ImageProcessor`.
        .target(
            name: "SectionSiteImages",
            dependencies: ["SectionSiteEngine", "CVips", .product(name: "SystemPackage", package: "swift-system")],
            swiftSettings: strict),
        // The public Swift API: `Website`, with the engine's public types.
        .target(name: "SectionSite", dependencies: ["SectionSiteEngine", "SectionSiteDiff"], swiftSettings: strict),
        // The live preview: the watcher, the hub, the server.
        .target(
            name: "SectionSitePreview",
            dependencies: [
                "SectionSite",
                "SectionSiteEngine",
                .target(name: "CLinux", condition: .when(platforms: [.linux])),
                .product(name: "HashTreeCollections", package: "swift-collections"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strict
        ),
        // The command line, for `sectionsite` and for a program's `Website.main()`.
        .target(
            name: "SectionSiteCommands",
            dependencies: [
                "SectionSite",
                "SectionSiteEngine",
                "SectionSiteAPI",
                "SectionSiteHighlight",
                "SectionSiteImages",
                "SectionSiteImport",
                "SectionSitePreview",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict,
            plugins: ["EmbedFolders"]
        ),
        .executableTarget(
            name: "SectionSiteCLI", dependencies: ["SectionSiteCommands", "SectionSite"], swiftSettings: strict),
        // The command plug-ins: `sectionsite build` and `serve` on the package's site (Plugins/Shared is linked into each).
        .plugin(
            name: "GenerateSite",
            capability: .command(
                intent: .custom(verb: "generate-site", description: "Build the package's SectionSite site."),
                permissions: [
                    .writeToPackageDirectory(
                        reason:
                            "The site is written to _site and its build record to .sectionsite in the site's folder.")
                ]),
            dependencies: ["SectionSiteCLI"]
        ),
        .plugin(
            name: "PreviewSite",
            capability: .command(
                intent: .custom(
                    verb: "preview-site", description: "Serve the package's SectionSite site with the live preview.")),
            dependencies: ["SectionSiteCLI"]
        ),
        // The tests: a target per module, each depending on what its files import (on Linux SwiftPM still links them
        // all into one test binary), over two small libraries of what they share. TestSupport needs nothing: a seeded
        // generator, a manual clock, pictures; SiteTestSupport is `TestSite`, a site in a temporary folder built by
        // the engine alone or with the plug-ins a target names (`TestPlugins`).
        .target(name: "TestSupport", path: "Tests/TestSupport", exclude: ["Fixtures"]),
        .target(name: "SiteTestSupport", dependencies: ["SectionSiteEngine"], path: "Tests/SiteTestSupport"),
        .testTarget(name: "SectionSiteDiffTests", dependencies: ["SectionSiteDiff", "TestSupport"]),
        .testTarget(
            name: "SectionSiteEngineTests",
            dependencies: [
                "SectionSiteDiff", "SectionSiteEngine", "SiteTestSupport", "TestSupport",
                .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),
        .testTarget(
            name: "SectionSiteHighlightTests",
            dependencies: [
                "SectionSiteDiff", "SectionSiteEngine", "SectionSiteHighlight", "SiteTestSupport", "TestSupport",
            ]
        ),
        .testTarget(
            name: "SectionSiteImagesTests",
            dependencies: [
                "SectionSiteEngine", "SectionSiteImages", "SiteTestSupport", "TestSupport",
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        .testTarget(
            name: "SectionSiteAPITests",
            dependencies: [
                "SectionSiteAPI", "SectionSiteEngine", "SectionSiteImages", "SiteTestSupport", "TestSupport",
            ]
        ),
        .testTarget(
            name: "SectionSiteTests",
            dependencies: ["SectionSite", "SectionSiteDiff", "SectionSiteEngine", "SiteTestSupport"]),
        .testTarget(
            name: "SectionSitePreviewTests",
            dependencies: [
                "SectionSite", "SectionSiteDiff", "SectionSiteEngine", "SectionSitePreview", "SiteTestSupport",
                "TestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ]
        ),
        // The command line; `sectionsite import` (every importer test runs with the command's starter theme); whole
        // builds as `sectionsite build` makes them, with every plug-in (the end-to-end, determinism and
        // incremental-against-cold tests).
        .testTarget(
            name: "SectionSiteCommandsTests",
            dependencies: [
                "SectionSite", "SectionSiteAPI", "SectionSiteCommands", "SectionSiteDiff", "SectionSiteEngine",
                "SectionSiteHighlight", "SectionSiteImages", "SectionSiteImport", "SiteTestSupport", "TestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Yams", package: "Yams"),
            ]
        ),
    ],
    cxxLanguageStandard: .cxx17
)
