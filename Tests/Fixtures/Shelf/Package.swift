// swift-tools-version:6.0
// A small library the API reference tests read: structures, a class, a protocol, an enumeration, nested types,
// an extension of a standard library type, doc comments with DocC's callouts, and a catalog with Topics.
import PackageDescription

let package = Package(
    name: "Shelf",
    products: [.library(name: "Shelf", targets: ["Shelf"])],
    targets: [.target(name: "Shelf")]
)
