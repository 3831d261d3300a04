/// The browser runtime, `/_sectionsite/sectionsite.js`, compiled into the library (no resource bundle to lose when
/// the binary is copied elsewhere).
package enum Runtime {
    /// The script's source.
    package static let script = String(decoding: PackageResources.sectionsite_js, as: UTF8.self)
}
