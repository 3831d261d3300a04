import Foundation

/// One file of the output: where it goes and what it holds.
package struct OutputFile: Sendable, Equatable {
    /// What to write.
    package enum Contents: Sendable, Equatable {
        /// Text written as UTF-8.
        case text(String)
        /// A file copied as it is, by its absolute path.
        case copy(String)
        /// The same file as in the previous output, which an incremental build links instead of writing.
        case unchanged
        /// Text made as the file is written: a build's indexes (the search index's shards, the sitemaps) are
        /// tens of megabytes at 100,000 pages, which need not all be in memory at once.
        case made(Maker)
    }

    /// What makes a file's text when it is written; equal when they make the same text.
    package struct Maker: Sendable, Equatable {
        /// Makes the text.
        let make: @Sendable () -> String

        /// The text, made now.
        package var text: String { make() }

        package static func == (lhs: Maker, rhs: Maker) -> Bool { lhs.text == rhs.text }
    }

    /// The path under the output folder, without a leading slash (`posts/a/index.html`).
    var path: OutputPath
    /// The contents.
    package var contents: Contents
    /// What the file comes from, for the error when two sources claim one path.
    var origin: String

    /// Where an error about the file points: its origin when that is a file's path (`Content/a.md`), else
    /// nowhere (`the sitemap`).
    var originLocation: SourceLocation? {
        origin.utf8.contains(UInt8(ascii: "/")) ? .file(origin) : nil
    }
}
