import Foundation
import Testing

@testable import SectionSiteEngine
import SectionSiteImages
import TestSupport
import SystemPackage

/// What a site's pictures may make SectionSite read and do: nothing outside the site, no file read whole, a cache
/// name that always holds the pixels its hash says, and a picture too large for a format published without it.
@Suite("Image limits")
struct ImageLimitTests {
    /// A processor that is libvips and records the files whose header it read.
    static func recording(_ read: Locked<[String]>) -> ImageProcessor {
        let vips = ImageProcessor.vips
        return ImageProcessor(
            name: vips.name, writes: vips.writes,
            header: { path throws(ImageProcessor.Failure) in
                read.withLock { $0.append(path.string) }
                return try vips.header(path)
            }, make: vips.make)
    }

    /// A folder beside the site's (as a site's `../` would reach it), removed when the test is done with it.
    final class Outside {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sectionsite-outside-\(UUID().uuidString)")
        var name: String { url.lastPathComponent }
        /// Its real path, as the error names it.
        var real: String { url.resolvingSymlinksInPath().path }
        init() throws {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            try TestImages.png(width: 40, height: 20, seed: 7).write(to: url.appendingPathComponent("photo.png"))
        }
        deinit { try? FileManager.default.removeItem(at: url) }
    }

    @Test(
        "a picture path with ../ or %2e%2e/, or a symbolic link, that leads out of the site is an error where it is named, and nothing of it is read"
    )
    func outsideTheSite() throws {
        let outside = try Outside()
        let site = try ImageTests.site(
            [
                "Content/a.md": """
                ---
                title: A
                ---
                ![up](/../../\(outside.name)/photo.png)

                ![encoded](%2e%2e/%2e%2e/\(outside.name)/photo.png)

                ![linked](linked.png) and ![inside](inside.png)
                """,
                "Static/robots.txt": "",
            ], images: ["Content/real/p.png": TestImages.png(width: 40, height: 20, seed: 1)])
        try FileManager.default.createSymbolicLink(
            atPath: site.folder.appendingPathComponent("Content/linked.png").path,
            withDestinationPath: outside.url.path + "/photo.png")
        // A link that stays inside the site is followed.
        try FileManager.default.createSymbolicLink(
            atPath: site.folder.appendingPathComponent("Content/inside.png").path, withDestinationPath: "real/p.png")
        let read = Locked<[String]>([])
        var options = site.options
        options.imageProcessor = Self.recording(read)
        let error = try #require(throws: SectionSiteError.self) { try SiteBuilder(options: options).build() }
        let why =
            "leads outside the site, to '\(outside.real)/photo.png': a site reads only its own files (name a folder in 'readOutside:' in sectionsite.yml to allow one); it was not read"
        #expect(
            error.diagnostics.map(\.description) == [
                "Content/a.md:4:1: error: image '/../../\(outside.name)/photo.png' (Static/../../\(outside.name)/photo.png) \(why)",
                "Content/a.md:6:1: error: image '%2e%2e/%2e%2e/\(outside.name)/photo.png' (Content/../../\(outside.name)/photo.png) \(why)",
                "Content/a.md:8:1: error: image 'linked.png' (Content/linked.png) \(why)",
            ])
        #expect(read.withLock { $0 }.allSatisfy { !$0.contains(outside.name) }, "\(read.withLock { $0 })")
        #expect(read.withLock { $0 }.contains { $0.hasSuffix("/Content/real/p.png") })
        #expect(!FileManager.default.fileExists(atPath: site.out.path))

        // A folder the settings name in `readOutside:` may be linked to.
        try site.write([
            "Content/a.md": "---\ntitle: A\n---\n![linked](linked.png) and ![inside](inside.png)\n",
            "sectionsite.yml":
                "title: Pictures\nreadOutside: [../\(outside.name)]\nimages: {widths: [16, 32, 100], formats: [webp]}\n",
        ])
        try SiteBuilder(options: options).build()
        let html = try site.output("a/index.html")
        #expect(html.contains(#"src="/img/linked-40w-"#) && html.contains(#"src="/img/inside-40w-"#), "\(html)")
    }

    @Test(
        "a picture file larger than 'images: {maxBytes}' is an error before a byte of it is read, the header of one within it is read before its bytes"
    )
    func tooManyBytes() throws {
        let site = try ImageTests.site(["Content/a.md": "---\ntitle: A\n---\n![big](big.jpg)\n\n![text](text.jpg)\n"])
        // 300 MiB, sparse: over the default of 256 MiB, and taking no room on the disk.
        let big = site.folder.appendingPathComponent("Content/big.jpg").path
        #expect(FileManager.default.createFile(atPath: big, contents: nil))
        #expect(truncate(big, 300 << 20) == 0)
        try site.write("Content/text.jpg", Data(repeating: 0x41, count: 4096))
        let read = Locked<[String]>([])
        var options = site.options
        options.imageProcessor = Self.recording(read)
        let error = try #require(throws: SectionSiteError.self) { try SiteBuilder(options: options).build() }
        let lines = error.diagnostics.map(\.description)
        #expect(
            lines.first
                == "Content/a.md:4:1: error: image 'big.jpg' (Content/big.jpg) is 314572800 bytes, more than the 268435456 that 'images: {maxBytes}' allows: it was not read"
        )
        #expect(lines.count == 1)  // the file that is no picture: a warning, drawn as written
        #expect(read.withLock { $0 }.allSatisfy { !$0.hasSuffix("big.jpg") })

        try site.write([
            "Content/a.md": "---\ntitle: A\n---\n![p](p.png)\n",
            "sectionsite.yml": "title: Pictures\nimages: {maxBytes: 1000}\n",
        ])
        let small = TestImages.png(width: 40, height: 20, seed: 1)
        try site.write("Content/p.png", small)
        #expect(
            site.buildError()?.description
                == "Content/a.md:4:1: error: image 'p.png' (Content/p.png) is \(small.count) bytes, more than the 1000 that 'images: {maxBytes}' allows: it was not read"
        )
        try site.write(["sectionsite.yml": "title: Pictures\nimages: {maxBytes: 0}\n"])
        #expect(site.buildError()?.description == "sectionsite.yml:2:20: error: 'maxBytes' must be more than 0")
    }

    @Test(
        "a file's hash taken a chunk at a time is the hash of its bytes in one piece",
        arguments: [0, 1, 7, 8, 15, 16, 17, 31, 32, 33, 100])
    func streamedHash(size: Int) throws {
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sectionsite-hash-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(bytes).write(to: file)
        var whole = ContentHash()
        bytes.withUnsafeBytes { whole.combine(bytes: $0) }
        let descriptor = open(file.path, O_RDONLY)
        defer { close(descriptor) }
        var streamed = ContentHash()
        #expect(streamed.combine(fileDescriptor: descriptor, chunk: 16) == Int64(size))
        #expect(streamed.hex == whole.hex)
        #expect(ImageCatalog.hash(of: file.path) == whole.hex)
    }

    @Test(
        "a picture replaced while its files are made leaves none of them under its old hash, so the old name never shows the new pixels"
    )
    func replacedWhileMade() throws {
        let site = try ImageTests.site(
            ["Content/a.md": "---\ntitle: A\n---\n![p](p.png)\n"],
            images: ["Content/p.png": TestImages.png(width: 40, height: 20, seed: 1)])
        let replaced = Locked(false)
        let vips = ImageProcessor.vips
        // The first job to start finds the picture replaced by one of another shape, as if it were saved then.
        let replacing = ImageProcessor(name: vips.name, writes: vips.writes, header: vips.header) {
            job throws(ImageProcessor.Failure) in
            let first = replaced.withLock { done in
                defer { done = true }
                return !done
            }
            if first { try? TestImages.png(width: 40, height: 30, seed: 2).write(to: URL(fileURLWithPath: job.source)) }
            try vips.make(job)
        }
        var options = site.options
        options.imageProcessor = replacing
        let error = try #require(throws: SectionSiteError.self) { try SiteBuilder(options: options).build() }
        #expect(
            error.diagnostics.map(\.description) == [
                "Content/a.md:4:1: error: image 'Content/p.png' changed while it was being made, so its files were not kept: build again (or save it again)"
            ])
        // The next build makes the new picture's files; putting the old one back publishes the old pixels again.
        try SiteBuilder(options: options).build()
        #expect(try site.output("a/index.html").contains(#"height="30""#))
        Thread.sleep(forTimeInterval: 0.01)
        try site.write("Content/p.png", TestImages.png(width: 40, height: 20, seed: 1))
        try SiteBuilder(options: options).build()
        let published = FileTree.files(under: site.out.appendingPathComponent("img"))
        #expect(published.count == 6)
        for file in published {
            let header = try vips.header(FilePath(site.out.appendingPathComponent("img/" + file).path))
            #expect(
                header.width == 2 * header.height,
                "\(file) is \(header.width) x \(header.height), the replacement's shape")
        }
    }

    @Test(
        "a picture taller than WebP holds is published without WebP files, with a warning where it is shown, and its PNG files as usual"
    )
    func tooTallForWebP() throws {
        let site = try ImageTests.site(
            ["Content/a.md": "---\ntitle: A\n---\n![tall](tall.png) and ![short](short.png)\n"],
            images: [
                "Content/tall.png": TestImages.png(width: 8, height: 17_000, seed: 1),
                "Content/short.png": TestImages.png(width: 8, height: 16_000, seed: 1),
            ])
        let report = try site.build()
        #expect(
            report.warnings.map(\.description).filter { $0.contains("image '") } == [
                "Content/a.md:4:1: warning: image 'Content/tall.png' is published without WebP files: at 8 x 17000 pixels it is larger than WebP allows (16383 pixels on a side); its PNG files are made as usual"
            ])
        let html = try site.output("a/index.html")
        #expect(html.contains(#"<img src="/img/tall-8w-"#), "\(html)")
        #expect(html.contains(#"<source type="image/webp" srcset="/img/short-8w-"#))
        #expect(!html.contains(/<source[^>]*tall-/))
        let files = FileTree.files(under: site.out.appendingPathComponent("img")).sorted()
        #expect(files.filter { $0.hasPrefix("tall-") }.map { String($0.split(separator: ".").last!) } == ["png"])
        #expect(
            Set(files.filter { $0.hasPrefix("short-") }.map { String($0.split(separator: ".").last!) }) == [
                "png", "webp",
            ])
    }
}
