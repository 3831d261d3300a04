/// An ordered collection of books.
///
/// ```swift
/// let shelf = Shelf(name: "Kitchen")
/// try shelf.add(Book(title: "Salt", isbn: "9780000000001"))
/// ```
public final class Shelf {
    /// The shelf's name.
    public let name: String
    /// The books, in the order they were added.
    public private(set) var books: [Book] = []

    /// Creates an empty shelf.
    /// - Parameter name: What the shelf is called.
    public init(name: String) {
        self.name = name
    }

    /// Adds a book at the end of the shelf.
    ///
    /// - Parameter book: The book.
    /// - Throws: ``ShelfError/duplicate`` when the book is on the shelf already.
    public func add(_ book: Book) throws {
        guard !books.contains(book) else { throw ShelfError.duplicate }
        books.append(book)
    }

    /// The books whose title contains a text.
    ///
    /// - Parameter text: What to look for, in any case.
    /// - Returns: The matching books, in shelf order.
    @available(*, deprecated, renamed: "books(matching:)")
    public func search(_ text: String) -> [Book] { books(matching: text) }

    /// The books whose title contains a text.
    ///
    /// - Parameter text: What to look for, in any case.
    /// - Returns: The matching books, in shelf order.
    @available(macOS 13, iOS 16, *)
    public func books(matching text: String) -> [Book] {
        books.filter { $0.title.lowercased().contains(text.lowercased()) }
    }
}

/// What goes wrong on a shelf.
public enum ShelfError: Error, Equatable {
    /// The book is on the shelf already: ``Shelf/contains(_:)`` will tell, once there is one.
    case duplicate
    /// The text is no ISBN.
    case invalidISBN(String)
}

/// Something that can be shelved.
public protocol Shelvable {
    /// The text on the spine.
    var spine: String { get }
    /// How thick the spine is, in millimetres.
    var thickness: Int { get }
}

extension Shelvable {
    /// The spine in capitals, for a label.
    public var label: String { spine.uppercased() }
}

extension Shelvable {
    /// Twenty millimetres, unless the type says otherwise.
    public var thickness: Int { 20 }
}

extension Book: Shelvable {
    /// The title, for the spine.
    public var spine: String { title }
}

extension String {
    /// The text with every word capitalized, as a book's title is.
    public var titleCased: String {
        split(separator: " ").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }
}
