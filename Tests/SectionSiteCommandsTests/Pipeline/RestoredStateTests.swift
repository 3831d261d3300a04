import Foundation
import Testing

import SectionSite
@testable import SectionSiteEngine
import SiteTestSupport
import TestSupport

/// The state a CI runner restores into a fresh clone: decided by content, not times; a record another SectionSite,
/// platform or theme wrote is set aside with one line; and `build --verify` proves an output equals a build from
/// nothing, failing on a file altered by hand.
@Suite("Restored state and --verify")
struct RestoredStateTests {
    /// The site's sources and `.sectionsite/` (not its output) copied into a new folder, every file written anew:
    /// what a CI runner has after a checkout and a cache restore.
    static func freshClone(of site: URL, state: URL? = nil) throws -> URL {
        let clone = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sectionsite-clone-\(UUID().uuidString)")
        for path in FileTree.files(under: site) where !path.hasPrefix("_site/") && !path.hasPrefix(".sectionsite/") {
            let target = clone.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contentsOf: site.appendingPathComponent(path)).write(to: target)
        }
        try FileManager.default.copyItem(
            at: state ?? site.appendingPathComponent(".sectionsite"), to: clone.appendingPathComponent(".sectionsite"))
        return clone
    }

    @Test(
        "a fresh clone with .sectionsite/ restored renders what the edits change, writes what a build in place writes, and equals a build from nothing",
        arguments: [5, 6, 7] as [UInt64])
    func freshClone(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let site = try TestSite(plugins: .command, IncrementalBuildTests.startingSite())
        try IncrementalBuildTests.startingPictures(site)
        var posts = Set(0..<8)
        var next = 7
        var live = try IncrementalBuildTests.livePage(day: 1)
        func options(_ folder: URL) -> BuildOptions { IncrementalBuildTests.options(folder, live: live) }
        // Files an hour old, as a repository's are: the build where the output is reads none of them again, the
        // clone (every file new) reads them all, and must find them the same.
        let anHourAgo = Date().addingTimeInterval(-3600)
        for path in FileTree.files(under: site.folder) {
            try FileManager.default.setAttributes(
                [.modificationDate: anHourAgo], ofItemAtPath: site.folder.appendingPathComponent(path).path)
        }
        let first = try SiteBuilder(options: options(site.folder)).build()
        // The About page (its own animation) changes once, so that its feed has a patch, which carries the animation.
        let about = site.folder.appendingPathComponent("Content/about.md")
        try (try String(contentsOf: about, encoding: .utf8)).replacingOccurrences(
            of: "About us.", with: "About us, again."
        )
        .write(to: about, atomically: true, encoding: .utf8)
        try SiteBuilder(options: options(site.folder)).build()
        let saved = site.folder.appendingPathComponent("saved-state")
        defer { try? FileManager.default.removeItem(at: saved) }
        // Nothing changed: the clone renders what an incremental build where the output is renders (the page a
        // program defines is loaded again at every build, and the lists that show it), and writes the same output.
        do {
            let clone = try Self.freshClone(of: site.folder)
            defer { try? FileManager.default.removeItem(at: clone) }
            let report = try SiteBuilder(options: options(clone)).build()
            let same = try SiteBuilder(options: options(site.folder)).build()
            #expect(report.incremental && report.startedOver == nil)
            #expect(
                report.renderedPages == same.renderedPages, "seed \(seed): every file's time is new, none of its text")
            #expect(report.pageCount == first.pageCount)
            try SiteBuilder(options: options(clone)).verify()
        }
        for step in 1...5 {
            // The cache holds the state of the last build; the clone has the next commit's files.
            try? FileManager.default.removeItem(at: saved)
            try FileManager.default.copyItem(at: site.folder.appendingPathComponent(".sectionsite"), to: saved)
            var what: [String] = []
            for _ in 0..<Int.random(in: 1...2, using: &random) {
                what.append(try IncrementalBuildTests.edit(site, &random, posts: &posts, next: &next, live: &live))
            }
            let clone = try Self.freshClone(of: site.folder, state: saved)
            defer { try? FileManager.default.removeItem(at: clone) }
            let report = try SiteBuilder(options: options(clone)).build()
            // The same edits built where the output is as the record left it: what they change.
            let reference = try SiteBuilder(options: options(site.folder)).build()
            // Every file, the patch feed too (made again from the stored versions, with each page's animation), is
            // what the build where the output is wrote.
            let differences = try #require(OutputManifest(of: site.out)).changes(
                to: try #require(OutputManifest(of: clone.appendingPathComponent("_site"))))
            #expect(differences.isEmpty, "seed \(seed) step \(step) (\(what)): \(differences.all.prefix(5))")
            #expect(report.incremental == reference.incremental, "seed \(seed) step \(step) (\(what))")
            // The clone renders what the build where the output is renders: a file touched but not changed (every
            // file of a clone) is compared by its text's hash, not by the hash of what the page depends on.
            #expect(report.renderedPages == reference.renderedPages, "seed \(seed) step \(step) (\(what))")
            do {
                try SiteBuilder(options: options(clone)).verify()
            } catch {
                Issue.record("seed \(seed) step \(step) (\(what)): \(error)")
            }
        }
    }

    @Test(
        "an output restored beside .sectionsite/, every time new, is updated in place when each file has its manifest's hash, and written anew when one has not"
    )
    func restoredOutput() throws {
        var files = TestSite.blog()
        files["Content/about.md"] = TestSite.page("s:one,two")
        let site = try TestSite(files)
        try site.build()
        try site.build()
        /// A clone with the output too, each of its files written anew, as a cache restores them.
        func cloneWithOutput() throws -> URL {
            let clone = try Self.freshClone(of: site.folder)
            for path in FileTree.files(under: site.out) {
                let target = clone.appendingPathComponent("_site/" + path)
                try FileManager.default.createDirectory(
                    at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(contentsOf: site.out.appendingPathComponent(path)).write(to: target)
            }
            return clone
        }
        /// Each output file's inode and bytes.
        func held(_ out: URL) throws -> [String: (inode: Int, bytes: Data)] {
            var held: [String: (Int, Data)] = [:]
            for path in FileTree.files(under: out) {
                let file = out.appendingPathComponent(path)
                let inode = try FileManager.default.attributesOfItem(atPath: file.path)[.systemFileNumber] as! NSNumber
                held[path] = (inode.intValue, try Data(contentsOf: file))
            }
            return held
        }
        let edit = ["Content/about.md": TestSite.page("s:one,two,three")]
        try site.write(edit)
        try site.build()
        let expected = try #require(OutputManifest(of: site.out))
        // As written; one file altered by hand; one file a link to a copy of itself outside the output.
        for way in ["as written", "altered", "linked"] {
            let altered = way != "as written"
            let clone = try cloneWithOutput()
            defer { try? FileManager.default.removeItem(at: clone) }
            let out = clone.appendingPathComponent("_site")
            let about = out.appendingPathComponent("about/index.html")
            if way == "altered" {
                try (try String(contentsOf: about, encoding: .utf8) + "<!-- by hand -->").write(
                    to: about, atomically: false, encoding: .utf8)
            } else if way == "linked" {
                let elsewhere = clone.appendingPathComponent("elsewhere.html")
                try FileManager.default.moveItem(at: about, to: elsewhere)
                try FileManager.default.createSymbolicLink(at: about, withDestinationURL: elsewhere)
            }
            for (path, text) in edit { try Data(text.utf8).write(to: clone.appendingPathComponent(path)) }
            let before = try held(out)
            let report = try SiteBuilder(options: site.plugins.options(site: clone, out: out)).build()
            #expect(report.incremental)
            #expect(OutputManifest(of: out) == expected, "\(way)")
            #expect(OutputManifest(hashing: out) == expected, "\(way)")
            let after = try held(out)
            let same = after.keys.filter { before[$0]?.bytes == after[$0]!.bytes }
            #expect(same.count > 10)
            // As written: the files the build does not change are the files restored, not copies of them. One
            // altered: nothing restored is trusted, and every file is written again.
            let kept = same.filter { before[$0]!.inode == after[$0]!.inode }
            #expect(
                altered ? kept.isEmpty : kept.count == same.count,
                "\(way): kept \(kept.count) of \(same.count)")
        }
    }

    @Test("--verify passes on a build's output, and names the file altered by hand, removed, or added")
    func verify() throws {
        var files = TestSite.blog()
        files["Content/about.md"] = TestSite.page("s:one,two")
        let site = try TestSite(files)
        try site.build()
        let builder = SiteBuilder(options: site.options)
        try builder.verify()
        try site.build()  // incremental, nothing changed
        try builder.verify()
        let about = site.out.appendingPathComponent("about/index.html")
        try (try String(contentsOf: about, encoding: .utf8) + "<!-- by hand -->").write(
            to: about, atomically: false, encoding: .utf8)
        try Data("extra".utf8).write(to: site.out.appendingPathComponent("extra.txt"))
        try FileManager.default.removeItem(at: site.out.appendingPathComponent("sitemap.xml"))
        do {
            try builder.verify()
            Issue.record("an altered output passed")
        } catch let error as SectionSiteError {
            let lines = error.diagnostics.map(\.description)
            #expect(lines.count == 3)
            #expect(lines[0].hasPrefix("\(site.out.path)/about/index.html: error: differs from a build from nothing ("))
            #expect(lines[1] == "\(site.out.path)/extra.txt: error: is not in a build from nothing")
            #expect(lines[2] == "\(site.out.path)/sitemap.xml: error: is missing: a build from nothing writes it")
        }
    }

    @Test("the manifest lists every file with its hash, after a build from nothing and after an incremental one")
    func manifest() throws {
        var files = TestSite.blog()
        files["Content/about.md"] = TestSite.page("s:one,two")
        let site = try TestSite(files)
        try site.build()
        #expect(OutputManifest(of: site.out) == OutputManifest(hashing: site.out))
        try site.write(["Content/about.md": TestSite.page("s:two,one,three")])
        try site.build()
        let manifest = try #require(OutputManifest(of: site.out))
        #expect(manifest == OutputManifest(hashing: site.out))
        #expect(manifest.hashes["about/index.html"] == ContentHash.of(try site.output("about/index.html")).hex)
        #expect(
            try site.output("_sectionsite/manifest.json").hasPrefix(
                "{\"format\":\"sectionsite-manifest/1\",\n\"files\":{\n\""))
        // A manifest naming a file outside its folder is none: what it names is never read.
        try Data("{\"format\":\"sectionsite-manifest/1\",\"files\":{\"../secret/index.html\":\"0\"}}".utf8)
            .write(to: site.out.appendingPathComponent("_sectionsite/manifest.json"))
        #expect(OutputManifest(of: site.out) == nil)
    }

    @Test("a record another SectionSite wrote, or one for another theme, is set aside with one line")
    func otherMaker() throws {
        var files = TestSite.theme
        files["Content/a.md"] = TestSite.page("s:one")
        let site = try TestSite(files)
        try site.build()
        let state = site.folder.appendingPathComponent(".sectionsite")
        var record = try #require(SiteSnapshot.load(state))
        record.maker = "SectionSite 0.0.9 (macos arm64)"
        try record.save(state)
        let report = try site.build()
        #expect(!report.incremental)
        #expect(
            report.startedOver?.hasSuffix(
                ".sectionsite/site.state was written by SectionSite 0.0.9 (macos arm64), not \(SiteSnapshot.maker)")
                == true)
        #expect(try site.build().startedOver == nil, "the build wrote a record of its own")
        // Another theme: the site names a new one.
        var other = TestSite.theme.filter { $0.key.hasPrefix("Themes/default/") }
        other = Dictionary(
            uniqueKeysWithValues: other.map {
                ($0.key.replacingOccurrences(of: "Themes/default/", with: "Themes/other/"), $0.value)
            })
        try site.write(other.merging(["sectionsite.yml": "title: T\ntheme: other\n"]) { $1 })
        let switched = try site.build()
        #expect(!switched.incremental)
        #expect(switched.startedOver?.hasSuffix("site.state was written for another theme") == true)
        // A damaged record.
        try Data("not a record".utf8).write(to: SiteSnapshot.file(state))
        #expect(try site.build().startedOver?.hasSuffix("site.state is damaged") == true)
    }
}
