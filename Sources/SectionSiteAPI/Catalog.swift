import Foundation
import SectionSiteEngine
import SystemPackage

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

    /// The catalog's pictures by the name DocC finds them by (`repeat` for `Resources/repeat@2x.png`), each the
    /// variant a page shows (light before `~dark`, the largest scale), as a path from the site (`../Sources/...`
    /// when the package holds the site).
    var pictures: [String: String] = [:]

    /// A file of the catalog that leads outside the site and the package (a symbolic link to a dotfile, say), at
    /// its place: it is not read.
    var errors: [Diagnostic] = []

    /// Reads the `.docc` folders in the module's source folder; an empty catalog when there are none. Each file is
    /// read at its real path and only when `bounds` allow it: a catalog is published, so a link out of the site
    /// would publish whatever it leads to.
    init(module: String, package: URL?, site: URL, bounds: SourceBounds) {
        guard let package else { return }
        let sources = package.appendingPathComponent("Sources").appendingPathComponent(module)
        let manager = FileManager.default
        let folders = ((try? manager.contentsOfDirectory(atPath: sources.path)) ?? []).filter { $0.hasSuffix(".docc") }
            .sorted()
        for folder in folders {
            let root = sources.appendingPathComponent(folder)
            let all = (manager.enumerator(atPath: root.path)?.allObjects as? [String] ?? []).sorted()
            var best: [String: (rank: (Int, Int), path: String)] = [:]
            for file in all where ImageFormat(fileName: file) != nil {
                let (name, dark, scale) = Self.pictureName(file)
                let rank = (dark ? 0 : 1, scale)
                if best[name].map({ $0.rank < rank }) ?? true {
                    best[name] = (rank, Self.relativePath(root.appendingPathComponent(file), from: site))
                }
            }
            for (name, found) in best where pictures[name] == nil { pictures[name] = found.path }
            let files = all.filter { $0.hasSuffix(".md") }
            for file in files {
                let url = root.appendingPathComponent(file)
                let shown = Site.shownPath(url, site: site)
                switch bounds.place(FilePath(url.path)) {
                case .inside(let real):
                    guard let text = try? String(contentsOfFile: real, encoding: .utf8) else { continue }
                    read(text, name: url.deletingPathExtension().lastPathComponent, file: shown)
                case .outside(let real):
                    errors.append(
                        APIProblem.outside(shown, real: real).at(SourceLocation(file: shown)))
                case .missing:
                    continue  // a link to nothing: as a file that cannot be read
                }
            }
        }
    }

    /// The name DocC finds a picture by, and its variant: `Resources/repeat~dark@2x.png` is `repeat`, dark, scale 2.
    static func pictureName(_ file: String) -> (name: String, dark: Bool, scale: Int) {
        var stem = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        var scale = 1
        if let at = stem.lastIndex(of: "@"), stem[stem.index(after: at)...].wholeMatch(of: /[1-9]x/) != nil {
            scale = Int(String(stem[stem.index(after: at)])) ?? 1
            stem = String(stem[..<at])
        }
        let dark = stem.hasSuffix("~dark")
        if dark { stem = String(stem.dropLast("~dark".count)) }
        return (stem, dark, scale)
    }

    /// `file` as a path from `site`, with `..` where it is outside (the pictures of a package that holds the site).
    static func relativePath(_ file: URL, from site: URL) -> String {
        let to = file.standardizedFileURL.pathComponents, from = site.standardizedFileURL.pathComponents
        var common = 0
        while common < min(to.count, from.count), to[common] == from[common] { common += 1 }
        return (Array(repeating: "..", count: from.count - common) + to[common...]).joined(separator: "/")
    }

    private mutating func read(_ text: String, name: String, file: String) {
        let all = text.components(separatedBy: "\n")
        // Blank lines dropped as a slice, not one removeFirst() each: that moved the whole file per line.
        let leading = all.prefix { $0.trimmingCharacters(in: .whitespaces).isEmpty }.count
        guard leading < all.count, all[leading].hasPrefix("# ") else { return }
        let titleLine = all[leading]
        let lines = all[(leading + 1)...]
        let line = leading + 2  // of the first line left in `lines`
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
                    linkLocations[item] = SourceLocation(
                        file: file, line: location.line - blank + number, column: column)
                }
            }
            symbols[link] = SymbolPage(
                location: location,
                overview: overview.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines),
                topics: topics, linkLocations: linkLocations)
        } else {
            articles.append(
                Article(
                    location: location, name: name, title: title,
                    markdown: lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)))
        }
    }

    /// `- ``Shelf/add(_:)``` as `Shelf/add(_:)`, `- <doc:GettingStarted>` as `doc:GettingStarted`; with where
    /// the link starts in the line.
    private static func topicLink(_ line: String) -> (link: String, start: String.Index)? {
        guard let dash = line.firstIndex(where: { $0 != " " && $0 != "\t" }), line[dash...].hasPrefix("- ") else {
            return nil
        }
        let item = line[line.index(dash, offsetBy: 2)...].drop { $0 == " " || $0 == "\t" }
        let link = item.trimmingCharacters(in: .whitespaces)
        if link.hasPrefix("``"), link.hasSuffix("``"), link.count > 4 {
            return (String(link.dropFirst(2).dropLast(2)), item.startIndex)
        }
        if link.hasPrefix("<doc:"), link.hasSuffix(">"), link.count > 6 {
            return (String(link.dropFirst().dropLast()), item.startIndex)
        }
        return nil
    }
}
