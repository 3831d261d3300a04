import Foundation

/// A local picture as pages show it: its size upright, and the files made from it, each named by a hash of the
/// source's bytes and the settings, so that a browser may cache them forever.
struct ProcessedImage: Sendable, Equatable, Hashable {
    /// One file made from the picture.
    struct Variant: Sendable, Equatable, Hashable {
        var width: Int, height: Int
        var format: ImageFormat
        /// The output path (`img/photo-960w-1f2e3d4c5b.webp`).
        var path: String
    }

    /// The source, relative to the site (`Content/posts/trip/photo.jpg`, `Static/logo.png`).
    var source: String
    /// A hash of the source's bytes.
    var hash: String
    /// Width and height with the EXIF orientation applied.
    var width: Int, height: Int
    /// Every file, grouped by format (newest first, the fallback last), narrowest first within a format.
    var variants: [Variant]
    /// The format of `<img src>`.
    var fallback: ImageFormat
    /// The `sizes` attribute.
    var sizes: String
    /// The site's URL path prefix (`/`, or `/blog/`).
    var rootPath: String
    /// The formats the settings ask for that this picture is too large to be written in (a WebP file is at most
    /// 16,383 pixels on a side): it is published without them, with a warning.
    var skipped: [ImageFormat] = []

    /// The plan for a source of this size, hash and format under `settings`: the widths that are not larger than
    /// the source (the source's own width when some are), in each format the processor writes.
    init(
        source: String, hash: String, header: ImageProcessor.Header, settings: ImageSettings, writes: Set<ImageFormat>,
        processor: String, rootPath: String
    ) {
        self.source = source
        self.hash = hash
        let turned = header.orientation >= 5 && header.orientation <= 8
        let (width, height) = turned ? (header.height, header.width) : (header.width, header.height)
        (self.width, self.height) = (width, height)
        fallback = (header.format ?? .jpeg).fallback
        sizes = settings.sizes
        self.rootPath = rootPath
        var widths = Set(settings.widths.filter { $0 < width })
        if widths.isEmpty || settings.widths.contains(where: { $0 >= width }) { widths.insert(width) }
        var formats = (Set(settings.formats.filter(writes.contains)).union([fallback])).sorted()
        // The largest file decides: a format that cannot hold it is left out for this picture altogether, so that
        // a browser never takes a smaller file of it over the largest of the fallback.
        let largestHeight = max(1, Int((Double(widths.max()!) * Double(height) / Double(width)).rounded()))
        for format in formats where format != fallback {
            if let side = format.largestSide, max(widths.max()!, largestHeight) > side { skipped.append(format) }
        }
        formats.removeAll(where: skipped.contains)
        let stem = Slug.of(
            (source as NSString).lastPathComponent.split(separator: ".").dropLast().joined(separator: "."))
        var variants: [Variant] = []
        for format in formats {
            for width in widths.sorted() {
                var name = ContentHash()
                name.combine(hash)
                name.combine("\(processor) \(settings.fingerprint) \(width) \(format.rawValue)")
                let scaled = max(1, Int((Double(width) * Double(height) / Double(self.width)).rounded()))
                let file = "\(stem.isEmpty ? "image" : stem)-\(width)w-\(name.hex.prefix(10)).\(format.fileExtension)"
                variants.append(Variant(width: width, height: scaled, format: format, path: "img/" + file))
            }
        }
        self.variants = variants
    }

    /// Why a format was left out, for the warning at each place that shows the picture.
    func skipReason(_ format: ImageFormat) -> String {
        "image '\(source)' is published without \(format.displayName) files: at \(largest.width) x \(largest.height) "
            + "pixels it is larger than \(format.displayName) allows (\(format.largestSide ?? 0) pixels on a side); "
            + "its \(fallback.displayName) files are made as usual"
    }

    /// The largest file in the fallback format: `<img src>`.
    var largest: Variant { variants.last { $0.format == fallback }! }

    /// The URL of a variant.
    func url(_ variant: Variant) -> String { rootPath + URLPath.encoded(variant.path) }

    /// `srcset` for a format: each file's URL and width.
    func srcset(_ format: ImageFormat) -> String {
        variants.filter { $0.format == format }.map { "\(url($0)) \($0.width)w" }.joined(separator: ", ")
    }

    /// The formats besides the fallback, newest first: a `<source>` each.
    var otherFormats: [ImageFormat] {
        var seen: [ImageFormat] = []
        for variant in variants where variant.format != fallback && !seen.contains(variant.format) {
            seen.append(variant.format)
        }
        return seen
    }

    /// `<picture>` with a `<source>` per modern format and an `<img>` with the fallback's files, its size (so the
    /// page does not move as it loads), lazy loading and asynchronous decoding; a plain `<img>` when the fallback
    /// is the only format.
    func html(alt: String, title: String?) -> String {
        let largest = self.largest
        var img = #"<img src="\#(HTML.escape(url(largest)))""#
        if variants.count(where: { $0.format == fallback }) > 1 {
            img += #" srcset="\#(HTML.escape(srcset(fallback)))" sizes="\#(HTML.escape(sizes))""#
        }
        img += #" width="\#(largest.width)" height="\#(largest.height)" alt="\#(HTML.escape(alt))""#
        if let title, !title.isEmpty { img += #" title="\#(HTML.escape(title))""# }
        img += #" loading="lazy" decoding="async">"#
        let sources = otherFormats.map {
            #"<source type="\#($0.mimeType)" srcset="\#(HTML.escape(srcset($0)))" sizes="\#(HTML.escape(sizes))">"#
        }
        return sources.isEmpty ? img : "<picture>" + sources.joined() + img + "</picture>"
    }

    /// What templates see: `{{image}}` is the fallback's URL; `src`, `srcset`, `sizes`, `width`, `height` and
    /// `type` are the fallback's; `sources` lists the other formats (`type`, `srcset`, `sizes`); `variants` every
    /// file (`src`, `width`, `height`, `type`).
    var templateValue: TemplateValue { .object(Shown(image: self, relative: false)) }

    /// What templates see for a front matter or item field that names the picture: the same, but `{{field}}` is
    /// the fallback's path without the site's root (`img/photo-1600w-....jpg`), as the field's own value was, so
    /// that a template written for it (`{{site.root}}{{image}}`) keeps working.
    var fieldValue: TemplateValue { .object(Shown(image: self, relative: true)) }

    /// A processed picture in a template context.
    struct Shown: TemplateObject, Sendable {
        var image: ProcessedImage
        var relative: Bool

        var text: String {
            relative ? URLPath.encoded(image.largest.path) : image.url(image.largest)
        }

        func child(named name: String) -> TemplateValue? {
            let largest = image.largest
            switch name {
            case "src": return .string(image.url(largest))
            case "srcset": return .string(image.srcset(image.fallback))
            case "sizes": return .string(image.sizes)
            case "width": return .int(largest.width)
            case "height": return .int(largest.height)
            case "type": return .string(image.fallback.mimeType)
            case "sources":
                return .list(
                    image.otherFormats.map {
                        .map([
                            "type": .string($0.mimeType), "srcset": .string(image.srcset($0)),
                            "sizes": .string(image.sizes),
                        ])
                    })
            case "variants":
                return .list(
                    image.variants.map {
                        .map([
                            "src": .string(image.url($0)), "width": .int($0.width), "height": .int($0.height),
                            "type": .string($0.format.mimeType),
                        ])
                    })
            default: return nil
            }
        }
    }
}
