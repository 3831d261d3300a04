/// A raster format SectionSite reads and writes.
public enum ImageFormat: String, Sendable, Equatable, Hashable, CaseIterable, Comparable {
    case avif, webp, jpeg, png, tiff, heif

    /// The extension of files SectionSite writes in it.
    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .tiff: "tif"
        default: rawValue
        }
    }

    /// The most pixels a file of the format holds on a side, for the formats made besides the fallback: WebP's
    /// 14-bit sizes. (A JPEG fallback holds 65,500, more than a JPEG or WebP source can have; a TIFF or HEIF source
    /// taller than that fails with libvips's own message.)
    var largestSide: Int? { self == .webp ? 16_383 : nil }

    /// The MIME type, for `<source type>`.
    public var mimeType: String { "image/\(rawValue)" }

    /// The format a file name's extension claims (`.JPG` too), or nil for one SectionSite does not process (an
    /// SVG or GIF is copied as it is).
    public init?(fileName: String) {
        guard let dot = fileName.lastIndex(of: ".") else { return nil }
        switch fileName[fileName.index(after: dot)...].lowercased() {
        case "jpg", "jpeg": self = .jpeg
        case "png": self = .png
        case "webp": self = .webp
        case "avif": self = .avif
        case "tif", "tiff": self = .tiff
        case "heic", "heif": self = .heif
        default: return nil
        }
    }

    /// The format every browser shows, for `<img src>`: PNG for PNG (it may be transparent), JPEG for the rest.
    var fallback: ImageFormat { self == .png ? .png : .jpeg }

    /// Newest first, the order of `<source>` elements: a browser takes the first it can show.
    public static func < (lhs: ImageFormat, rhs: ImageFormat) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
