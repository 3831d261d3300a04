#ifndef SECTIONSITE_CLINUX_H
#define SECTIONSITE_CLINUX_H

/// Swaps two paths in one step (renameat2 with RENAME_EXCHANGE): at every moment each path names one of the two.
/// Returns 0, or -1 with errno set (EINVAL or ENOSYS where the file system or kernel cannot).
/// Swift's Glibc module does not show renameat2, which glibc declares only under _GNU_SOURCE.
int sectionsite_exchange(const char *first, const char *second);

/// The magic number of the file system that holds `path` (statfs's f_type: 0x6969 for NFS), or -1.
/// Swift's Glibc module does not show sys/statfs.h.
long long sectionsite_file_system_type(const char *path);

#endif
