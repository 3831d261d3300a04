// swift-tools-version:6.1
// A package that keeps its site beside its sources, as a user's would, with SectionSite's command plug-ins: the
// fixture of Tests/Browser/test_plugin.py (`swift package generate-site`, `swift package preview-site`). It
// depends on SectionSite by path where a user's names its URL.
import PackageDescription

let package = Package(
    name: "Shelf",
    platforms: [.macOS(.v15)],
    products: [.library(name: "Shelf", targets: ["Shelf"])],
    dependencies: [.package(name: "SectionSite", path: "../..")],
    targets: [.target(name: "Shelf")]
)
