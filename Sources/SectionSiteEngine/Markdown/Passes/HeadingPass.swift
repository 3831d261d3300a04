import CMarkGFM

/// Headings: each given an id unique in the page (the author's `{#id}` as written, otherwise GitHub's slug of its
/// text) and listed for the table of contents, or handed to the theme's `heading` hook when it has one.
struct HeadingPass {
    let hooks: Set<String>

    mutating func visit(_ node: OpaquePointer, walk: inout Walk) {
        guard node != walk.titleNode else { return }
        let level = Int(cmark_node_get_heading_level(node))
        guard walk.headingIDs else {
            if hooks.contains("heading") {
                walk.hooked.append((node, "heading", ["level": level, "plainText": Markdown.plainText(node)]))
            }
            return
        }
        let text = Markdown.plainText(node)
        let list = walk.lists[node]
        // The author's id is kept as written; the ids made from text step around it.
        let id = list?.id.map { walk.state.slugs.claim($0) } ?? walk.state.slugs.unique(text)
        let heading = Markdown.Heading(level: level, id: id, text: text)
        walk.result.headings.append(heading)
        if hooks.contains("heading") {
            let context: [String: Any] = [
                "level": heading.level, "id": heading.id, "plainText": text,
                "attributes": list?.html(withID: false) ?? "",
            ]
            walk.hooked.append((node, "heading", context))
        } else if walk.topLevel >= 0 {
            walk.headings[walk.topLevel, default: []].append((heading, list?.html(withID: false) ?? ""))
        }
    }
}
