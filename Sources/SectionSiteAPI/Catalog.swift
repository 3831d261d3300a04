import Foundation

/// A module's DocC catalog (`Sources/<Module>/<Module>.docc`): the page of a symbol it extends (`# ``Shelf```,
/// `# ``Shelf/Book```) with its overview and `## Topics`, and its articles.
struct Catalog {
    /// A page of the catalog that documents a symbol: its text between the title and `## Topics`, and its topic
    /// groups in order.
    struct SymbolPage {
        var overview: String
        var topics: [(title: String, links: [String])]
    }

    /// An article: its title, its Markdown after the title, and its file name without `.md`.
    struct Article {
        var name: String
        var title: String
        var markdown: String
    }

    /// The symbol pages by link (`Shelf`, `Shelf/Book`, `Book`).
    var symbols: [String: SymbolPage] = [:]
    /// The articles, by file name.
    var articles: [Article] = []

    /// Reads the `.docc` folders in the module's source folder; an empty catalog when there are none.
    init(module: String, package: URL?) {
        guard let package else { return }
        let sources = package.appendingPathComponent("Sources").appendingPathComponent(module)
        let manager = FileManager.default
        let folders = ((try? manager.contentsOfDirectory(atPath: sources.path)) ?? []).filter { $0.hasSuffix(".docc") }.sorted()
        for folder in folders {
            let root = sources.appendingPathComponent(folder)
            let files = (manager.enumerator(atPath: root.path)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".md") }.sorted()
            for file in files {
                guard let text = try? String(contentsOf: root.appendingPathComponent(file), encoding: .utf8) else { continue }
                read(text, name: URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent)
            }
        }
    }

    private mutating func read(_ text: String, name: String) {
        var lines = text.components(separatedBy: "\n")
        while let first = lines.first, first.trimmingCharacters(in: .whitespaces).isEmpty { lines.removeFirst() }
        guard let titleLine = lines.first, titleLine.hasPrefix("# ") else { return }
        lines.removeFirst()
        let title = titleLine.dropFirst(2).trimmingCharacters(in: .whitespaces)
        if title.hasPrefix("``"), title.hasSuffix("``"), title.count > 4 {
            let link = String(title.dropFirst(2).dropLast(2))
            var overview: [String] = []
            var topics: [(title: String, links: [String])] = []
            var inTopics = false
            for line in lines {
                if line.hasPrefix("## ") {
                    inTopics = line.dropFirst(3).trimmingCharacters(in: .whitespaces) == "Topics"
                    if inTopics { continue }
                }
                guard inTopics else {
                    overview.append(line)
                    continue
                }
                if line.hasPrefix("### ") {
                    topics.append((line.dropFirst(4).trimmingCharacters(in: .whitespaces), []))
                } else if let item = Self.topicLink(line), !topics.isEmpty {
                    topics[topics.count - 1].links.append(item)
                }
            }
            symbols[link] = SymbolPage(overview: overview.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines), topics: topics)
        } else {
            articles.append(Article(name: name, title: title, markdown: lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)))
        }
    }

    /// `- ``Shelf/add(_:)``` as `Shelf/add(_:)`.
    private static func topicLink(_ line: String) -> String? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("- ``"), trimmed.hasSuffix("``") else { return nil }
        let link = trimmed.dropFirst(4).dropLast(2)
        return link.isEmpty ? nil : String(link)
    }
}
