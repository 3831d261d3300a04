// A C face on KSyntaxHighlighting for Swift: one call turns code into escaped HTML with token spans.
// Compiled with KSyntaxHighlighting only when the package's trait of that name is on (SwiftPM then defines
// SECTIONSITE_KSYNTAXHIGHLIGHTING); without it every call answers NULL: nothing is highlighted.
#include "ss_highlight.h"

#ifdef SECTIONSITE_KSYNTAXHIGHLIGHTING
#include <KF5/KSyntaxHighlighting/KSyntaxHighlighting/AbstractHighlighter>
#include <KF5/KSyntaxHighlighting/KSyntaxHighlighting/Definition>
#include <KF5/KSyntaxHighlighting/KSyntaxHighlighting/Format>
#include <KF5/KSyntaxHighlighting/KSyntaxHighlighting/Repository>
#include <KF5/KSyntaxHighlighting/KSyntaxHighlighting/State>

#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <unordered_map>

using namespace KSyntaxHighlighting;

namespace {

// Kate's default styles, in the order of Theme::TextStyle, as short class names (`hl-kw` for Keyword). Themes
// style these names; every definition maps its own attributes onto these styles, so one stylesheet fits all.
const char *const styleClasses[] = {
    nullptr, "kw", "fn", "va", "cf", "op", "bi", "ex", "pp", "at", "ch", "sc", "st", "vs", "ss", "im",
    "dt", "dv", "bn", "fl", "cn", "co", "do", "an", "cv", "rm", "in", "wa", "al", "er", "ot",
};
constexpr int styleCount = sizeof(styleClasses) / sizeof(styleClasses[0]);

// Fence words that name no definition or file extension, to the definition they mean.
const std::unordered_map<std::string, std::string> aliases = {
    {"objc", "Objective-C"}, {"objective-c", "Objective-C"}, {"obj-c", "Objective-C"},
    {"objectivec", "Objective-C"}, {"objc++", "Objective-C++"}, {"objective-c++", "Objective-C++"},
    {"objcpp", "Objective-C++"}, {"c++", "C++"}, {"cpp", "C++"}, {"cxx", "C++"}, {"hpp", "C++"},
    {"sh", "Bash"}, {"shell", "Bash"}, {"console", "Bash"}, {"shellscript", "Bash"}, {"bash", "Bash"},
    {"zsh", "Zsh"}, {"js", "JavaScript"}, {"javascript", "JavaScript"}, {"mjs", "JavaScript"},
    {"jsx", "JavaScript React (JSX)"}, {"ts", "TypeScript"}, {"typescript", "TypeScript"},
    {"tsx", "TypeScript React (TSX)"}, {"py", "Python"}, {"python3", "Python"}, {"rb", "Ruby"},
    {"rs", "Rust"}, {"golang", "Go"}, {"kt", "Kotlin"}, {"kts", "Kotlin"}, {"yml", "YAML"},
    {"md", "Markdown"}, {"patch", "Diff"}, {"html", "HTML"}, {"xhtml", "HTML"}, {"svg", "XML"},
    {"plist", "XML"}, {"jsonc", "JSON"}, {"json5", "JSON"}, {"docker", "Dockerfile"}, {"make", "Makefile"},
    {"cs", "C#"}, {"csharp", "C#"}, {"fsharp", "FSharp"}, {"ps1", "PowerShell"}, {"tf", "Terraform"},
    {"proto", "Protobuf"}, {"ini", "INI Files"}, {"mustache", "Mustache/Handlebars (HTML)"},
    // As other generators' sites name them: Hugo's templates, terminal sessions, web components, template languages.
    {"go-html-template", "Mustache/Handlebars (HTML)"}, {"go-text-template", "Mustache/Handlebars (HTML)"},
    {"go-template", "Mustache/Handlebars (HTML)"}, {"gotmpl", "Mustache/Handlebars (HTML)"},
    {"gohtml", "Mustache/Handlebars (HTML)"}, {"tmpl", "Mustache/Handlebars (HTML)"},
    {"handlebars", "Mustache/Handlebars (HTML)"}, {"hbs", "Mustache/Handlebars (HTML)"},
    {"shell-session", "Bash"}, {"shellsession", "Bash"}, {"sh-session", "Bash"}, {"terminal", "Bash"},
    {"bash-session", "Bash"}, {"env", "Bash"}, {"dotenv", "Bash"},
    {"vue", "HTML"}, {"svelte", "HTML"}, {"astro", "HTML"}, {"htm", "HTML"},
    {"liquid", "Django HTML Template"}, {"jinja", "Django HTML Template"}, {"jinja2", "Django HTML Template"},
    {"django", "Django HTML Template"}, {"twig", "Django HTML Template"}, {"njk", "Django HTML Template"},
    {"nunjucks", "Django HTML Template"}, {"erb", "Ruby/Rails/RHTML"}, {"rhtml", "Ruby/Rails/RHTML"},
    {"conf", "INI Files"}, {"cfg", "INI Files"}, {"config", "INI Files"}, {"editorconfig", "INI Files"},
    {"apache", "Apache Configuration"}, {"apacheconf", "Apache Configuration"}, {"htaccess", "Apache Configuration"},
    {"php", "PHP (HTML)"}, {"bat", "MS-DOS Batch"}, {"batch", "MS-DOS Batch"}, {"cmd", "MS-DOS Batch"},
    {"postgres", "SQL (PostgreSQL)"}, {"postgresql", "SQL (PostgreSQL)"}, {"pgsql", "SQL (PostgreSQL)"},
    {"psql", "SQL (PostgreSQL)"}, {"plpgsql", "SQL (PostgreSQL)"}, {"mysql", "SQL (MySQL)"},
    {"ocaml", "Objective Caml"}, {"ml", "Objective Caml"}, {"tex", "LaTeX"}, {"latex", "LaTeX"},
    {"adoc", "AsciiDoc"}, {"asciidoc", "AsciiDoc"}, {"rst", "reStructuredText"}, {"restructuredtext", "reStructuredText"},
    {"fortran", "Fortran (Free Format)"}, {"f90", "Fortran (Free Format)"}, {"hcl", "Terraform"},
    {"gitignore", "Git Ignore"}, {"jsonl", "JSON"}, {"ndjson", "JSON"}, {"geojson", "JSON"}, {"mdx", "Markdown"},
    {"gfm", "Markdown"}, {"nasm", "Intel x86 (NASM)"}, {"asm", "GNU Assembler"}, {"cuda", "C++"}, {"delphi", "Pascal"},
    {"properties", "Java Properties"}, {"graphqls", "GraphQL"}, {"gql", "GraphQL"}, {"ps", "PowerShell"},
    {"pwsh", "PowerShell"}, {"powershell", "PowerShell"}, {"groovy", "Groovy"}, {"gradle", "Groovy"},
    {"dockerfile", "Dockerfile"}, {"containerfile", "Dockerfile"}, {"makefile", "Makefile"}, {"mk", "Makefile"},
    {"cmake", "CMake"}, {"log", "Log File (simplified)"}, {"tsv", "TSV"}, {"csv", "CSV"}, {"nix", "Nix"},
};

struct Highlighter final : AbstractHighlighter {
    std::string html;
    QStringView line;  // the line being highlighted, in UTF-16 as the engine wants it
    const char *bytes = nullptr;  // the same line in UTF-8, when it is ASCII: then offsets are byte offsets
    int written = 0;  // UTF-16 offset in `line` up to which text is in `html`
    int open = 0;  // the style of the span being written, 0 for none

    void applyFormat(int offset, int length, const Format &format) override {
        if (length <= 0) return;
        if (offset > written) text(written, offset, 0);
        int style = format.textStyle();
        if (style < 0 || style >= styleCount) style = 0;
        text(offset, offset + length, style);
    }

    void escaped(const char *from, const char *to) {
        for (const char *c = from; c < to; ++c) {
            switch (*c) {
            case '&': html += "&amp;"; break;
            case '<': html += "&lt;"; break;
            case '>': html += "&gt;"; break;
            case '"': html += "&quot;"; break;
            default: html += *c;
            }
        }
    }

    // Writes line[from..<to] escaped, in a span of `style` (merged with the span already open).
    void text(int from, int to, int style) {
        if (style != open) {
            if (open) html += "</span>";
            if (style) {
                html += "<span class=\"hl-";
                html += styleClasses[style];
                html += "\">";
            }
            open = style;
        }
        if (to > from) {
            if (bytes) {
                escaped(bytes + from, bytes + to);
            } else {
                const QByteArray utf8 = line.mid(from, to - from).toUtf8();
                escaped(utf8.constData(), utf8.constData() + utf8.size());
            }
        }
        written = to;
    }

    void run(const char *code, size_t length) {
        const QString utf16 = QString::fromUtf8(code, static_cast<int>(length));
        const QStringView all(utf16);
        State state;
        size_t byteStart = 0;
        int start = 0;
        while (true) {
            int end = utf16.indexOf(QLatin1Char('\n'), start);
            if (end < 0) end = utf16.size();
            const char *newline = static_cast<const char *>(std::memchr(code + byteStart, '\n', length - byteStart));
            const size_t byteEnd = newline ? static_cast<size_t>(newline - code) : length;
            line = all.mid(start, end - start);
            // UTF-16 and UTF-8 offsets agree exactly when the line has as many bytes as code units: all ASCII.
            bytes = (byteEnd - byteStart == static_cast<size_t>(line.size())) ? code + byteStart : nullptr;
            written = 0;
            state = highlightLine(line, state);
            if (written < line.size()) text(written, line.size(), 0);
            if (open) text(line.size(), line.size(), 0);
            if (end == utf16.size()) break;
            html += '\n';
            start = end + 1;
            byteStart = byteEnd + 1;
        }
    }
};

// Each thread loads its own repository once: definitions are not safe to share between threads while they load.
struct Local {
    Repository repository;
    std::unordered_map<std::string, Definition> byName;

    Local() {
        for (const auto &definition : repository.definitions()) {
            byName.emplace(definition.name().toLower().toStdString(), definition);
        }
    }

    Definition find(const char *language) {
        std::string word(language);
        for (auto &c : word) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (word.empty()) return Definition();
        auto alias = aliases.find(word);
        if (alias != aliases.end()) return repository.definitionForName(QString::fromStdString(alias->second));
        auto named = byName.find(word);
        if (named != byName.end()) return named->second;
        return repository.definitionForFileName(QStringLiteral("file.") + QString::fromStdString(word));
    }
};

Local &local() {
    thread_local std::unique_ptr<Local> instance(new Local());
    return *instance;
}

char *copy(const std::string &text, size_t *length) {
    char *buffer = static_cast<char *>(std::malloc(text.size() + 1));
    if (!buffer) return nullptr;
    std::memcpy(buffer, text.data(), text.size());
    buffer[text.size()] = 0;
    if (length) *length = text.size();
    return buffer;
}

}  // namespace

extern "C" char *ss_highlight_html(const char *language, const char *code, size_t length, size_t *html_length) {
    Definition definition = local().find(language);
    if (!definition.isValid() || definition.name() == QLatin1String("None")) return nullptr;
    Highlighter highlighter;
    highlighter.setDefinition(definition);
    highlighter.html.reserve(length * 3);
    highlighter.run(code, length);
    return copy(highlighter.html, html_length);
}

extern "C" char *ss_highlight_definition_name(const char *language) {
    Definition definition = local().find(language);
    if (!definition.isValid() || definition.name() == QLatin1String("None")) return nullptr;
    return copy(definition.name().toStdString(), nullptr);
}

extern "C" int ss_highlight_available(void) { return 1; }

#else

extern "C" char *ss_highlight_html(const char *, const char *, size_t, size_t *) { return nullptr; }
extern "C" char *ss_highlight_definition_name(const char *) { return nullptr; }
extern "C" int ss_highlight_available(void) { return 0; }

#endif
