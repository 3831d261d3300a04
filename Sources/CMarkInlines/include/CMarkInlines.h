#ifndef SECTIONSITE_CMARK_INLINES_H
#define SECTIONSITE_CMARK_INLINES_H

#include <stdbool.h>

/// Whether libcmark-gfm's process-wide table of special inline characters is filled once and never cleared, so
/// that documents may parse their inlines (`cmark_parser_finish`) on every thread at once: true once the library
/// has called this program's `cmark_manage_extensions_special_characters` in place of its own. False where the
/// platform does not let a program's definition take the place of a shared library's (macOS's two-level
/// namespaces), or where the library calls its own directly; the engine then finishes one document at a time.
bool sectionsite_cmark_inlines_shared(void);

#endif
