// Internal to the tree builder.
#ifndef YJM_UTF8_H
#define YJM_UTF8_H

#include "yajl_tree_builder.h"

#include <string.h>

/// The length of the all-ASCII prefix of `bytes`, checked eight bytes at a time.
/// Inline, because most strings (keys especially) are short and ASCII, and a call
/// would cost more than the check.
static inline size_t yjm_ascii_prefix(const unsigned char *bytes, size_t length) {
    size_t i = 0;
    while (i + 8 <= length) {
        uint64_t word;
        memcpy(&word, bytes + i, 8);
        uint64_t high_bits = word & 0x8080808080808080ull;
        if (high_bits) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
            return i + (size_t)__builtin_ctzll(high_bits) / 8; // the first byte with its high bit set
#else
            break;
#endif
        }
        i += 8;
    }
    while (i < length && bytes[i] < 0x80) i++;
    return i;
}

/// Decodes the body of a string token (the bytes between its quotes) into `out`,
/// which must hold `length` bytes: decoding never grows the text.
/// Returns YJM_OK, or YJM_ERR_UTF8 / YJM_ERR_ESCAPE with `*bad_index` at the
/// offending byte of `raw`.
yjm_status yjm_decode_string(const unsigned char *raw, size_t length, unsigned char *out,
                             size_t *out_length, size_t *bad_index);

#endif
