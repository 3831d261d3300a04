extension SourceDifference {
    /// The changes between two versions of a body's top-level blocks. Blocks have no ids, so they are matched by
    /// content: the longest common subsequence of their HTML hashes is what stayed; between two neighbouring
    /// matched blocks, the blocks of the old version that are left were removed and those of the new one added,
    /// and a removed and an added block in the same gap are paired, in order, as one block changed (a paragraph
    /// reworded is one change, not two). `bodyLine` is the line of `newText` the body starts at.
    ///
    /// - Complexity: O(n + m) for what the two versions share at their start and end, O(n·m) time and memory for
    ///   the blocks between, n and m the numbers of blocks of each version.
    static func bodyChanges(
        from old: [Markdown.Block], to new: [Markdown.Block], newText: String, bodyLine: Int
    ) -> [SourceDifference] {
        let pairs = matchedBlocks(old.map { ContentHash.of($0.html).hex }, new.map { ContentHash.of($0.html).hex })
        let lines = BlockLines(newText, bodyLine: bodyLine).lines(of: new)
        var changes: [SourceDifference] = []
        var (oldNext, newNext) = (0, 0)
        for (oldMatch, newMatch) in pairs + [(old.count, new.count)] {  // the end closes the last gap
            let removed = Array(oldNext..<oldMatch)
            let added = Array(newNext..<newMatch)
            let paired = min(removed.count, added.count)
            for index in added.prefix(paired) {
                changes.append(
                    SourceDifference(.block, .changed, line: lines[index], text: excerpt(html: new[index].html)))
            }
            for index in removed.dropFirst(paired) {
                changes.append(SourceDifference(.block, .removed, text: excerpt(html: old[index].html)))
            }
            for index in added.dropFirst(paired) {
                changes.append(
                    SourceDifference(.block, .added, line: lines[index], text: excerpt(html: new[index].html)))
            }
            (oldNext, newNext) = (oldMatch + 1, newMatch + 1)
        }
        return changes
    }

    /// The positions of the blocks the two lists share, as (old, new) pairs in order: a longest common subsequence
    /// of the hashes, after the common start and end are taken as they are.
    static func matchedBlocks(_ old: [String], _ new: [String]) -> [(Int, Int)] {
        var start = 0
        while start < old.count, start < new.count, old[start] == new[start] { start += 1 }
        var (oldEnd, newEnd) = (old.count, new.count)
        while oldEnd > start, newEnd > start, old[oldEnd - 1] == new[newEnd - 1] {
            (oldEnd, newEnd) = (oldEnd - 1, newEnd - 1)
        }
        var pairs = (0..<start).map { ($0, $0) }
        // lengths[i][j]: the length of a longest common subsequence of old[start + i ..< oldEnd] and
        // new[start + j ..< newEnd], filled from the ends so that the walk below goes forwards.
        let (rows, columns) = (oldEnd - start, newEnd - start)
        var lengths = [Int32](repeating: 0, count: (rows + 1) * (columns + 1))
        func at(_ i: Int, _ j: Int) -> Int32 { lengths[i * (columns + 1) + j] }
        if rows > 0, columns > 0 {
            for i in stride(from: rows - 1, through: 0, by: -1) {
                for j in stride(from: columns - 1, through: 0, by: -1) {
                    lengths[i * (columns + 1) + j] =
                        old[start + i] == new[start + j] ? at(i + 1, j + 1) + 1 : max(at(i + 1, j), at(i, j + 1))
                }
            }
        }
        var (i, j) = (0, 0)
        while i < rows, j < columns {
            if old[start + i] == new[start + j] {
                pairs.append((start + i, start + j))
                (i, j) = (i + 1, j + 1)
            } else if at(i + 1, j) >= at(i, j + 1) {
                i += 1
            } else {
                j += 1
            }
        }
        pairs += (0..<(old.count - oldEnd)).map { (oldEnd + $0, newEnd + $0) }
        return pairs
    }
}

/// Where the body's blocks start in their file, approximately: blocks keep no position once rendered, so each
/// block's text is looked for in the file's text after the previous block's, both read as letters and digits only
/// (Markdown's marks, the destinations of links and the line breaks left out). A block whose text is not found
/// (a picture alone, a directive's drawing) has no line.
struct BlockLines {
    /// The body's letters and digits, lowercased, and the line each one is on.
    private var characters: [Character] = []
    private var lineOf: [Int] = []
    /// How many characters of a block's text must be found: enough to tell paragraphs apart.
    private static let keyLength = 24

    /// Reads `text` from its line `bodyLine` (1 for the first) on.
    init(_ text: String, bodyLine: Int) {
        var line = 1
        var inDestination = false  // inside the `(…)` of `[text](…)`, which the HTML shows as no text
        var previous: Character = " "
        for character in text {
            defer { previous = character }
            if character == "\n" {
                line += 1
                inDestination = false
                continue
            }
            guard line >= bodyLine else { continue }
            if inDestination {
                if character == ")" { inDestination = false }
                continue
            }
            if character == "(" && previous == "]" {
                inDestination = true
                continue
            }
            guard character.isLetter || character.isNumber else { continue }
            for lower in character.lowercased() {
                characters.append(lower)
                lineOf.append(line)
            }
        }
    }

    /// Reduces a block's text as the file's is reduced.
    private static func key(_ text: String) -> [Character] {
        Array(text.filter { $0.isLetter || $0.isNumber }.lowercased().prefix(keyLength))
    }

    /// The line of each block, in order; nil where its text is not found after the previous block's.
    ///
    /// - Complexity: O(n·k) in the body's characters and `keyLength`.
    func lines(of blocks: [Markdown.Block]) -> [Int?] {
        var cursor = 0
        return blocks.map { block in
            let key = Self.key(SourceDifference.excerpt(html: block.html))  // the excerpt is long enough for the key
            guard !key.isEmpty, key.count <= characters.count else { return nil }
            var start = cursor
            while start + key.count <= characters.count {
                if characters[start..<start + key.count].elementsEqual(key) {
                    cursor = start + key.count
                    return lineOf[start]
                }
                start += 1
            }
            return nil
        }
    }
}
