import Foundation
import Testing

import SectionSiteEngine
import SectionSiteImages
import SiteTestSupport
import TestSupport
import SystemPackage

/// Pictures processed with libvips: responsive files named by their bytes, turned upright, without metadata,
/// made once and cached; bad pictures are errors where they are named.
@Suite("Images")
struct ImageTests {
    static func site(_ files: [String: String] = [:], images: [String: Data] = [:]) throws -> TestSite {
        var all = TestSite.theme
        all["sectionsite.yml"] = "title: Pictures\nimages: {widths: [16, 32, 100], formats: [webp]}\n"
        all["Themes/default/directives/image.mustache"] =
            "{{! arguments: source (image, required), alt }}<figure>{{#source.sources}}<s t=\"{{type}}\" s=\"{{srcset}}\">{{/source.sources}}<img src=\"{{source}}\" w=\"{{source.width}}\"></figure>"
        all.merge(files) { _, new in new }
        let site = try TestSite(plugins: .vips, all)
        for (path, data) in images { try site.write(path, data) }
        return site
    }

    /// A processor that is libvips and counts the files it makes.
    static func counting(_ made: Locked<Int>) -> ImageProcessor {
        let vips = ImageProcessor.vips
        return ImageProcessor(name: vips.name, writes: vips.writes, header: vips.header) {
            job throws(ImageProcessor.Failure) in
            made.withLock { $0 += job.outputs.count }
            try vips.make(job)
        }
    }

    @Test(
        "a picture beside its page becomes a picture element of files named by its bytes, upright, never enlarged, without metadata"
    )
    func processedPicture() throws {
        let site = try Self.site(
            ["Content/trip/index.md": "---\ntitle: Trip\n---\n![A *red* box](photo.jpg \"Box\")\n"],
            images: ["Content/trip/photo.jpg": try TestImages.fixture("rotated-gps.jpg")])
        try site.build()
        let html = try site.output("trip/index.html")
        let files = FileTree.files(under: site.out.appendingPathComponent("img")).sorted()
        // 64 x 48 stored, EXIF orientation 6: 48 x 64 upright. Widths 16 and 32 are made; 100 would enlarge it, so
        // its own width, 48, is made instead.
        #expect(files.count == 6)
        #expect(files.allSatisfy { $0.hasPrefix("photo-") })
        #expect(
            files.filter { $0.hasSuffix(".webp") }.map { $0.split(separator: "-")[1] }.sorted() == [
                "16w", "32w", "48w",
            ])
        let picture = try #require(html.firstMatch(of: /<picture>.*<\/picture>/)?.output)
        #expect(picture.contains(#"<source type="image/webp" srcset="/img/photo-16w-"#))
        #expect(
            picture.contains(#" width="48" height="64" alt="A red box" title="Box" loading="lazy" decoding="async">"#))
        for file in files {
            let data = try Data(contentsOf: site.out.appendingPathComponent("img/" + file))
            // No GPS position (the EXIF entry pointing to it, tag 0x8825, big-endian as the camera wrote it) and no
            // camera name. (libvips writes a small EXIF block of its own into WebP files: size and resolution.)
            #expect(data.range(of: Data([0x88, 0x25, 0x00, 0x04])) == nil, "\(file) keeps the GPS position")
            #expect(data.range(of: Data("SectionSiteCam".utf8)) == nil, "\(file) keeps the camera's name")
            let header = try ImageProcessor.vips.header(FilePath(site.out.appendingPathComponent("img/" + file).path))
            #expect(header.orientation == 1)
            #expect(Double(header.height) / Double(header.width) > 1.3, "\(file) is not upright")
        }
        // The original, GPS position and all, is not published.
        #expect(!FileManager.default.fileExists(atPath: site.out.appendingPathComponent("trip/photo.jpg").path))
    }

    @Test("a second build makes nothing; a changed picture makes only its own files and changes the pages that show it")
    func cachedAndIncremental() throws {
        let site = try Self.site(
            [
                "Content/a.md": "---\ntitle: A\n---\n![one](/pictures/one.png)\n",
                "Content/b.md": "---\ntitle: B\n---\n@Image(source: \"/pictures/two.png\", alt: \"two\")\n",
            ],
            images: [
                "Static/pictures/one.png": TestImages.png(width: 40, height: 20, seed: 1),
                "Static/pictures/two.png": TestImages.png(width: 40, height: 20, seed: 2),
            ])
        let made = Locked(0)
        var options = site.options
        options.imageProcessor = Self.counting(made)
        try SiteBuilder(options: options).build()
        #expect(made.withLock { $0 } == 12)  // 16, 32 and (not 100: never enlarged) 40 wide, in WebP and PNG, twice
        let b = try site.output("b/index.html")
        #expect(b.contains(#"><s t="image/webp" s="/img/two-16w-"#) && b.contains(#"w="40"></figure>"#))
        made.withLock { $0 = 0 }
        let second = try SiteBuilder(options: options).build()
        #expect(made.withLock { $0 } == 0)
        #expect(second.changedPages == 0)
        // Static files are copied as they are, besides the files made from them.
        #expect(FileManager.default.fileExists(atPath: site.out.appendingPathComponent("pictures/one.png").path))
        Thread.sleep(forTimeInterval: 0.01)
        try site.write("Static/pictures/two.png", TestImages.png(width: 40, height: 20, seed: 3))
        let third = try SiteBuilder(options: options).build()
        #expect(made.withLock { $0 } == 6)
        #expect(third.changedPages == 1)
        #expect(try site.output("b/index.html") != b)
        #expect(try site.output("a/index.html").contains("/img/one-16w-"))
    }

    @Test(
        "copies of a picture under one name (in each version of the docs) are made once, and each page shows the files")
    func copiesMadeOnce() throws {
        let picture = TestImages.png(width: 40, height: 20, seed: 1)
        let site = try Self.site(
            [
                "Content/docs/1.0/a.md": "---\ntitle: A\n---\n![one](one.png)\n",
                "Content/docs/2.0/a.md": "---\ntitle: A\n---\n![one](one.png)\n",
                "Content/docs/3.0/a.md": "---\ntitle: A\n---\n![one](one.png)\n",
            ],
            images: [
                "Content/docs/1.0/one.png": picture, "Content/docs/2.0/one.png": picture,
                "Content/docs/3.0/one.png": TestImages.png(width: 40, height: 20, seed: 2),
            ])
        let made = Locked(0)
        var options = site.options
        options.imageProcessor = Self.counting(made)
        try SiteBuilder(options: options).build()
        #expect(made.withLock { $0 } == 12)  // 3 widths and 2 formats, for each of the two pictures' bytes
        let (one, two) = (try site.output("docs/1.0/a/index.html"), try site.output("docs/2.0/a/index.html"))
        let files = [one, two].map { $0.matches(of: /\/img\/one-\d+w-[0-9a-f]+\.\w+/).map { String($0.0) } }
        #expect(!files[0].isEmpty && files[0] == files[1])
    }

    @Test("in the preview, replacing a picture gives the pages that show it a new src, and its files are served")
    func previewReplacesPicture() throws {
        let site = try Self.site(
            [
                "Content/trip/index.md": "---\ntitle: Trip\n---\nText.\n\n![p](photo.png)\n",
                "Content/other.md": "# Other\n",
            ],
            images: ["Content/trip/photo.png": TestImages.png(width: 30, height: 30, seed: 1)])
        var live = try Site(options: site.options)
        let before = try #require(live.pages["/trip/"]?.html)
        try site.write("Content/trip/photo.png", TestImages.png(width: 30, height: 30, seed: 9))
        let update = try live.apply(["Content/trip/photo.png"])
        #expect(update.changed == ["/trip/"])
        let after = try #require(live.pages["/trip/"]?.html)
        #expect(before != after)
        let src = try #require(after.firstMatch(of: /src="\/(img\/photo-30w-[0-9a-f]+\.png)"/)?.output.1)
        guard case .copy(let file) = SiteOutput(live).file(at: OutputPath(String(src)))?.contents else {
            Issue.record("the new file is not served")
            return
        }
        #expect(try ImageProcessor.vips.header(FilePath(file)).width == 30)
        #expect(SiteOutput(live).file(at: "trip/photo.png") == nil)  // the source itself is not published
    }

    @Test(
        "a hostile picture is an error where it is named, before any picture is made, and the previous output stays; a damaged one is drawn as written"
    )
    func badPictures() throws {
        let site = try Self.site(["Content/a.md": "---\ntitle: A\n---\nFine.\n"])
        try site.build()
        try site.write([
            "Content/a.md": """
            ---
            title: A
            ---
            ![missing](nothing.jpg)

            ![lies](lies.jpg) and ![text](text.jpg)

            ![bomb](bomb.png)

            @Image(source: "cut.jpg", alt: "cut")
            """, "Content/text.jpg": "hello\n",
        ])
        try site.write("Content/lies.jpg", TestImages.png(width: 8, height: 8, seed: 1))
        try site.write("Content/bomb.png", try TestImages.fixture("bomb.png"))
        try site.write("Content/cut.jpg", try TestImages.fixture("truncated.jpg"))
        // What is found by reading the page and the pictures' headers comes first: no picture's files are made.
        let error = try #require(site.buildError())
        #expect(
            error.diagnostics.map(\.description) == [
                "Content/a.md:8:1: error: image 'bomb.png' (Content/bomb.png) is 50000 x 50000 pixels, more than the 100000000 that 'images: {maxPixels}' allows: it was not decoded"
            ])
        // Then the pictures are made; one that cannot be decoded is drawn as written, a warning where it is named,
        // as a missing one is.
        try site.remove("Content/bomb.png")
        try site.write("Content/bomb.png", TestImages.png(width: 8, height: 8, seed: 3))
        let report = try site.build()
        #expect(
            report.warnings.map(\.description).contains {
                $0.hasPrefix("Content/a.md:10:8: warning: image 'cut.jpg' (Content/cut.jpg) cannot be decoded")
            }, "\(report.warnings)")
        #expect(try site.output("a/index.html").contains(#"<img src="cut.jpg""#))
        try site.write(["Content/a.md": "---\ntitle: A\n---\nFine.\n"])
        try site.build()
        let good = site.outputSnapshot()
        try site.write(["Content/a.md": "---\ntitle: A\n---\n![bomb](bomb.png)\n"])
        try site.write("Content/bomb.png", try TestImages.fixture("bomb.png"))
        #expect(site.buildError() != nil)
        #expect(site.outputSnapshot() == good)
        // In the preview too, the last good site stays.
        try site.write(["Content/a.md": "---\ntitle: A\n---\nFine.\n"])
        var live = try Site(options: site.options)
        try site.write(["Content/a.md": "---\ntitle: A\n---\n![bomb](bomb.png)\n"])
        #expect(throws: SectionSiteError.self) { try live.apply(["Content/a.md"]) }
        #expect(live.pages["/a/"]?.html.contains("Fine.") == true)
    }

    @Test(
        "a picture that cannot be found or read is a warning at its place, drawn as written; --strict makes it an error; once it comes, the page shows it"
    )
    func missingPictures() throws {
        let site = try Self.site([
            "Content/a.md": "---\ntitle: A\n---\n![missing](nothing.jpg)\n\n![lies](lies.jpg) and ![text](text.jpg)\n",
            "Content/text.jpg": "hello\n",
        ])
        try site.write("Content/lies.jpg", TestImages.png(width: 8, height: 8, seed: 1))
        let report = try site.build()
        #expect(
            report.warnings.map(\.description).filter { $0.contains("image") } == [
                "Content/a.md:4:1: warning: image 'nothing.jpg' (Content/nothing.jpg) no such file",
                "Content/a.md:6:1: warning: image 'lies.jpg' (Content/lies.jpg) is a PNG picture, but its name says JPEG: rename it to 'lies.png'",
                "Content/a.md:6:23: warning: image 'text.jpg' (Content/text.jpg) is not a picture libvips can read",
            ])
        #expect(try site.output("a/index.html").contains(#"<img src="nothing.jpg" alt="missing" />"#))
        // The warning is said again by the next build, which reads the page again.
        #expect(try site.build().warnings.contains { $0.message.hasPrefix("image 'nothing.jpg'") })
        var strict = site.options
        strict.strict = true
        #expect(throws: SectionSiteError.self) { try SiteBuilder(options: strict).build() }
        // The picture comes: an incremental build, and the preview, show its files.
        var live = try Site(options: site.options)
        try site.write("Content/nothing.jpg", try TestImages.fixture("rotated-gps.jpg"))
        #expect(!(try site.build().warnings.contains { $0.message.hasPrefix("image 'nothing.jpg'") }))
        #expect(try site.output("a/index.html").contains("srcset="))
        _ = try live.apply(["Content/nothing.jpg"])
        #expect(live.pages["/a/"]?.html.contains("srcset=") == true)
    }

    @Test("templates see a picture's files: a hook draws its own markup, settings choose widths and formats")
    func hookAndSettings() throws {
        let site = try Self.site(
            [
                "Content/a.md": "---\ntitle: A\n---\n![alt](p.png)\n",
                "Themes/default/hooks/image.mustache":
                    "<img src=\"{{destination}}\" srcset=\"{{image.srcset}}\" data-w=\"{{image.width}}\" alt=\"{{text}}\">{{#image.variants}}[{{width}} {{type}}]{{/image.variants}}",
                "sectionsite.yml": "title: P\nimages: {widths: [10, 20], formats: [], quality: 50}\n",
            ],
            images: ["Content/p.png": TestImages.png(width: 25, height: 5, seed: 4)])
        try site.build()
        let html = try site.output("a/index.html")
        #expect(html.contains(#"data-w="20" alt="alt">[10 image/png][20 image/png]"#), "\(html)")
        let bad = try Self.site(["sectionsite.yml": "title: P\nimages: {formats: [gif]}\n"])
        #expect(
            bad.buildError()?.description
                == "sectionsite.yml:2:20: error: unknown image format 'gif' (known: avif, webp, jpeg, png)")
    }

    @Test("a front matter or item field naming a local picture shows its files in lists, items and the page itself")
    func fieldPictures() throws {
        let site = try Self.site(
            [
                "Content/index.md": """
                ---
                title: Home
                sections:
                  - id: posts
                    cell: a
                    from: posts
                  - id: own
                    cell: b
                    items:
                      - {id: one, title: One, photo: pictures/one.png}
                      - {id: two, title: Two, photo: elsewhere.png}
                ---
                """,
                "Content/posts/trip.md": "---\ntitle: Trip\ncover: trip.png\n---\nText.\n",
                "Themes/default/cells/a.mustache": "<img src=\"{{site.root}}{{cover}}\" srcset=\"{{cover.srcset}}\">\n",
                "Themes/default/cells/b.mustache": "<i src=\"/{{photo}}\" w=\"{{photo.width}}\">\n",
                "Themes/default/layouts/page.mustache":
                    "<!doctype html><html><head><title>{{page.title}}</title></head><body><b data-c=\"{{page.cover.src}}\"></b>{{{sections}}}{{{body}}}</body></html>\n",
            ],
            images: [
                "Content/posts/trip.png": TestImages.png(width: 40, height: 20, seed: 5),
                "Static/pictures/one.png": TestImages.png(width: 20, height: 20, seed: 6),
            ])
        try site.build()
        let home = try site.output("index.html")
        #expect(home.contains(#"<img src="/img/trip-40w-"#) && home.contains(#"srcset="/img/trip-16w-"#), "\(home)")
        #expect(home.contains(#"<i src="/img/one-20w-"#) && home.contains(#"w="20">"#))
        #expect(home.contains(#"<i src="/elsewhere.png" w="">"#))  // names no file: as written
        #expect(try site.output("posts/trip/index.html").contains(#"<b data-c="/img/trip-40w-"#))
    }
}
