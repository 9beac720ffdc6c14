// What CYAJLTree exports for its tests and fuzz targets only: the copy that `yjm_parse`
// parses (see compact.c), made with each kernel this machine runs. User code imports
// CYAJLTree, which does not declare these.
#ifndef YAJL_TREE_BUILDER_TESTING_H
#define YAJL_TREE_BUILDER_TESTING_H

#include "yajl_tree_builder.h"

#ifdef __cplusplus
extern "C" {
#endif

/// The code that makes the copy: the size of the vectors it classifies bytes with, and
/// how it packs the bytes it keeps. Each is a bit, so that a set of them is an int.
typedef enum yjm_copy_kernel {
    /// 16-byte vectors (SSE2 on x86-64, NEON on arm64, the compiler's own lowering
    /// elsewhere); each run of kept bytes is copied on its own.
    YJM_COPY_RUNS_16 = 1,
    /// 32-byte vectors (AVX2, with BMI1, BMI2, POPCNT and LZCNT); runs copied one at a time.
    YJM_COPY_RUNS_32 = 2,
    /// 64-byte vectors (AVX-512 F, BW and VBMI2, with AVX2, BMI1, BMI2, POPCNT and LZCNT);
    /// each block is packed with one compress.
    YJM_COPY_COMPRESS_64 = 4,
} yjm_copy_kernel;

/// Whether a copy was made.
typedef enum yjm_copy_result {
    YJM_COPY_MADE = 0,
    /// There is no copy to make: comments are allowed (white space may sit inside one),
    /// the text holds no token, is longer than YJM_MAX_INPUT, or the kernel does not run here.
    YJM_COPY_NONE,
    YJM_COPY_NOT_UTF8,      ///< the text is not UTF-8 (the copy checks it, so that the parse need not)
    YJM_COPY_OUT_OF_MEMORY, ///< an allocation failed
} yjm_copy_result;

/// The kernels this machine runs, as bits. `yjm_parse` uses the first of
/// YJM_COPY_COMPRESS_64, YJM_COPY_RUNS_32 and YJM_COPY_RUNS_16 (which runs everywhere).
int yjm_copy_kernels(void);

/// Whether `yjm_parse` parses `input` from its copy: when the text is 256 bytes to 64 MiB
/// long and enough of it (judged from its first 4 KiB) is white space between tokens and
/// string text to pay for the copy in yajl's lexer. 0 above YJM_MAX_INPUT.
int yjm_worth_copying(const unsigned char *input, size_t length);

/// What making `yjm_parse`'s copy of `input` gives, with the kernel `yjm_parse` uses.
yjm_copy_result yjm_copy_holds(const unsigned char *input, size_t length);

/// Parses `input` from the copy that `kernel` makes, even where the copy would not pay.
/// Returns YJM_COPY_MADE when there is a copy: `tree` and `error` are then what `yjm_parse`
/// gives, the tree from the copy, and on failure the text's own error (as `yjm_parse`
/// reports it). Otherwise it says why there is no copy, and leaves the tree empty and
/// `error` zeroed, or saying YJM_ERR_INPUT_SIZE above YJM_MAX_INPUT.
yjm_copy_result yjm_parse_copy(const unsigned char *input, size_t length, yjm_copy_kernel kernel,
                               const yjm_options *options, yjm_tree *tree, yjm_error *error);

/// Copies `input` to `output` (room for `length` bytes) without the white space between
/// tokens, and returns the bytes written. Strings are copied as they are, and a space stays
/// between two bytes it separates into tokens (`1 2`), so the copy is JSON exactly when
/// `input` is, with the same values. Copies nothing, and returns 0, above YJM_MAX_INPUT.
size_t yjm_compact_whitespace(const unsigned char *input, size_t length, unsigned char *output);

#ifdef __cplusplus
}
#endif

#endif
