import Foundation
import SectionSite
import SectionSiteEngine

/// The small real site that `sectionsite new` writes, on the default theme: a home page of sections with header
/// views and several cell kinds, a blog of two posts with tags, a docs section with its sidebar, a list from a data
/// file that the preview lets an author edit, and a picture. Its files are the repository's `Starters/` folders,
/// which the binary carries (the `EmbedFolders` plugin): `common/`, and over it the kind's own.
package enum Starter {
    /// What the site is for: it decides the home page, the title and the menu.
    package enum Kind: String, CaseIterable, Sendable {
        case blog, docs, product, package
    }

    /// The files of a kind's site: `common/`, and the kind's own over it, sorted by path.
    package static func files(_ kind: Kind) -> [(path: String, data: Data)] {
        var files: [String: Data] = [:]
        for folder in ["common", kind.rawValue] {
            for (path, base64) in BuiltinStarterFiles.base64[folder] ?? [] { files[path] = Data(base64Encoded: base64) }
        }
        return files.keys.sorted().map { ($0, files[$0]!) }
    }

    /// The folder of the Swift package that holds `folder` (the nearest with a `Package.swift`), or nil.
    package static func package(holding folder: URL) -> URL? {
        nearest(folder, holding: "Package.swift")
    }

    /// `folder` or the nearest folder above it that holds an entry `name`, or nil.
    static func nearest(_ folder: URL, holding name: String) -> URL? {
        var candidate = folder.standardizedFileURL
        while true {
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent(name).path) { return candidate }
            let parent = candidate.deletingLastPathComponent()
            if parent.path == candidate.path { return nil }
            candidate = parent
        }
    }

    /// The package's library targets, as SwiftPM describes them, to name in `api: {targets:}`: the reference's own
    /// rule (the folders of `Sources/`) misses a target whose sources are `Sources/` itself. Empty when SwiftPM
    /// cannot say, and the rule applies.
    static func libraryTargets(of package: URL) -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "package", "--package-path", package.path, "describe", "--type", "json"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return [] }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
            let description = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let targets = description["targets"] as? [[String: Any]]
        else { return [] }
        return targets.filter { $0["type"] as? String == "library" }.compactMap { $0["name"] as? String }
    }

    /// Writes a `kind` site into `folder`, which must not exist or be empty; a `package` site documents `package`,
    /// the folder of the Swift package it is made in. Returns the paths written.
    package static func write(to folder: URL, kind: Kind = .blog, package: URL? = nil) throws -> [String] {
        let manager = FileManager.default
        if let entries = try? manager.contentsOfDirectory(atPath: folder.path), !entries.isEmpty {
            throw NewProblem.folderNotEmpty(folder.path).error()
        }
        var files = files(kind)
        if kind == .package, let package, let index = files.firstIndex(where: { $0.path == "sectionsite.yml" }) {
            // The package holds the site: its folder is some `..` up.
            let depth =
                folder.standardizedFileURL.pathComponents.count - package.standardizedFileURL.pathComponents.count
            let relative = Array(repeating: "..", count: max(0, depth)).joined(separator: "/")
            let targets = libraryTargets(of: package)
            files[index].data += Data(
                """

                # The API reference of the package's own modules, at /api/: see the documentation's API reference page.
                api:
                  package: \(relative.isEmpty ? "." : relative)

                """.utf8)
            if !targets.isEmpty { files[index].data += Data("  targets: [\(targets.joined(separator: ", "))]\n".utf8) }
        }
        for (path, data) in files {
            let target = folder.appendingPathComponent(path)
            do {
                try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: target)
            } catch {
                throw NewProblem.cannotWrite(target.path, reason: SystemReason.of(error)).error()
            }
        }
        return files.map(\.path)
    }

    /// Writes the GitHub Pages workflow for a site made in `folder`: at the root of the git repository that holds
    /// the folder (GitHub reads workflows only there), building the site in its folder, or in the site itself when
    /// no repository holds it. Returns where it went, or nil when a workflow of that name is there already.
    package static func writeWorkflow(for folder: URL) throws -> URL? {
        let site = folder.standardizedFileURL
        let base = nearest(site, holding: ".git") ?? site
        let inner = String(site.path.dropFirst(base.path.count)).trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        let target = base.appendingPathComponent(".github/workflows/pages.yml")
        guard !FileManager.default.fileExists(atPath: target.path) else { return nil }
        do {
            try FileManager.default.createDirectory(
                at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(pagesWorkflow(site: inner.isEmpty ? "." : inner).utf8).write(to: target)
        } catch {
            throw NewProblem.cannotWrite(target.path, reason: SystemReason.of(error)).error()
        }
        return target
    }

    /// Where the Pages workflow gets SectionSite from: the project's public repository. A fork or a mirror goes in
    /// the workflow's `SECTIONSITE_GIT`.
    static let sourceRepository = "https://github.com/sectionsite/sectionsite.git"

    /// The GitHub Actions workflow `new` writes: the commands a user runs by hand, in order, on GitHub's Ubuntu
    /// runner (which has Swift 6); SectionSite is built once per version and kept in the Actions cache, and so is
    /// `.sectionsite/` between runs, so that a push rebuilds what changed. Pages' own actions upload and deploy.
    static func pagesWorkflow(site: String) -> String {
        // Paths from the repository's root, quoted for YAML; commands run in the site's folder.
        func quoted(_ path: String) -> String {
            "\"" + path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        let within = site == "." ? "" : site + "/"
        let folder =
            site == "."
            ? ""
            : """

                defaults:
                  run:
                    working-directory: \(quoted(site))
            """
        return """
            # Builds the site and publishes it on GitHub Pages at every push to main.
            # Turn it on once: the repository's Settings > Pages > Source: GitHub Actions.
            # Written by `sectionsite new` for GitHub's ubuntu-24.04 runner image, which has Swift 6. Each `run:` is a
            # command you can run by hand; docs/getting-started in SectionSite's documentation explains each.
            name: Publish the site

            on:
              push:
                branches: [main]
              workflow_dispatch:

            permissions:
              contents: read
              pages: write
              id-token: write

            concurrency:
              group: pages
              cancel-in-progress: false

            env:
              # Where SectionSite comes from, and which version: a tag pins it (the cache keeps one build per ref).
              SECTIONSITE_GIT: \(sourceRepository)
              SECTIONSITE_REF: main

            jobs:
              build:
                runs-on: ubuntu-24.04\(folder)
                steps:
                  - uses: actions/checkout@v4
                  - name: Install the libraries SectionSite uses
                    run: sudo apt-get update && sudo apt-get install -y --no-install-recommends libcmark-gfm-dev \
            libcmark-gfm-extensions-dev libvips-dev libkf5syntaxhighlighting-dev qtbase5-dev
                  - name: Restore SectionSite
                    uses: actions/cache@v4
                    with:
                      path: ~/.sectionsite-bin
                      key: sectionsite-${{ runner.os }}-${{ env.SECTIONSITE_REF }}
                  - name: Build SectionSite, once per version
                    run: |
                      if [ ! -x ~/.sectionsite-bin/sectionsite ]; then
                        git clone --depth 1 --branch "$SECTIONSITE_REF" "$SECTIONSITE_GIT" "$RUNNER_TEMP/sectionsite"
                        swift build -c release --package-path "$RUNNER_TEMP/sectionsite" --product sectionsite
                        mkdir -p ~/.sectionsite-bin
                        cp "$RUNNER_TEMP/sectionsite/.build/release/sectionsite" ~/.sectionsite-bin/
                      fi
                      echo ~/.sectionsite-bin >> "$GITHUB_PATH"
                  - name: Restore the last build's record, so that only what changed is built again
                    uses: actions/cache@v4
                    with:
                      path: \(quoted(within + ".sectionsite"))
                      key: sectionsite-record-${{ github.sha }}
                      restore-keys: sectionsite-record-
                  - id: pages
                    uses: actions/configure-pages@v5
                  - name: Build the site
                    run: sectionsite build --out _site --base-url "${{ steps.pages.outputs.base_url }}/"
                  - uses: actions/upload-pages-artifact@v3
                    with:
                      path: \(quoted(within + "_site"))

              deploy:
                needs: build
                runs-on: ubuntu-24.04
                environment:
                  name: github-pages
                  url: ${{ steps.deployment.outputs.page_url }}
                steps:
                  - id: deployment
                    uses: actions/deploy-pages@v4

            """
    }
}
