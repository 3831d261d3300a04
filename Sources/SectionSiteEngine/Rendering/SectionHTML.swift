import SectionSiteDiff

/// Writes sections as the keyed HTML of the patch contract, from closures that draw each cell and view: what the
/// pipeline renders every page's sections with.
struct SectionHTML<Section: SectionModelType & IdentifiableType> where Section.Item: IdentifiableType {
    /// A drawn cell or view: its kind and inner HTML.
    typealias Drawn = (kind: String, html: String)

    /// Draws one item of a section.
    var cell: (Section, Section.Item) throws -> Drawn
    /// Draws a header or footer, or nil for none.
    var supplementary: (Section, SupplementaryKind) throws -> Drawn?
    /// The section kind written as `data-ss-kind`.
    var kind: (Section) -> String?

    /// The keyed list of all sections: `<div class="ss-sections" data-ss-children="page">...</div>`.
    ///
    /// - Complexity: O(n) in the number of items, plus what the closures cost.
    func render(_ sections: [Section]) throws -> String {
        var html = #"<div class="ss-sections" \#(PatchContract.childrenAttribute)="\#(PatchContract.pageList)">"#
        for section in sections {
            html += try render(section)
        }
        return html + "</div>"
    }

    /// One keyed section: its header, its item list and its footer.
    func render(_ section: Section) throws -> String {
        let id = HTML.escape("\(section.identity)")
        let key = PatchContract.keyAttribute
        var html = #"<section class="ss-section" \#(key)="\#(PatchContract.Kind.section.key(id))""#
        if let kind = kind(section) { html += #" \#(PatchContract.kindAttribute)="\#(HTML.escape(kind))""# }
        html += ">"
        if let header = try supplementary(section, .header) {
            html +=
                #"<header class="ss-header" \#(key)="\#(PatchContract.Kind.header.key(id))" "#
                + #"\#(PatchContract.supplementaryAttribute)="\#(HTML.escape(header.kind))">"#
            html += header.html + "</header>"
        }
        html += #"<div class="ss-items" \#(PatchContract.childrenAttribute)="\#(PatchContract.Kind.section.key(id))">"#
        for item in section.items {
            let cell = try cell(section, item)
            let itemKey = HTML.escape(PatchContract.Kind.item.key("\(item.identity)"))
            html +=
                #"<div class="ss-item" \#(key)="\#(itemKey)" "#
                + #"\#(PatchContract.cellAttribute)="\#(HTML.escape(cell.kind))">"#
            html += cell.html + "</div>"
        }
        html += "</div>"
        if let footer = try supplementary(section, .footer) {
            html +=
                #"<footer class="ss-footer" \#(key)="\#(PatchContract.Kind.footer.key(id))" "#
                + #"\#(PatchContract.supplementaryAttribute)="\#(HTML.escape(footer.kind))">"#
            html += footer.html + "</footer>"
        }
        return html + "</section>"
    }
}
