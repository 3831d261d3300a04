import ArgumentParser
import Foundation
import Testing

@testable import SectionSiteCommands
import SectionSiteEngine

/// The command line as ArgumentParser reads it: each command's options and defaults, and the text of what it
/// refuses.
@Suite("Command parsing")
struct CommandParsingTests {
    @Test("build's defaults, and each option and flag taken")
    func build() throws {
        let plain = try Build.parse([])
        #expect(plain.out == nil && plain.siteOptions.site == nil && plain.baseURL == nil)
        // `build --site DIR` writes DIR/_site, as Hugo and Zola resolve their output against the site.
        let elsewhere = try Build.parse(["--site", "/tmp/blog"])
        #expect(BuildOptions(site: elsewhere.siteOptions.siteURL, out: elsewhere.outURL).out.path == "/tmp/blog/_site")
        #expect(
            !plain.allErrors && !plain.drafts && !plain.quiet && !plain.noLinkCheck && !plain.strict && !plain.follow)
        let full = try Build.parse([
            "--site", "blog", "--out", "public", "--base-url", "https://example.org/b/", "--drafts", "--quiet",
            "--no-link-check", "--strict", "--follow", "--config", "docs.yml", "--config", "/tmp/more.yml",
        ])
        #expect(
            full.siteOptions.site == "blog" && full.out == "public"
                && full.outURL?.path == URL(fileURLWithPath: "public").standardizedFileURL.path
                && full.baseURL == "https://example.org/b/")
        #expect(full.drafts && full.quiet && full.noLinkCheck && full.strict && full.follow)
        #expect(full.siteOptions.siteURL.path == URL(fileURLWithPath: "blog").standardizedFileURL.path)
        #expect(
            plain.settings.files.isEmpty
                && full.settings.urls.map(\.path) == [
                    URL(fileURLWithPath: "docs.yml").standardizedFileURL.path, "/tmp/more.yml",
                ])
    }

    @Test("serve binds 127.0.0.1:8000 unless told otherwise, and takes more host names one by one")
    func serve() throws {
        let plain = try Serve.parse([])
        #expect(plain.host == "127.0.0.1" && plain.port == 8000 && plain.allowHosts.isEmpty)
        let told = try Serve.parse(["--port", "0", "--allow-host", "a.test", "--allow-host", "b.test", "--drafts"])
        #expect(told.port == 0 && told.allowHosts == ["a.test", "b.test"] && told.drafts)
    }

    @Test("the root command finds each subcommand; diff takes two folders and a page; new one folder")
    func subcommands() throws {
        #expect(try SectionSiteCommand.parseAsRoot(["check", "--strict"]) is Check)
        let diff = try #require(try SectionSiteCommand.parseAsRoot(["diff", "old", "new", "--page", "/a/"]) as? Diff)
        #expect(diff.old == "old" && diff.new == "new" && diff.page == "/a/")
        let new = try #require(try SectionSiteCommand.parseAsRoot(["new", "my-site"]) as? New)
        #expect(new.directory == "my-site")
    }

    @Test(
        "what is refused says what and where",
        arguments: [
            (["build", "--bogus"], "Unknown option '--bogus'"),
            (["serve", "--port", "eighty"], "The value 'eighty' is invalid for '--port <port>'"),
            (["diff", "old"], "Missing expected argument '<new>'"),
            (["new"], "Missing expected argument '<directory>'"),
            (["publish"], "Unexpected argument 'publish'"),
        ])
    func refusals(arguments: [String], message: String) {
        do {
            _ = try SectionSiteCommand.parseAsRoot(arguments)
            Issue.record("\(arguments) parsed")
        } catch {
            let text = SectionSiteCommand.fullMessage(for: error)
            #expect(text.contains(message), "\(text)")
            #expect(SectionSiteCommand.exitCode(for: error) == .validationFailure)
        }
    }
}
