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

/// Whether `bytes[0 ..< length]` is all ASCII, with no branch that depends on the
/// bytes and none per byte: it reads whole words, the last one ending at the
/// string's end. A string of at most eight bytes is one word that starts before
/// it, its bytes before the string shifted out. `readable_from` is where readable
/// memory begins; a short string less than eight bytes past it takes the loop.
/// (`yjm_ascii_prefix` ends in a byte loop whose exit depends on the string's
/// length: a mispredicted branch for most short strings, keys especially.)
static inline int yjm_is_ascii(const unsigned char *bytes, size_t length, const unsigned char *readable_from) {
    uint64_t word, bits = 0;
    if (length > 8) {
        for (size_t i = 0; i + 8 < length; i += 8) {
            memcpy(&word, bytes + i, 8);
            bits |= word;
        }
        memcpy(&word, bytes + length - 8, 8);
        return ((bits | word) & 0x8080808080808080ull) == 0;
    }
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (length > 0 && (size_t)(bytes - readable_from) + length >= 8) {
        memcpy(&word, bytes + length - 8, 8);
        return ((word >> (64 - 8 * length)) & 0x8080808080808080ull) == 0; // the string's bytes are the high ones
    }
#endif
    return yjm_ascii_prefix(bytes, length) == length;
}

/// Decodes the body of a string token (the bytes between its quotes) into `out`,
/// which must hold `length` bytes: decoding never grows the text.
/// With `utf8_checked`, `raw` is known to be UTF-8 (a copy's text; see compact.c).
/// Returns YJM_OK, or YJM_ERR_UTF8 / YJM_ERR_ESCAPE with `*bad_index` at the
/// offending byte of `raw`.
yjm_status yjm_decode_string(const unsigned char *raw, size_t length, int utf8_checked, unsigned char *out,
                             size_t *out_length, size_t *bad_index);

#endif
