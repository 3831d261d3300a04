import ArgumentParser
import Foundation
import SectionSiteEngine

struct Translations: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Say which translations are behind their source page, and what changed in the source since.",
        discussion: """
            A translation is last brought up to date by its last commit; its source as of that commit is compared \
            with the source now, title, sections, items and body blocks. Exits with 1 when a translation is behind.
            """)

    @OptionGroup var siteOptions: SiteOptions

    @Flag(help: "Print JSON (format sectionsite-translations/1) instead of lines.")
    var json = false

    func run() throws {
        do {
            let report = try TranslationReport(site: siteOptions.siteURL)
            print(json ? report.json : report.text, terminator: "")
            if report.exitStatus != 0 { throw ExitCode(report.exitStatus) }
        } catch let error as SectionSiteError {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            throw ExitCode(1)
        }
    }
}

/// Where every translation of a site stands against its source, and which pages have no translation yet: what
/// `sectionsite translations` prints, as lines or as JSON.
struct TranslationReport {
    /// The site's languages.
    var languages: SiteLanguages
    /// Each translation's state, sorted by its path.
    var translations: [TranslationStatus]
    /// The pages of the default language lacking a translation in some language, sorted by path.
    var missing: [MissingTranslation]

    /// Reads the site and its git history. Wrong settings or front matter are errors; a history that cannot be
    /// read makes each translation's state unknown, with why.
    init(site folder: URL) throws {
        let site = try TranslatedSite(site: folder)
        languages = site.languages
        missing = site.pairs.missing
        let pairs = site.pairs.pairs
        guard !pairs.isEmpty else {
            translations = []
            return
        }
        let git: GitHistory
        let commits: [String: TranslationStatus.Since]
        do throws(GitHistory.Unavailable) {
            git = try GitHistory.open(folder)
            commits = try git.lastCommits(of: Set(pairs.map(\.translation.rawValue)))
        } catch {
            translations = pairs.map { .unknown($0, error.reason) }
            return
        }
        // The history read in three gits for all translations: last commits, the sources as of them, what is
        // not committed.
        let dated = pairs.filter { commits[$0.translation.rawValue] != nil }
        let sources = git.contents(dated.map { ($0.source.rawValue, commits[$0.translation.rawValue]!.commit) })
        let then = Dictionary(uniqueKeysWithValues: zip(dated.map(\.translation), sources))
        let uncommitted = git.uncommitted(Set(pairs.map(\.translation.rawValue)))
        translations = try pairs.map { pair in
            guard let since = commits[pair.translation.rawValue] else {
                return .unknown(
                    pair,
                    "\(pair.translation) has never been committed, so when it was last brought up to date is not known")
            }
            let commit = since.commit.prefix(7)
            var unknown = TranslationStatus.unknown(pair, "")
            unknown.since = since
            guard let data = then[pair.translation] ?? nil else {
                unknown.reason =
                    "\(pair.source) was not in the repository at \(commit), the translation's last commit, so what "
                    + "it said then is not known"
                return unknown
            }
            guard let text = String(data: data, encoding: .utf8) else {
                unknown.reason = "\(pair.source) as of \(commit) is not UTF-8 text"
                return unknown
            }
            return site.status(
                of: pair, then: text, now: try site.text(of: pair.source), since: since,
                uncommitted: uncommitted.contains(pair.translation.rawValue))
        }
    }

    /// 1 when a translation is behind, so that a CI job can fail on it; else 0.
    var exitStatus: Int32 { translations.contains { $0.state == .behind } ? 1 : 0 }

    /// The report as lines: a block per translation behind, a line per other translation, a line per page not
    /// translated, and a summary.
    var text: String {
        guard languages.isMultilingual else {
            return "The site has one language (\(languages.defaultCode)): it has no translations to compare.\n"
        }
        var lines: [String] = []
        for status in translations {
            let since = status.since.map { "\($0.commit.prefix(7)), \($0.date.prefix(10))" }
            let uncommitted =
                status.uncommitted ? "; the translation has uncommitted changes, compared as of its last commit" : ""
            switch status.state {
            case .behind:
                lines.append(
                    "\(status.path) is behind \(status.source) (translated as of \(since ?? "?")\(uncommitted)):")
                lines += status.changes.map { "  " + Self.line($0) }
            case .current:
                let reason = status.reason.map { "; " + $0 } ?? ""
                lines.append(
                    "\(status.path) is up to date with \(status.source) (as of \(since ?? "?")\(uncommitted)\(reason))")
            case .unknown:
                lines.append(
                    "\(status.path): not known whether it is up to date with \(status.source): \(status.reason ?? "")")
            }
        }
        for page in missing {
            lines.append(
                "\(page.source) has no translation in \(page.languages.map(\.rawValue).joined(separator: ", "))")
        }
        let count = { (state: TranslationStatus.State) in translations.filter { $0.state == state }.count }
        lines.append(
            "\(Self.counted(translations.count, "translation")): \(count(.behind)) behind, \(count(.current)) up to "
                + "date, "
                + "\(count(.unknown)) unknown; \(Self.counted(missing.count, "page")) missing a translation")
        return lines.map { $0 + "\n" }.joined()
    }

    /// One change, as `section 'latest': added at line 7: "Latest posts"`.
    static func line(_ change: SourceDifference) -> String {
        let subject =
            switch change.what {
            case .title: "title: "
            case .section: "section '\(change.id ?? "")': "
            case .item: "item '\(change.id ?? "")': "
            case .block: "body: block "
            }
        let line = change.line.map { " at line \($0)" } ?? ""
        let text = change.text.map { #": "\#($0)""# } ?? ""
        return subject + change.change.rawValue + line + text
    }

    private static func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

    /// The report as one JSON object (format `sectionsite-translations/1`), in the order of `text`.
    var json: String {
        var writer = JSONWriter()
        writer.object { writer in
            writer.field("format", "sectionsite-translations/1")
            writer.key("translations")
            writer.array(translations) { writer, status in
                writer.object { writer in
                    writer.field("path", status.path.rawValue)
                    writer.field("language", status.language.rawValue)
                    writer.field("source", status.source.rawValue)
                    writer.field("status", status.state.rawValue)
                    if let reason = status.reason { writer.field("reason", reason) }
                    if let since = status.since {
                        writer.key("since")
                        writer.object { writer in
                            writer.field("commit", since.commit)
                            writer.field("date", since.date)
                        }
                    }
                    if status.uncommitted { writer.field("uncommitted", true) }
                    writer.key("changes")
                    writer.array(status.changes) { writer, change in
                        writer.object { writer in
                            writer.field("what", change.what.rawValue)
                            writer.field("change", change.change.rawValue)
                            if let id = change.id { writer.field("id", id) }
                            if let line = change.line { writer.field("line", line) }
                            if let text = change.text { writer.field("text", text) }
                        }
                    }
                }
            }
            writer.key("missing")
            writer.array(missing) { writer, page in
                writer.object { writer in
                    writer.field("source", page.source.rawValue)
                    writer.key("languages")
                    writer.array(page.languages) { writer, code in writer.stringValue(code.rawValue) }
                }
            }
        }
        return writer.text + "\n"
    }
}
