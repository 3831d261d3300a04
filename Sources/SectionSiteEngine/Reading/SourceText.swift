import Foundation

/// A user file read as UTF-8, or a located error naming the first byte that is not UTF-8.
enum SourceText {
    /// Reads `url` (shown to the user as `path`) as UTF-8 text.
    static func read(_ url: URL, path: String) throws -> String {
        let data = try FileProblem.attempt(FileProblem.unreadable(reason:), at: SourceLocation(file: path)) {
            try Data(contentsOf: url)
        }
        return try decode(data, path: path)
    }

    /// Reads `url` as `read` does, but with its byte-order mark, if it has one, as the first character: for what is
    /// written back to the file (edit mode), which must keep it.
    static func readKeepingByteOrderMark(_ url: URL, path: String) throws -> String {
        let data = try FileProblem.attempt(FileProblem.unreadable(reason:), at: SourceLocation(file: path)) {
            try Data(contentsOf: url)
        }
        let text = try decode(data, path: path)
        return data.starts(with: [0xEF, 0xBB, 0xBF]) && !text.hasPrefix("\u{FEFF}") ? "\u{FEFF}" + text : text
    }

    /// Decodes bytes as UTF-8; the error names the line and column of the first invalid byte.
    static func decode(_ data: Data, path: String) throws -> String {
        // As `String(data:encoding: .utf8)` reads it (a byte-order mark left out), in one pass of the standard
        // library's validation: Foundation's copies the bytes first, and every page is read twice a build.
        let text = data.withUnsafeBytes { bytes in
            let bytes = bytes.bindMemory(to: UInt8.self)
            let bom = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            return String(validating: UnsafeBufferPointer(rebasing: bytes[bom...]), as: UTF8.self)
        }
        if let text { return text }
        var line = 1
        var column = 1
        var iterator = data.makeIterator()
        var decoder = UTF8()
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            case .emptyInput:
                break loop
            case .error:
                throw FileProblem.invalidUTF8.error(at: SourceLocation(file: path, line: line, column: column))
            }
        }
        throw FileProblem.invalidUTF8.error(at: SourceLocation(file: path))
    }
}
