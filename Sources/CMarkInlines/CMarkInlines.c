// libcmark-gfm keeps one table of the characters that stop a run of plain inline text, for the whole process. Each
// `cmark_parser_finish` fills it with its extensions' characters (`~` for strikethrough, `:` and `w` for
// autolinks) through `cmark_manage_extensions_special_characters(parser, 1)` before it parses inlines, and clears
// them with `(parser, 0)` after: two documents finishing at once race, and the one that ends first takes `~` from
// the other. Every parser of SectionSite has the same five extensions, so the table they need is always the same.
// This definition takes the place of the library's own, which it calls through its procedure linkage table on ELF
// systems: the table is filled once, by the library's own function, and never cleared, and parsing reads it only.
#define _GNU_SOURCE
#include "CMarkInlines.h"

#if defined(__ELF__) && !defined(SECTIONSITE_PORTABLE)
#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>

struct cmark_parser;

static atomic_bool called;
static atomic_bool filled;
static pthread_mutex_t filling = PTHREAD_MUTEX_INITIALIZER;

void cmark_manage_extensions_special_characters(struct cmark_parser *parser, int add) {
    atomic_store(&called, true);
    if (!add || atomic_load(&filled)) return;
    pthread_mutex_lock(&filling);
    if (!atomic_load(&filled)) {
        void (*library)(struct cmark_parser *, int) =
            (void (*)(struct cmark_parser *, int))dlsym(RTLD_NEXT, "cmark_manage_extensions_special_characters");
        if (library) library(parser, 1);
        atomic_store(&filled, library != NULL);
    }
    pthread_mutex_unlock(&filling);
}

bool sectionsite_cmark_inlines_shared(void) { return atomic_load(&called) && atomic_load(&filled); }
#else
bool sectionsite_cmark_inlines_shared(void) { return false; }
#endif
