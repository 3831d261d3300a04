import SectionSiteEngine

/// What the library's own entry points refuse: a publisher endpoint that is no push server's URL, or a bound page's
/// sequence that ends before it gives a page.
enum WebsiteProblem: Problem {
    /// `--publish` (or `Website.build(publish:)`) is not an `http://` or `https://` URL.
    case notAPublisherURL(String)
    /// A page bound to a sequence of values, whose sequence ended before its first value.
    case sequenceEndedEarly
    /// The push server did not take a build's patches (a warning: readers catch up from the static feed).
    case patchesNotTaken(String)

    var severity: Diagnostic.Severity {
        if case .patchesNotTaken = self { .warning } else { .error }
    }

    var identified: (id: Diagnostic.ID, message: String) {
        switch self {
        case .notAPublisherURL(let endpoint):
            (
                "website.not-a-publisher-url",
                "--publish must be an http:// or https:// URL of the push server's publisher location, not "
                    + "'\(endpoint)'"
            )
        case .patchesNotTaken(let message): ("website.patches-not-taken", message)
        case .sequenceEndedEarly:
            ("website.sequence-ended-early", "a bound page's sequence ended before its first value")
        }
    }
}
