// White space removal before parsing. `yjm_parse` parses a compact copy of
// indented text, with a map of where the copy's runs of bytes came from, and
// stores the text's own offsets in the tree: the tree is the one the text gives.
//
// yajl reads white space a byte at a time, at about twenty instructions a byte
// in its lexer. The copy and its map cost about five a byte (4.8 on twitter.json,
// 4.5 on citm_catalog.json): it looks at 64 bytes at once,
// as bit masks (bit i for byte i) made with 16-byte vector compares, and works
// out which bytes lie in strings with word arithmetic on those masks, as
// simdjson does.

#include "builder.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef unsigned char bytes16 __attribute__((ext_vector_type(16)));
typedef char matches16 __attribute__((ext_vector_type(16)));
typedef bool bits16 __attribute__((ext_vector_type(16)));

/// Bit i set where lane i of a compare matched (one pmovmskb on x86).
static inline uint64_t bit_mask(matches16 matches) {
    bits16 bits = __builtin_convertvector(matches, bits16);
    uint16_t mask;
    memcpy(&mask, &bits, sizeof mask);
    return mask;
}

/// Which of 64 bytes are quotes, backslashes and white space.
typedef struct {
    uint64_t quotes, backslashes, spaces;
} byte_classes;

static inline byte_classes classify(const unsigned char *block) {
    byte_classes classes = {0, 0, 0};
    for (int part = 0; part < 4; part++) {
        bytes16 v;
        memcpy(&v, block + 16 * part, 16);
        int shift = 16 * part;
        classes.quotes |= bit_mask(v == '"') << shift;
        classes.backslashes |= bit_mask(v == '\\') << shift;
        // '\t' | 4 and '\r' | 4 are '\r', and no other byte's is: one compare for both.
        classes.spaces |= bit_mask((v == ' ') | (v == '\n') | ((v | 4) == '\r')) << shift;
    }
    return classes;
}

#define EVEN_BITS 0x5555555555555555ULL

/// The bytes that a backslash escapes: each run of backslashes escapes the byte
/// after it when the run's length is odd. `*escape_carry` is 1 when the first
/// byte is escaped by a run in the previous block, and is set for the next one.
static inline uint64_t escaped_bytes(uint64_t backslashes, uint64_t *escape_carry) {
    uint64_t carry = *escape_carry;
    uint64_t escaping = backslashes & ~carry; // an escaped backslash starts nothing
    uint64_t run_starts = escaping & ~(escaping << 1);
    // Adding a run's first bit to the run carries through it to the bit after
    // it. A run from an even bit is of odd length when it ends before an odd bit.
    uint64_t after_even_runs = (escaping + (run_starts & EVEN_BITS)) & ~escaping;
    uint64_t after_odd_runs;
    // A run from an odd bit that reaches bit 63 is odd: the next block's first
    // byte is escaped (an even one carries out too, but escapes nothing).
    *escape_carry = __builtin_add_overflow(escaping, run_starts & ~EVEN_BITS, &after_odd_runs);
    after_odd_runs &= ~escaping;
    return (after_even_runs & ~EVEN_BITS) | (after_odd_runs & EVEN_BITS) | carry;
}

/// Bit i is the parity of bits 0 ... i: for quote bits, whether byte i is in a
/// string (its opening quote included, its closing quote not).
static inline uint64_t prefix_parity(uint64_t x) {
    x ^= x << 1;
    x ^= x << 2;
    x ^= x << 4;
    x ^= x << 8;
    x ^= x << 16;
    x ^= x << 32;
    return x;
}

/// Bytes that can continue a number or a literal: white space between two of
/// them separates tokens (`1 2`, `tru e`), so one space stays there.
static const unsigned char word_bytes[256] = {
    ['0' ... '9'] = 1, ['a' ... 'z'] = 1, ['A' ... 'Z'] = 1, ['-'] = 1, ['+'] = 1, ['.'] = 1,
};

/// What carries from one block to the next.
typedef struct {
    uint64_t escape_carry; // 1: the next byte is escaped
    uint64_t in_string;    // all ones: the next byte is in a string
    bool removed_last;     // the previous block's last byte was removed
} scan_state;

/// Makes room in `map` for a block's steps: one per run, and 64 bytes hold at most 32.
/// Returns 0, with the map marked failed, when there is none.
static int reserve_block_steps(yjm_shift_map *map) {
    if (map->failed) return 0;
    if (map->count + 32 <= map->capacity) return 1;
    size_t capacity = map->capacity ? map->capacity * 2 : 4096;
    yjm_shift *steps = realloc(map->steps, capacity * sizeof *steps);
    if (!steps) {
        map->failed = 1;
        return 0;
    }
    map->steps = steps;
    map->capacity = capacity;
    return 1;
}

/// Copies the bytes of `block[0 ..< 64]` that stay to `output`, and returns how
/// many it wrote. `block` must be readable for 16 bytes past its end, and
/// `output` writable for 64 + 16 bytes: runs are copied 16 bytes at a time.
/// `output[-1]` is the last byte written before, if `written` is not 0. The block
/// is at `block_offset` in the input; `map`, if not NULL, is told where runs go.
static size_t compact_block(const unsigned char *block, unsigned char *output, size_t written, scan_state *state,
                            uint64_t valid, size_t block_offset, yjm_shift_map *map) {
    byte_classes classes = classify(block);
    // Most blocks have no backslash, and then no escape unless one carries in.
    uint64_t escaped = classes.backslashes | state->escape_carry ? escaped_bytes(classes.backslashes, &state->escape_carry) : 0;
    uint64_t quotes = classes.quotes & ~escaped;
    uint64_t in_string = prefix_parity(quotes) ^ state->in_string;
    state->in_string = (uint64_t)((int64_t)in_string >> 63);
    uint64_t keep = ~(classes.spaces & ~in_string) & valid;
    unsigned char *out = output;
    bool removed_before = state->removed_last;
    state->removed_last = (classes.spaces & ~in_string) >> 63;
    // The map's next step in a local: stores through `out` may alias `map`'s fields, which
    // the compiler would otherwise load again after every run.
    yjm_shift *step = map ? map->steps + map->count : NULL;
    size_t compacted = written;

    while (keep) {
        int start = __builtin_ctzll(keep);
        if (start > 0) removed_before = true;
        // The last byte written (here or before this block) and this run's first
        // byte were apart; if both are word bytes, a space keeps them apart.
        if (removed_before && compacted > 0 && word_bytes[out[-1]] && word_bytes[block[start]]) {
            *out++ = ' ';
            compacted++;
        }
        // Where this run goes and comes from (one step per run: checking for a repeat costs more).
        if (step) *step++ = (yjm_shift){(uint32_t)compacted, (uint32_t)(block_offset + (size_t)start - compacted)};
        if (keep == UINT64_MAX) { // nothing removed in this block
            memcpy(out, block, 64);
            out += 64;
            break;
        }
        int length = __builtin_ctzll(~(keep >> start)); // the zeros shifted in end the run
        for (int copied = 0; copied < length; copied += 16) memcpy(out + copied, block + start + copied, 16);
        out += length;
        compacted += (size_t)length;
        keep &= keep + (1ULL << start); // clears this run
        removed_before = true;
    }
    if (map) map->count = (size_t)(step - map->steps);
    return (size_t)(out - output);
}

int yjm_looks_indented(const unsigned char *input, size_t length) {
    size_t sample = length < 4096 ? length : 4096, spaces = 0;
    for (size_t i = 0; i < sample; i++) spaces += input[i] == ' ' || input[i] == '\n' || input[i] == '\t' || input[i] == '\r';
    // A third or more. The copy and its map cost about five instructions a byte and save about
    // twenty a byte of white space: twitter.json, 26 % white space, took 15.7 M instructions
    // to parse from a copy and 15.5 M as it is.
    return sample > 0 && spaces * 3 >= sample;
}

size_t yjm_compact_whitespace(const unsigned char *input, size_t length, unsigned char *output) {
    return yjm_compact_mapped(input, length, output, NULL);
}

size_t yjm_compact_mapped(const unsigned char *input, size_t length, unsigned char *output, yjm_shift_map *map) {
    scan_state state = {0, 0, false};
    size_t i = 0, o = 0;
    // Whole blocks while 16 bytes beyond them can be read, and the output's
    // 16-byte stores stay within `length` (it never runs ahead of the input).
    while (i + 64 + 16 <= length) {
        o += compact_block(input + i, output + o, o, &state, UINT64_MAX, i, map && reserve_block_steps(map) ? map : NULL);
        i += 64;
    }
    // The rest, at most 79 bytes, through buffers with room to spare.
    while (i < length) {
        unsigned char block[64 + 16] = {0}, out[64 + 16 + 1];
        size_t n = length - i < 64 ? length - i : 64;
        memcpy(block, input + i, n);
        if (o > 0) out[0] = output[o - 1]; // the last byte written, for the word check
        size_t count = compact_block(block, out + 1, o, &state, n == 64 ? UINT64_MAX : (1ULL << n) - 1, i,
                                     map && reserve_block_steps(map) ? map : NULL);
        memcpy(output + o, out + 1, count);
        o += count;
        i += n;
    }
    return o;
}
