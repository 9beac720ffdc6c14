// Strict UTF-8 validation and JSON string decoding.
//
// yajl accepts overlong forms (C0 AF) and encoded surrogates (ED A0 80), and
// rewrites bad \u surrogate escapes to '?' or to a wrong code point before a
// callback can see them. The builder turns yajl's own UTF-8 check off and runs
// these instead, on the raw bytes of each string token.
#include "utf8.h"

#include <string.h>

/// Length of a valid multi-byte sequence starting at `s[0]` (a non-ASCII byte),
/// or 0 if it is invalid or cut off. Ranges follow Unicode's Table 3-7.
static size_t sequence_length(const unsigned char *s, size_t available) {
    unsigned char lead = s[0];
    size_t length;
    unsigned char low = 0x80, high = 0xBF; // allowed range of the second byte

    if (lead >= 0xC2 && lead <= 0xDF) {
        length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        length = 3;
        if (lead == 0xE0) low = 0xA0;      // no overlong forms
        if (lead == 0xED) high = 0x9F;     // no surrogates D800-DFFF
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        length = 4;
        if (lead == 0xF0) low = 0x90;      // no overlong forms
        if (lead == 0xF4) high = 0x8F;     // nothing above U+10FFFF
    } else {
        return 0;
    }
    if (available < length || s[1] < low || s[1] > high) return 0;
    for (size_t i = 2; i < length; i++) {
        if ((s[i] & 0xC0) != 0x80) return 0;
    }
    return length;
}

/// Whether `s[0..<3]` is a three-byte sequence whose lead is E1-EC or EE-EF: one with
/// no special range for its second byte (`sequence_length` checks E0 and ED).
static inline int is_plain_three_byte(const unsigned char *s) {
    unsigned char lead = s[0];
    return (unsigned char)(lead - 0xE1) <= 0xEF - 0xE1 && lead != 0xED && ((s[1] ^ 0x80) | (s[2] ^ 0x80)) < 0x40;
}

/// How many bytes of `bytes` are plain three-byte sequences in a row: two a step,
/// as one word, while eight bytes can be read, then one at a time.
static size_t plain_three_byte_run(const unsigned char *bytes, size_t length) {
    size_t i = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    const unsigned plain_leads = 0xDFFE; // bit n: lead En is plain (not E0, not ED)
    while (i + 8 <= length) {
        uint64_t word;
        memcpy(&word, bytes + i, 8);
        // Bytes 0 and 3 are leads En, the others continuations; then the two leads' n.
        if ((word & 0xC0C0F0C0C0F0ull) != 0x8080E08080E0ull) break;
        if (!(plain_leads >> (word & 0xF) & plain_leads >> (word >> 24 & 0xF) & 1)) break;
        i += 6;
    }
#endif
    while (i + 3 <= length && is_plain_three_byte(bytes + i)) i += 3;
    return i;
}

size_t yjm_utf8_valid_prefix(const unsigned char *bytes, size_t length) {
    size_t i = 0;
    while (i < length) {
        if (bytes[i] < 0x80) {
            i += yjm_ascii_prefix(bytes + i, length - i);
            continue;
        }
        // Two- and three-byte sequences with no special case (Latin, Cyrillic,
        // Greek, CJK) are checked directly; the rest go through the table.
        unsigned char lead = bytes[i];
        if (lead >= 0xC2 && lead <= 0xDF && i + 2 <= length && (bytes[i + 1] & 0xC0) == 0x80) {
            i += 2;
            continue;
        }
        if (i + 3 <= length && is_plain_three_byte(bytes + i)) {
            // CJK text is mostly three-byte characters in a row: stay here for them.
            i += 3 + plain_three_byte_run(bytes + i + 3, length - i - 3);
            continue;
        }
        size_t n = sequence_length(bytes + i, length - i);
        if (n == 0) return i;
        i += n;
    }
    return length;
}

static int hex_value(unsigned char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/// Reads the four hex digits after "\u" at `s` (yajl has checked that they are hex).
static uint32_t read_u_escape(const unsigned char *s) {
    return (uint32_t)(hex_value(s[2]) << 12 | hex_value(s[3]) << 8 | hex_value(s[4]) << 4 | hex_value(s[5]));
}

static size_t encode_utf8(uint32_t scalar, unsigned char *out) {
    if (scalar < 0x80) {
        out[0] = (unsigned char)scalar;
        return 1;
    }
    if (scalar < 0x800) {
        out[0] = (unsigned char)(0xC0 | scalar >> 6);
        out[1] = (unsigned char)(0x80 | (scalar & 0x3F));
        return 2;
    }
    if (scalar < 0x10000) {
        out[0] = (unsigned char)(0xE0 | scalar >> 12);
        out[1] = (unsigned char)(0x80 | (scalar >> 6 & 0x3F));
        out[2] = (unsigned char)(0x80 | (scalar & 0x3F));
        return 3;
    }
    out[0] = (unsigned char)(0xF0 | scalar >> 18);
    out[1] = (unsigned char)(0x80 | (scalar >> 12 & 0x3F));
    out[2] = (unsigned char)(0x80 | (scalar >> 6 & 0x3F));
    out[3] = (unsigned char)(0x80 | (scalar & 0x3F));
    return 4;
}

yjm_status yjm_decode_string(const unsigned char *raw, size_t length, int utf8_checked, unsigned char *out,
                             size_t *out_length, size_t *bad_index) {
    size_t i = 0, o = 0;
    while (i < length) {
        // Copy the run up to the next escape in one go, once it is known to be UTF-8.
        const unsigned char *backslash = memchr(raw + i, '\\', length - i);
        size_t run = (backslash ? (size_t)(backslash - raw) : length) - i;
        size_t valid = utf8_checked ? run : yjm_utf8_valid_prefix(raw + i, run);
        if (valid != run) {
            *bad_index = i + valid;
            return YJM_ERR_UTF8;
        }
        memcpy(out + o, raw + i, run);
        i += run;
        o += run;
        if (i == length) break;

        // yajl's lexer has already checked the escape's syntax, so raw[i + 1]
        // exists and a \u is followed by four hex digits.
        unsigned char e = raw[i + 1];
        if (e != 'u') {
            switch (e) {
            case 'b': out[o++] = '\b'; break;
            case 'f': out[o++] = '\f'; break;
            case 'n': out[o++] = '\n'; break;
            case 'r': out[o++] = '\r'; break;
            case 't': out[o++] = '\t'; break;
            default: out[o++] = e; break; // '"', '\\' and '/'
            }
            i += 2;
            continue;
        }
        uint32_t unit = read_u_escape(raw + i);
        size_t consumed = 6;
        if (unit >= 0xDC00 && unit <= 0xDFFF) { // a low surrogate with no high one before it
            *bad_index = i;
            return YJM_ERR_ESCAPE;
        }
        if (unit >= 0xD800 && unit <= 0xDBFF) { // a high surrogate must be followed by a low one
            if (i + 12 > length || raw[i + 6] != '\\' || raw[i + 7] != 'u') {
                *bad_index = i;
                return YJM_ERR_ESCAPE;
            }
            uint32_t low = read_u_escape(raw + i + 6);
            if (low < 0xDC00 || low > 0xDFFF) {
                *bad_index = i;
                return YJM_ERR_ESCAPE;
            }
            unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00);
            consumed = 12;
        }
        o += encode_utf8(unit, out + o);
        i += consumed;
    }
    *out_length = o;
    return YJM_OK;
}

/// How many bytes of `bytes` have `(byte & mask) == value`. Counted in blocks of 224
/// bytes (7 × 32, and below 256) into an 8-bit total, so that the compiler counts
/// 16 or 32 bytes per step with nothing left over but the last block's tail.
static size_t count_matching(const unsigned char *bytes, size_t length, unsigned char mask, unsigned char value) {
    enum { block_size = 224 };
    size_t total = 0;
    for (size_t start = 0; start < length; start += block_size) {
        size_t end = length - start < block_size ? length : start + block_size;
        unsigned char block = 0;
        for (size_t i = start; i < end; i++) block += (bytes[i] & mask) == value;
        total += block;
    }
    return total;
}

size_t yjm_count_line_feeds(const unsigned char *bytes, size_t length) {
    return count_matching(bytes, length, 0xFF, '\n');
}

void yjm_count_lines(const unsigned char *bytes, size_t length, size_t *line_feeds, size_t *last_line_characters) {
    // One pass counts the line feeds and the continuation bytes (as count_matching
    // does, both at once); with no line feed, that is all. Otherwise the last line's
    // characters are counted again from its start, a short walk back.
    enum { block_size = 224 };
    size_t feeds = 0, continuations = 0;
    for (size_t start = 0; start < length; start += block_size) {
        size_t end = length - start < block_size ? length : start + block_size;
        unsigned char block_feeds = 0, block_continuations = 0;
        for (size_t i = start; i < end; i++) {
            block_feeds += bytes[i] == '\n';
            block_continuations += (bytes[i] & 0xC0) == 0x80;
        }
        feeds += block_feeds;
        continuations += block_continuations;
    }
    *line_feeds = feeds;
    if (feeds == 0) {
        *last_line_characters = length - continuations;
        return;
    }
    size_t start = length; // of the last line
    while (bytes[start - 1] != '\n') start--;
    *last_line_characters = length - start - count_matching(bytes + start, length - start, 0xC0, 0x80);
}
