/// A place in a user's file, relative to the site folder, with line and column counted from 1.
public struct SourceLocation: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The file, relative to the site folder (`Content/posts/a.md`).
    public var file: String
    /// The line, from 1.
    public var line: Int
    /// The column, from 1.
    public var column: Int

    /// Creates a location; line and column default to the start of the file.
    public init(file: String, line: Int = 1, column: Int = 1) {
        self.file = file
        self.line = max(line, 1)
        self.column = max(column, 1)
    }

    /// A whole file, when no line is to blame (an output file that cannot be written): printed as `file`.
    public static func file(_ path: String) -> SourceLocation {
        var location = SourceLocation(file: path)
        location.line = 0
        location.column = 0
        return location
    }

    /// `file:line:column`, the form editors and terminals turn into links; `file` alone for a whole file.
    public var description: String { line == 0 ? file : "\(file):\(line):\(column)" }
}
