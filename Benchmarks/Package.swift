// swift-tools-version:6.0
// The benchmarks live in their own package so that nothing they need ever reaches users of SectionSite.
import PackageDescription

let package = Package(
    name: "SectionSiteBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "SectionSite", path: "..")
    ],
    targets: [
        .executableTarget(
            name: "DiffBenchmark",
            dependencies: [.product(name: "SectionSite", package: "SectionSite")],
            path: "Sources/DiffBenchmark"
        ),
        .executableTarget(
            name: "HighlightBenchmark",
            dependencies: [.product(name: "SectionSite", package: "SectionSite")],
            path: "Sources/HighlightBenchmark"
        ),
    ]
)
