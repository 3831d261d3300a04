#ifndef SS_HIGHLIGHT_H
#define SS_HIGHLIGHT_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Highlights `length` bytes of UTF-8 `code` as `language` (a fence's info word: `swift`, `objc`, `sh`, ...) with
/// KSyntaxHighlighting, Kate's engine. Returns the code as HTML, escaped, with token spans `<span class="hl-kw">`,
/// in a buffer the caller frees, and its length in `html_length`; or NULL when the language is unknown.
/// Safe to call from any thread: each thread keeps a repository of its own.
char *ss_highlight_html(const char *language, const char *code, size_t length, size_t *html_length);

/// The name of the syntax definition a fence's language word selects, in a buffer the caller frees, or NULL.
char *ss_highlight_definition_name(const char *language);

/// 1 when this build has KSyntaxHighlighting; 0 when it was built without (the package's trait off), and every
/// call above answers NULL.
int ss_highlight_available(void);

#ifdef __cplusplus
}
#endif

#endif
