// What yajl need not read, left out before parsing. `yjm_parse` parses a copy of
// the text without the white space between tokens and without the text inside
// strings, with a map of where the copy's runs of bytes came from. The tree stores
// the text's own offsets, and strings are read, and their escapes decoded, from the
// text, whose UTF-8 the copy checks as it goes: the tree is the one the text gives.
//
// yajl reads white space and string text a byte at a time in its lexer, at a cost
// several times that of classifying a byte here. The copy keeps what yajl must see
// to accept or reject the text as it would: structure, numbers and literals, and
// in strings their quotes, control bytes (which yajl rejects) and each backslash
// with the five bytes after it (an escape, `\u` and four hex digits at most).
// It looks at 64 bytes at once, as bit masks (bit i for byte i) made with vector
// compares, and works out which bytes lie in strings with word arithmetic on those
// masks, as simdjson does. The copy pays where white space or string text make up
// enough of the text; the measured costs are in the Codable article. Copying a run at
// a time mispredicts branches, as runs start and end anywhere: with AVX-512 VBMI2 a
// block is packed with one compress instead, so that the branches follow how many
// runs a block has, not where they are.

#include "builder.h"
#include "utf8.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef unsigned char bytes16 __attribute__((ext_vector_type(16)));
typedef char matches16 __attribute__((ext_vector_type(16)));
typedef bool bits16 __attribute__((ext_vector_type(16)));
typedef unsigned char bytes32 __attribute__((ext_vector_type(32)));
typedef char matches32 __attribute__((ext_vector_type(32)));
typedef bool bits32 __attribute__((ext_vector_type(32)));
typedef unsigned char bytes64 __attribute__((ext_vector_type(64)));
typedef char matches64 __attribute__((ext_vector_type(64)));
typedef bool bits64 __attribute__((ext_vector_type(64)));

/// Bit i set where lane i of a compare matched (one pmovmskb on x86). Macros, not
/// functions: a function taking a 32-byte vector would have another ABI with AVX.
#define BIT_MASK(matches, bits_type, mask_type)                       \
    ({                                                                \
        bits_type bits_ = __builtin_convertvector((matches), bits_type); \
        mask_type mask_;                                              \
        memcpy(&mask_, &bits_, sizeof mask_);                         \
        (uint64_t)mask_;                                              \
    })
#define BIT_MASK16(matches) BIT_MASK(matches, bits16, uint16_t)
#define BIT_MASK32(matches) BIT_MASK(matches, bits32, uint32_t)
#define BIT_MASK64(matches) BIT_MASK(matches, bits64, uint64_t)

/// Which of 64 bytes are quotes, backslashes, white space, control bytes and not ASCII, and
/// which may end a number or a literal (`words`: any byte but those and `,` `:` and brackets;
/// more is safe, as it only keeps a space after them).
typedef struct {
    uint64_t quotes, backslashes, spaces, controls, high, words;
} byte_classes;

/// Adds the classes of the bytes in vector `v` (`mask` turns its compares into bits) as
/// the bits from `shift` on. (`words` is a class of its own, not worked out from the
/// others' bits: an optimizer that sees through that may take the masks a bit at a time.)
#define ADD_CLASSES(classes, v, mask, shift)                                                            \
    do {                                                                                                \
        __typeof__((v) == 0) quotes_ = (v) == '"';                                                      \
        /* '\t' | 4 and '\r' | 4 are '\r', and no other byte's is: one compare for both. */                \
        __typeof__((v) == 0) spaces_ = ((v) == ' ') | ((v) == '\n') | (((v) | 4) == '\r');              \
        /* x | 0x26 is 0x7F for [ ] { } (and Y y _ DEL, in no token of JSON). */                         \
        __typeof__((v) == 0) punctuation_ = ((v) == ',') | ((v) == ':') | (((v) | 0x26) == 0x7F);       \
        (classes).quotes |= mask(quotes_) << (shift);                                                   \
        (classes).backslashes |= mask((v) == '\\') << (shift);                                          \
        (classes).spaces |= mask(spaces_) << (shift);                                                   \
        (classes).controls |= mask((v) < 0x20) << (shift);                                              \
        (classes).high |= mask((v) >= 0x80) << (shift);                                                 \
        (classes).words |= mask(~(quotes_ | spaces_ | punctuation_)) << (shift);                        \
    } while (0)

/// Adds to `classes` what `add` finds in the 64 bytes at `block`, in vectors of `width`
/// bytes: 16 for any caller, 32 or 64 for one built for AVX2 or AVX-512 (see `yjm_copy_structure`).
#define CLASSIFY(classes, block, width, add)                  \
    do {                                                      \
        if ((width) == 64) {                                  \
            bytes64 v;                                        \
            memcpy(&v, (block), 64);                          \
            add(classes, v, BIT_MASK64, 0);                   \
        } else if ((width) == 32) {                           \
            for (int part = 0; part < 2; part++) {            \
                bytes32 v;                                    \
                memcpy(&v, (block) + 32 * part, 32);          \
                add(classes, v, BIT_MASK32, 32 * part);       \
            }                                                 \
        } else {                                              \
            for (int part = 0; part < 4; part++) {            \
                bytes16 v;                                    \
                memcpy(&v, (block) + 16 * part, 16);          \
                add(classes, v, BIT_MASK16, 16 * part);       \
            }                                                 \
        }                                                     \
    } while (0)

__attribute__((always_inline)) static inline byte_classes classify(const unsigned char *block, int width) {
    byte_classes classes = {0, 0, 0, 0, 0, 0};
    CLASSIFY(classes, block, width, ADD_CLASSES);
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

/// Each backslash and the five bytes after it: the whole of any escape (`\u` and four hex
/// digits). `*spill` holds the bytes of this block that a backslash in the previous one
/// reaches, and is set for the next.
static inline uint64_t escape_windows(uint64_t backslashes, uint64_t *spill) {
    uint64_t reached = *spill;
    *spill = 0;
    for (int i = 0; i <= 5; i++) {
        reached |= backslashes << i;
        if (i > 0) *spill |= backslashes >> (64 - i);
    }
    return reached;
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
    uint64_t escape_spill; // the next block's bytes that an escape from this one reaches
    bool removed_last;     // the previous block's last byte was removed
    uint64_t word_last;    // 1: the previous block's last byte may end a number or literal
    uint64_t kept_last;    // 1: the previous block's last byte was kept (its run may go on)
    uint64_t utf8_carry;   // the next block's bytes that must continue a sequence from this one
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

/// What the copy leaves out of a block: white space between tokens, and with `hollow`,
/// the text of strings except what yajl rejects or decodes (control bytes and escapes).
typedef struct {
    uint64_t spaces, text;
    uint64_t quotes; // the quotes that open or close a string
} removals;

__attribute__((always_inline)) static inline removals removed_bytes(byte_classes classes, scan_state *state,
                                                                    bool hollow, int width) {
    // Most blocks have no backslash, and then no escape unless one carries in.
    uint64_t escaped = classes.backslashes | state->escape_carry ? escaped_bytes(classes.backslashes, &state->escape_carry) : 0;
    uint64_t quotes = classes.quotes & ~escaped;
    uint64_t in_string = prefix_parity(quotes) ^ state->in_string;
    state->in_string = (uint64_t)((int64_t)in_string >> 63);
    // A copy that packs a block at once (width 64: see `compact_block`) cannot put a space
    // between two tokens that white space kept apart (`1 2` must not become `12`), so it
    // keeps the space after a number or literal.
    uint64_t spaces_kept = 0;
    if (width == 64) {
        spaces_kept = classes.words << 1 | state->word_last;
        state->word_last = classes.words >> 63;
    }
    removals gone = {classes.spaces & ~in_string & ~spaces_kept, 0, quotes};
    if (hollow) {
        uint64_t checked = classes.controls;
        if (classes.backslashes | state->escape_spill) checked |= escape_windows(classes.backslashes, &state->escape_spill);
        gone.text = in_string & ~quotes & ~checked;
    }
    return gone;
}

#if defined(__x86_64__)
#include <immintrin.h>
/// Writes the bytes of `input[0 ..< 64]` that `keep` keeps (bit i for byte i) to `output`, in
/// order, with one compress (AVX-512 VBMI2), and 64 bytes in all. Not always inlined, which
/// would need every caller built for it: the optimizer inlines it into the copy that is.
__attribute__((target("avx512f,avx512bw,avx512vbmi2"))) static inline void pack_compressed(
    const unsigned char *input, uint64_t keep, unsigned char *output) {
    _mm512_storeu_si512(output, _mm512_maskz_compress_epi8(keep, _mm512_loadu_si512(input)));
}
#endif

/// Notes in `step` where the run of kept bytes that starts at bit `start` of the block at
/// `block_offset` goes: after `compacted` bytes of the copy and the block's kept bytes
/// before it. `start` may be 64 (no run): the step is then written but not counted.
__attribute__((always_inline)) static inline void note_run(yjm_shift *step, int start, uint64_t keep,
                                                           size_t compacted, size_t block_offset) {
    uint64_t before = start < 64 ? keep & ((1ULL << start) - 1) : keep;
    size_t at = compacted + (size_t)__builtin_popcountll(before);
    *step = (yjm_shift){(uint32_t)at, (uint32_t)(block_offset + (size_t)start - at)};
}

/// Adds to `map` a step for each run of kept bytes that `starts` in the block (see `note_run`).
__attribute__((always_inline)) static inline void note_runs(yjm_shift_map *map, uint64_t starts, uint64_t keep,
                                                            size_t compacted, size_t block_offset) {
    if (!starts) return; // a block of numbers, or one run that goes on
    yjm_shift *step = map->steps + map->count;
    map->count += (size_t)__builtin_popcountll(starts);
    // Four steps whatever the count (a block of indented text has about four), so that the
    // branches follow the count, not where the runs are.
    for (int i = 0; i < 4; i++, starts &= starts - 1) {
        note_run(step + i, starts ? __builtin_ctzll(starts) : 64, keep, compacted, block_offset);
    }
    for (int i = 4; starts; i++, starts &= starts - 1) {
        note_run(step + i, __builtin_ctzll(starts), keep, compacted, block_offset);
    }
}

/// Copies the bytes of `block[0 ..< 64]` (whose `classes` are given) that stay to
/// `output`, and returns how many it wrote. White space between tokens goes; with `hollow`, so do the bytes
/// inside strings that yajl need not see (see `yjm_copy_structure`). `block` must be
/// readable for 16 bytes past its end, and `output` writable for 64 + 16 bytes.
/// `output[-1]` is the last byte written before, if `written` is not 0. The block
/// is at `block_offset` in the input; `map`, if not NULL, is told where runs go.
///
/// With AVX-512 (`width` 64) the block is packed at once, with no branch that depends on
/// where its runs are. Elsewhere runs are copied one at a time, 16 bytes per store: byte
/// shuffles that pack 8 or 16 bytes at a time cost more than that over the corpus with
/// AVX2 (and a block of indented text has about four runs).
__attribute__((always_inline)) static inline size_t compact_block(byte_classes classes, const unsigned char *block,
                                                                unsigned char *output, size_t written,
                                                                scan_state *state, uint64_t valid, size_t block_offset,
                                                                yjm_shift_map *map, bool hollow, int width) {
    removals gone = removed_bytes(classes, state, hollow, width);
    uint64_t removed = gone.spaces | gone.text;
    uint64_t keep = ~removed & valid;
    bool removed_before = state->removed_last;
    state->removed_last = removed >> 63;
#if defined(__x86_64__)
    uint64_t kept_before = state->kept_last;
    state->kept_last = keep >> 63;
    if (width == 64) {
        if (map) note_runs(map, keep & ~(keep << 1 | kept_before), keep, written, block_offset);
        pack_compressed(block, keep, output);
        return (size_t)__builtin_popcountll(keep);
    }
#endif
    unsigned char *out = output;
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

/// Which of 64 bytes that are not ASCII lead a sequence of two, three or four bytes, or
/// continue one, and which are leads whose next byte has a narrower range than 80-BF
/// (E0, ED, F0, F4), or are never UTF-8 (C0, C1, F5-FF).
typedef struct {
    uint64_t leads2, leads3, leads4, continuations, special;
} utf8_classes;

#define ADD_UTF8_CLASSES(classes, v, mask, shift)                                                       \
    do {                                                                                                \
        (classes).leads2 |= mask(((v) & 0xE0) == 0xC0) << (shift);                                      \
        (classes).leads3 |= mask(((v) & 0xF0) == 0xE0) << (shift);                                      \
        (classes).leads4 |= mask(((v) & 0xF8) == 0xF0) << (shift);                                      \
        (classes).continuations |= mask(((v) & 0xC0) == 0x80) << (shift);                               \
        (classes).special |= mask((((v) & 0xFE) == 0xC0) | ((v) == 0xE0) | ((v) == 0xED) | ((v) == 0xF0) | \
                                  ((v) >= 0xF4)) << (shift);                                            \
    } while (0)

__attribute__((always_inline)) static inline utf8_classes classify_utf8(const unsigned char *block, int width) {
    utf8_classes classes = {0, 0, 0, 0, 0};
    CLASSIFY(classes, block, width, ADD_UTF8_CLASSES);
    return classes;
}

/// Whether the bytes of the block at `offset` that are not ASCII (`high`) are UTF-8,
/// with `state->utf8_carry` the continuation bytes that leads in the block before need
/// here (and set for the next). A text that is not UTF-8 is not JSON, so the copy
/// checks it, with no cost for ASCII, and the builder need not check the strings it
/// reads from the text. Without special bytes a block is checked as masks: every
/// continuation byte is one that a lead needs, and every other byte is a lead. A block
/// with them (rare in real text) is checked a byte at a time, from its first
/// lead to the end of the sequence that spans the block's end.
__attribute__((always_inline)) static inline bool utf8_checked(const unsigned char *block, uint64_t high,
                                                               const unsigned char *input, size_t length,
                                                               size_t offset, scan_state *state, int width) {
    utf8_classes classes = classify_utf8(block, width);
    uint64_t needed = state->utf8_carry;
    if (!classes.special) {
        uint64_t leads = classes.leads2 | classes.leads3 | classes.leads4;
        uint64_t leads3or4 = classes.leads3 | classes.leads4;
        needed |= leads << 1 | leads3or4 << 2 | classes.leads4 << 3;
        state->utf8_carry = leads >> 63 | leads3or4 >> 62 | classes.leads4 >> 61;
        return needed == classes.continuations && (leads | classes.continuations) == high;
    }
    if (needed & ~classes.continuations) return false;
    size_t from = offset + (size_t)__builtin_ctzll(high & ~needed); // a special byte is there
    size_t to = offset + 64 + 3 < length ? offset + 64 + 3 : length; // where a sequence from the block ends
    size_t checked = from + yjm_utf8_valid_prefix(input + from, to - from);
    if (checked < offset + 64 && checked < length) return false;
    // The next block's bytes that continue the sequence across the end.
    state->utf8_carry = 0;
    for (size_t next = offset + 64; next < checked && (input[next] & 0xC0) == 0x80; next++) {
        state->utf8_carry |= 1ULL << (next - offset - 64);
    }
    return true;
}

/// Writes the copy of `input[0 ..< length]` to `output` (see `compact_block`), and returns its length.
/// With `hollow`, it also checks that the text is UTF-8 (see `utf8_checked`), and
/// marks `map` failed when it is not.
__attribute__((always_inline)) static inline size_t copy_text(const unsigned char *input, size_t length,
                                                             unsigned char *output, yjm_shift_map *map, bool hollow,
                                                             int width) {
    scan_state state = {0};
    size_t i = 0, o = 0;
    bool utf8 = true;
    // Whole blocks while 16 bytes beyond them can be read, and the output's
    // 16-byte stores stay within `length` (it never runs ahead of the input).
    while (i + 64 + 16 <= length) {
        byte_classes classes = classify(input + i, width);
        if (hollow && (classes.high | state.utf8_carry) &&
            !(utf8 = utf8_checked(input + i, classes.high, input, length, i, &state, width))) {
            break;
        }
        o += compact_block(classes, input + i, output + o, o, &state, UINT64_MAX, i,
                           map && reserve_block_steps(map) ? map : NULL, hollow, width);
        i += 64;
    }
    // The rest, at most 79 bytes, through buffers with room to spare.
    while (utf8 && i < length) {
        unsigned char block[64 + 16] = {0}, out[64 + 16 + 1];
        size_t n = length - i < 64 ? length - i : 64;
        memcpy(block, input + i, n);
        if (o > 0) out[0] = output[o - 1]; // the last byte written, for the word check
        byte_classes classes = classify(block, width);
        if (hollow && (classes.high | state.utf8_carry) &&
            !(utf8 = utf8_checked(block, classes.high, input, length, i, &state, width))) {
            break;
        }
        size_t count = compact_block(classes, block, out + 1, o, &state, n == 64 ? UINT64_MAX : (1ULL << n) - 1, i,
                                     map && reserve_block_steps(map) ? map : NULL, hollow, width);
        memcpy(output + o, out + 1, count);
        o += count;
        i += n;
    }
    if ((!utf8 || state.utf8_carry) && map) map->failed = 1; // not UTF-8, or cut off in a sequence
    // The map ends with a step that no offset reaches, so a walk along it needs no bound.
    if (map && reserve_block_steps(map)) map->steps[map->count] = (yjm_shift){UINT32_MAX, 0};
    return o;
}

size_t yjm_compact_whitespace(const unsigned char *input, size_t length, unsigned char *output) {
    return copy_text(input, length, output, NULL, false, 16);
}

static size_t copy_structure(const unsigned char *input, size_t length, unsigned char *output, yjm_shift_map *map) {
    return copy_text(input, length, output, map, true, 16);
}

#if defined(__x86_64__)
// Baseline x86-64 has 16-byte vectors only. Most machines have AVX2's 32-byte ones, which
// classify a block in half the instructions; many servers have AVX-512's 64-byte ones, and
// VBMI2's compress, which packs a block at once. (valgrind runs the AVX2 copy: it has no AVX-512.)
__attribute__((target("avx2"))) static size_t copy_structure_avx2(const unsigned char *input, size_t length,
                                                                 unsigned char *output, yjm_shift_map *map) {
    return copy_text(input, length, output, map, true, 32);
}

__attribute__((target("avx512f,avx512bw,avx512vbmi2,popcnt,bmi"))) static size_t copy_structure_avx512(
    const unsigned char *input, size_t length, unsigned char *output, yjm_shift_map *map) {
    return copy_text(input, length, output, map, true, 64);
}
#endif

int yjm_copy_widths(void) {
    int widths = 16;
#if defined(__x86_64__)
    if (__builtin_cpu_supports("avx2")) widths |= 32;
    // Every processor with these has POPCNT and BMI too, which the copy is built for.
    if (__builtin_cpu_supports("avx512vbmi2") && __builtin_cpu_supports("avx512bw")) widths |= 64;
#endif
    return widths;
}

size_t yjm_copy_structure(const unsigned char *input, size_t length, unsigned char *output, yjm_shift_map *map,
                          int width) {
#if defined(__x86_64__)
    if (width == 64) return copy_structure_avx512(input, length, output, map);
    if (width == 32) return copy_structure_avx2(input, length, output, map);
#endif
    return copy_structure(input, length, output, map);
}

int yjm_worth_copying(const unsigned char *input, size_t length) {
    // In instructions, counted with callgrind over the corpus: yajl spends about 17 on a byte
    // of white space and 7 on a byte of string text; the copy costs about 4 a byte (with AVX2),
    // and each string whose text it leaves out about 60 (a run of the copy, and a second
    // offset to map). Strings of a few bytes (random.json: 10 on average) do not pay.
    size_t sample = length < 4096 ? length : 4096;
    scan_state state = {0};
    uint64_t saved = 0, cost = 4 * (uint64_t)sample;
    for (size_t i = 0; i + 64 <= sample; i += 64) {
        removals gone = removed_bytes(classify(input + i, 16), &state, true, 16);
        saved += 17 * (uint64_t)__builtin_popcountll(gone.spaces) + 7 * (uint64_t)__builtin_popcountll(gone.text);
        cost += 30 * (uint64_t)__builtin_popcountll(gone.quotes);
    }
    return saved > cost;
}
