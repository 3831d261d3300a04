extension TestSite {
    /// A post of the blog: its path and text, titled after its name.
    package static func post(_ name: String, date: String, tags: String = "[]", draft: Bool = false) -> (String, String)
    {
        (
            "Content/posts/\(name).md",
            "---\ntitle: \(name.capitalized)\ndate: \(date)\ntags: \(tags)\ndraft: \(draft)\n---\nAbout \(name).\n\nMore.\n"
        )
    }

    /// A blog on `theme`: four posts (one a draft) and a list of them, paginated, limited or filtered by tag as asked.
    package static func blog(
        paginate: Int? = nil, limit: Int? = nil, tags: String? = nil, sort: String = "-date"
    ) -> [String: String] {
        var files = TestSite.theme
        for (path, text) in [
            post("alpha", date: "2026-01-01", tags: "[swift]"), post("beta", date: "2026-01-03"),
            post("gamma", date: "2026-01-02", tags: "[swift, ios]"), post("delta", date: "2026-01-04", draft: true),
        ] { files[path] = text }
        var section = "  - id: all\n    cell: b\n    from: posts\n    sort: \(sort)\n"
        if let paginate { section += "    paginate: \(paginate)\n" }
        if let limit { section += "    limit: \(limit)\n" }
        if let tags { section += "    tags: \(tags)\n" }
        files["Content/posts/index.md"] = "---\ntitle: Posts\nsections:\n\(section)---\n"
        return files
    }
}
