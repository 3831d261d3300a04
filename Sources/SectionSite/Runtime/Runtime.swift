/// The browser runtime, `/_sectionsite/sectionsite.js`, compiled into the library (no resource bundle to lose when
/// the binary is copied elsewhere).
public enum Runtime {
    /// The script's source.
    public static let script = String(decoding: PackageResources.sectionsite_js, as: UTF8.self)
}
