// swift-tools-version:6.0
// libFuzzer targets for what reads untrusted input: `Fuzz/fuzz.sh` builds them with `-sanitize=fuzzer` (in
// Fuzz/.build-fuzz) and runs them. They live in their own package: they need libFuzzer to link, which a plain
// `swift build` of SectionSite must not. `@testable import` reaches the engine's parsers, which are
// internal; it works because fuzz.sh builds in debug, where SwiftPM compiles SectionSiteEngine with testing enabled.
import PackageDescription

let package = Package(
    name: "SectionSiteFuzz",
    dependencies: [.package(name: "SectionSite", path: "..")],
    targets: [
        .target(name: "FuzzSupport"),
        .executableTarget(
            name: "FuzzPage",
            dependencies: [
                "FuzzSupport", .product(name: "SectionSite", package: "SectionSite"),
                .product(name: "SectionSiteHighlight", package: "SectionSite"),
            ]),
        .executableTarget(name: "FuzzConfig", dependencies: ["FuzzSupport", .product(name: "SectionSite", package: "SectionSite")]),
        .executableTarget(name: "FuzzPatch", dependencies: ["FuzzSupport", .product(name: "SectionSite", package: "SectionSite")]),
    ]
)
