/// The `page.toc` value templates see: the body's headings nested by level, each `{id, title, level, children}`.
enum TableOfContents {
    /// How many headings make a page long enough for the default theme to show its table of contents.
    static let minimumHeadings = 3

    /// The headings as nested entries: a heading is a child of the nearest heading before it of a lower level.
    /// Every entry has `children`, empty or not, so that a recursive template never finds its parent's.
    ///
    /// - Complexity: O(n) in the number of headings.
    static func entries(_ headings: [Markdown.Heading]) -> [[String: Any]] {
        struct Entry {
            var heading: Markdown.Heading
            var children: [Entry] = []
            var context: [String: Any] {
                ["id": heading.id, "title": heading.text, "level": heading.level, "children": children.map(\.context)]
            }
        }
        var roots: [Entry] = []
        var path: [Entry] = []  // the open entries, from a root down to the last heading
        func close(downTo level: Int) {
            while let last = path.last, last.heading.level >= level {
                path.removeLast()
                if path.isEmpty { roots.append(last) } else { path[path.count - 1].children.append(last) }
            }
        }
        for heading in headings {
            close(downTo: heading.level)
            path.append(Entry(heading: heading))
        }
        close(downTo: 0)
        return roots.map(\.context)
    }
}
