import Foundation
import SectionSite
import SectionSiteEngine

/// The small working site that `sectionsite new` writes: a home page of sections, a blog collection and a theme.
package enum Starter {
    /// Writes the starter site into `folder`, which must not exist or be empty; returns the paths written.
    package static func write(to folder: URL) throws -> [String] {
        let manager = FileManager.default
        if let entries = try? manager.contentsOfDirectory(atPath: folder.path), !entries.isEmpty {
            throw SectionSiteError("'\(folder.path)' is not empty; choose a new folder")
        }
        for (path, text) in files {
            let target = folder.appendingPathComponent(path)
            do {
                try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: target)
            } catch {
                throw SectionSiteError("cannot write '\(target.path)': \(SystemReason.of(error))")
            }
        }
        return files.map(\.path)
    }

    /// Writes the GitHub Pages workflow for a site made in `folder`: at the root of the git repository that holds
    /// the folder (GitHub reads workflows only there), building the site in its folder, or in the site itself when
    /// no repository holds it. Returns where it went, or nil when a workflow of that name is there already.
    package static func writeWorkflow(for folder: URL) throws -> URL? {
        let site = folder.standardizedFileURL
        var root = site
        var repository: URL?
        while true {
            if FileManager.default.fileExists(atPath: root.appendingPathComponent(".git").path) {
                repository = root
                break
            }
            let parent = root.deletingLastPathComponent()
            if parent.path == root.path { break }
            root = parent
        }
        let base = repository ?? site
        let inner = String(site.path.dropFirst(base.path.count)).trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        let target = base.appendingPathComponent(".github/workflows/pages.yml")
        guard !FileManager.default.fileExists(atPath: target.path) else { return nil }
        do {
            try FileManager.default.createDirectory(
                at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(pagesWorkflow(site: inner.isEmpty ? "." : inner).utf8).write(to: target)
        } catch {
            throw SectionSiteError("cannot write '\(target.path)': \(SystemReason.of(error))")
        }
        return target
    }

    /// The files, path and text.
    static let files: [(path: String, text: String)] = [
        // The output and the build's cache are made, not written: a repository that held `.sectionsite/` would
        // hand every clone a cache the build trusts.
        (".gitignore", "_site/\n.sectionsite/\n"),
        (
            "sectionsite.yml",
            """
            title: My SectionSite
            baseURL: /
            theme: starter
            language: en
            markdown: {smart: true, unsafe: false}
            feed: {keep: 20}

            """
        ),
        (
            "Content/index.md",
            """
            ---
            title: Welcome
            sections:
              - id: start
                header: Start here
                footer: Themes/starter holds the templates.
                cell: note
                items:
                  - id: edit
                    title: Edit this page
                    body: Open `Content/index.md`; every section has an `id`, and every item too.
                  - id: posts
                    title: Write a post
                    body: Add a Markdown file to `Content/posts/`.
              - id: latest
                header: Latest posts
                cell: post
                from: posts
                sort: -date
                limit: 5
            ---
            This site was made by `sectionsite new`. Its pages are lists of sections.

            """
        ),
        (
            "Content/posts/index.md",
            """
            ---
            title: Posts
            sections:
              - id: all
                cell: post
                from: posts
                sort: -date
                paginate: 10
            ---

            """
        ),
        (
            "Content/posts/hello.md",
            """
            ---
            title: Hello
            date: 2026-01-01
            tags: [news]
            ---
            The first post. Edit it, build again, and the patch feed carries the change to open tabs.

            """
        ),
        (
            "Themes/starter/layouts/page.mustache",
            """
            <!doctype html>
            <html lang="{{site.language}}"{{#site.direction}} dir="{{site.direction}}"{{/site.direction}}>
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>{{page.title}} · {{site.title}}</title>
            <link rel="stylesheet" href="{{site.root}}assets/style.css">
            </head>
            <body>
            <header class="site"><a href="{{site.root}}">{{site.title}}</a> \
            <a href="{{site.root}}posts/">Posts</a></header>
            <main>
            <h1 data-ss-key="r:title">{{page.title}}</h1>
            <p class="date" data-ss-key="r:date">{{page.dateDisplay}}</p>
            {{{body}}}
            {{{sections}}}
            {{#page.pagination}}<nav class="pager">{{#prevLink}}<a href="{{.}}">Newer</a>{{/prevLink}} \
            Page {{current}} of {{total}} {{#nextLink}}<a href="{{.}}">Older</a>{{/nextLink}}</nav>{{/page.pagination}}
            </main>
            </body>
            </html>

            """
        ),
        ("Themes/starter/cells/note.mustache", "<h3>{{title}}</h3>\n{{{body}}}\n"),
        (
            "Themes/starter/cells/post.mustache",
            "<a href=\"{{link}}\"><h3>{{title}}</h3></a>\n<p class=\"date\">{{dateDisplay}}</p>\n<p>{{summary}}</p>\n"
        ),
        ("Themes/starter/supplementary/header.mustache", "<h2>{{title}}</h2>\n"),
        ("Themes/starter/supplementary/footer.mustache", "<p>{{title}}</p>\n"),
        (
            "Themes/starter/assets/style.css",
            """
            body { font: 17px/1.6 system-ui, sans-serif; max-width: 42rem; margin: 2rem auto; padding: 0 1rem; }
            header.site a { margin-right: 1rem; }
            .ss-items { display: grid; gap: 1rem; }
            .ss-item { border: 1px solid #ddd; border-radius: 8px; padding: 0 1rem; }
            .date { color: #666; }

            """
        ),
    ]

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
