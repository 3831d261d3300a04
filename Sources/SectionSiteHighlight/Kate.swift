import CHighlight
import Foundation
import SectionSiteEngine

extension Highlighter {
    /// KSyntaxHighlighting, Kate's engine (300+ languages), through Debian's library and Qt.
    ///
    /// The HTML is the code escaped as libcmark-gfm escapes it, with runs of one style in `<span class="hl-XX">`
    /// (`kw` keyword, `st` string, `co` comment ...: Kate's default styles). The library's repository of syntax
    /// definitions is not safe to share between threads, so each thread keeps one of its own.
    ///
    /// A build of the package without its `KSyntaxHighlighting` trait has no such library: then this highlighter
    /// knows no language, and `kateIsBuiltIn` is false.
    public static let kate = Highlighter(name: "ksyntaxhighlighting", highlight: kateHTML)

    /// Whether this build has KSyntaxHighlighting (the package's `KSyntaxHighlighting` trait, on by default).
    public static var kateIsBuiltIn: Bool { ss_highlight_available() != 0 }

    /// The code highlighted as `language` by KSyntaxHighlighting, or nil when no syntax definition knows it.
    static func kateHTML(_ code: String, language: String) -> String? {
        var code = code
        return code.withUTF8 { bytes -> String? in
            var length = 0
            let html = bytes.withMemoryRebound(to: CChar.self) { chars in
                ss_highlight_html(language, chars.baseAddress, chars.count, &length)
            }
            guard let html else { return nil }
            defer { free(html) }
            return String(decoding: UnsafeRawBufferPointer(start: html, count: length), as: UTF8.self)
        }
    }

    /// The KSyntaxHighlighting definition a fence's language word selects (`objc` is `Objective-C`), or nil.
    public static func kateDefinitionName(_ language: String) -> String? {
        guard let name = ss_highlight_definition_name(language) else { return nil }
        defer { free(name) }
        return String(cString: name)
    }
}
