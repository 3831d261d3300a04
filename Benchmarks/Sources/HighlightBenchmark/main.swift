// Times SectionSite's highlighter (KSyntaxHighlighting) on real source files, by language, as MB/s of code.
// Run: swift run -c release --package-path Benchmarks HighlightBenchmark LANGUAGE=FILE... [--runs N]
// Benchmarks/highlight/bench.py picks the files and runs Pygments on the same ones for comparison.
import Foundation
import SectionSite
import SectionSiteHighlight

var runs = 5
var inputs: [(language: String, files: [String])] = []
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    if argument == "--runs", let value = arguments.popFirst().flatMap(Int.init) {
        runs = value
    } else if let equals = argument.firstIndex(of: "=") {
        let language = String(argument[..<equals])
        let file = String(argument[argument.index(after: equals)...])
        if let index = inputs.firstIndex(where: { $0.language == language }) {
            inputs[index].files.append(file)
        } else {
            inputs.append((language, [file]))
        }
    }
}
guard !inputs.isEmpty else {
    print("usage: HighlightBenchmark LANGUAGE=FILE... [--runs N]")
    exit(2)
}

print("| language | definition | files | bytes | median MB/s | first call ms |")
print("| --- | --- | ---: | ---: | ---: | ---: |")
for (language, files) in inputs {
    let texts = files.compactMap { try? String(contentsOfFile: $0, encoding: .utf8) }
    let bytes = texts.reduce(0) { $0 + $1.utf8.count }
    // The first call loads the thread's repository and the language's definition.
    let firstStart = DispatchTime.now().uptimeNanoseconds
    _ = Highlighter.kate.highlight("x", language)
    let first = Double(DispatchTime.now().uptimeNanoseconds - firstStart) / 1e6
    var rates: [Double] = []
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        var out = 0
        for text in texts { out += Highlighter.kate.highlight(text, language)?.utf8.count ?? 0 }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        precondition(out > 0, "\(language) was not highlighted")
        rates.append(Double(bytes) / seconds / 1e6)
    }
    let median = rates.sorted()[rates.count / 2]
    let definition = Highlighter.kateDefinitionName(language) ?? "-"
    print(
        "| \(language) | \(definition) | \(texts.count) | \(bytes) | \(String(format: "%.1f", median)) | \(String(format: "%.1f", first)) |"
    )
}
