import CVips
import Foundation
import SectionSiteEngine
import SystemPackage

extension ImageProcessor {
    /// libvips (Debian's `libvips-dev`): it reads a file's header without decoding it, scales a JPEG down while
    /// decoding it (libjpeg's DCT scaling, so a 4,000-pixel photo is never held at full size to make a 480-pixel
    /// one), streams the rest, and writes WebP and AVIF (through libheif) besides JPEG and PNG. See the
    /// documentation's Images page for why it and not another library.
    ///
    /// libvips starts when a picture is first read or made, not before: a site without pictures never starts it.
    /// Its version, in the processor's name, needs no start.
    public static let vips = ImageProcessor(
        name: "libvips \(vips_version(0)).\(vips_version(1)).\(vips_version(2))", formats: { Vips.writes },
        header: { file throws(Failure) in
            guard Vips.started else { throw Failure("cannot be read: libvips did not start") }
            return try Vips.header(file)
        },
        make: { job throws(Failure) in
            guard Vips.started else { throw Failure("cannot be processed: libvips did not start") }
            try Vips.make(job)
        })
}

/// The calls into libvips.
private enum Vips {
    /// Whether libvips started: once per process.
    static let started = sectionsite_vips_start() == 0

    /// The formats libvips can write here; none when it did not start.
    static let writes: Set<ImageFormat> =
        started
        ? Set(
            ImageFormat.allCases.filter { format in
                Vips.number(format).map { sectionsite_vips_can_write($0) != 0 } ?? false
            })
        : []

    /// Held while reading libvips's error buffer, which is one for the process.
    private static let errors = NSLock()

    /// libvips's last error, in one line, and the buffer cleared.
    static func lastError() -> String {
        errors.withLock {
            let message = String(cString: vips_error_buffer())
            vips_error_clear()
            let lines = message.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
                !$0.isEmpty
            }
            return lines.isEmpty ? "libvips gave no reason" : lines.joined(separator: "; ")
        }
    }

    static func header(_ file: FilePath) throws(ImageProcessor.Failure) -> ImageProcessor.Header {
        let path = file.string
        // The loader is picked from the file's first bytes; one of a format SectionSite does not process (above
        // all ImageMagick's, which took a 300 MB file of zeros for a TGA picture and read all of it) never opens it.
        // (libvips names it by its class: `VipsForeignLoadJpegFile`.)
        if let loader = vips_foreign_find_load(path).map({ String(cString: $0).lowercased() }),
            !["jpeg", "png", "webp", "tiff", "heif"].contains(where: loader.contains)
        {
            throw .init("is not a picture SectionSite processes (JPEG, PNG, WebP, AVIF, TIFF or HEIF)")
        }
        guard let image = sectionsite_vips_open(path) else {
            let reason = lastError()
            if reason.contains("is not a known file format") || reason.contains("not a known") {
                throw .init("is not a picture libvips can read")
            }
            throw .init("cannot be read as a picture: \(reason)")
        }
        defer { sectionsite_vips_release(image) }
        let loader = sectionsite_vips_loader(image).map { String(cString: $0) } ?? ""
        let format: ImageFormat? =
            switch loader {
            case let name where name.hasPrefix("jpeg"): .jpeg
            case let name where name.hasPrefix("png"): .png
            case let name where name.hasPrefix("webp"): .webp
            case let name where name.hasPrefix("tiff"): .tiff
            case let name where name.hasPrefix("heif"): ImageFormat.heifVariant(path)
            default: nil
            }
        return ImageProcessor.Header(
            width: Int(vips_image_get_width(image)), height: Int(vips_image_get_height(image)),
            orientation: Int(sectionsite_vips_orientation(image)), format: format)
    }

    /// The most bytes a scaled picture is held in memory with to be written in several formats: a 1,600-pixel-wide
    /// photo (about 5 MB decoded) is decoded once for all of them, and its JPEG is progressive. A larger one (a
    /// tall screenshot: 1,000 x 60,000 is 172 MiB) is decoded again for each format and streamed to it, a few
    /// rows at a time, its JPEG baseline, so that what a job holds does not grow with the picture's height.
    /// (WebP's encoder takes the whole picture, but WebP holds at most 16,383 rows.)
    static let heldBytes: UInt64 = 16 << 20

    static func make(_ job: ImageProcessor.Job) throws(ImageProcessor.Failure) {
        guard let scaled = sectionsite_vips_thumbnail(job.source, Int32(job.width)) else {
            throw .init("cannot be decoded (damaged or cut short?): \(lastError())")
        }
        if sectionsite_vips_decoded_bytes(scaled) <= heldBytes {
            let memory = sectionsite_vips_in_memory(scaled)
            sectionsite_vips_release(scaled)
            guard let memory else { throw .init("cannot be decoded (damaged or cut short?): \(lastError())") }
            defer { sectionsite_vips_release(memory) }
            for (format, path) in job.outputs {
                guard let number = Vips.number(format),
                    sectionsite_vips_save(memory, path, number, Int32(job.quality), job.keepsMetadata ? 0 : 1, 0) == 0
                else {
                    throw .init("cannot be written as \(format.rawValue): \(lastError())")
                }
            }
            return
        }
        var next: UnsafeMutablePointer<VipsImage>? = scaled  // the first format takes the pipeline opened above
        for (format, path) in job.outputs {
            guard let image = next ?? sectionsite_vips_thumbnail(job.source, Int32(job.width)) else {
                throw .init("cannot be decoded (damaged or cut short?): \(lastError())")
            }
            next = nil
            defer { sectionsite_vips_release(image) }
            guard let number = Vips.number(format),
                sectionsite_vips_save(image, path, number, Int32(job.quality), job.keepsMetadata ? 0 : 1, 1) == 0
            else {
                throw .init(
                    "cannot be decoded (damaged or cut short?) or written as \(format.rawValue): \(lastError())")
            }
        }
    }

    /// The number `sectionsite_vips_save` knows a format by.
    static func number(_ format: ImageFormat) -> Int32? {
        switch format {
        case .jpeg: Int32(SECTIONSITE_JPEG)
        case .png: Int32(SECTIONSITE_PNG)
        case .webp: Int32(SECTIONSITE_WEBP)
        case .avif: Int32(SECTIONSITE_AVIF)
        default: nil
        }
    }
}

extension ImageFormat {
    /// AVIF or HEIF for a file libheif reads, by its brand: both are HEIF containers.
    fileprivate static func heifVariant(_ path: String) -> ImageFormat {
        guard let handle = FileHandle(forReadingAtPath: path), let head = try? handle.read(upToCount: 32) else {
            return .heif
        }
        try? handle.close()
        return String(decoding: head, as: UTF8.self).contains("avif") ? .avif : .heif
    }
}
