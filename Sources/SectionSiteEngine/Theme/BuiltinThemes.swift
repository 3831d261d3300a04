import Foundation

/// The themes the binary carries (`Themes/default`, built in by the EmbedThemes plugin): each file by its path
/// under the theme's folder, decoded once, on first use.
package enum BuiltinThemes {
    package static let files: [String: [(path: String, data: Data)]] = BuiltinThemeFiles.base64.mapValues { files in
        files.map { ($0.path, Data(base64Encoded: $0.base64) ?? Data()) }
    }
}
