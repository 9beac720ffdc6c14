// White space removal before parsing, for decoders that read every value once
// and do not report where a value sat in the text.
//
// yajl reads white space a byte at a time, at about sixteen instructions a
// byte, so an indented document spends much of its parse there. The copy costs
// less: it goes eight bytes at a time, finding the bytes that matter (quotes,
// backslashes, white space) with word arithmetic.

#include "yajl_tree_builder.h"

#include <stdint.h>
#include <string.h>

static int is_space(unsigned char c) { return c == ' ' || c == '\n' || c == '\t' || c == '\r'; }

/// Bytes that can continue a number or a literal: white space between two of
/// them separates tokens (`1 2`, `tru e`), so it stays.
static int is_word_byte(unsigned char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-' || c == '+' ||
           c == '.';
}

#define ONES 0x0101010101010101ULL
#define HIGHS 0x8080808080808080ULL

static inline uint64_t load8(const unsigned char *p) {
    uint64_t word;
    memcpy(&word, p, 8);
    return word;
}

// Each sets the high bit of the bytes of `word` that match. A borrow can also
// set it in a byte above a match, never below one, so the lowest set bit marks
// the first match (in memory order, as these run only on little-endian machines).
static inline uint64_t bytes_equal(uint64_t word, unsigned char c) {
    uint64_t x = word ^ (ONES * c);
    return (x - ONES) & ~x & HIGHS;
}
static inline uint64_t bytes_below(uint64_t word, unsigned char c) { // c <= 0x80
    return (word - ONES * c) & ~word & HIGHS;
}

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define WORDS 1
#else
#define WORDS 0
#endif

/// Whether a byte ends a plain run: in a string, a quote or a backslash; outside
/// strings, a quote, white space or a control byte.
static int is_special(unsigned char c, int in_string) { return c == '"' || (in_string ? c == '\\' : c < '!'); }

/// Copies `input[*i ..]` to `output[*o ..]` up to the first special byte, or the
/// end. The output never runs ahead of the input (`*o <= *i`), so whole words can
/// be stored before it is known how much of them counts.
static void copy_plain(const unsigned char *input, size_t length, size_t *i, unsigned char *output, size_t *o,
                       int in_string) {
    while (WORDS && *i + 8 <= length) {
        uint64_t word = load8(input + *i);
        uint64_t special = bytes_equal(word, '"') | (in_string ? bytes_equal(word, '\\') : bytes_below(word, '!'));
        memcpy(output + *o, &word, 8);
        size_t n = special ? (size_t)__builtin_ctzll(special) / 8 : 8;
        *i += n;
        *o += n;
        if (special) return;
    }
    while (*i < length && !is_special(input[*i], in_string)) output[(*o)++] = input[(*i)++];
}

int yjm_looks_indented(const unsigned char *input, size_t length) {
    size_t sample = length < 4096 ? length : 4096, spaces = 0;
    for (size_t i = 0; i < sample; i++) spaces += is_space(input[i]);
    return sample > 0 && spaces * 8 >= sample * 3; // three eighths or more: below that, the copy costs what it saves
}

size_t yjm_compact_whitespace(const unsigned char *input, size_t length, unsigned char *output) {
    size_t i = 0, o = 0;
    for (;;) {
        copy_plain(input, length, &i, output, &o, 0);
        if (i == length) return o;
        unsigned char c = input[i];
        if (c == '"') { // a string as it is, through its closing quote (if any: else the parse fails)
            output[o++] = input[i++];
            for (;;) {
                copy_plain(input, length, &i, output, &o, 1);
                if (i == length) return o;
                unsigned char special = input[i];
                output[o++] = input[i++];
                if (special == '"') break;
                if (i < length) output[o++] = input[i++]; // after a backslash, the byte it escapes
            }
        } else if (is_space(c)) {
            size_t end = i + 1;
            while (end + 8 <= length && load8(input + end) == ONES * ' ') end += 8;
            while (end < length && is_space(input[end])) end++;
            if (o > 0 && end < length && is_word_byte(output[o - 1]) && is_word_byte(input[end])) output[o++] = ' ';
            i = end;
        } else { // a control byte: the parse rejects it
            output[o++] = input[i++];
        }
    }
}
