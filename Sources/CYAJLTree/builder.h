// Internal to CYAJLTree: the tree builder's state, shared by the whole-buffer
// parse (tree_builder.c) and the streaming driver (stream.c).
#ifndef YJM_BUILDER_H
#define YJM_BUILDER_H

#include "yajl_tree_builder.h"
#include "yajl_tree_builder_testing.h"

#include <yajl/yajl_parse.h>
#include <stdbool.h>

/// A container that is still open: where its first node is and how many
/// nodes (values, and keys too in an object) have been appended directly inside it.
typedef struct open_container {
    uint32_t node;
    uint32_t count;
} open_container;

/// One step of the map from a compact copy of the input (compact.c) back to the input:
/// from byte `compacted` of the copy up to the next step's, byte c of the copy is byte
/// c + `shift` of the input.
typedef struct yjm_shift {
    uint32_t compacted, shift;
} yjm_shift;

/// The steps of a map, in order, are followed by one at UINT32_MAX that ends it.
typedef struct yjm_shift_map {
    yjm_shift *steps;
    size_t count, capacity;
    size_t mapped; // `steps` is a mapping of this many bytes (see `yjm_block_alloc`), or 0: from malloc
    int failed;   // a step could not be stored, or the text is not UTF-8: the copy is not to be parsed
    int not_utf8; // the text is not UTF-8
} yjm_shift_map;

/// What carries from one 64-byte block of a text to the next as it is copied (compact.c).
typedef struct yjm_scan_state {
    uint64_t escape_carry; // 1: the next byte is escaped
    uint64_t in_string;    // all ones: the next byte is in a string
    uint64_t escape_spill; // the next block's bytes that an escape from this one reaches
    bool removed_last;     // the previous block's last byte was removed
    uint64_t word_last;    // 1: the previous block's last byte may end a number or literal
    uint64_t kept_last;    // 1: the previous block's last byte was kept (its run may go on)
    uint64_t utf8_carry;   // the next block's bytes that must continue a sequence from this one
} yjm_scan_state;

/// How far a copy has come: bytes of the text read, bytes of the copy written, and the state
/// the next block starts from.
typedef struct yjm_copy_progress {
    size_t read, written;
    yjm_scan_state state;
} yjm_copy_progress;

/// One of the copy's kernels (compact.c): copies `input` (`length` bytes in all) from where
/// `progress` stands to about `to` (see `yjm_text_copy_next`) into `output`, noting runs in `map`.
typedef void yjm_copy_function(const unsigned char *input, size_t length, size_t to, unsigned char *output,
                               yjm_shift_map *map, yjm_copy_progress *progress);

/// A copy of a text with only what yajl must see, and the map from it back to the text
/// (compact.c): no white space between tokens, and of each string only its quotes, its
/// control bytes and its escapes (whose text yajl checks). yajl accepts the copy exactly
/// when it accepts the text, with the same tokens; the strings' text is read from the
/// text itself, whose UTF-8 the copy checks. The copy may be made a stretch at a time, so
/// that yajl parses each stretch while it is still in cache; its bytes never move.
typedef struct yjm_text_copy {
    unsigned char *bytes; // room for the whole copy, which is never longer than the text
    size_t length;        // bytes of the copy made so far
    size_t bytes_mapped;  // `bytes` is a mapping of this many bytes (see `yjm_block_alloc`), or 0: from malloc
    yjm_shift_map map;    // its steps end with one at UINT32_MAX, also between stretches
    const unsigned char *text;
    size_t text_length;
    yjm_copy_function *copy;
    yjm_copy_progress progress;
} yjm_text_copy;

/// Makes the copy of `input` with `kernel`, or, when `kernel` is 0, with the kernel chosen
/// for this machine. Unless it returns YJM_COPY_MADE, nothing is left to free.
yjm_copy_result yjm_text_copy_make(const unsigned char *input, size_t length, yjm_copy_kernel kernel,
                                   yjm_text_copy *copy);

/// Starts a copy of `input`, as `yjm_text_copy_make` makes it, with nothing copied yet: room for
/// it and its map. YJM_COPY_MADE when started; otherwise nothing is left to free.
yjm_copy_result yjm_text_copy_start(const unsigned char *input, size_t length, yjm_copy_kernel kernel,
                                    yjm_text_copy *copy);

/// Copies on, to the last whole 64-byte block before the text's offset `to` (a multiple of 64),
/// or to the end when `to` is at or past it. Returns 0 when the copy cannot be parsed: the text
/// is not UTF-8 (`map.not_utf8`), or memory ran out.
int yjm_text_copy_next(yjm_text_copy *copy, size_t to);

/// Frees a copy that was made.
void yjm_text_copy_free(yjm_text_copy *copy);

/// The size from which a buffer of the parse (the node array, the side buffer, the copy and
/// its map) is a mapping (pages.c): one huge page. Its pages then come in huge pages, a fault
/// per 2 MiB rather than per 4 KiB, and it grows without copying. Below it, malloc reuses
/// memory that earlier parses freed.
#define YJM_MAP_FROM ((size_t)2 << 20)

/// A buffer of `size` bytes: from malloc below YJM_MAP_FROM, else a mapping of `*mapped`
/// bytes (`*mapped` is 0 for malloc). NULL when memory runs out.
void *yjm_block_alloc(size_t size, size_t *mapped);

/// `block` (from `yjm_block_alloc`, `*mapped` as it set) resized to `size` bytes, its first
/// `used` kept, perhaps at another address, and `*mapped` updated. NULL when memory runs out:
/// `block` and `*mapped` are then left as they were.
void *yjm_block_resize(void *block, size_t used, size_t size, size_t *mapped);

/// Frees `block` (from `yjm_block_alloc`, `mapped` as it set; NULL is ignored).
void yjm_block_free(void *block, size_t mapped);

typedef struct builder {
    yjm_node *nodes;
    uint32_t node_count, node_capacity;
    size_t nodes_mapped; // `nodes` is a mapping of this many bytes (see `yjm_block_alloc`), or 0: from malloc
    uint32_t two_word_nodes;
    unsigned char *side;
    size_t side_size, side_capacity;
    size_t side_mapped; // `side` is a mapping of this many bytes (see `yjm_block_alloc`), or 0: from malloc
    // stack[0] stands for the top level, so every append can count into
    // `open` (= &stack[depth]) without checking for depth 0.
    open_container *stack, *open;
    size_t depth, stack_capacity, max_depth;
    // The bytes that token offsets count from. For a whole-buffer parse, the
    // input; for a stream, the caller's buffer of retained bytes, which moves
    // between feeds (so only offsets, never pointers into it, are kept).
    const unsigned char *input;
    size_t input_length;
    size_t last_end; // offset just past the last token appended
    int allow_comments;
    int multiple_values; // values may follow one another at the top level (a value stream)
    size_t chunk_start; // offset in `input` of the bytes yajl is parsing now
    size_t chunk_start_of_text; // offset where the JSON text starts (after a byte-order mark)
    yajl_handle yajl;
    yjm_error *error;
    size_t max_token; // the longest string or number accepted (see yjm_options)
    // When `input` is a copy of the text (see `yjm_text_copy`): the text, the map
    // back to its offsets, which every node stores, and the step reached (offsets are
    // asked for in order).
    const unsigned char *text;
    const yjm_shift *shifts;
    size_t next_shift;
} builder;

static inline int fail(builder *b, yjm_status status, size_t offset) {
    b->error->status = status;
    b->error->offset = offset;
    return 0; // cancels the parse
}

/// The callbacks that build the tree; `ctx` is the builder.
extern const yajl_callbacks yjm_builder_callbacks;

/// The same callbacks for a builder whose input is a copy of `text` (`yjm_text_copy`),
/// whose offsets go through the map in `shifts`.
extern const yajl_callbacks yjm_mapped_builder_callbacks;

/// Whether `yjm_parse` parses `input` from its copy: no comments allowed, a length from which
/// the copy pays up to one whose copy would take too much memory, and text that pays.
int yjm_parses_copy(const unsigned char *input, size_t length, const yjm_options *options);

/// Allocates the arrays (room for `node_capacity` nodes) and a yajl handle that
/// calls `callbacks` with `context`. Returns 0 (and frees what it took) on failure.
/// Node and side arrays that `b` already holds, with their capacities, are kept.
int yjm_builder_start(builder *b, const yjm_options *options, uint32_t node_capacity,
                      const yajl_callbacks *callbacks, void *context);

/// Frees the arrays (not the yajl handle).
void yjm_builder_release(builder *b);

/// Turns a yajl failure over the current chunk into a status, an offset and the kind of
/// syntax error (syntax_errors.c).
void yjm_builder_record_yajl_error(builder *b, yajl_status status, size_t chunk_length, int at_end);

/// Whether a syntax error that yajl reports at a token still to come could be placed before
/// `offset`, which only white space separates from the last token (syntax_errors.c): after an
/// object member's value, a missing comma is placed before the white space that follows it.
int yjm_builder_error_may_precede(const builder *b, size_t offset);

/// What may follow a complete top-level value: white space, and comments when
/// allowed. Scans in pieces, so a comment may span chunks.
typedef enum yjm_after_value_state {
    YJM_BETWEEN_TOKENS = 0,
    YJM_AFTER_SLASH,          // a comment must open
    YJM_IN_LINE_COMMENT,      // `// …`
    YJM_IN_BLOCK_COMMENT,     // `/* …`
    YJM_IN_BLOCK_COMMENT_STAR // `/* … *`: a '/' closes it
} yjm_after_value_state;

typedef struct yjm_after_value {
    yjm_after_value_state state;
    size_t slash; // offset of the '/' that opened the comment being scanned
} yjm_after_value;

/// Scans `input[from ..< to]`. Returns `to`, or the offset of the first byte that
/// is neither white space nor part of an allowed comment (for a bad comment opener,
/// its '/').
size_t yjm_scan_after_value(const builder *b, yjm_after_value *scan, size_t from, size_t to);

/// Once the input has ended at `end`: returns 0 with the error recorded when a
/// comment is left open (end of input) or a lone '/' ends it (trailing data).
int yjm_finish_after_value(builder *b, const yjm_after_value *scan, size_t end);

/// Hands the built tree over to `tree`, trimming spare capacity.
void yjm_builder_take_tree(builder *b, yjm_tree *tree);

/// Whether `input`'s first `length` (at most 3) bytes are the start of a UTF-8
/// byte-order mark: with 3 bytes, whether the text starts with one.
static inline int yjm_starts_byte_order_mark(const unsigned char *input, size_t length) {
    static const unsigned char mark[3] = {0xEF, 0xBB, 0xBF};
    for (size_t i = 0; i < length && i < 3; i++) {
        if (input[i] != mark[i]) return 0;
    }
    return 1;
}

/// Sets up `b` to parse the whole of `input`, from after a byte-order mark that `options`
/// skip, recording errors in `error`. Returns where the text starts.
static inline size_t yjm_builder_reset(builder *b, const unsigned char *input, size_t length,
                                       const yjm_options *options, yjm_error *error) {
    size_t start = options->skip_byte_order_mark && length >= 3 && yjm_starts_byte_order_mark(input, 3) ? 3 : 0;
    *b = (builder){0};
    b->input = input;
    b->input_length = length;
    b->chunk_start = start;
    b->chunk_start_of_text = start;
    b->last_end = start;
    b->error = error;
    return start;
}

/// The first form feed or vertical tab in `text`, or NULL. yajl takes them as
/// white space; JSON does not.
const unsigned char *yjm_find_extra_whitespace(const unsigned char *text, size_t length);

/// Where a parallel parse splits a text (compact.c): at `commas`, each directly inside the
/// container whose opening bracket is at `container` and closing one at `close`, with `depth`
/// containers open around it. The commas are in order, about a piece's size apart.
typedef struct yjm_splits {
    size_t container, close, depth;
    size_t *commas;
    size_t count;
} yjm_splits;

/// Finds at least two commas to split `input` at, about `piece_size` bytes apart, inside the
/// deepest container that spans more than half of it, scanning parts of the text on up to
/// `threads` threads. Returns 0, with nothing to free, when there are not two, the brackets do
/// not balance, a string is left open, or memory runs out.
int yjm_find_splits(const unsigned char *input, size_t length, size_t piece_size, size_t threads,
                    yjm_splits *splits);

/// Frees what `yjm_find_splits` found.
void yjm_splits_free(yjm_splits *splits);

/// One of a run's jobs (`job` from 0), on any thread: returns 0 when it failed.
typedef int yjm_job(void *context, size_t job);

/// Runs jobs 0 ..< `jobs` on `threads` threads, the calling one included; fewer when they
/// cannot be made (none: the calling thread runs every job). Once a job fails, jobs not yet
/// started are skipped. Returns, once all are done, 1 when none failed. What the jobs wrote is
/// seen by the caller (the threads are joined).
int yjm_run_jobs(size_t jobs, size_t threads, yjm_job *job, void *context);

/// Ends a parse whose last chunk yajl returned `status` for (`chunk_length` bytes, from
/// `chunk_start`): rejects what follows the value, completes yajl's parse, and with
/// `check_whitespace` rejects a form feed or vertical tab anywhere in the text. Records the
/// error; returns yajl_status_ok when the text is one value.
yajl_status yjm_builder_end(builder *b, yajl_status status, size_t chunk_length, int check_whitespace);

#endif
