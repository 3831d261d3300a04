// swift-tools-version:6.1
// The benchmarks live in their own package so that nothing they need ever reaches users of SectionSite.
import PackageDescription

let package = Package(
    name: "SectionSiteBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "SectionSite", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "DiffBenchmark",
            dependencies: [.product(name: "SectionSite", package: "SectionSite")],
            path: "Sources/DiffBenchmark"
        ),
        .executableTarget(
            name: "HighlightBenchmark",
            dependencies: [
                .product(name: "SectionSite", package: "SectionSite"),
                .product(name: "SectionSiteHighlight", package: "SectionSite"),
            ],
            path: "Sources/HighlightBenchmark"
        ),
        // ordo-one/benchmark's suites: `swift package --package-path Benchmarks benchmark` (instructions and
        // allocations of the hot paths); its plugin looks for them under Benchmarks/ in this package.
        .executableTarget(
            name: "HotPaths",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "SectionSite", package: "SectionSite"),
                .product(name: "SectionSiteHighlight", package: "SectionSite"),
                .product(name: "SectionSiteCommands", package: "SectionSite"),
            ],
            path: "Benchmarks/HotPaths",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
