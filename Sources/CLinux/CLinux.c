// Only Linux has these calls; SwiftPM compiles every target of the package on every platform (a Mac builds this
// one too, though nothing there depends on it), so elsewhere the file is empty.
#ifdef __linux__
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <sys/vfs.h>
#include "CLinux.h"

int sectionsite_exchange(const char *first, const char *second) {
    return renameat2(AT_FDCWD, first, AT_FDCWD, second, RENAME_EXCHANGE);
}

long long sectionsite_file_system_type(const char *path) {
    struct statfs info;
    if (statfs(path, &info) != 0) return -1;
    return (long long)info.f_type;
}
#endif
