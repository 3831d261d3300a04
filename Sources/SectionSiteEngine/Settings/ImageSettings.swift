/// How pictures are processed: the `images` settings.
struct ImageSettings: Sendable, Equatable {
    /// The widths to make, in CSS pixels; a picture narrower than one gets its own width instead (never enlarged).
    var widths = [480, 960, 1600]
    /// The formats to make besides the fallback (JPEG, or PNG for a PNG): WebP by default; AVIF takes about three
    /// times as long to encode (see the documentation's figures).
    var formats: [ImageFormat] = [.webp]
    /// The encoders' quality, 1 to 100.
    var quality = 75
    /// The `sizes` attribute: how wide the picture shows at each viewport width, so that the browser picks a file.
    var sizes = "(min-width: 50rem) 50rem, 100vw"
    /// The most pixels a source may declare: a larger one (a decompression bomb, or a panorama nobody should
    /// publish at full size) is an error and is never decoded.
    var maxPixels = 100_000_000
    /// The most bytes a source file may have: a larger one is an error and is never read. 256 MiB is several times
    /// the largest file a camera or phone writes (a 100-megapixel JPEG is about 60 MB, a 48-megapixel PNG about
    /// 100 MB), and a 100-megapixel PNG or TIFF with a little compression fits; a larger file is a mistake (a
    /// video or disc image named `.jpg`) or not meant for a web page, and reading it cost a build seconds.
    var maxBytes: Int64 = 256 << 20
    /// Keeps EXIF, XMP and ICC metadata, GPS positions included; off by default, so none is published.
    var keepsMetadata = false

    /// The part of a processed file's name that changes with these settings.
    var fingerprint: String { "q\(quality)\(keepsMetadata ? "k" : "s")" }
}
