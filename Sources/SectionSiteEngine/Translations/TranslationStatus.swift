/// Where one translation stands against its source: behind it (with what changed in the source since the
/// translation was last brought up to date), up to date, or unknown (with why).
package struct TranslationStatus: Sendable, Equatable {
    /// Behind, up to date or unknown.
    package enum State: String, Sendable, Equatable {
        case behind, current, unknown
    }

    /// The commit that last brought the translation up to date, and its date.
    package struct Since: Sendable, Equatable {
        /// The commit's full hash.
        package var commit: String
        /// The commit's date as git gives it (ISO 8601, `2026-11-20T09:30:00+01:00`).
        package var date: String

        /// Creates a commit and its date.
        package init(commit: String, date: String) {
            (self.commit, self.date) = (commit, date)
        }
    }

    /// The translation, relative to the site.
    package var path: SourcePath
    /// The translation's language.
    package var language: LanguageCode
    /// Its source, relative to the site.
    package var source: SourcePath
    /// Behind, up to date or unknown.
    package var state: State
    /// Why the state is unknown, in a sentence; for an up-to-date translation whose source changed only outside
    /// what is compared, that.
    package var reason: String?
    /// The commit the source is compared as of.
    package var since: Since?
    /// Whether the translation has changes not committed yet, which the comparison does not see.
    package var uncommitted = false
    /// What changed in the source since, in the order of `SourceDifference.changes(from:to:newText:)`.
    package var changes: [SourceDifference] = []

    /// A translation whose state cannot be told, and why.
    package static func unknown(_ pair: TranslationPair, _ reason: String) -> TranslationStatus {
        TranslationStatus(
            path: pair.translation, language: pair.language, source: pair.source, state: .unknown, reason: reason)
    }
}
