// swift-tools-version:6.0
// libFuzzer targets for what reads untrusted input: `Fuzz/fuzz.sh` builds them with `-sanitize=fuzzer` (in
// Fuzz/.build-fuzz) and runs them. They live in their own package: they need libFuzzer to link, which a plain
// `swift build` of SectionSite must not. `@testable import` reaches the engine's parsers, which are
// internal; it works because fuzz.sh builds in debug, where SwiftPM compiles SectionSiteEngine with testing enabled.
// With FUZZ_REPLAY set (`fuzz.sh --replay`, what `make test` runs) the targets link no libFuzzer: each runs the
// inputs it is given once, so that they build beside SectionSite's own debug build, in its build folder.
import PackageDescription

let replay = Context.environment["FUZZ_REPLAY"] != nil

let package = Package(
    name: "SectionSiteFuzz",
    dependencies: [.package(name: "SectionSite", path: "..")],
    targets: [
        .target(name: "FuzzSupport", swiftSettings: replay ? [.define("FUZZ_REPLAY")] : []),
        .executableTarget(
            name: "FuzzPage",
            dependencies: [
                "FuzzSupport", .product(name: "SectionSite", package: "SectionSite"),
                .product(name: "SectionSiteHighlight", package: "SectionSite"),
            ]),
        .executableTarget(
            name: "FuzzConfig", dependencies: ["FuzzSupport", .product(name: "SectionSite", package: "SectionSite")]),
        .executableTarget(
            name: "FuzzPatch", dependencies: ["FuzzSupport", .product(name: "SectionSite", package: "SectionSite")]),
    ]
)
