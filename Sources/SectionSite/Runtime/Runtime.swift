import Foundation

/// The browser runtime, `/_sectionsite/sectionsite.js`, shipped inside the library.
public enum Runtime {
    /// The script's source.
    public static let script: String = {
        guard let url = Bundle.module.url(forResource: "sectionsite", withExtension: "js"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else { preconditionFailure("the runtime script is missing from the SectionSite bundle") }
        return text
    }()
}
