/// A patch of the `sectionsite-patch/1` format: keyed DOM operations that turn one version of a page into another.
package struct Patch: Sendable, Equatable {
    /// The page's URL.
    package var page: PageURL
    /// The version the patch applies to.
    package var from: PageVersion
    /// The version it makes.
    package var to: PageVersion
    /// The operations, applied in order.
    package var ops: [PatchOp]
    /// The animation, when it is not the runtime's default.
    package var animation: AnimationConfiguration?
    /// Why the patch is a `reload`: the reload operation's `reason` in the JSON, and the preview's log.
    package var reloadReason: String?

    /// Creates a patch.
    package init(
        page: PageURL, from: PageVersion, to: PageVersion, ops: [PatchOp], animation: AnimationConfiguration? = nil
    ) {
        self.page = page
        self.from = from
        self.to = to
        self.ops = ops
        self.animation = animation == .default ? nil : animation
    }

    /// Whether the patch asks for a full reload.
    package var isReload: Bool { ops == [.reload] }

    /// The patch as compact JSON with a fixed key order: the same patch always gives the same bytes.
    package var json: String {
        var writer = JSONWriter()
        writer.object { json in
            json.field("format", "sectionsite-patch/1")
            json.field("page", page.rawValue)
            json.field("from", from.rawValue)
            json.field("to", to.rawValue)
            json.key("ops")
            json.array(ops) { json, op in op.write(to: &json, reason: reloadReason) }
            if let animation {
                json.key("animation")
                json.object { json in
                    json.field("insert", animation.insert.rawValue)
                    json.field("delete", animation.delete.rawValue)
                    json.field("reload", animation.reload.rawValue)
                    json.field("move", animation.move.rawValue)
                }
            }
        }
        return writer.text
    }
}

/// One DOM operation of a patch.
package enum PatchOp: Sendable, Equatable {
    /// Remove the element with this key.
    case remove(key: String)
    /// Insert one new element into a list (`page`, `s:<id>` or `body`) before a key, or at the end for nil.
    case insert(parent: String, before: String?, html: String)
    /// Move a kept element into a list before a key, or to the end for nil.
    case move(key: String, parent: String, before: String?)
    /// Replace the element's outer HTML.
    case replace(key: String, html: String)
    /// Set the element's text.
    case text(key: String, text: String)
    /// Set the element's inner HTML.
    case html(key: String, html: String)
    /// Set attributes, or remove them where the value is nil; names sorted.
    case attrs(key: String, attrs: [Attribute])
    /// Set the document title.
    case title(text: String)
    /// Reload the whole page.
    case reload

    /// The key of the element the operation changes, removes or moves; nil for an insert, the title and a reload.
    package var key: String? {
        switch self {
        case .remove(let key), .move(let key, _, _), .replace(let key, _), .text(let key, _), .html(let key, _),
            .attrs(let key, _):
            key
        case .insert, .title, .reload: nil
        }
    }

    /// An attribute change.
    package struct Attribute: Sendable, Equatable {
        /// The attribute's name.
        package var name: String
        /// Its new value, or nil to remove it.
        package var value: String?

        /// Creates a change.
        package init(name: String, value: String?) {
            self.name = name
            self.value = value
        }
    }

    func write(to writer: inout JSONWriter, reason: String? = nil) {
        writer.object { json in
            switch self {
            case .remove(let key):
                json.field("op", "remove")
                json.field("key", key)
            case .insert(let parent, let before, let html):
                json.field("op", "insert")
                json.field("parent", parent)
                json.field("before", before)
                json.field("html", html)
            case .move(let key, let parent, let before):
                json.field("op", "move")
                json.field("key", key)
                json.field("parent", parent)
                json.field("before", before)
            case .replace(let key, let html):
                json.field("op", "replace")
                json.field("key", key)
                json.field("html", html)
            case .text(let key, let text):
                json.field("op", "text")
                json.field("key", key)
                json.field("text", text)
            case .html(let key, let html):
                json.field("op", "html")
                json.field("key", key)
                json.field("html", html)
            case .attrs(let key, let attrs):
                json.field("op", "attrs")
                json.field("key", key)
                json.key("attrs")
                json.object { json in
                    for attribute in attrs { json.field(attribute.name, attribute.value) }
                }
            case .title(let text):
                json.field("op", "title")
                json.field("text", text)
            case .reload:
                json.field("op", "reload")
                if let reason { json.field("reason", reason) }
            }
        }
    }
}
