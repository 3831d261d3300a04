import Foundation

/// Markdown that other generators read as text but SectionSite reads as its own syntax, written so it stays text.
enum ImportMarkdown {
    /// An HTML page's body as Markdown passes it through: with no blank line, which would end the HTML block and
    /// make what follows, indented, code.
    static func htmlBody(_ html: String) -> String {
        html.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.allSatisfy(\.isWhitespace) }
            .joined(separator: "\n") + "\n"
    }

    /// `body` with each line that SectionSite would read as a directive (`@spf13` alone on a line, `@Name(...)`,
    /// `@Name {`) escaped as `\@`, outside fenced code: Hugo and Jekyll show such a line as written.
    static func escapingDirectives(_ body: String) -> String {
        var fence: Substring?
        var lines = body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for index in lines.indices {
            let line = lines[index]
            let spaces = line.prefix(while: { $0 == " " }).count
            let rest = line.dropFirst(spaces)
            if spaces <= 3, let marker = ["```", "~~~"].first(where: { rest.hasPrefix($0) }) {
                let run = rest.prefix(while: { $0 == marker.first })
                if let open = fence {
                    if run.count >= open.count && rest.dropFirst(run.count).allSatisfy({ $0 == " " || $0 == "\t" }) {
                        fence = nil
                    }
                } else {
                    fence = run
                }
                continue
            }
            guard fence == nil, spaces <= 3, rest.first == "@", let first = rest.dropFirst().first, first.isASCII,
                first.isLetter
            else { continue }
            let name = rest.dropFirst().prefix(while: {
                $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-")
            })
            let after = rest.dropFirst(1 + name.count)
            let next = after.drop(while: { $0 == " " || $0 == "\t" }).first
            if after.first == "(" || next == nil || next == "{" {
                lines[index] = String(line.prefix(spaces)) + "\\" + rest
            }
        }
        return lines.joined(separator: "\n")
    }
}
