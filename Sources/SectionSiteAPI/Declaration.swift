import Foundation
import SectionSiteEngine
import SymbolKit

/// A declaration as HTML: the compiler's fragments, each kind in a span of its own (`decl-keyword`,
/// `decl-type` ...), so that it reads as highlighted Swift; type names link to their pages.
enum Declaration {
    /// The fragments as one `<code>` element's content; `link` gives a page's link for a precise identifier.
    static func html(
        _ fragments: [SymbolGraph.Symbol.DeclarationFragments.Fragment], link: (String) -> String?
    ) -> String {
        var html = ""
        for fragment in fragments {
            let text = HTML.escape(fragment.spelling)
            let kind = fragment.kind.rawValue
            switch kind {
            case "text":
                html += text
            case "typeIdentifier":
                if let id = fragment.preciseIdentifier, let url = link(id) {
                    html += #"<a class="decl-type" href="\#(HTML.escape(url))">\#(text)</a>"#
                } else {
                    html += #"<span class="decl-type">\#(text)</span>"#
                }
            default:
                html += #"<span class="decl-\#(className(kind))">\#(text)</span>"#
            }
        }
        return html
    }

    /// `typeIdentifier` as `type`, `externalParam` as `external-param`: a class name for a fragment kind.
    private static func className(_ kind: String) -> String {
        var name = ""
        for character in kind {
            if character.isUppercase {
                name += "-" + character.lowercased()
            } else {
                name.append(character)
            }
        }
        return name
    }
}
