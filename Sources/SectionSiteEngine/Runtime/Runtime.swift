/// The browser runtime, `/_sectionsite/sectionsite.js`, compiled into the library (no resource bundle to lose when
/// the binary is copied elsewhere).
package enum Runtime {
    /// The script's source.
    package static let script = String(decoding: PackageResources.sectionsite_js, as: UTF8.self)
    /// Edit mode's script, which the preview adds after the runtime for a site with something to edit; never built.
    package static let editScript = String(decoding: PackageResources.edit_js, as: UTF8.self)
}
