#ifndef KIT_CMALLOC_SHIM_H
#define KIT_CMALLOC_SHIM_H

#include <malloc.h>

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

#endif
