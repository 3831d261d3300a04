import Foundation

/// What changed between the documentation's versions (`versions:`), as pages a build writes beside them: for each
/// version but the oldest, `/docs/2.1/changes/` lists the pages added, removed and changed since the version listed
/// just after it, and `/docs/2.1/changes/guide/install/` shows how one page changed, section by section and block
/// by block. A page changed when its file's text differs (`VersionIndex.differences`).
///
/// The changes of one page are those `sectionsite changes` finds between a build of the older version's files and
/// one of the newer's (`ChangeReport.page` on the two rendered pages), less what belongs to the layout rather than
/// the page (`PageChange.content`): the older page's links into its own version are read as links into the newer,
/// as they would be in two builds of one folder. Written like alias pages: a page or file already at one of these
/// addresses keeps it.
extension SiteOutput {
    /// One changes page: where it goes and what makes it.
    struct VersionChangesPage {
        var path: OutputPath
        var origin: String
        /// The pages it compares (none for a version's list, which is made every time: it reads no page).
        var inputs: [PageURL]
        var make: @Sendable () -> String
    }

    /// Every changes page, in path order.
    func versionChangesPages() -> [VersionChangesPage] {
        let versions = site.config.versions
        guard !versions.isEmpty else { return [] }
        let index = site.content.versions
        var made: [VersionChangesPage] = []
        // Each page's content is read once for the two pages that compare it (with the version before, and after).
        var uses: [PageURL: Int] = [:]
        let codes = site.config.languages.codes
        let found = versions.list.flatMap { version in
            codes.compactMap { code in index.differences(in: version, language: code).map { (version, code, $0) } }
        }
        for difference in found.flatMap(\.2.differences) {
            guard let new = difference.new, let old = difference.old else { continue }
            uses[PageURL(new.url), default: 0] += 1
            uses[PageURL(old.url), default: 0] += 1
        }
        let contents = ContentMemo(uses: uses, out: site.options.out)
        for (version, code, (older, differences)) in found {
            let folder = index.changesFolder(version, language: code)
            let changed = differences.filter { $0.new != nil && $0.old != nil }
            var pages = [
                (
                    folder, "the changes in \(version.name)", [PageURL](),
                    indexPage(version, older, code, differences)
                )
            ]
            for difference in changed {
                let url = index.changesURL(difference.key, in: version, language: code)
                let make = changesPage(version, older, code, difference, index: folder, contents: contents)
                let inputs = [PageURL(difference.old!.url), PageURL(difference.new!.url)]
                pages.append((url, "the changes in \(version.name) of \(difference.new!.source)", inputs, make))
            }
            for (url, origin, inputs, make) in pages {
                let path = OutputPath(page: PageURL(url))
                // A page or file of the site keeps its address.
                guard site.pages[PageURL(url)] == nil, site.files[path] == nil else { continue }
                made.append(VersionChangesPage(path: path, origin: origin, inputs: inputs, make: make))
            }
        }
        return made.sorted { $0.path.rawValue < $1.path.rawValue }
    }

    /// The changes pages as files (made as they are written, on all cores, by a build).
    func versionChangesFiles() -> [OutputFile] {
        versionChangesPages().map { OutputFile(path: $0.path, contents: later($0.make), origin: $0.origin) }
    }

    /// The changes page at an output path, made alone (what the preview serves).
    package func versionChangesFile(at path: OutputPath) -> OutputFile? {
        guard !site.config.versions.isEmpty, path.rawValue.contains("/changes/") else { return nil }
        return versionChangesPages().first { $0.path == path }.map {
            OutputFile(path: $0.path, contents: .text($0.make()), origin: $0.origin)
        }
    }

    /// The list of a version's changes since the version just older: pages added, changed (with a link to how)
    /// and removed, in the order of their paths.
    private func indexPage(
        _ version: SiteVersions.Version, _ older: SiteVersions.Version, _ language: LanguageCode,
        _ differences: [VersionIndex.Difference]
    ) -> @Sendable () -> String {
        let config = site.config.localized(language)
        let index = site.content.versions
        let titles = differences.map { difference in
            [difference.new, difference.old].compactMap { $0 }.lazy.compactMap {
                self.site.pages[PageURL($0.url)]?.title
            }
            .first ?? difference.key
        }
        let stylesheet = self.stylesheet
        return {
            var body =
                "<main class=\"ss-changes\" data-ss-key=\"r:changes\">\n"
                + "<h1>Changes in \(HTML.escape(version.label))</h1>\n"
            let added = differences.indices.filter { differences[$0].old == nil }
            let removed = differences.indices.filter { differences[$0].new == nil }
            let changed = differences.indices.filter { differences[$0].old != nil && differences[$0].new != nil }
            body +=
                "<p>Since \(HTML.escape(older.label)): \(added.count) added, \(changed.count) changed, "
                + "\(removed.count) removed.</p>\n"
            func list(_ heading: String, _ places: [Int], _ item: (Int) -> String) {
                guard !places.isEmpty else { return }
                body += "<h2>\(heading)</h2>\n<ul>\n" + places.map { "<li>\(item($0))</li>\n" }.joined() + "</ul>\n"
            }
            func link(_ url: String, _ text: String) -> String {
                "<a href=\"\(HTML.escape(config.link(url)))\">\(HTML.escape(text))</a>"
            }
            list("Added", added) { link(differences[$0].new!.url, titles[$0]) }
            list("Changed", changed) { place in
                link(differences[place].new!.url, titles[place]) + " · "
                    + link(index.changesURL(differences[place].key, in: version, language: language), "what changed")
            }
            list("Removed", removed) { link(differences[$0].old!.url, titles[$0]) + " (\(HTML.escape(older.label)))" }
            body += "</main>\n"
            return ChangeReport.document(
                title: "Changes in \(version.label)", language: config.language.rawValue, body: body, marks: "",
                stylesheet: stylesheet)
        }
    }

    /// How one page changed in `version` since `older`.
    private func changesPage(
        _ version: SiteVersions.Version, _ older: SiteVersions.Version, _ language: LanguageCode,
        _ difference: VersionIndex.Difference, index: String, contents: ContentMemo
    ) -> @Sendable () -> String {
        let config = site.config.localized(language)
        let (new, old) = (difference.new!, difference.old!)
        let newPage = site.pages[PageURL(new.url)]
        let oldPage = site.pages[PageURL(old.url)]
        let versions = site.config.versions
        let stylesheet = self.stylesheet
        return {
            let (before, after) = (contents.content(of: oldPage), contents.content(of: newPage))
            var change = Self.versionChange(
                PageURL(new.url), old: before, new: after,
                folders: (URLPath.encoded(versions.root(older.name)), URLPath.encoded(versions.root(version.name))))
            if change.wholePage != nil {
                // No change to name: the content of each, side by side.
                change.sections = [ChangeReport.SectionVersions(key: "", before: before?.body, after: after?.body)]
            }
            let title = newPage?.title ?? difference.key
            func link(_ url: String, _ text: String) -> String {
                "<a href=\"\(HTML.escape(config.link(url)))\">\(HTML.escape(text))</a>"
            }
            var body =
                "<main class=\"ss-changes\" data-ss-key=\"r:changes\">\n"
                + "<p>\(link(index, "Changes in \(version.label)"))</p>\n"
                + "<h1>\(HTML.escape(title)): what changed in \(HTML.escape(version.label))</h1>\n"
                + "<p data-ss-key=\"r:summary\">Since \(HTML.escape(older.label)): "
            let nothing = change.changes.isEmpty && change.wholePage == nil
            body += nothing ? "the text changed, but not what the page shows" : HTML.escape(change.summary)
            body +=
                ". \(link(new.url, "The page in \(version.label)")) · \(link(old.url, "in \(older.label)"))</p>\n"
            let (changes, marks) = ChangeReport.changesHTML(change, id: "change")
            body +=
                "<article class=\"ss-change\" id=\"change\" data-ss-key=\"r:change\">\n"
                + "\(Self.shown(changes))</article>\n</main>\n"
            return ChangeReport.document(
                title: "\(title): what changed in \(version.label)", language: config.language.rawValue, body: body,
                marks: Self.shown(marks), stylesheet: stylesheet)
        }
    }

    /// The compared page's HTML (and the outlines that point into it) with its keys and lists named
    /// `data-ss-shown` and `data-ss-shown-list`: shown twice, as it was and as it is, they would be this page's
    /// keys twice over, and this page's own keys (`r:changes`, `r:summary`, `r:change`) are what the preview patches.
    private static func shown(_ html: String) -> String {
        html.replacing(bytesOf: " \(PatchContract.keyAttribute)=", with: " data-ss-shown=")
            .replacing(bytesOf: " \(PatchContract.childrenAttribute)=", with: " data-ss-shown-list=")
            .replacing(bytesOf: "[\(PatchContract.keyAttribute)=", with: "[data-ss-shown=")
    }

    /// How a page changed from its document in an older version to its document in a newer one: its content's
    /// changes (`PageChange.content`) with the older document's links into its version's folder (`folders.older`,
    /// `/docs/2.0/`) read as links into the newer one's while comparing, and shown as they are.
    static func versionChange(
        _ url: PageURL, old: String, new: String, folders: (older: String, newer: String)
    ) -> ChangeReport.PageChange {
        versionChange(
            url, old: ChangeReport.content(old).map(ComparedContent.init),
            new: ChangeReport.content(new).map(ComparedContent.init), folders: folders)
    }

    /// `versionChange` of the two pages' content (`ChangeReport.content`), each read as keyed once for the two
    /// pages of changes that compare it.
    static func versionChange(
        _ url: PageURL, old: ComparedContent?, new: ComparedContent?, folders: (older: String, newer: String)
    ) -> ChangeReport.PageChange {
        let older = old?.html ?? ""
        // One version's folder inside the other's (the latest at `/docs/`, 1.0 at `/docs/1.0/`): reading one as the
        // other and back would rewrite links into neither; they compare as written.
        let nested = folders.older.hasPrefix(folders.newer) || folders.newer.hasPrefix(folders.older)
        let relinks = !nested && older.contains(bytesOf: folders.older)
        var change: ChangeReport.PageChange
        if let before = old?.document, let after = new?.document {
            do {
                // Blocks keyed again only where a link was read as another version's: a block's key is its HTML's
                // hash.
                let relinked =
                    relinks
                    ? try KeyedDocument(ChangeReport.relinking(before, from: folders.older, to: folders.newer)) : before
                change = ChangeReport.page(url, before: relinked, after: after)
            } catch {
                change = .init(url: url, status: .changed, title: "", wholePage: "\(error)")
            }
        } else {
            let relinked = relinks ? older.replacing(bytesOf: folders.older, with: folders.newer) : older
            change = ChangeReport.page(url, old: relinked, new: new?.html ?? "")
        }
        change = change.content
        if !nested { change.relink(before: folders.newer, to: folders.older) }
        return change
    }

    /// The site's stylesheet when it is the default theme's (the changes pages link it), else nil (they hold it).
    private var stylesheet: String? {
        site.config.theme == "default" && site.files[OutputPath("assets/style.css")] != nil
            ? site.config.link("/assets/style.css") : nil
    }
}

/// A page's content as two versions of it are compared: its title and HTML (`ChangeReport.content`), in a document
/// of their own, read as keyed.
struct ComparedContent {
    var title: String
    var body: String
    /// The document of the title and body (`ChangeReport.contentDocument`).
    var html: String
    /// `html` read as keyed; nil when it cannot be.
    var document: KeyedDocument?

    init(_ content: (title: String, body: String)) {
        (title, body) = content
        html = ChangeReport.contentDocument(title: title, body: body)
        document = try? KeyedDocument(html)
    }
}

/// Each page's content (`ComparedContent`) for the changes pages, read once for the two that compare it (with the
/// version before, and with the one after) and let go after its last use: a build makes the changes pages on all
/// cores, and reading a page's whole document is most of the cost of one.
final class ContentMemo: Sendable {
    private let made: Locked<[PageURL: (content: ComparedContent?, uses: Int)]>
    private let uses: [PageURL: Int]
    private let out: URL

    init(uses: [PageURL: Int], out: URL) {
        self.uses = uses
        self.out = out
        made = Locked([:])
    }

    /// A page's content: of its document as rendered, or as the previous output holds it when this build did not
    /// render it.
    func content(of page: RenderedPage?) -> ComparedContent? {
        guard let page else { return nil }
        if let kept = made.withLock({ made -> ComparedContent?? in
            guard let kept = made[page.url] else { return nil }
            made[page.url]!.uses -= 1
            if made[page.url]!.uses <= 0 { made[page.url] = nil }
            return .some(kept.content)
        }) {
            return kept
        }
        let content = ChangeReport.content(page.html(orIn: out) ?? "").map(ComparedContent.init)
        let left = (uses[page.url] ?? 1) - 1
        if left > 0 { made.withLock { $0[page.url] = (content, left) } }
        return content
    }
}
