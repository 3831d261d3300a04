/// A shelf of books, in the order they were put on it.
public struct Shelf {
    /// The titles, first put first.
    public private(set) var titles: [String] = []

    /// An empty shelf.
    public init() {}

    /// Puts a book at the end of the shelf.
    public mutating func put(_ title: String) {
        titles.append(title)
    }
}
