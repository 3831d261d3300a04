/// Heading ids as GitHub makes them: the text lowercased, spaces to `-`, other punctuation dropped, and `-1`, `-2`
/// added to repeats so that every id in a page is unique.
struct HeadingSlugs {
    private var taken: Set<String> = []

    /// The slug of `text` (`Slug.of`), without the uniqueness suffix; `section` when nothing is left.
    static func slug(_ text: String) -> String {
        let slug = Slug.of(text)
        return slug.isEmpty ? "section" : slug
    }

    /// The slug of `text`, with `-1`, `-2` ... when it was given before in this page.
    mutating func unique(_ text: String) -> String {
        let base = Self.slug(text)
        var candidate = base
        var count = 0
        while !taken.insert(candidate).inserted {
            count += 1
            candidate = "\(base)-\(count)"
        }
        return candidate
    }

    /// An id the author gave (`{#install}`), kept as written and taken, so no id made from text repeats it.
    mutating func claim(_ id: String) -> String {
        taken.insert(id)
        return id
    }
}
