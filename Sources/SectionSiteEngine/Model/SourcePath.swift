import Foundation

/// A file of the site by its path relative to the site folder, folders joined by `/` (`Content/posts/a.md`,
/// `Data/team.yml`, `sectionsite.yml`): how pages, records, edits and translations name a user's file. A type of its
/// own, so that no absolute path, output path or URL stands in for one; `in(_:)` is the one way to the file on disk.
package struct SourcePath: StringIdentifier, ExpressibleByStringLiteral {
    /// The path as the site folder names the file.
    package let rawValue: String

    package init(rawValue: String) { self.rawValue = rawValue }

    package init(stringLiteral value: String) { rawValue = value }

    /// The file's absolute path in the site folder `site` (an absolute path, without a trailing `/`).
    package func `in`(_ site: String) -> String { site + "/" + rawValue }

    /// The file's name without its folder and extension (`a` of `Content/posts/a.md`).
    package var stem: String {
        ((rawValue as NSString).lastPathComponent as NSString).deletingPathExtension
    }

    /// Whether the file is a page's Markdown (`.md`, in any case).
    package var isMarkdown: Bool { rawValue.lowercased().hasSuffix(".md") }

    /// The path inside `Content/` (`posts/a.md`), or nil for a file outside it.
    package var inContent: String? {
        rawValue.hasPrefix("Content/") ? String(rawValue.dropFirst("Content/".count)) : nil
    }
}

extension SourceLocation {
    /// A place in a file of the site.
    package init(_ path: SourcePath, line: Int = 1, column: Int = 1) {
        self.init(file: path.rawValue, line: line, column: column)
    }

    /// A whole file of the site.
    package static func file(_ path: SourcePath) -> SourceLocation { file(path.rawValue) }
}
