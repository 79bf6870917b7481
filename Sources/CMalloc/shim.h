#ifndef KIT_CMALLOC_SHIM_H
#define KIT_CMALLOC_SHIM_H

#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* glibc's mallopt, which Swift's Glibc module leaves out: allocations of `bytes` or more get pages
 * of their own, given back to the system when freed. Setting it also stops glibc from raising the
 * threshold after each big free, which kept a daemon's heap at its largest for good. 1 on success. */
static inline int kit_mmap_threshold(int bytes) {
    return mallopt(M_MMAP_THRESHOLD, bytes);
}

/* glibc's malloc_trim(0): the free pages of every arena go back to the system. 1 if any did. */
static inline int kit_trim_heap(void) {
    return malloc_trim(0);
}

/* Lets go of the pages of code and constants this process has mapped from files (kitd's own and
 * its libraries'): MADV_DONTNEED on every private, read-only file mapping that holds no page of
 * its own (smaps' Anonymous: 0, so none the dynamic linker wrote, as in RELRO). The pages stay in
 * the page cache, clean, and the next use maps them again with a minor fault; only this process's
 * page tables and proportional set size change. Locked and special mappings are left alone.
 * Returns the bytes that were resident in the mappings let go, or -1 if smaps cannot be read. */
static inline long kit_let_go_of_file_pages(void) {
    enum { most = 1024 };
    unsigned long starts[most], ends[most];
    FILE *smaps = fopen("/proc/self/smaps", "re");
    if (!smaps) return -1;
    char line[4096 + 128];
    int count = 0, candidate = 0;
    long released = 0, resident = 0, anonymous = -1;
    unsigned long start = 0, end = 0;
    while (fgets(line, sizeof line, smaps)) {
        unsigned long from, to, inode;
        char perms[5];
        if (sscanf(line, "%lx-%lx %4s %*s %*s %lu", &from, &to, perms, &inode) == 4) {
            start = from;
            end = to;
            candidate = inode != 0 && perms[0] == 'r' && perms[1] == '-' && perms[3] == 'p';
            resident = 0;
            anonymous = -1;
        } else if (strncmp(line, "Rss:", 4) == 0) {
            resident = strtol(line + 4, NULL, 10);
        } else if (strncmp(line, "Anonymous:", 10) == 0) {
            anonymous = strtol(line + 10, NULL, 10);
        } else if (strncmp(line, "VmFlags:", 8) == 0) {
            int special = strstr(line, " lo") || strstr(line, " io") || strstr(line, " pf");
            if (candidate && !special && anonymous == 0 && resident > 0 && count < most) {
                starts[count] = start;
                ends[count] = end;
                count++;
                released += resident * 1024;
            }
            candidate = 0;
        }
    }
    fclose(smaps);
    /* The first call of a function through the PLT has the dynamic linker look its name up in
     * every library's symbol tables, which would map some of them again right after: a call that
     * does nothing binds madvise first, and nothing is called after the last madvise. */
    madvise(starts, 0, MADV_NORMAL);
    for (int i = 0; i < count; i++) madvise((void *)starts[i], ends[i] - starts[i], MADV_DONTNEED);
    return released;
}

#endif
