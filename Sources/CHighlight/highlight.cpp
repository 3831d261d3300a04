// A C face on KSyntaxHighlighting for Swift: one call turns code into escaped HTML with token spans.
#include "ss_highlight.h"

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
};

struct Highlighter final : AbstractHighlighter {
    std::string html;
    QString line;
    int written = 0;  // UTF-16 offset in `line` up to which text is in `html`
    int open = 0;  // the style of the span being written, 0 for none

    void applyFormat(int offset, int length, const Format &format) override {
        if (length <= 0) return;
        if (offset > written) text(written, offset, 0);
        int style = format.textStyle();
        if (style < 0 || style >= styleCount) style = 0;
        text(offset, offset + length, style);
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
        const QByteArray bytes = QStringView(line).mid(from, to - from).toUtf8();
        for (char c : bytes) {
            switch (c) {
            case '&': html += "&amp;"; break;
            case '<': html += "&lt;"; break;
            case '>': html += "&gt;"; break;
            case '"': html += "&quot;"; break;
            default: html += c;
            }
        }
        written = to;
    }

    void run(const QString &code) {
        State state;
        int start = 0;
        const int size = code.size();
        while (true) {
            int end = code.indexOf(QLatin1Char('\n'), start);
            if (end < 0) end = size;
            line = code.mid(start, end - start);
            written = 0;
            state = highlightLine(line, state);
            if (written < line.size()) text(written, line.size(), 0);
            if (open) text(line.size(), line.size(), 0);
            if (end == size) break;
            html += '\n';
            start = end + 1;
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
    highlighter.html.reserve(length * 2);
    highlighter.run(QString::fromUtf8(code, static_cast<int>(length)));
    return copy(highlighter.html, html_length);
}

extern "C" char *ss_highlight_definition_name(const char *language) {
    Definition definition = local().find(language);
    if (!definition.isValid() || definition.name() == QLatin1String("None")) return nullptr;
    return copy(definition.name().toStdString(), nullptr);
}
