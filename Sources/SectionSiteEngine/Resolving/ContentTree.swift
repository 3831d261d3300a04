/// The published pages as a tree of folders, for navigation: each folder is a node (drawn by its `index.md` when it
/// has one, else named after the folder), and its children are the pages in it and its subfolders, in `weight` then
/// title order. Templates see a page's place in it as `page.nav` (`NavigationContext`): ancestors, siblings,
/// children, previous and next, and the tree of its top-level folder for a sidebar.
struct ContentTree: Sendable {
    /// One page or folder of the tree.
    struct Node: Sendable, Equatable {
        /// The page's title, or the folder's name when it has no index page.
        var title: String
        /// The page's URL; nil for a folder without an index page.
        var url: String?
        /// The sort weight.
        var weight: Int?
        /// The parent node's id; nil for the root.
        var parent: String?
        /// The children's ids, in order.
        var children: [String] = []
        /// Where the node is among its parent's children: a sidebar finds its window by it, not by a search of
        /// every sibling on every page.
        var position = 0
        /// How many nodes its subtree holds, itself included.
        var size = 1
    }

    /// The nodes by id: a page's URL, or `dir:<folder>` for a folder (`dir:` is the root, the home page's node).
    private(set) var nodes: [String: Node] = [:]
    /// A hash of the whole tree: equal hashes mean every page's navigation is the same.
    private(set) var hash = ""

    /// The id of the root node.
    static let root = "dir:"

    /// The id of a page's node: its folder's for an index page, else its URL.
    static func id(of page: Page) -> String { page.isIndex ? "dir:\(page.folder)" : page.url.rawValue }

    init() {}

    /// Builds the tree of `pages` (published, sorted by path).
    init(_ pages: [LoadedPage]) {
        func folderNode(_ folder: String) -> String {
            let id = "dir:\(folder)"
            if nodes[id] == nil {
                let parent =
                    folder.isEmpty ? nil : folderNode(folder.split(separator: "/").dropLast().joined(separator: "/"))
                nodes[id] = Node(
                    title: String(folder.split(separator: "/").last ?? ""), url: nil, weight: nil, parent: parent)
                if let parent { nodes[parent]!.children.append(id) }
            }
            return id
        }
        _ = folderNode("")
        for loaded in pages {
            let page = loaded.page
            let parent = folderNode(page.folder)
            if page.isIndex {
                nodes[parent]!.title = page.title
                nodes[parent]!.url = page.url.rawValue
                nodes[parent]!.weight = page.weight
            } else {
                nodes[page.url.rawValue] = Node(
                    title: page.title, url: page.url.rawValue, weight: page.weight, parent: parent)
                nodes[parent]!.children.append(page.url.rawValue)
            }
        }
        let keys = nodes.mapValues { ($0.weight ?? Int.max, $0.title.lowercased(), $0.url ?? "") }
        var hasher = ContentHash()
        for id in nodes.keys.sorted() {
            nodes[id]!.children.sort {
                (keys[$0]!.0, keys[$0]!.1, keys[$0]!.2, $0) < (keys[$1]!.0, keys[$1]!.1, keys[$1]!.2, $1)
            }
            let node = nodes[id]!
            hasher.combine(
                "\(id)\u{1}\(node.title)\u{1}\(node.url ?? "")\u{1}\(node.children.joined(separator: "\u{2}"))")
        }
        for node in nodes.values {
            for (position, child) in node.children.enumerated() { nodes[child]!.position = position }
        }
        // Sizes from the deepest nodes up: a node's parent is always nearer the root.
        var depths: [String: Int] = [:]
        func depth(_ id: String) -> Int {
            if let known = depths[id] { return known }
            let value = nodes[id]!.parent.map { depth($0) + 1 } ?? 0
            depths[id] = value
            return value
        }
        for id in nodes.keys.sorted(by: { (depth($0), $0) > (depth($1), $1) }) {
            if let parent = nodes[id]!.parent { nodes[parent]!.size += nodes[id]!.size }
        }
        hash = hasher.hex
    }

    /// Whether replacing `old` by `new` (either nil for a page that comes or goes) may change the tree.
    static func changes(_ old: LoadedPage?, _ new: LoadedPage?, drafts: Bool) -> Bool {
        let before = old.flatMap { drafts || !$0.page.isDraft ? $0 : nil }
        let after = new.flatMap { drafts || !$0.page.isDraft ? $0 : nil }
        guard let before, let after else { return (before == nil) != (after == nil) }
        return before.page.title != after.page.title || before.page.weight != after.page.weight
            || before.page.url != after.page.url  // a slug or permalink moved it
    }

    /// The ids from the root down to the node's parent.
    func ancestors(of id: String) -> [String] {
        var chain: [String] = []
        var current = nodes[id]?.parent
        while let node = current {
            chain.append(node)
            current = nodes[node]?.parent
        }
        return chain.reversed()
    }
}
