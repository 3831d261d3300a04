import Foundation
import SystemPackage

/// What reads and resizes pictures: the engine knows no image library of its own; `SectionSiteImages` gives libvips
/// as `ImageProcessor.vips`, and a program may plug in another. Without one, Markdown images are left as written.
public struct ImageProcessor: Sendable, Equatable {
    /// What the processor reads from a file without decoding its pixels.
    public struct Header: Sendable, Equatable {
        /// Width and height as stored, before the EXIF orientation is applied.
        public var width: Int, height: Int
        /// The EXIF orientation, 1 to 8 (5 to 8 turn the picture a quarter).
        public var orientation: Int
        /// The format its bytes are in, whatever the file's name says; nil for one the processor reads but that
        /// is none of `ImageFormat`'s.
        public var format: ImageFormat?

        /// Creates a header.
        public init(width: Int, height: Int, orientation: Int, format: ImageFormat?) {
            self.width = width
            self.height = height
            self.orientation = orientation
            self.format = format
        }
    }

    /// One resized picture to make: the source scaled down to `width` (turned upright first), written as each of
    /// `outputs`.
    public struct Job: Sendable, Equatable {
        /// The source file's absolute path.
        public var source: String
        /// The width to scale to; never more than the source's.
        public var width: Int
        /// Each format to write and the absolute path to write it at.
        public var outputs: [(format: ImageFormat, path: String)]
        /// 1 to 100.
        public var quality: Int
        /// Keeps EXIF, XMP and ICC metadata (GPS positions included) instead of stripping it.
        public var keepsMetadata: Bool

        public static func == (lhs: Job, rhs: Job) -> Bool {
            lhs.source == rhs.source && lhs.width == rhs.width && lhs.quality == rhs.quality
                && lhs.keepsMetadata == rhs.keepsMetadata && lhs.outputs.map(\.path) == rhs.outputs.map(\.path)
        }
    }

    /// Why a picture cannot be used, in words for the person who put it there.
    public struct Failure: Error, Sendable, Equatable {
        /// What is wrong, without the file's name.
        public var message: String
        /// Whether the picture was refused (too large, or outside the site), which stays an error; a picture that
        /// cannot be found or read is only a warning.
        public var isRefusal: Bool

        /// Creates a failure.
        public init(_ message: String, refusal: Bool = false) {
            self.message = message
            self.isRefusal = refusal
        }
    }

    /// Names the processor and its version in the cache: another name makes every cached picture stale.
    public var name: String
    /// The formats it can write, asked for only when a site has pictures.
    public var writes: Set<ImageFormat> {
        get { formats() }
        set { formats = { newValue } }
    }
    private var formats: @Sendable () -> Set<ImageFormat>
    /// Reads a file's header.
    public var header: @Sendable (_ file: FilePath) throws(Failure) -> Header
    /// Makes a job's files; it must leave no file behind when it fails.
    public var make: @Sendable (_ job: Job) throws(Failure) -> Void

    /// A processor called `name`.
    public init(
        name: String, writes: Set<ImageFormat>,
        header: @escaping @Sendable (_ file: FilePath) throws(Failure) -> Header,
        make: @escaping @Sendable (_ job: Job) throws(Failure) -> Void
    ) {
        self.init(name: name, formats: { writes }, header: header, make: make)
    }

    /// A processor called `name` whose formats `formats` tells when first asked: a library that takes a while to
    /// start (libvips: 40 ms, the first tenth of a one-page build) starts only for a site with pictures.
    package init(
        name: String, formats: @escaping @Sendable () -> Set<ImageFormat>,
        header: @escaping @Sendable (_ file: FilePath) throws(Failure) -> Header,
        make: @escaping @Sendable (_ job: Job) throws(Failure) -> Void
    ) {
        self.name = name
        self.formats = formats
        self.header = header
        self.make = make
    }

    /// Two processors are the same when their names are.
    public static func == (lhs: ImageProcessor, rhs: ImageProcessor) -> Bool { lhs.name == rhs.name }
}
