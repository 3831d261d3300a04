import Foundation

/// What a build is asked to do.
package struct BuildOptions: Sendable, Equatable {
    /// The site folder.
    package var site: URL
    /// The output folder.
    package var out: URL
    /// Settings files read after `sectionsite.yml`, in order (`--config`): each top-level key of one replaces
    /// the key of the settings before it.
    package var settingsFiles: [URL] = []
    /// Overrides the settings' `baseURL`.
    package var baseURL: String?
    /// Publishes pages marked `draft: true`.
    package var drafts: Bool
    /// Keeps every link of every page (`LoadedPage.links`), for `LinkCheck.brokenLinks()`; off for builds.
    package var keepsLinks = false
    /// Turns every warning into an error that stops the build before anything is written (`--strict`); the
    /// settings' `strict: true` does the same.
    package var strict = false
    /// The folder a build keeps for the next one (`.sectionsite/` in the site): its record of the site, the
    /// versions of pages the patch feed starts from, the highlighter's cache. `build --verify` builds from nothing
    /// with one of its own. The caches of pictures and symbol graphs stay in the site's `.sectionsite/`: each file
    /// of them is named by what it was made from.
    package var state: URL
    /// Where a build that renders each page once keeps on disk what it need not hold in memory: `SiteBuilder`
    /// sets the site's `.sectionsite/`. Each page's body waits in a scratch file there (`BodyStore`) until the page
    /// is rendered, each rendered page goes to the stored versions (`PageStore`), read back to be written and
    /// diffed, and a page's body is let go once it is rendered. Nil keeps everything in memory, so that the site can
    /// render again (the preview).
    package var storage: URL?
    /// Keeps each changed page's newest patch in the report (`BuildReport.patches`), for a push server; off, the
    /// patches go once they are written, as the rest of the output does.
    package var keepsPatches = false
    /// Highlights fenced code; nil leaves it plain.
    package var highlighter: Highlighter?
    /// Processes local pictures into responsive, metadata-free files; nil leaves images as written.
    package var imageProcessor: ImageProcessor?
    /// Makes the API reference's pages when the settings have `api:`.
    package var apiReader: APIReader?
    /// Pages a Swift program defines, beside those of `Content/` (`Website`).
    package var pages: [SitePage] = []

    /// Creates options; the output defaults to `_site` in the site folder.
    package init(site: URL, out: URL? = nil, baseURL: String? = nil, drafts: Bool = false) {
        self.site = site.standardizedFileURL
        self.out = (out ?? site.appendingPathComponent("_site")).standardizedFileURL
        self.baseURL = baseURL
        self.drafts = drafts
        state = self.site.appendingPathComponent(".sectionsite")
    }
}

/// Where a build stands, for a progress line.
package struct BuildProgress: Sendable, Equatable {
    /// The phases of a build as a progress line counts them, in order of execution, with their usual names.
    package enum Step: Int, CaseIterable, Sendable {
        case reading = 1, loading, pictures, resolving, rendering, patches, writing

        /// What the step does.
        package var name: String {
            switch self {
            case .reading: "Reading settings and theme"
            case .loading: "Loading pages"
            case .pictures: "Processing images"
            case .resolving: "Resolving collections"
            case .rendering: "Rendering pages"
            case .patches: "Making patches"
            case .writing: "Writing output"
            }
        }
    }

    /// Where `step` stands: its own name unless `name` says more.
    package init(_ step: Step, name: String? = nil, done: Int? = nil, total: Int? = nil) {
        self.init(step: step.rawValue, steps: Step.allCases.count, name: name ?? step.name, done: done, total: total)
    }

    /// Where step `step` of `steps` stands.
    package init(step: Int, steps: Int, name: String, done: Int? = nil, total: Int? = nil) {
        (self.step, self.steps, self.name, self.done, self.total) = (step, steps, name, done, total)
    }

    /// The step, from 1.
    package var step: Int
    /// The number of steps.
    package var steps: Int
    /// What the step does.
    package var name: String
    /// How many things the step has done, when it counts.
    package var done: Int?
    /// How many things it will do.
    package var total: Int?

    /// `[4/6] Rendering pages 5000/10000`.
    package var line: String {
        var text = "[\(step)/\(steps)] \(name)"
        if let done, let total { text += " \(done)/\(total)" }
        return text
    }
}
