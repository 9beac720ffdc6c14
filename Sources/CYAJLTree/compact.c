// What yajl need not read, left out before parsing. `yjm_parse` parses a copy of
// the text without the white space between tokens and without the text inside
// strings, with a map of where the copy's runs of bytes came from, made a stretch at a
// time just before yajl parses it. The tree stores
// the text's own offsets, and strings are read, and their escapes decoded, from the
// text, whose UTF-8 the copy checks as it goes: the tree is the one the text gives.
//
// yajl reads white space and string text a byte at a time in its lexer, at several
// instructions a byte. The copy keeps what yajl must see to accept or reject the text
// as it would: structure, numbers and literals, and in strings their quotes, control
// bytes (which yajl rejects) and each backslash with the five bytes after it (an
// escape, `\u` and four hex digits at most). It looks at 64 bytes at once, as bit
// masks (bit i for byte i) made with vector compares, and works out which bytes lie
// in strings with word arithmetic on those masks, as simdjson does. Copying a run at a
// time mispredicts branches, as runs start and end anywhere: with AVX-512 VBMI2 a block
// is packed with one compress instead.
//
// This file holds all of the copy: the classification of bytes, the copy and its map,
// the UTF-8 check, and the kernels, of which the first that runs here is chosen once.

#include "builder.h"
#include "utf8.h"

#include <stdatomic.h>
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
#if defined(__aarch64__)
#include <arm_neon.h>
/// NEON has no instruction that gathers a bit a lane: each lane keeps the bit of its place in
/// its half, and three pairwise additions sum the halves' lanes into two bytes.
static inline uint64_t neon_bit_mask16(uint8x16_t matches) {
    static const uint8_t place[16] = {1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128};
    uint8x16_t bits = vandq_u8(matches, vld1q_u8(place));
    uint8x8_t sums = vpadd_u8(vget_low_u8(bits), vget_high_u8(bits));
    sums = vpadd_u8(sums, sums);
    sums = vpadd_u8(sums, sums);
    return vget_lane_u16(vreinterpret_u16_u8(sums), 0);
}
#define BIT_MASK16(matches) neon_bit_mask16((uint8x16_t)(matches))
#else
// SSE2's pmovmskb on x86-64; elsewhere the compiler's own lowering of the bool vector.
#define BIT_MASK16(matches) BIT_MASK(matches, bits16, uint16_t)
#endif
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
/// bytes: 16 for any caller, 32 or 64 for one built for AVX2 or AVX-512 (see the kernels below).
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

typedef yjm_scan_state scan_state;

/// Makes room in `map` for a block's steps: one per run, and 64 bytes hold at most 32.
/// Returns 0, with the map marked failed, when there is none.
static int reserve_block_steps(yjm_shift_map *map) {
    if (map->failed) return 0;
    if (map->count + 32 <= map->capacity) return 1;
    size_t capacity = map->capacity ? map->capacity * 2 : 4096;
    yjm_shift *steps = yjm_block_resize(map->steps, map->count * sizeof *steps, capacity * sizeof *steps, &map->mapped);
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
                                                                    bool hollow, bool compress) {
    // Most blocks have no backslash, and then no escape unless one carries in.
    uint64_t escaped = classes.backslashes | state->escape_carry ? escaped_bytes(classes.backslashes, &state->escape_carry) : 0;
    uint64_t quotes = classes.quotes & ~escaped;
    uint64_t in_string = prefix_parity(quotes) ^ state->in_string;
    state->in_string = (uint64_t)((int64_t)in_string >> 63);
    // A copy that packs a block at once (`compress`: see `compact_block`) cannot put a space
    // between two tokens that white space kept apart (`1 2` must not become `12`), so it
    // keeps the space after a number or literal.
    uint64_t spaces_kept = 0;
    if (compress) {
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
#endif

/// Copies the bytes of `block[0 ..< 64]` (whose `classes` are given) that stay to
/// `output`, and returns how many it wrote. White space between tokens goes; with `hollow`, so do the bytes
/// inside strings that yajl need not see (see `yjm_text_copy`). `block` must be
/// readable for 16 bytes past its end, and `output` writable for 64 + 16 bytes.
/// `output[-1]` is the last byte written before, if `written` is not 0. The block
/// is at `block_offset` in the input; `map`, if not NULL, is told where runs go.
///
/// With `compress` (AVX-512 VBMI2) the block is packed at once, with no branch that depends on
/// where its runs are. Elsewhere runs are copied one at a time, 16 bytes per store: byte
/// shuffles that pack 8 or 16 bytes at a time cost more than that with AVX2, as a block
/// of indented text has only a few runs.
__attribute__((always_inline)) static inline size_t compact_block(byte_classes classes, const unsigned char *block,
                                                                unsigned char *output, size_t written,
                                                                scan_state *state, uint64_t valid, size_t block_offset,
                                                                yjm_shift_map *map, bool hollow, bool compress) {
    removals gone = removed_bytes(classes, state, hollow, compress);
    uint64_t removed = gone.spaces | gone.text;
    uint64_t keep = ~removed & valid;
    bool removed_before = state->removed_last;
    state->removed_last = removed >> 63;
#if defined(__x86_64__)
    uint64_t kept_before = state->kept_last;
    state->kept_last = keep >> 63;
    if (compress) {
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
/// with them (few are) is checked a byte at a time, from its first lead to the end of
/// the sequence that spans the block's end.
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

/// Writes the copy of `input[0 ..< length]` to `output` (see `compact_block`), from where
/// `progress` stands up to about `to` (at least to the last whole block before it; all of the
/// rest when `to` reaches `length`), and moves `progress` on. With `hollow`, it also checks that
/// the text is UTF-8 (see `utf8_checked`), and marks `map` failed and not UTF-8 when it is not.
/// The steps written end with one that no offset reaches, so a walk along them needs no bound.
/// `width` is the size of the vectors that classify bytes, `compress` whether a block is packed at once.
__attribute__((always_inline)) static inline void copy_text(const unsigned char *input, size_t length, size_t to,
                                                           unsigned char *output, yjm_shift_map *map,
                                                           yjm_copy_progress *progress, bool hollow, int width,
                                                           bool compress) {
    scan_state state = progress->state;
    size_t i = progress->read, o = progress->written;
    bool utf8 = true;
    // Whole blocks while 16 bytes beyond them can be read, and the output's
    // 16-byte stores stay within `length` (it never runs ahead of the input).
    while (i < to && i + 64 + 16 <= length) {
        byte_classes classes = classify(input + i, width);
        if (hollow && (classes.high | state.utf8_carry) &&
            !(utf8 = utf8_checked(input + i, classes.high, input, length, i, &state, width))) {
            break;
        }
        o += compact_block(classes, input + i, output + o, o, &state, UINT64_MAX, i,
                           map && reserve_block_steps(map) ? map : NULL, hollow, compress);
        i += 64;
    }
    // The rest, at most 79 bytes, through buffers with room to spare.
    while (utf8 && to >= length && i < length) {
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
                                     map && reserve_block_steps(map) ? map : NULL, hollow, compress);
        memcpy(output + o, out + 1, count);
        o += count;
        i += n;
    }
    // Not UTF-8, or cut off in a sequence at the end.
    if ((!utf8 || (i == length && state.utf8_carry)) && map) map->failed = map->not_utf8 = 1;
    if (map && reserve_block_steps(map)) map->steps[map->count] = (yjm_shift){UINT32_MAX, 0};
    *progress = (yjm_copy_progress){i, o, state};
}

size_t yjm_compact_whitespace(const unsigned char *input, size_t length, unsigned char *output) {
    if (length > YJM_MAX_INPUT) return 0;
    yjm_copy_progress progress = {0};
    copy_text(input, length, length, output, NULL, &progress, false, 16, false);
    return progress.written;
}

// MARK: Kernels
//
// Each kernel is copy_text built for one set of instructions, and runs only where the
// processor has every one of them (`runs_here`). Baseline x86-64 has 16-byte vectors
// (SSE2), as arm64 has (NEON). Most x86-64 machines have AVX2's 32-byte ones, which
// classify a block in half the instructions; many servers have AVX-512's 64-byte ones,
// and VBMI2's compress, which packs a block at once. (valgrind runs the AVX2 kernel: it
// has no AVX-512.)

typedef yjm_copy_function copy_function;

typedef struct {
    yjm_copy_kernel kernel;
    copy_function *copy;
    bool (*runs_here)(void);
} copy_kernel;

static void copy_runs16(const unsigned char *input, size_t length, size_t to, unsigned char *output,
                        yjm_shift_map *map, yjm_copy_progress *progress) {
    copy_text(input, length, to, output, map, progress, true, 16, false);
}

static bool always(void) { return true; }

#if defined(__x86_64__)
// The target attributes and the checks in `runs_here` name the same features: everything
// the compiler may use in the kernel (AVX-512 F implies AVX2, AVX and SSE4.2 to the compiler).
#define AVX2_FEATURES "avx2,bmi,bmi2,popcnt,lzcnt"

__attribute__((target(AVX2_FEATURES))) static void copy_runs32(const unsigned char *input, size_t length, size_t to,
                                                                unsigned char *output, yjm_shift_map *map,
                                                                yjm_copy_progress *progress) {
    copy_text(input, length, to, output, map, progress, true, 32, false);
}

static bool has_avx2(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2") &&
           __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("lzcnt");
}

__attribute__((target("avx512f,avx512bw,avx512vbmi2," AVX2_FEATURES))) static void copy_compress64(
    const unsigned char *input, size_t length, size_t to, unsigned char *output, yjm_shift_map *map,
    yjm_copy_progress *progress) {
    copy_text(input, length, to, output, map, progress, true, 64, true);
}

static bool has_avx512_vbmi2(void) {
    return has_avx2() && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
           __builtin_cpu_supports("avx512vbmi2");
}
#endif

/// Every kernel built for this target, the one to prefer first; the last runs everywhere.
static const copy_kernel kernels[] = {
#if defined(__x86_64__)
    {YJM_COPY_COMPRESS_64, copy_compress64, has_avx512_vbmi2},
    {YJM_COPY_RUNS_32, copy_runs32, has_avx2},
#endif
    {YJM_COPY_RUNS_16, copy_runs16, always},
};

/// The kernel `yjm_parse` uses: the first in `kernels` that runs here, found on first use.
/// Threads that race to find it find the same one.
static const copy_kernel *chosen_kernel(void) {
    static _Atomic(const copy_kernel *) chosen;
    const copy_kernel *kernel = atomic_load_explicit(&chosen, memory_order_acquire);
    if (kernel) return kernel;
    for (kernel = kernels; !kernel->runs_here(); kernel++) {}
    atomic_store_explicit(&chosen, kernel, memory_order_release);
    return kernel;
}

int yjm_copy_kernels(void) {
    int found = 0;
    for (size_t i = 0; i < sizeof kernels / sizeof kernels[0]; i++) {
        if (kernels[i].runs_here()) found |= kernels[i].kernel;
    }
    return found;
}

// MARK: The copy

yjm_copy_result yjm_text_copy_start(const unsigned char *input, size_t length, yjm_copy_kernel kernel,
                                    yjm_text_copy *copy) {
    const copy_kernel *chosen = chosen_kernel();
    if (kernel) {
        chosen = NULL;
        for (size_t i = 0; i < sizeof kernels / sizeof kernels[0]; i++) {
            if (kernels[i].kernel == kernel && kernels[i].runs_here()) chosen = &kernels[i];
        }
    }
    // The map's steps hold offsets as 32 bits, which YJM_MAX_INPUT keeps exact.
    if (!chosen || length > YJM_MAX_INPUT) return YJM_COPY_NONE;
    *copy = (yjm_text_copy){.text = input, .text_length = length, .copy = chosen->copy};
    copy->bytes = yjm_block_alloc(length, &copy->bytes_mapped);
    // Room for a step per 8 bytes of text, more than typical text takes, so that the map
    // seldom regrows; pages never written cost nothing.
    copy->map.capacity = length / 8 + 64;
    copy->map.steps = yjm_block_alloc(copy->map.capacity * sizeof(yjm_shift), &copy->map.mapped);
    if (copy->bytes && copy->map.steps) return YJM_COPY_MADE;
    yjm_text_copy_free(copy);
    return YJM_COPY_OUT_OF_MEMORY;
}

int yjm_text_copy_next(yjm_text_copy *copy, size_t to) {
    copy->copy(copy->text, copy->text_length, to, copy->bytes, &copy->map, &copy->progress);
    copy->length = copy->progress.written;
    return !copy->map.failed;
}

yjm_copy_result yjm_text_copy_make(const unsigned char *input, size_t length, yjm_copy_kernel kernel,
                                   yjm_text_copy *copy) {
    yjm_copy_result started = yjm_text_copy_start(input, length, kernel, copy);
    if (started != YJM_COPY_MADE) return started;
    yjm_text_copy_next(copy, length);
    yjm_copy_result result = copy->map.not_utf8 ? YJM_COPY_NOT_UTF8
                             : copy->map.failed ? YJM_COPY_OUT_OF_MEMORY
                             : copy->map.count == 0 ? YJM_COPY_NONE
                                                    : YJM_COPY_MADE;
    if (result != YJM_COPY_MADE) yjm_text_copy_free(copy);
    return result;
}

void yjm_text_copy_free(yjm_text_copy *copy) {
    yjm_block_free(copy->bytes, copy->bytes_mapped);
    yjm_block_free(copy->map.steps, copy->map.mapped);
    copy->bytes = NULL;
    copy->map.steps = NULL;
}

yjm_copy_result yjm_copy_holds(const unsigned char *input, size_t length) {
    yjm_text_copy copy;
    yjm_copy_result result = yjm_text_copy_make(input, length, 0, &copy);
    if (result == YJM_COPY_MADE) yjm_text_copy_free(&copy);
    return result;
}

int yjm_worth_copying(const unsigned char *input, size_t length) {
    if (length > YJM_MAX_INPUT) return 0;
    // A cost model in instructions: what yajl spends on a byte of white space (17) and of
    // string text (7), against what the copy costs a byte (4) and for each string whose
    // text it leaves out (30 a quote: a run of the copy, and a second offset to map).
    // Strings of a few bytes do not pay.
    size_t sample = length < 4096 ? length : 4096;
    scan_state state = {0};
    uint64_t saved = 0, cost = 4 * (uint64_t)sample;
    for (size_t i = 0; i + 64 <= sample; i += 64) {
        removals gone = removed_bytes(classify(input + i, 16), &state, true, false);
        saved += 17 * (uint64_t)__builtin_popcountll(gone.spaces) + 7 * (uint64_t)__builtin_popcountll(gone.text);
        cost += 30 * (uint64_t)__builtin_popcountll(gone.quotes);
    }
    return saved > cost;
}

// MARK: Split points
//
// A parallel parse (parallel.c) splits a text at commas directly inside one container: the
// deepest one that spans more than half of the text, so that `{"meta": …, "data": {"items":
// […]}}` splits inside its array as a top-level array does. Bytes are classified as for the
// copy; strings are tracked by the same quote and escape arithmetic. The pass only proposes:
// the parse checks every piece, and gives the serial parse's result when one fails.

/// Which of 64 bytes are quotes, backslashes, opening and closing brackets, and commas.
typedef struct {
    uint64_t quotes, backslashes, opens, closes, commas;
} structure_classes;

/// `x | 0x20` is '{' for '[' and '{' only, and '}' for ']' and '}' only.
#define ADD_BRACKETS(classes, v, mask, shift)                                    \
    do {                                                                         \
        (classes).quotes |= mask((v) == '"') << (shift);                         \
        (classes).backslashes |= mask((v) == '\\') << (shift);                   \
        (classes).opens |= mask(((v) | 0x20) == '{') << (shift);                 \
        (classes).closes |= mask(((v) | 0x20) == '}') << (shift);                \
    } while (0)
#define ADD_STRUCTURE(classes, v, mask, shift)                                   \
    do {                                                                         \
        ADD_BRACKETS(classes, v, mask, shift);                                   \
        (classes).commas |= mask((v) == ',') << (shift);                         \
    } while (0)

/// Where a scan stands at the start of a block: containers open, and the string state.
typedef struct {
    size_t depth;
    uint64_t escape_carry, in_string;
} structure_state;

/// The brackets, and with `commas` the commas, outside strings of the block at `offset` (the
/// text's last block padded with zeros, which are none of them), with `state`'s string state
/// carried over.
__attribute__((always_inline)) static inline structure_classes structure_of(const unsigned char *input, size_t length,
                                                                           size_t offset, structure_state *state,
                                                                           int width, bool commas) {
    unsigned char padded[64] = {0};
    const unsigned char *block = input + offset;
    if (length - offset < 64) {
        memcpy(padded, block, length - offset);
        block = padded;
    }
    structure_classes classes = {0, 0, 0, 0, 0};
    if (commas) {
        CLASSIFY(classes, block, width, ADD_STRUCTURE);
    } else {
        CLASSIFY(classes, block, width, ADD_BRACKETS);
    }
    uint64_t escaped = classes.backslashes | state->escape_carry
                           ? escaped_bytes(classes.backslashes, &state->escape_carry) : 0;
    uint64_t in_string = prefix_parity(classes.quotes & ~escaped) ^ state->in_string;
    state->in_string = (uint64_t)((int64_t)in_string >> 63);
    classes.opens &= ~in_string;
    classes.closes &= ~in_string;
    classes.commas &= ~in_string;
    return classes;
}

/// A scan's state is kept every this many bytes (a multiple of 64), so that a split is
/// looked for from near its target. Parts of the text scanned apart start at multiples of it.
#define CHECKPOINT_BYTES ((size_t)4096)
/// The most containers whose openings the scan keeps: a container nested deeper is not split.
#define TRACKED_DEPTH 64
/// The shortest part of a text that is scanned apart, the most parts a thread scans, and the
/// most parts in all.
#define MIN_PART_BYTES (2 * CHECKPOINT_BYTES)
#define PARTS_PER_THREAD 4
#define MAX_PARTS ((size_t)1024)

/// What the scan of one part of the text finds, for `join_parts` to put together.
typedef struct {
    size_t from, to;       // `input[from ..< to]`; `from` is a multiple of CHECKPOINT_BYTES
    structure_state start; // the string state at `from` (see `guess_state`); depth 0
    structure_state end;   // the string state at `to`
    // The containers the part leaves open: their opening brackets, the first TRACKED_DEPTH of
    // them. Each is at least as deep in the text as its place here.
    size_t opens[TRACKED_DEPTH], open_count;
    // The containers opened before the part that it closes: their closing brackets, the last
    // TRACKED_DEPTH of them in a ring (`closes[k % TRACKED_DEPTH]`). The k-th closes one at
    // least `close_count - 1 - k` deep: the earlier ones are too deep to be tracked.
    size_t closes[TRACKED_DEPTH], close_count;
    // The deepest container inside the part that spans more than half of the text: its depth
    // from the part's start. Only a part that is the whole text can hold one.
    int found;
    size_t depth, container, close;
} scan_part;

/// Scans `part` from its `start` state with vectors of `width` bytes, keeping the scan's state
/// at each multiple of CHECKPOINT_BYTES in it, its depth counted from the part's start
/// (modulo 2^64: the part may first close containers opened before it).
__attribute__((always_inline)) static inline void scan_part_with(const unsigned char *input, size_t length,
                                                                 scan_part *part, structure_state *checkpoints,
                                                                 int width) {
    structure_state state = part->start;
    size_t level = 0; // containers opened in the part and still open
    part->open_count = part->close_count = 0;
    part->found = 0;
    for (size_t offset = part->from; offset < part->to; offset += 64) {
        if (offset % CHECKPOINT_BYTES == 0) {
            state.depth = level - part->close_count;
            checkpoints[offset / CHECKPOINT_BYTES] = state; // `offset < length`: one of `length / CHECKPOINT_BYTES + 1`
        }
        structure_classes classes = structure_of(input, length, offset, &state, width, false);
        for (uint64_t brackets = classes.opens | classes.closes; brackets; brackets &= brackets - 1) {
            int bit = __builtin_ctzll(brackets);
            size_t at = offset + (size_t)bit;
            if (classes.opens >> bit & 1) {
                if (level < TRACKED_DEPTH) part->opens[level] = at;
                level++;
                continue;
            }
            if (level == 0) {
                part->closes[part->close_count % TRACKED_DEPTH] = at;
                part->close_count++;
                continue;
            }
            level--;
            // Containers longer than half the text nest: the deepest closes first.
            if (level < TRACKED_DEPTH && at - part->opens[level] > length / 2 && (!part->found || level > part->depth)) {
                part->container = part->opens[level];
                part->close = at;
                part->depth = level;
                part->found = 1;
            }
        }
    }
    part->open_count = level;
    part->end = state;
}

static void scan_part16(const unsigned char *input, size_t length, scan_part *part, structure_state *checkpoints) {
    scan_part_with(input, length, part, checkpoints, 16);
}

#if defined(__x86_64__)
__attribute__((target(AVX2_FEATURES))) static void scan_part32(const unsigned char *input, size_t length,
                                                                scan_part *part, structure_state *checkpoints) {
    scan_part_with(input, length, part, checkpoints, 32);
}
#endif

typedef void part_scanner(const unsigned char *input, size_t length, scan_part *part, structure_state *checkpoints);

/// The scan of a part, following the copy's kernel chosen for this processor: 32-byte vectors
/// wherever that kernel needs AVX2 (the AVX-512 one needs it too), else 16-byte ones.
static part_scanner *chosen_scanner(void) {
#if defined(__x86_64__)
    if (chosen_kernel()->kernel != YJM_COPY_RUNS_16) return scan_part32;
#endif
    return scan_part16;
}

/// A guess at the string state at `at` (past the text's first bytes), from the last byte before
/// it, within CHECKPOINT_BYTES, that most JSON has outside strings: a control byte (never in a
/// string), or a ':' just after a quote (a key's end, unless a string starts with ':'), followed
/// to `at` a byte at a time. With none, from as far back, as if outside. Only a guess:
/// `join_parts` checks it against the state the part before ends in.
static structure_state guess_state(const unsigned char *input, size_t at) {
    size_t limit = at > CHECKPOINT_BYTES ? at - CHECKPOINT_BYTES : 2, from = at;
    // `from > limit >= 1` keeps `input[from - 2]` in the text; `at` is in it.
    while (from > limit && input[from - 1] >= 0x20 && !(input[from - 1] == ':' && input[from - 2] == '"')) from--;
    int in_string = 0, escaped = 0;
    for (size_t i = from; i < at; i++) {
        if (escaped) {
            escaped = 0;
        } else if (input[i] == '\\') {
            escaped = 1;
        } else if (input[i] == '"') {
            in_string = !in_string;
        }
    }
    return (structure_state){0, (uint64_t)escaped, in_string ? UINT64_MAX : 0};
}

/// The parts of a text scanned on several threads (see `scan_job`).
typedef struct {
    const unsigned char *input;
    size_t length;
    structure_state *checkpoints;
    scan_part *parts;
    part_scanner *scan;
} part_scan;

static int scan_job(void *context, size_t job) {
    part_scan *scan = context;
    scan_part *part = &scan->parts[job];
    part->start = job == 0 ? (structure_state){0, 0, 0} : guess_state(scan->input, part->from);
    scan->scan(scan->input, scan->length, part, scan->checkpoints);
    return 1;
}

/// Puts the scans of `count` parts together, in order: scans again a part whose guessed string
/// state is not the one the part before ends in, makes the checkpoints' depths count from the
/// text's start, and finds the container to split (see `yjm_splits`). Returns 0 when the
/// brackets do not balance, a string is left open, or no container spans half of the text.
static int join_parts(const part_scan *scan, size_t count, yjm_splits *splits) {
    scan_part *parts = scan->parts;
    structure_state *checkpoints = scan->checkpoints;
    size_t length = scan->length;
    size_t opened[TRACKED_DEPTH];
    size_t depth = 0;
    int found = 0;
    for (size_t i = 0; i < count; i++) {
        scan_part *part = &parts[i];
        if (i > 0 && (part->start.in_string != parts[i - 1].end.in_string ||
                      part->start.escape_carry != parts[i - 1].end.escape_carry)) {
            part->start = parts[i - 1].end;
            part->start.depth = 0;
            scan->scan(scan->input, length, part, checkpoints);
        }
        for (size_t at = part->from; at < part->to; at += CHECKPOINT_BYTES) checkpoints[at / CHECKPOINT_BYTES].depth += depth;
        if (part->found) { // the part is the whole text (see `yjm_find_splits`): its depths are the text's
            splits->container = part->container;
            splits->close = part->close;
            splits->depth = part->depth;
            found = 1;
        }
        for (size_t k = 0; k < part->close_count; k++) {
            if (depth == 0) return 0;
            depth--;
            // Known: a container this shallow is closed by one of the last TRACKED_DEPTH (see `scan_part`).
            size_t close = part->closes[k % TRACKED_DEPTH];
            if (depth < TRACKED_DEPTH && close - opened[depth] > length / 2 && (!found || depth > splits->depth)) {
                splits->container = opened[depth];
                splits->close = close;
                splits->depth = depth;
                found = 1;
            }
        }
        for (size_t k = 0; k < part->open_count; k++) {
            if (depth < TRACKED_DEPTH) opened[depth] = part->opens[k]; // known: k <= depth (see `scan_part`)
            depth++;
        }
    }
    return found && depth == 0 && !parts[count - 1].end.in_string;
}

/// Finds the container to split and keeps the scan's state every CHECKPOINT_BYTES in
/// `checkpoints`, scanning parts of the text on up to `threads` threads (see `join_parts`).
/// Several parts are at least three, so that none spans half of the text.
static int find_container(const unsigned char *input, size_t length, size_t threads, structure_state *checkpoints,
                          yjm_splits *splits) {
    size_t count = length / MIN_PART_BYTES;
    if (count > threads * PARTS_PER_THREAD) count = threads * PARTS_PER_THREAD;
    if (count > MAX_PARTS) count = MAX_PARTS;
    if (count < 3) count = 1;
    scan_part *parts = malloc(count * sizeof *parts);
    if (!parts) return 0;
    for (size_t i = 0; i < count; i++) {
        // Parts of at least MIN_PART_BYTES, so that rounding leaves each at least CHECKPOINT_BYTES.
        parts[i].from = length / count * i / CHECKPOINT_BYTES * CHECKPOINT_BYTES;
        parts[i].to = i + 1 < count ? length / count * (i + 1) / CHECKPOINT_BYTES * CHECKPOINT_BYTES : length;
    }
    part_scan scan = {input, length, checkpoints, parts, chosen_scanner()};
    yjm_run_jobs(count, threads, scan_job, &scan);
    int found = join_parts(&scan, count, splits);
    free(parts);
    return found;
}

/// The first comma directly inside the container (see `yjm_splits`) at or after `target`, or 0
/// when the container closes first. `cursor` (at a block's start) moves on as blocks are passed.
static size_t comma_after(const unsigned char *input, size_t length, const structure_state *checkpoints,
                          const yjm_splits *splits, size_t target, size_t *cursor, structure_state *state) {
    size_t checkpoint = target / CHECKPOINT_BYTES * CHECKPOINT_BYTES;
    if (checkpoint > *cursor) {
        *cursor = checkpoint;
        *state = checkpoints[checkpoint / CHECKPOINT_BYTES];
    }
    size_t inside = splits->depth + 1; // containers open around a comma directly in the container
    for (; *cursor < length; *cursor += 64) {
        structure_state next = *state;
        structure_classes classes = structure_of(input, length, *cursor, &next, 16, true);
        for (uint64_t tokens = classes.opens | classes.closes | classes.commas; tokens; tokens &= tokens - 1) {
            int bit = __builtin_ctzll(tokens);
            size_t at = *cursor + (size_t)bit;
            if (classes.opens >> bit & 1) {
                next.depth++;
            } else if (classes.closes >> bit & 1) {
                if (next.depth == inside && at >= splits->close) return 0;
                next.depth--;
            } else if (next.depth == inside && at >= target) {
                return at; // `cursor` stays at this block, whose state is `state`
            }
        }
        *state = next;
    }
    return 0;
}

/// The most commas a text is split at.
#define MAX_SPLITS ((size_t)1 << 16)

int yjm_find_splits(const unsigned char *input, size_t length, size_t piece_size, size_t threads,
                    yjm_splits *splits) {
    memset(splits, 0, sizeof *splits);
    if (length == 0 || length > YJM_MAX_INPUT) return 0;
    structure_state *checkpoints = malloc((length / CHECKPOINT_BYTES + 1) * sizeof *checkpoints);
    if (!checkpoints) return 0;
    int found = find_container(input, length, threads ? threads : 1, checkpoints, splits);
    size_t span = splits->close - splits->container;
    if (piece_size < span / MAX_SPLITS + 1) piece_size = span / MAX_SPLITS + 1;
    if (piece_size > length) piece_size = length; // so that no target passes SIZE_MAX
    size_t capacity = span / piece_size + 1;
    splits->commas = found ? malloc(capacity * sizeof *splits->commas) : NULL;
    if (splits->commas) {
        size_t cursor = 0;
        structure_state state = checkpoints[0];
        // The first split just after the container's first value: the text around the pieces,
        // parsed as one job, is then about half a piece.
        size_t target = splits->container + 1;
        while (splits->count < capacity && target < splits->close) {
            size_t comma = comma_after(input, length, checkpoints, splits, target, &cursor, &state);
            if (!comma) break;
            splits->commas[splits->count++] = comma;
            target = comma + piece_size;
        }
    }
    free(checkpoints);
    if (splits->count >= 2) return 1;
    yjm_splits_free(splits);
    return 0;
}

void yjm_splits_free(yjm_splits *splits) {
    free(splits->commas);
    splits->commas = NULL;
    splits->count = 0;
}
