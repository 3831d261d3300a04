import Foundation

/// A theme: its Mustache templates by name (`layouts/page`, `cells/card`, `supplementary/header`, `partials/nav`)
/// and its assets folder.
struct Theme: Sendable {
    /// The theme's folder name under `Themes/`.
    var name: String
    /// The theme's folder.
    var folder: URL
    /// The theme's folder relative to the site, for messages (`Themes/default`).
    var path: String
    /// Every template name.
    var templateNames: [String]
    /// A hash of each template's text, by file under the theme folder (`cells/card.mustache`), to tell which
    /// templates changed since the previous build.
    var templateHashes: [String: String]
    /// The templates that may draw navigation: those with a Mustache tag naming `nav` (`{{#page.nav.tree}}`, or
    /// `{{#nav.prev}}` inside `{{#page}}`), themselves or in a partial they include. Only the pages rendered with
    /// one of them change when the content tree does, and a site whose theme has none makes no tree.
    var navigationTemplates: Set<String> = []
    /// The directives and render hooks the theme draws Markdown with.
    var components: ThemeComponents
    /// Whether an `assets/` folder is there.
    var hasAssets: Bool
    /// Whether the binary carries the theme (the site has no `Themes/<name>/`): its templates are not the site's to
    /// trim, so none is reported unused.
    var isBuiltin = false
    /// The words the theme writes, in each language (`i18n/<code>.yml`).
    var strings = ThemeStrings()
    private var rendering: TemplateRendering

    /// Loads every `.mustache` file under `Themes/<name>/`; a missing theme or a template that does not parse is an
    /// error with its location.
    init(name: String, site: URL) throws {
        self.name = name
        self.path = "Themes/\(name)"
        self.folder = site.appendingPathComponent("Themes").appendingPathComponent(name)
        var isFolder: ObjCBool = false
        if !FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder),
            BuiltinThemes.files[name] != nil
        {
            // A theme the binary carries, which the site has no copy of: read from where the build keeps it.
            path = try Self.placeBuiltin(name, site: site)
            folder = site.appendingPathComponent(path)
            isBuiltin = true
        }
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            let themes =
                (try? FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("Themes").path))?
                .filter { !$0.hasPrefix(".") }.sorted() ?? []
            let builtin = BuiltinThemes.files.keys.sorted().filter { !themes.contains($0) }.map { "'\($0)' (built in)" }
            let known = "known: " + (themes.map { "'\($0)'" } + builtin).joined(separator: ", ")
            throw ThemeProblem.noSuchTheme(name, path: path, known: known).error(
                at: SourceLocation(file: "sectionsite.yml"))
        }
        var templates: [String: CompiledTemplate] = [:]
        var names: [String] = []
        var hashes: [String: String] = [:]
        var texts: [String: String] = [:]
        for file in FileTree.files(under: folder) where file.hasSuffix(".mustache") && !file.hasPrefix("assets/") {
            let name = String(file.dropLast(".mustache".count))
            let text = try SourceText.read(folder.appendingPathComponent(file), path: "\(path)/\(file)")
            hashes[file] = ContentHash.of(text).hex
            texts[name] = text
            do {
                templates[name] = try TemplateParser.parse(text)
            } catch {
                // Columns as swift-mustache gave them, which counted its content-type line in front of the text.
                let shift = error.line != 1 && error.columnFromStart ? FastHTMLEscaping.pragma.count : 0
                throw ThemeProblem.templateDoesNotParse(reason: error.reason.rawValue).error(
                    at: SourceLocation(file: "\(path)/\(file)", line: error.line, column: error.column + shift))
            }
            names.append(name)
        }
        if let (template, include, loop) = PartialCycles.firstLoop(in: texts) {
            throw ThemeProblem.endlessPartial(include.name, loop: loop.joined(separator: " > ")).error(
                at: SourceLocation(file: "\(path)/\(template).mustache", line: include.line, column: include.column))
        }
        // The cells of the generated tag pages and the API reference's templates, for themes that draw none of their
        // own.
        for (name, text) in Self.builtins + Self.apiBuiltins where templates[name] == nil {
            do {
                templates[name] = try TemplateParser.parse(text)
            } catch {
                throw ThemeProblem.builtInDoesNotParse(name, reason: "\(error.reason)").error()
            }
        }
        self.rendering = TemplateRendering(templates: templates)
        self.components = try ThemeComponents(texts: texts, themePath: path)
        self.templateNames = names.sorted()
        self.strings = try ThemeStrings(folder: folder, themePath: path)
        // The strings' files too, so that an incremental build sees them change.
        for file in FileTree.files(under: folder.appendingPathComponent("i18n")) {
            if let text = try? String(contentsOf: folder.appendingPathComponent("i18n/" + file), encoding: .utf8) {
                hashes["i18n/" + file] = ContentHash.of(text).hex
            }
        }
        self.templateHashes = hashes
        self.navigationTemplates = Self.templates(in: texts) { text in
            text.matches(of: /\{\{([^}]*)\}\}/).contains { tag in
                tag.1.split { !($0.isLetter || $0.isNumber || $0 == "_") }.contains("nav")
            }
        }
        var assets: ObjCBool = false
        self.hasAssets =
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("assets").path, isDirectory: &assets)
            && assets.boolValue
    }

    /// The cell that draws one tag on the tags index: sees `name`, `slug`, `count`, `url`, `link`.
    static let tagCell = "tag"
    /// The cell that draws one page on a tag page: sees what collection items see.
    static let taggedCell = "tagged"

    /// The site's theme with the directives its settings map to the theme's (`directives: {def: callout}`); a
    /// mapping to a directive the theme does not draw is an error at its line in the settings.
    init(config: SiteConfig, site: URL) throws {
        try self.init(name: config.theme, site: site)
        var problems: [Diagnostic] = []
        for (name, alias) in config.directiveAliases.sorted(by: { $0.key < $1.key }) {
            if let target = components.directives[alias.layout] {
                components.directives[name] = target
            } else {
                let known = ([ThemeComponents.comment] + components.directives.keys).sorted().joined(separator: ", ")
                problems.append(
                    ThemeProblem.unknownDirective(name, target: alias.layout, theme: path, known: known).at(
                        alias.location))
            }
        }
        if !problems.isEmpty { throw SectionSiteError(problems) }
    }

    /// The templates SectionSite brings for the pages it makes (tag pages), used where the theme has no template of
    /// that name: a theme need not know about tags to build a site that has them.
    static let builtins: [(name: String, text: String)] = [
        (
            "cells/\(tagCell)",
            #"<a class="ss-tag" href="{{link}}">{{name}}</a> <span class="ss-tag-count">{{count}}</span>"#
        ),
        (
            "cells/\(taggedCell)",
            #"<a href="{{link}}">{{title}}</a>{{#date}} <time datetime="{{date}}">{{dateDisplay}}</time>{{/date}}"#
        ),
    ]

    /// The templates whose text satisfies `uses`, directly or through the partials they include (`{{> name}}`).
    static func templates(in texts: [String: String], where usesItself: (String) -> Bool) -> Set<String> {
        let partials = texts.mapValues { text in
            Set(text.matches(of: /\{\{>\s*([^\s}]+)\s*\}\}/).map { String($0.1) })
        }
        var memo: [String: Bool] = [:]
        func uses(_ name: String, _ visiting: Set<String>) -> Bool {
            if let known = memo[name] { return known }
            guard let text = texts[name], !visiting.contains(name) else { return false }
            let result = usesItself(text) || partials[name]!.contains { uses($0, visiting.union([name])) }
            memo[name] = result
            return result
        }
        return Set(texts.keys.filter { uses($0, []) })
    }

    /// The theme's words in a language, for `site.i18n`.
    func strings(_ code: LanguageCode, languages: SiteLanguages) -> [String: String] {
        strings.texts(code, languages: languages)
    }

    /// How many partials' drawings over values drawn the same on many pages are kept (`TemplateObject.drawingKey`).
    var keptDrawings: Int { rendering.drawings.count }

    /// Whether a template of that name exists.
    func has(_ template: String) -> Bool { rendering.templates[template] != nil }

    /// Renders a template that must exist, over fields built as `Any` (made typed here, once per value).
    func render(_ template: String, _ context: [String: Any]) -> String {
        render(template, TemplateValue.map(any: context))
    }

    /// Renders a template that must exist.
    func render(_ template: String, _ context: TemplateValue) -> String {
        guard let output = rendering.render(template, context) else {
            preconditionFailure("template '\(template)' was checked before rendering")
        }
        return output
    }

    /// Writes a theme the binary carries into `.sectionsite/themes/<name>/`, unless the same files are there, and
    /// returns that folder relative to the site. Its files are read as a site's own theme's are (templates, strings,
    /// components, assets), and messages name them where they are.
    static func placeBuiltin(_ name: String, site: URL) throws -> String {
        let path = ".sectionsite/themes/\(name)"
        let folder = site.appendingPathComponent(path)
        let files = BuiltinThemes.files[name] ?? []
        var hash = ContentHash()
        for file in files {
            hash.combine(file.path)
            file.data.withUnsafeBytes { hash.combine(bytes: $0) }
        }
        let stamp = folder.appendingPathComponent(".made-from")
        if (try? String(contentsOf: stamp, encoding: .utf8)) == hash.hex { return path }
        let manager = FileManager.default
        do {
            // Made beside and swapped in whole: a build that stops halfway leaves no theme of two versions.
            let staging = site.appendingPathComponent(".sectionsite/themes/.\(name)-\(getpid())")
            try? manager.removeItem(at: staging)
            for file in files {
                let target = staging.appendingPathComponent(file.path)
                try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try file.data.write(to: target)
            }
            try Data(hash.hex.utf8).write(to: staging.appendingPathComponent(".made-from"))
            try? manager.removeItem(at: folder)
            try manager.moveItem(at: staging, to: folder)
        } catch {
            throw ThemeProblem.cannotWriteBuiltIn(name, path: path, reason: SystemReason.of(error)).error(
                at: SourceLocation(file: "sectionsite.yml"))
        }
        return path
    }

    /// The template for a kind in a folder (`cells`, `supplementary`, `layouts`), or an error at `location` naming
    /// the path looked for and the known kinds.
    func template(_ folder: String, kind: String, what: String, at location: SourceLocation?) throws -> String {
        let name = "\(folder)/\(kind)"
        guard has(name) else {
            let known = kinds(in: folder).map { "'\($0)'" }.joined(separator: ", ")
            throw ThemeProblem.unknownKind(what: what, kind: kind, template: "\(path)/\(name)", known: known).error(
                at: location)
        }
        return name
    }

    /// The kinds that a folder of templates offers, sorted.
    func kinds(in folder: String) -> [String] {
        templateNames.filter { $0.hasPrefix(folder + "/") }.map { String($0.dropFirst(folder.count + 1)) }
    }
}
