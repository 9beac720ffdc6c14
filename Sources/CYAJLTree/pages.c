// Memory for large buffers: a stream's growing buffer of bytes (see `_ByteBuffer`), and
// the node array, the copy and its map of a parse (`yjm_block_alloc`). Mapped directly,
// so that growing one moves its pages rather than copying them (mremap, on Linux), and
// offered to the kernel as huge pages, so that filling it takes a page fault per 2 MiB
// rather than per 4 KiB. Each parse fills fresh buffers, so those faults are most of what
// a large parse costs beyond a small one, whose buffers malloc reuses.
#define _GNU_SOURCE // mremap
#include "builder.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

size_t yjm_pages_round(size_t size) {
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    return (size + page - 1) / page * page;
}

/// Asks for huge pages (2 MiB on x86-64) where the system gives them on request
/// (Linux's transparent huge pages in `madvise` mode, or `always`). Only a hint:
/// failing changes nothing.
static void advise(void *block, size_t size) {
#if defined(MADV_HUGEPAGE)
    madvise(block, size, MADV_HUGEPAGE);
#else
    (void)block;
    (void)size;
#endif
}

void *yjm_pages_map(size_t size) {
    void *block = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (block == MAP_FAILED) return NULL;
    advise(block, size);
    return block;
}

void *yjm_pages_remap(void *block, size_t old_size, size_t new_size) {
#if defined(__linux__)
    void *moved = mremap(block, old_size, new_size, MREMAP_MAYMOVE);
    if (moved == MAP_FAILED) return NULL;
    advise(moved, new_size);
    return moved;
#else
    void *moved = yjm_pages_map(new_size);
    if (!moved) return NULL;
    memcpy(moved, block, old_size < new_size ? old_size : new_size);
    munmap(block, old_size);
    return moved;
#endif
}

void yjm_pages_unmap(void *block, size_t size) { munmap(block, size); }

/// `size` rounded up to whole huge pages (YJM_MAP_FROM): Linux places an anonymous mapping of
/// such a length on a huge-page boundary, where every one of its pages can be huge, rather
/// than leaving a partial one at each end to be filled 4 KiB at a time.
static size_t huge_pages_round(size_t size) { return (size + YJM_MAP_FROM - 1) / YJM_MAP_FROM * YJM_MAP_FROM; }

void *yjm_block_alloc(size_t size, size_t *mapped) {
    *mapped = 0;
    if (size < YJM_MAP_FROM) return malloc(size);
    size_t pages = huge_pages_round(size);
    void *block = yjm_pages_map(pages);
    if (block) *mapped = pages;
    return block;
}

void *yjm_block_resize(void *block, size_t used, size_t size, size_t *mapped) {
    if (*mapped) {
        size_t pages = huge_pages_round(size);
        void *moved = yjm_pages_remap(block, *mapped, pages);
        if (moved) *mapped = pages;
        return moved;
    }
    if (size < YJM_MAP_FROM) return realloc(block, size);
    size_t pages;
    void *moved = yjm_block_alloc(size, &pages);
    if (!moved) return NULL;
    if (used) memcpy(moved, block, used); // `used` bytes of `block` are initialized, and `size` holds them
    free(block);
    *mapped = pages;
    return moved;
}

void yjm_block_free(void *block, size_t mapped) {
    if (mapped) {
        yjm_pages_unmap(block, mapped);
    } else {
        free(block);
    }
}
