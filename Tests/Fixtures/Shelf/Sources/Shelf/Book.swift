/// A book on a shelf.
///
/// Books are values: two books with the same ``isbn`` are the same book. Put one on a ``Shelf`` with
/// ``Shelf/add(_:)``.
public struct Book: Hashable, Sendable {
    /// How a book is bound.
    public enum Binding: String, Sendable, CaseIterable {
        /// A hard cover.
        case hardcover
        /// A soft cover.
        case paperback
        /// No paper at all.
        case ebook
    }

    /// The title, as printed on the cover.
    public var title: String
    /// The International Standard Book Number, the book's identity.
    public let isbn: String
    /// How the book is bound.
    public var binding: Binding
    /// The number of pages; nil for an ebook.
    public var pages: Int?

    /// Creates a book.
    ///
    /// - Parameters:
    ///   - title: The title, as printed on the cover.
    ///   - isbn: The book's ISBN, 10 or 13 digits.
    ///   - binding: How it is bound.
    ///   - pages: The number of pages.
    /// - Throws: ``ShelfError/invalidISBN(_:)`` when `isbn` is not 10 or 13 digits.
    public init(title: String, isbn: String, binding: Binding = .paperback, pages: Int? = nil) throws {
        guard [10, 13].contains(isbn.count), isbn.allSatisfy(\.isNumber) else { throw ShelfError.invalidISBN(isbn) }
        (self.title, self.isbn, self.binding, self.pages) = (title, isbn, binding, pages)
    }

    /// How long reading the book takes at a pace.
    ///
    /// - Parameter pagesPerHour: How many pages the reader reads in an hour.
    /// - Returns: The hours, or nil for a book without a page count.
    /// - Note: An ebook has no pages: ask its reader instead.
    public func readingTime(pagesPerHour: Double) -> Double? {
        pages.map { Double($0) / pagesPerHour }
    }
}
