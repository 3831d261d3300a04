/// This SectionSite: its version (what `sectionsite --version` prints) and the platform it was built for, which
/// the records it leaves for later builds name.
package enum SectionSiteVersion {
    package static let current = "0.1.0"

    /// `linux x86_64`, `macos arm64`.
    package static let platform: String = {
        #if os(macOS)
        let system = "macos"
        #elseif os(Linux)
        let system = "linux"
        #else
        let system = "other"
        #endif
        #if arch(x86_64)
        return system + " x86_64"
        #elseif arch(arm64)
        return system + " arm64"
        #else
        return system + " other"
        #endif
    }()
}
