/// A rendered page read back as the tree of keyed elements that patches address: the sections list, each section
/// with its header, items and footer, the body blocks, the layout's own `r:` regions, and the title.
///
/// Reading the HTML rather than keeping a tree from rendering means a page can be patched from any stored version,
/// and what is diffed is exactly what the browser parsed.
struct KeyedDocument {
    /// A keyed element.
    struct Element {
        /// `data-ss-key`.
        var key: String
        /// The element, start tag to end tag.
        var outer: Range<Int>
        /// Between the end of the start tag and the start of the end tag.
        var inner: Range<Int>
        /// The lowercased tag name.
        var tag: String
        /// Attributes in source order.
        var attributes: [(name: String, value: String)]
    }

    /// A list marked `data-ss-children`: where patches insert and reorder.
    struct Container {
        /// The list's inner range.
        var inner: Range<Int>
        /// Its start tag and end tag.
        var outer: Range<Int>
        /// The keys of its keyed children, in order.
        var children: [String]
    }

    /// The document's bytes.
    let bytes: [UInt8]
    /// Keyed elements by key.
    private(set) var elements: [String: Element] = [:]
    /// Lists by the value of `data-ss-children`.
    private(set) var containers: [String: Container] = [:]
    /// The inner range of `<title>`.
    private(set) var title: Range<Int>?
    /// The content attribute of the version meta.
    private(set) var versionContent: Range<Int>?
    /// Keys in document order, for deterministic walks.
    private(set) var order: [String] = []
    /// The elements of `<head>` but the title and the version meta, in order, each keyed by its `HeadKey`.
    private(set) var head: [Element] = []
    /// The inner range of `<head>`.
    private(set) var headInner: Range<Int>?
    /// The start tags of `<html>` and `<body>`, by tag name: their attributes, and the range of the list of them.
    private(set) var roots: [String: (attributes: [(name: String, value: String)], list: Range<Int>)] = [:]

    /// Why a document cannot be read as keyed.
    struct Unreadable: Error, CustomStringConvertible {
        var description: String
    }

    /// Reads `html`; a key used twice makes it unreadable.
    init(_ html: String) throws {
        bytes = Array(html.utf8)
        try scan()
        for (element, key) in zip(head.indices, HeadKey.unique(head.map(\.key))) { head[element].key = key }
    }

    /// The text of a byte range.
    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    // MARK: - Scanning

    private struct Open {
        var name: String
        var start: Int
        var innerStart: Int
        var key: String?
        var children: String?
        var attributes: [(name: String, value: String)]
    }

    private static let voids: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
    ]
    private static let rawText: Set<String> = ["script", "style", "textarea", "title"]

    private mutating func scan() throws {
        var stack: [Open] = []
        var childLists: [String: [String]] = [:]
        var position = 0
        let count = bytes.count
        while position < count {
            guard let open = nextByte(60, from: position) else { break }  // <
            position = open
            if startsWith("<!--", at: position) {
                position = find("-->", from: position + 4).map { $0 + 3 } ?? count
                continue
            }
            if position + 1 < count, bytes[position + 1] == 33 || bytes[position + 1] == 63 {  // <! or <?
                position = nextByte(62, from: position).map { $0 + 1 } ?? count
                continue
            }
            if position + 1 < count, bytes[position + 1] == 47 {  // </
                let (name, end) = tagName(from: position + 2)
                let close = nextByte(62, from: end).map { $0 + 1 } ?? count
                if let match = stack.lastIndex(where: { $0.name == name }) {
                    while stack.count > match {
                        let element = stack.removeLast()
                        try finish(element, endTagStart: position, end: close, stack: stack, childLists: &childLists)
                    }
                }
                position = close
                continue
            }
            let (name, afterName) = tagName(from: position + 1)
            guard !name.isEmpty else {
                position += 1
                continue
            }
            let (attributes, tagEnd, selfClosing) = readAttributes(from: afterName)
            var element = Open(
                name: name, start: position, innerStart: tagEnd, key: nil, children: nil, attributes: attributes)
            for attribute in attributes {
                if attribute.name == PatchContract.keyAttribute { element.key = attribute.value }
                if attribute.name == PatchContract.childrenAttribute { element.children = attribute.value }
            }
            if name == "html" || name == "body", roots[name] == nil {
                roots[name] = (attributes, afterName..<max(afterName, tagEnd - 1))
            }
            if name == "meta", attributes.contains(where: { $0.name == "name" && $0.value == "sectionsite-version" }) {
                versionContent = contentRange(from: position, to: tagEnd)
            }
            position = tagEnd
            if Self.voids.contains(name) || selfClosing {
                try finish(element, endTagStart: tagEnd, end: tagEnd, stack: stack, childLists: &childLists)
                continue
            }
            if Self.rawText.contains(name) {
                let close = findEndTag(name, from: tagEnd) ?? count
                let end = nextByte(62, from: close).map { $0 + 1 } ?? count
                if name == "title", title == nil { title = tagEnd..<close }
                try finish(element, endTagStart: close, end: end, stack: stack, childLists: &childLists)
                position = end
                continue
            }
            stack.append(element)
        }
        while let element = stack.popLast() {
            try finish(element, endTagStart: count, end: count, stack: stack, childLists: &childLists)
        }
    }

    private mutating func finish(
        _ element: Open, endTagStart: Int, end: Int, stack: [Open], childLists: inout [String: [String]]
    ) throws {
        if element.name == "head", headInner == nil {
            headInner = element.innerStart..<max(element.innerStart, endTagStart)
        } else if stack.last?.name == "head", element.name != "title",
            !element.attributes.contains(where: { $0.name == "name" && $0.value == "sectionsite-version" })
        {
            let inner = element.innerStart..<max(element.innerStart, endTagStart)
            head.append(
                Element(
                    key: HeadKey.of(tag: element.name, attributes: element.attributes, text: text(inner)),
                    outer: element.start..<end, inner: inner, tag: element.name, attributes: element.attributes))
        }
        if let key = element.key {
            guard elements[key] == nil else { throw Unreadable(description: "the key '\(key)' is used twice") }
            elements[key] = Element(
                key: key, outer: element.start..<end, inner: element.innerStart..<max(element.innerStart, endTagStart),
                tag: element.name, attributes: element.attributes)
            order.append(key)
            // Only a direct keyed child of a list belongs to it; keyed elements nested in keyed elements do not.
            if let parent = stack.last(where: { $0.key != nil || $0.children != nil }), let list = parent.children {
                childLists[list, default: []].append(key)
            }
        }
        if let list = element.children {
            guard containers[list] == nil else { throw Unreadable(description: "the list '\(list)' appears twice") }
            containers[list] = Container(
                inner: element.innerStart..<max(element.innerStart, endTagStart), outer: element.start..<end,
                children: childLists.removeValue(forKey: list) ?? [])
        }
    }

    private func nextByte(_ byte: UInt8, from start: Int) -> Int? {
        var index = start
        while index < bytes.count {
            if bytes[index] == byte { return index }
            index += 1
        }
        return nil
    }

    private func startsWith(_ text: String, at index: Int) -> Bool {
        let utf8 = Array(text.utf8)
        guard index + utf8.count <= bytes.count else { return false }
        for offset in 0..<utf8.count where bytes[index + offset] != utf8[offset] { return false }
        return true
    }

    private func find(_ text: String, from start: Int) -> Int? {
        let first = text.utf8.first!
        var index = start
        while let candidate = nextByte(first, from: index) {
            if startsWith(text, at: candidate) { return candidate }
            index = candidate + 1
        }
        return nil
    }

    private func findEndTag(_ name: String, from start: Int) -> Int? {
        var index = start
        while let candidate = nextByte(60, from: index) {
            if candidate + 1 < bytes.count, bytes[candidate + 1] == 47, tagName(from: candidate + 2).name == name {
                return candidate
            }
            index = candidate + 1
        }
        return nil
    }

    private func tagName(from start: Int) -> (name: String, end: Int) {
        var index = start
        while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
        return (String(decoding: bytes[start..<index], as: UTF8.self).lowercased(), index)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 97 && byte <= 122) || (byte >= 65 && byte <= 90) || (byte >= 48 && byte <= 57) || byte == 45
            || byte == 58 || byte == 95
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 32 || byte == 9 || byte == 10 || byte == 13 || byte == 12
    }

    /// Reads attributes up to the end of a start tag; returns them, the index after `>`, and whether it ended `/>`.
    private func readAttributes(from start: Int) -> ([(name: String, value: String)], Int, Bool) {
        var attributes: [(name: String, value: String)] = []
        var index = start
        var selfClosing = false
        while index < bytes.count {
            let byte = bytes[index]
            if Self.isSpace(byte) {
                index += 1
                continue
            }
            if byte == 62 { return (attributes, index + 1, selfClosing) }
            if byte == 47 {
                selfClosing = true
                index += 1
                continue
            }
            selfClosing = false
            let nameStart = index
            while index < bytes.count, !Self.isSpace(bytes[index]), bytes[index] != 61, bytes[index] != 62,
                bytes[index] != 47 || index == nameStart
            {
                index += 1
            }
            let name = String(decoding: bytes[nameStart..<index], as: UTF8.self).lowercased()
            while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
            guard index < bytes.count, bytes[index] == 61 else {
                attributes.append((name, ""))
                continue
            }
            index += 1
            while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
            guard index < bytes.count else { break }
            let quote = bytes[index]
            let valueStart: Int
            let valueEnd: Int
            if quote == 34 || quote == 39 {
                valueStart = index + 1
                valueEnd = nextByte(quote, from: valueStart) ?? bytes.count
                index = min(bytes.count, valueEnd + 1)
            } else {
                valueStart = index
                while index < bytes.count, !Self.isSpace(bytes[index]), bytes[index] != 62 { index += 1 }
                valueEnd = index
            }
            attributes.append((name, Entities.decode(String(decoding: bytes[valueStart..<valueEnd], as: UTF8.self))))
        }
        return (attributes, bytes.count, selfClosing)
    }

    private func contentRange(from start: Int, to end: Int) -> Range<Int>? {
        guard let attribute = find("content=\"", from: start), attribute < end else { return nil }
        let valueStart = attribute + 9
        guard let valueEnd = nextByte(34, from: valueStart), valueEnd < end else { return nil }
        return valueStart..<valueEnd
    }
}
