import Foundation
import SectionSiteEngine

/// The Liquid of Jekyll pages run at import time, as Jekyll runs it before Markdown, so that no tag reaches a page as
/// text: outputs and control flow over the page, the site's settings, `site.data`, `site.posts` and the
/// collections; `include` (the site's `_includes/`, translated by running it with its parameters) and
/// `include_relative`; `post_url`, `link`, `highlight`, `raw`, `comment`; tab plugins as the theme's tabs. A tag
/// with no equivalent keeps what it holds in a plain block (a lone one is left out); an output of what the import
/// does not know (`paginator`, a plugin's `site.github`) is left out; each is reported at its place.
enum Liquid {
    /// What `include_relative` found.
    enum Included {
        /// The file's text.
        case text(String)
        /// The file leads outside the site; it was not read.
        case outside
        /// No such file, or not text.
        case missing
    }

    /// What `{% link path %}` names.
    enum Linked {
        /// A page, post or document of the new site: a relative path to its `.md` file, which the build checks.
        case page(String)
        /// Any other file: its address.
        case file(String)
        /// No such file in the site (Jekyll stops the build there).
        case missing
    }

    /// What running a page's Liquid needs besides its text.
    struct Context {
        var baseURL = "", siteURL = ""
        /// The page's front matter (`page.*`) and the site (`site.*`: settings, `data`, `posts`, collections).
        var page: SourceValue = .map([:])
        var site: SourceValue = .map([:])
        var postURL: (String) -> String? = { _ in nil }
        var linkURL: (String) -> Linked = { _ in .missing }
        var includeRelative: (String) -> Included = { _ in .missing }
        /// An include of `_includes/` by name, nil when the site has none of that name (or it leads outside).
        var include: (String) -> String? = { _ in nil }
        /// The directives the new site's theme draws.
        var directives = ImportComponent.defaultDirectives
    }

    /// `text` (a body starting at `firstLine` of `file`) with its Liquid run.
    static func convert(
        _ text: String, file: String, firstLine: Int, context: Context, report: inout ImportReport
    ) -> String {
        var run = Run(context: context, file: file, firstLine: firstLine)
        run.variables["page"] = context.page
        run.variables["site"] = context.site
        run.variables["jekyll"] = .map(["environment": .string("production")])
        let template = LiquidTemplate(text)
        var output = ""
        run.write(template.nodes, of: template, reported: true, into: &output)
        report.add(run.leftovers, uses: run.uses, neutral: run.neutralNames)
        return output
    }

    /// One run over a page and the includes it reaches.
    struct Run {
        var context: Context
        var file: String
        var firstLine: Int
        var variables: [String: SourceValue] = [:]
        var leftovers: [ImportReport.Leftover] = []
        var uses = ImportComponent.Uses()
        var depth = 0
        /// A `break` or `continue` met inside a `for`.
        var interruption: String?
        /// The plugins' filters passed over since the last output or tag was written, for the report.
        var passedFilters: [String] = []
        /// The names of the block tags drawn by the neutral fallback.
        var neutralNames = Set<String>()
        /// While an include runs: the page's template, the include tag's place in it, and the include's name.
        var including: (LiquidTemplate, Range<String.Index>, String)?

        /// Writes `nodes` of `template`; places are reported only for the page's own text (`reported`), an
        /// include's are reported at the include tag.
        mutating func write(
            _ nodes: [LiquidTemplate.Node], of template: LiquidTemplate, reported: Bool, into output: inout String
        ) {
            for node in nodes {
                if interruption != nil { return }
                switch node {
                case .text(let range):
                    output += template.text[range]
                case .output(let markup, let range):
                    do {
                        output += try LiquidValues.text(try evaluate(markup, strict: true))
                    } catch let unsupported as LiquidExpression.Unsupported {
                        note("Liquid output with \(unsupported.what), left out", template, range, reported: reported)
                    } catch {}
                    notePassedFilters(template, range, reported: reported)
                case .tag(let tag):
                    write(tag, of: template, reported: reported, into: &output)
                    notePassedFilters(template, tag.range, reported: reported)
                }
            }
        }

        mutating func notePassedFilters(_ template: LiquidTemplate, _ range: Range<String.Index>, reported: Bool) {
            for name in passedFilters {
                note(
                    "Liquid filter '\(name)' (a plugin's), not run: its value kept as it is", template, range,
                    reported: reported)
            }
            passedFilters = []
        }

        /// A leftover at its place in the page (`reported`), else, inside an include, at the tag that includes it.
        mutating func note(_ kind: String, _ template: LiquidTemplate, _ range: Range<String.Index>, reported: Bool) {
            if reported {
                leftover(kind, template, range)
            } else if let (includer, place, name) = including {
                leftover(kind + " (in the include '\(name)')", includer, place)
            }
        }

        mutating func leftover(_ kind: String, _ template: LiquidTemplate, _ range: Range<String.Index>) {
            leftovers.append(
                .init(
                    kind: kind, file: file, text: template.text, at: range.lowerBound, firstLine: firstLine,
                    written: String(template.text[range])))
        }

        /// The value of `markup`; `strict` (an output, which a reader sees) reports a setting the site does not have
        /// rather than printing nothing, where a condition or an assignment reads it as nil, as Jekyll does.
        mutating func evaluate(_ markup: String, strict: Bool = false) throws -> SourceValue {
            let (term, filters) = try LiquidExpression.filtered(markup.replacingOccurrences(of: "\n", with: " "))
            var value = try self.value(term, strict: strict)
            for filter in filters {
                do {
                    value = try LiquidValues.filter(
                        filter.name, value, try filter.arguments.map { try self.value($0) }, baseURL: context.baseURL,
                        siteURL: context.siteURL)
                } catch let unknown as LiquidValues.UnknownFilter {
                    // A plugin's filter, which the import cannot run: its value goes on as it is, as Liquid passes
                    // a filter it does not have (Jekyll without the plugin); reported at the tag or output.
                    if !passedFilters.contains(unknown.name) { passedFilters.append(unknown.name) }
                }
            }
            return value
        }

        func value(_ term: LiquidExpression.Term, strict: Bool = false) throws -> SourceValue {
            switch term {
            case .literal(let value):
                return value
            case .range(let from, let to):
                let (a, b) = (
                    SourceValue.integer(LiquidValues.number(try value(from))),
                    SourceValue.integer(LiquidValues.number(try value(to)))
                )
                return .list(a <= b ? (a...b).map { .number(Double($0)) } : [])
            case .variable(let name, let path):
                guard var current = variables[name] else {
                    throw LiquidExpression.Unsupported(what: "'\(name)', which the import does not know")
                }
                for (index, part) in path.enumerated() {
                    let key = try value(part)
                    if key == .string("size"), current.field("size") == nil {
                        current = .number(Double(LiquidValues.size(current)))
                        continue
                    }
                    switch (current, key) {
                    case (.list(let list), .number(let position)):
                        let at =
                            position < 0 ? list.count + SourceValue.integer(position) : SourceValue.integer(position)
                        current = list.indices.contains(at) ? list[at] : .null
                    case (.list(let list), .string("first")): current = list.first ?? .null
                    case (.list(let list), .string("last")): current = list.last ?? .null
                    case (.map(let map), _):
                        guard let found = map[key.text] else {
                            // A setting the site does not have: Jekyll reads it as nothing; a plugin may have meant it.
                            if strict, name == "site", index == 0 {
                                throw LiquidExpression.Unsupported(
                                    what: "'site.\(key.text)', a setting the site does not have")
                            }
                            current = .null
                            continue
                        }
                        current = found
                    default:
                        current = .null
                    }
                }
                return current
            }
        }

        func holds(_ condition: LiquidExpression.Condition) throws -> Bool {
            switch condition {
            case .value(let term): return LiquidValues.isTruthy(try value(term))
            case .and(let a, let b): return try holds(a) && holds(b)
            case .or(let a, let b): return try holds(a) || holds(b)
            case .compare(let a, let op, let b):
                return LiquidValues.compare(try value(a), op, try value(b))
            }
        }
    }
}
