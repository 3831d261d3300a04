import Foundation
import SectionSiteEngine

/// A module's DocC catalog (`Sources/<Module>/<Module>.docc`): the page of a symbol it extends (`# ``Shelf```,
/// `# ``Shelf/Book```) with its overview and `## Topics`, and its articles.
struct Catalog {
    /// A page of the catalog that documents a symbol: its text between the title and `## Topics`, and its topic
    /// groups in order.
    struct SymbolPage {
        /// Where the overview starts: the file (relative to the site when inside it) and its line.
        var location: SourceLocation
        var overview: String
        var topics: [(title: String, links: [String])]
        /// Where each topic link is written, for a warning when it names nothing.
        var linkLocations: [String: SourceLocation] = [:]
    }

    /// An article: its title, its Markdown after the title, and its file name without `.md`.
    struct Article {
        var location: SourceLocation
        var name: String
        var title: String
        var markdown: String
    }

    /// The symbol pages by link (`Shelf`, `Shelf/Book`, `Book`).
    var symbols: [String: SymbolPage] = [:]
    /// The articles, by file name.
    var articles: [Article] = []

    /// Reads the `.docc` folders in the module's source folder; an empty catalog when there are none.
    init(module: String, package: URL?, site: URL) {
        guard let package else { return }
        let sources = package.appendingPathComponent("Sources").appendingPathComponent(module)
        let manager = FileManager.default
        let folders = ((try? manager.contentsOfDirectory(atPath: sources.path)) ?? []).filter { $0.hasSuffix(".docc") }.sorted()
        for folder in folders {
            let root = sources.appendingPathComponent(folder)
            let files = (manager.enumerator(atPath: root.path)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".md") }.sorted()
            for file in files {
                let url = root.appendingPathComponent(file)
                guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
                read(text, name: url.deletingPathExtension().lastPathComponent, file: Site.shownPath(url, site: site))
            }
        }
    }

    private mutating func read(_ text: String, name: String, file: String) {
        var lines = text.components(separatedBy: "\n")
        var line = 1  // of the first line left in `lines`
        while let first = lines.first, first.trimmingCharacters(in: .whitespaces).isEmpty {
            lines.removeFirst()
            line += 1
        }
        guard let titleLine = lines.first, titleLine.hasPrefix("# ") else { return }
        lines.removeFirst()
        line += 1
        // The overview's first line, after the blank lines under the title: body lines are counted from it.
        let blank = lines.prefix { $0.trimmingCharacters(in: .whitespaces).isEmpty }.count
        let location = SourceLocation(file: file, line: line + blank)
        let title = titleLine.dropFirst(2).trimmingCharacters(in: .whitespaces)
        if title.hasPrefix("``"), title.hasSuffix("``"), title.count > 4 {
            let link = String(title.dropFirst(2).dropLast(2))
            var overview: [String] = []
            var topics: [(title: String, links: [String])] = []
            var linkLocations: [String: SourceLocation] = [:]
            var inTopics = false
            for (number, line) in lines.enumerated() {
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
                } else if let (item, offset) = Self.topicLink(line), !topics.isEmpty {
                    topics[topics.count - 1].links.append(item)
                    let column = line.distance(from: line.startIndex, to: offset) + 1
                    linkLocations[item] = SourceLocation(file: file, line: location.line - blank + number, column: column)
                }
            }
            symbols[link] = SymbolPage(
                location: location, overview: overview.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines),
                topics: topics, linkLocations: linkLocations)
        } else {
            articles.append(Article(location: location, name: name, title: title, markdown: lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)))
        }
    }

    /// `- ``Shelf/add(_:)``` as `Shelf/add(_:)`, `- <doc:GettingStarted>` as `doc:GettingStarted`; with where
    /// the link starts in the line.
    private static func topicLink(_ line: String) -> (link: String, start: String.Index)? {
        guard let dash = line.firstIndex(where: { $0 != " " && $0 != "\t" }), line[dash...].hasPrefix("- ") else { return nil }
        let item = line[line.index(dash, offsetBy: 2)...].drop { $0 == " " || $0 == "\t" }
        let link = item.trimmingCharacters(in: .whitespaces)
        if link.hasPrefix("``"), link.hasSuffix("``"), link.count > 4 { return (String(link.dropFirst(2).dropLast(2)), item.startIndex) }
        if link.hasPrefix("<doc:"), link.hasSuffix(">"), link.count > 6 { return (String(link.dropFirst().dropLast()), item.startIndex) }
        return nil
    }
}
