/// How `{{value}}` escapes: `HTML.escape`, the same characters as swift-mustache's own (`&`, `<`, `>`, `"`, `'`)
/// but on UTF-8 bytes, which is several times faster on the summaries and titles of large sites.
///
/// Themes were once read by swift-mustache with a `CONTENT_TYPE` pragma in front of each template's first line, to
/// choose this escaping; `TemplateParser` reads every template as if that line were there, and accepts the pragma's
/// names (`HTML`, `TEXT` and this one) in a template's own `{{% CONTENT_TYPE: ...}}`.
enum FastHTMLEscaping {
    /// The name the content type was registered under.
    static let name = "SECTIONSITE_HTML"
    /// What went in front of every template (error columns on later lines still count it where swift-mustache did).
    static let pragma = "{{% CONTENT_TYPE: \(name)}}"
}
