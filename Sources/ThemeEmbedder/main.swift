import Foundation

// Writes `BuiltinThemes.swift`: each named theme's files, by path under its folder, as string literals (text
// files) or base64 (anything else). Used by the EmbedThemes build plugin; `ThemeEmbedder OUTPUT THEMES NAME...`.
//
// String literals, not byte arrays: the compiler takes a few hundred kilobytes of text in a literal in no time,
// where an array literal of as many numbers takes minutes to type-check.

let arguments = CommandLine.arguments
guard arguments.count >= 4 else {
    FileHandle.standardError.write(Data("usage: ThemeEmbedder OUTPUT THEMES NAME...\n".utf8))
    exit(2)
}
let (output, themes, names) = (arguments[1], URL(fileURLWithPath: arguments[2]), arguments.dropFirst(3).sorted())

/// A raw string literal of `text`: enough `#`s that no `"` followed by them ends it early.
func literal(_ text: String) -> String {
    var hashes = "#"
    while text.contains("\"" + hashes) || text.contains(hashes + "\"") { hashes += "#" }
    return hashes + "\"\"\"\n" + text + "\n\"\"\"" + hashes
}

var source = """
    // Made by ThemeEmbedder from Themes/ at build time; not checked in.

    /// The themes the binary carries, each file by its path under the theme's folder, as text or base64.
    package enum BuiltinThemes {
        package static let files: [String: [(path: String, text: String?, base64: String?)]] = [

    """
for name in names {
    let folder = themes.appendingPathComponent(name)
    let enumerator = FileManager.default.enumerator(atPath: folder.path)
    let paths = (enumerator?.allObjects as? [String] ?? []).filter { path in
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path, isDirectory: &isFolder)
            && !isFolder.boolValue && !path.split(separator: "/").contains { $0.hasPrefix(".") }
    }.sorted()
    source += "        \"\(name)\": [\n"
    for path in paths {
        let data = try Data(contentsOf: folder.appendingPathComponent(path))
        // A text file whose lines the literal keeps exactly: UTF-8, no carriage returns, no NUL.
        if let text = String(data: data, encoding: .utf8), !text.contains("\r"), !text.contains("\0") {
            source += "            (\"\(path)\", \(literal(text)), nil),\n"
        } else {
            source += "            (\"\(path)\", nil, \"\(data.base64EncodedString())\"),\n"
        }
    }
    source += "        ],\n"
}
source += "    ]\n}\n"
do {
    try Data(source.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
} catch {
    FileHandle.standardError.write(Data("ThemeEmbedder: cannot write \(output): \(error)\n".utf8))
    exit(1)
}
