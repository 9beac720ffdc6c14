// Builds the compact node tree (see yajl_tree_builder.h) from yajl's callbacks.
//
// Each callback appends one or two nodes and bumps the element count of the
// innermost open container; closing a container fills in its count and end.
// No callback allocates except to grow the arrays geometrically, and none
// recurses, so depth is bounded only by `max_depth`, which yajl lacks.
#include "builder.h"
#include "utf8.h"

#include <yajl/yajl_parse.h>
#include <stdlib.h>
#include <string.h>

/// Offset in `input` of the token that yajl has just reported, for the tokens
/// whose text yajl does not hand over in place (escaped strings, and a number
/// that ends the input). Between the previous token and this one there is only
/// white space, ',' or ':' (and comments, when allowed).
static size_t next_token(const builder *b) {
    const unsigned char *input = b->input;
    size_t i = b->last_end;
    for (;;) {
        switch (input[i]) {
        case ' ': case '\t': case '\n': case '\r': case ',': case ':':
        case '\f': case '\v': // yajl's lexer takes these as white space too (rejected later unless comments are allowed)
            i++;
            break;
        case '/':
            if (!b->allow_comments) return i;
            if (input[i + 1] == '*') {
                i += 2;
                while (!(input[i] == '*' && input[i + 1] == '/')) i++;
                i += 2;
            } else {
                while (input[i] != '\n') i++;
            }
            break;
        default:
            return i;
        }
    }
}

static int grow_nodes(builder *b) {
    size_t capacity = (size_t)b->node_capacity * 2;
    if (capacity > UINT32_MAX) return fail(b, YJM_ERR_MEMORY, b->last_end);
    yjm_node *nodes = yjm_block_resize(b->nodes, (size_t)b->node_count * sizeof(yjm_node),
                                       capacity * sizeof(yjm_node), &b->nodes_mapped);
    if (!nodes) return fail(b, YJM_ERR_MEMORY, b->last_end);
    b->nodes = nodes;
    b->node_capacity = (uint32_t)capacity;
    return 1;
}

/// The offset in the text of byte `offset` of what yajl parses: the same byte,
/// unless that is a compact copy (`mapped`; see `yjm_parse`). Offsets are asked
/// for in order, so the map is walked forward, a step or none per token.
///
/// Every callback takes `mapped` as a constant (the two callback tables below),
/// so that a parse of the text as it is, or a stream, pays nothing for the map.
__attribute__((always_inline)) static inline uint32_t text_offset(builder *b, size_t offset, int mapped) {
    if (mapped) {
        while (b->shifts[b->next_shift].compacted <= offset) b->next_shift++; // the last step ends the walk
        offset += b->shifts[b->next_shift - 1].shift;
    }
    return (uint32_t)offset;
}

/// Appends a one-word node counted as one element of the innermost container.
static inline int append(builder *b, uint32_t head, uint32_t offset) {
    if (b->node_count + 2 > b->node_capacity && !grow_nodes(b)) return 0;
    b->nodes[b->node_count++] = (yjm_node){head, offset};
    b->open->count++;
    return 1;
}

/// Appends a two-word node counted as one element.
static inline int append2(builder *b, yjm_node first, yjm_node second) {
    if (b->node_count + 2 > b->node_capacity && !grow_nodes(b)) return 0;
    b->nodes[b->node_count++] = first;
    b->nodes[b->node_count++] = second;
    b->two_word_nodes++;
    b->open->count++;
    return 1;
}

/// Offset just past the token that yajl has just reported: O(1), where
/// `next_token` would walk the indentation of pretty-printed text.
static size_t token_end(const builder *b) { return b->chunk_start + yajl_get_bytes_consumed(b->yajl); }

__attribute__((always_inline)) static inline int null_node(builder *b, int mapped) {
    size_t start = token_end(b) - 4;
    b->last_end = start + 4;
    return append(b, YJM_NULL, text_offset(b, start, mapped));
}

__attribute__((always_inline)) static inline int boolean_node(builder *b, int value, int mapped) {
    size_t start = token_end(b) - (value ? 4 : 5);
    b->last_end = start + (value ? 4 : 5);
    return append(b, value ? YJM_TRUE : YJM_FALSE, text_offset(b, start, mapped));
}

__attribute__((always_inline)) static inline int number_node(builder *b, const char *text, size_t length, int mapped) {
    const unsigned char *p = (const unsigned char *)text;
    // A number that ends the input (or, in a stream, a chunk) reaches us from
    // yajl's own buffer, not from the input; its text is in the input all the same.
    size_t offset = (p >= b->input && p < b->input + b->input_length) ? (size_t)(p - b->input)
                                                                       : next_token(b);
    if (length > b->max_token) return fail(b, YJM_ERR_TOKEN_SIZE, offset);
    b->last_end = offset + length;
    return append(b, YJM_NUMBER | (uint32_t)length << YJM_KIND_BITS, text_offset(b, offset, mapped));
}

/// Offset just past the closing quote of the string token that opens at
/// `quote`. yajl has lexed the token, so the quote is there: it is the first
/// '"' not preceded by an odd number of backslashes.
static size_t string_end(const builder *b, size_t quote) {
    const unsigned char *input = b->input;
    size_t i = quote + 1;
    for (;;) {
        const unsigned char *q = memchr(input + i, '"', b->input_length - i);
        if (!q) return b->input_length; // unreachable for a token yajl accepted
        i = (size_t)(q - input);
        size_t backslashes = 0;
        while (input[i - 1 - backslashes] == '\\') backslashes++;
        if (backslashes % 2 == 0) return i + 1;
        i++;
    }
}

/// A string without escapes, whose text (between its quotes) is `text[0 ..< length]`
/// in the input: validate its UTF-8 and point the node at it. In a copy of the text,
/// the string may have lost its bytes (see `yjm_text_copy`): its quotes, mapped
/// to the text, give the text's string, whose UTF-8 the copy has checked. Always
/// inlined, so that `on_string`, which streams share, stays lean.
__attribute__((always_inline)) static inline int append_plain_string(builder *b, const unsigned char *text,
                                                                      size_t length, int mapped) {
    b->last_end = (size_t)(text - b->input) + length + 1;
    const unsigned char *base = b->input;
    if (mapped) {
        size_t quote = (size_t)(text - b->input) - 1;
        uint32_t start = text_offset(b, quote, mapped);
        length = text_offset(b, quote + length + 1, mapped) - start - 1;
        base = b->text;
        text = base + start + 1;
    }
    if (length > b->max_token) return fail(b, YJM_ERR_TOKEN_SIZE, (size_t)(text - base) - 1);
    if (!mapped && !yjm_is_ascii(text, length, base)) {
        size_t valid = yjm_ascii_prefix(text, length);
        valid += yjm_utf8_valid_prefix(text + valid, length - valid);
        if (valid != length) return fail(b, YJM_ERR_UTF8, (size_t)(text - base) + valid);
    }
    return append(b, YJM_STRING | (uint32_t)length << YJM_KIND_BITS, (uint32_t)(text - base) - 1);
}

/// A string that yajl hands over from its own buffer, `length` bytes decoded: one
/// with escapes, or, in a stream, one split between chunks. Its raw bytes are in
/// the input all the same. An escaped string is validated and decoded from them
/// into the side buffer (yajl's decoded copy has already lost bad surrogates).
/// Kept out of line so that the common path in `on_string` stays small.
__attribute__((noinline)) static int append_copied_string(builder *b, size_t length) {
    size_t quote = next_token(b);
    size_t end = string_end(b, quote);
    // Every escape is longer than what it stands for, so equal lengths mean
    // none: the same node as when yajl points into the input.
    int mapped = b->shifts != NULL; // rare enough to ask
    if (end - quote - 2 == length) return append_plain_string(b, b->input + quote + 1, length, mapped);
    b->last_end = end;
    const unsigned char *text = b->input;
    if (mapped) { // the escapes are all there in the copy, but not all of the string
        text = b->text;
        quote = text_offset(b, quote, mapped);
        end = text_offset(b, end - 1, mapped) + 1;
    }
    size_t raw_length = end - quote - 2;
    if (end - quote > YJM_MAX_PAYLOAD || raw_length > b->max_token) return fail(b, YJM_ERR_TOKEN_SIZE, quote);
    if (b->side_size + raw_length > b->side_capacity) {
        size_t capacity = b->side_capacity ? b->side_capacity : 256;
        while (capacity < b->side_size + raw_length) capacity *= 2;
        unsigned char *side = yjm_block_resize(b->side, b->side_size, capacity, &b->side_mapped);
        if (!side) return fail(b, YJM_ERR_MEMORY, quote);
        b->side = side;
        b->side_capacity = capacity;
    }
    size_t decoded_length, bad;
    yjm_status status = yjm_decode_string(text + quote + 1, raw_length, mapped, b->side + b->side_size, &decoded_length,
                                           &bad); // a copy's text is known to be UTF-8
    if (status != YJM_OK) return fail(b, status, quote + 1 + bad);
    yjm_node first = {YJM_ESCAPED_STRING | (uint32_t)(end - quote) << YJM_KIND_BITS, (uint32_t)quote};
    yjm_node second = {(uint32_t)b->side_size, (uint32_t)decoded_length};
    b->side_size += decoded_length;
    return append2(b, first, second);
}

__attribute__((always_inline)) static inline int string_node(builder *b, const unsigned char *text, size_t length,
                                                             int mapped) {
    // yajl hands over a pointer into the input exactly when the string had no
    // escapes (and, in a stream, lies within one chunk); then the node just points at it.
    if (text >= b->input && text < b->input + b->input_length) {
        return append_plain_string(b, text, length, mapped);
    }
    return append_copied_string(b, length);
}

__attribute__((always_inline)) static inline int open_container_node(builder *b, uint32_t kind, int mapped) {
    size_t start = token_end(b) - 1;
    b->last_end = start + 1;
    if (b->depth >= b->max_depth) return fail(b, YJM_ERR_DEPTH, start);
    if (b->depth + 2 > b->stack_capacity) {
        size_t capacity = b->stack_capacity * 2;
        open_container *stack = realloc(b->stack, capacity * sizeof(open_container));
        if (!stack) return fail(b, YJM_ERR_MEMORY, start);
        b->stack = stack;
        b->open = &stack[b->depth];
        b->stack_capacity = capacity;
    }
    uint32_t node = b->node_count;
    if (!append2(b, (yjm_node){kind, text_offset(b, start, mapped)}, (yjm_node){0, 0})) return 0;
    b->open = &b->stack[++b->depth];
    *b->open = (open_container){node, 0};
    return 1;
}

__attribute__((always_inline)) static inline int close_container_node(builder *b, int is_object, int mapped) {
    open_container open = *b->open;
    b->open = &b->stack[--b->depth];
    uint32_t count = is_object ? open.count / 2 : open.count;
    size_t end = token_end(b);
    b->last_end = end;
    if (count > YJM_MAX_PAYLOAD) return fail(b, YJM_ERR_COUNT, b->nodes[open.node].offset);
    b->nodes[open.node].head |= count << YJM_KIND_BITS;
    b->nodes[open.node + 1] = (yjm_node){b->node_count, text_offset(b, end - 1, mapped) + 1}; // just past the bracket
    return 1;
}

static int on_null(void *b) { return null_node(b, 0); }
static int on_boolean(void *b, int value) { return boolean_node(b, value, 0); }
static int on_number(void *b, const char *text, size_t length) { return number_node(b, text, length, 0); }
static int on_string(void *b, const unsigned char *text, size_t length) { return string_node(b, text, length, 0); }
static int on_start_map(void *b) { return open_container_node(b, YJM_OBJECT, 0); }
static int on_end_map(void *b) { return close_container_node(b, 1, 0); }
static int on_start_array(void *b) { return open_container_node(b, YJM_ARRAY, 0); }
static int on_end_array(void *b) { return close_container_node(b, 0, 0); }

const yajl_callbacks yjm_builder_callbacks = {
    .yajl_null = on_null,
    .yajl_boolean = on_boolean,
    .yajl_number = on_number, // raw text: exact, and no strtod in the loop
    .yajl_string = on_string,
    .yajl_start_map = on_start_map,
    .yajl_map_key = on_string,
    .yajl_end_map = on_end_map,
    .yajl_start_array = on_start_array,
    .yajl_end_array = on_end_array,
};

// The same callbacks for a compact copy of the text, whose offsets go through the map.
static int on_null_mapped(void *b) { return null_node(b, 1); }
static int on_boolean_mapped(void *b, int value) { return boolean_node(b, value, 1); }
static int on_number_mapped(void *b, const char *text, size_t length) { return number_node(b, text, length, 1); }
static int on_string_mapped(void *b, const unsigned char *text, size_t length) { return string_node(b, text, length, 1); }
static int on_start_map_mapped(void *b) { return open_container_node(b, YJM_OBJECT, 1); }
static int on_end_map_mapped(void *b) { return close_container_node(b, 1, 1); }
static int on_start_array_mapped(void *b) { return open_container_node(b, YJM_ARRAY, 1); }
static int on_end_array_mapped(void *b) { return close_container_node(b, 0, 1); }

const yajl_callbacks yjm_mapped_builder_callbacks = {
    .yajl_null = on_null_mapped,
    .yajl_boolean = on_boolean_mapped,
    .yajl_number = on_number_mapped,
    .yajl_string = on_string_mapped,
    .yajl_start_map = on_start_map_mapped,
    .yajl_map_key = on_string_mapped,
    .yajl_end_map = on_end_map_mapped,
    .yajl_start_array = on_start_array_mapped,
    .yajl_end_array = on_end_array_mapped,
};

/// Once the top-level value is complete, only white space (and comments, when
/// allowed) may follow. yajl reports trailing bytes late or not at all: a
/// trailing number or literal only fails at `yajl_complete_parse`, and an
/// unterminated trailing string looks like more input to come. So look for
/// ourselves, from the end of the value. A stream scans each chunk as it comes,
/// so the scan keeps its state (inside a comment, after a '/') between calls.
size_t yjm_scan_after_value(const builder *b, yjm_after_value *scan, size_t from, size_t to) {
    const unsigned char *input = b->input;
    for (size_t i = from; i < to; i++) {
        unsigned char c = input[i];
        switch (scan->state) {
        case YJM_BETWEEN_TOKENS:
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r') break;
            if (!b->allow_comments || c != '/') return i;
            scan->state = YJM_AFTER_SLASH;
            scan->slash = i;
            break;
        case YJM_AFTER_SLASH:
            if (c != '*' && c != '/') return scan->slash;
            scan->state = c == '*' ? YJM_IN_BLOCK_COMMENT : YJM_IN_LINE_COMMENT;
            break;
        case YJM_IN_LINE_COMMENT:
            if (c == '\n') scan->state = YJM_BETWEEN_TOKENS;
            break;
        case YJM_IN_BLOCK_COMMENT:
            if (c == '*') scan->state = YJM_IN_BLOCK_COMMENT_STAR;
            break;
        case YJM_IN_BLOCK_COMMENT_STAR:
            scan->state = c == '/' ? YJM_BETWEEN_TOKENS : c == '*' ? YJM_IN_BLOCK_COMMENT_STAR : YJM_IN_BLOCK_COMMENT;
            break;
        }
    }
    return to;
}

int yjm_finish_after_value(builder *b, const yjm_after_value *scan, size_t end) {
    if (scan->state == YJM_AFTER_SLASH) return fail(b, YJM_ERR_TRAILING, scan->slash);
    if (scan->state == YJM_IN_BLOCK_COMMENT || scan->state == YJM_IN_BLOCK_COMMENT_STAR) {
        return fail(b, YJM_ERR_END_OF_INPUT, end);
    }
    return 1;
}

static int reject_trailing_data(builder *b) {
    yjm_after_value scan = {YJM_BETWEEN_TOKENS, 0};
    size_t bad = yjm_scan_after_value(b, &scan, b->last_end, b->input_length);
    if (bad != b->input_length) return fail(b, YJM_ERR_TRAILING, bad);
    return yjm_finish_after_value(b, &scan, b->input_length);
}

/// yajl also takes form feed and vertical tab as white space; JSON does not.
/// After a successful parse such a byte can only sit between tokens (yajl
/// rejects control bytes inside strings), so finding one is finding an error.
/// With comments allowed it may sit inside a comment, so the check is skipped.
const unsigned char *yjm_find_extra_whitespace(const unsigned char *text, size_t length) {
    const unsigned char *found = memchr(text, '\f', length);
    const unsigned char *vertical_tab = memchr(text, '\v', length);
    if (vertical_tab && (!found || vertical_tab < found)) found = vertical_tab;
    return found;
}

static int reject_extra_whitespace(builder *b) {
    const unsigned char *found = yjm_find_extra_whitespace(b->input + b->chunk_start_of_text,
                                                           b->input_length - b->chunk_start_of_text);
    if (!found) return 1;
    b->error->syntax = YJM_SYNTAX_EXTRA_WHITE_SPACE;
    return fail(b, YJM_ERR_SYNTAX, (size_t)(found - b->input));
}

void yjm_builder_release(builder *b) {
    yjm_block_free(b->nodes, b->nodes_mapped);
    b->nodes_mapped = 0;
    yjm_block_free(b->side, b->side_mapped);
    b->side_mapped = 0;
    free(b->stack);
    b->nodes = NULL;
    b->side = NULL;
    b->stack = NULL;
}

int yjm_builder_start(builder *b, const yjm_options *options, uint32_t node_capacity,
                      const yajl_callbacks *callbacks, void *context) {
    b->allow_comments = options->allow_comments;
    b->max_depth = options->max_depth;
    b->max_token = options->max_token && options->max_token < YJM_MAX_PAYLOAD ? options->max_token : YJM_MAX_PAYLOAD;
    if (!b->nodes) { // else arrays lent by the caller (a parallel parse's, reused), with their capacities
        b->node_capacity = node_capacity;
        b->nodes = yjm_block_alloc((size_t)b->node_capacity * sizeof(yjm_node), &b->nodes_mapped);
    }
    b->stack_capacity = 64;
    b->stack = malloc(b->stack_capacity * sizeof(open_container));
    b->yajl = yajl_alloc(callbacks, NULL, context);
    if (!b->nodes || !b->stack || !b->yajl) {
        if (b->yajl) yajl_free(b->yajl);
        b->yajl = NULL;
        yjm_builder_release(b);
        return 0;
    }
    b->stack[0] = (open_container){0, 0};
    b->open = &b->stack[0];
    yajl_config(b->yajl, yajl_dont_validate_strings, 1); // we validate strictly ourselves
    yajl_config(b->yajl, yajl_allow_comments, options->allow_comments ? 1 : 0);
    return 1;
}

yajl_status yjm_builder_end(builder *b, yajl_status status, size_t chunk_length, int check_whitespace) {
    int value_complete = b->depth == 0 && b->stack[0].count > 0;
    if (status != yajl_status_client_canceled && value_complete && !reject_trailing_data(b)) {
        return yajl_status_client_canceled; // our error is recorded
    }
    if (status != yajl_status_ok) {
        yjm_builder_record_yajl_error(b, status, chunk_length, 0);
        return status;
    }
    // A number at the very end is only reported now; its text ends at the input's end.
    b->chunk_start = b->input_length;
    status = yajl_complete_parse(b->yajl);
    if (status != yajl_status_ok) {
        yjm_builder_record_yajl_error(b, status, 0, 1);
    } else if (check_whitespace && !reject_extra_whitespace(b)) {
        status = yajl_status_client_canceled;
    }
    return status;
}

/// Parses `input`, the text itself.
static yjm_status parse_text(const unsigned char *input, size_t length, const yjm_options *options, yjm_tree *tree,
                             yjm_error *error) {
    memset(tree, 0, sizeof *tree);
    memset(error, 0, sizeof *error);
    builder b;
    size_t start = yjm_builder_reset(&b, input, length, options, error);
    if (length > YJM_MAX_INPUT) {
        fail(&b, YJM_ERR_INPUT_SIZE, YJM_MAX_INPUT);
        return error->status;
    }
    if (start >= length) { // nothing to parse (and no pointer arithmetic on a NULL input)
        fail(&b, YJM_ERR_END_OF_INPUT, length);
        return error->status;
    }

    // One node per 8 bytes of text seldom needs a regrow; pages that are never written cost
    // nothing, and the array is trimmed at the end.
    if (!yjm_builder_start(&b, options, (uint32_t)(length / 8 + 16), &yjm_builder_callbacks, &b)) {
        fail(&b, YJM_ERR_MEMORY, 0);
        return error->status;
    }

    yajl_status status = yajl_parse(b.yajl, input + start, length - start);
    status = yjm_builder_end(&b, status, length - start, !options->allow_comments);
    yajl_free(b.yajl);
    if (status != yajl_status_ok) {
        yjm_builder_release(&b);
        return error->status;
    }

    yjm_builder_take_tree(&b, tree);
    return YJM_OK;
}

/// Text up to this size is parsed from a copy when that pays. The copy (at most as long
/// as the text) and its map (8 bytes a run of kept bytes: one to three a value) live
/// until the tree is built; past this size that memory matters more than the time.
#define COPY_UP_TO ((size_t)64 << 20)
/// Below this size, the copy's two allocations cost about what yajl would save.
#define COPY_FROM ((size_t)256)

/// The text copied before yajl parses what was copied: a stretch whose copy, map and nodes
/// stay in cache between being written and being read. A multiple of 64; a check may build
/// with a small one, so that the corpus crosses many stretches.
#ifndef COPY_STRETCH
#define COPY_STRETCH ((size_t)128 << 10)
#endif

/// Parses `copy` of `input` (started, or made), which yajl lexes several times faster than
/// indentation and the text of strings, with the map back to `input`'s offsets. The copy is
/// made on a stretch at a time as yajl parses it. On failure the error is the copy's: its
/// offset is not the text's.
static yjm_status parse_copy(const unsigned char *input, size_t length, yjm_text_copy *copy,
                             const yjm_options *options, yjm_tree *tree, yjm_error *error) {
    memset(tree, 0, sizeof *tree);
    memset(error, 0, sizeof *error);
    // A byte-order mark counts only where the text starts. After white space, which the copy
    // leaves out, it would start the copy: then the copy's parse fails, and the text's reports it.
    yjm_options copy_options = *options;
    copy_options.skip_byte_order_mark = options->skip_byte_order_mark && length >= 3 && yjm_starts_byte_order_mark(input, 3);
    // The first stretch holds a byte-order mark whole: the text's first 64 bytes at least.
    int copied = yjm_text_copy_next(copy, COPY_STRETCH);
    builder b;
    yjm_builder_reset(&b, copy->bytes, copy->length, &copy_options, error); // yajl starts after a byte-order mark
    b.text = input;
    b.shifts = copy->map.steps;
    // Nodes as for the text, which the copy's tokens are.
    if (!copied || !yjm_builder_start(&b, &copy_options, (uint32_t)(length / 8 + 16), &yjm_mapped_builder_callbacks, &b)) {
        fail(&b, copied ? YJM_ERR_MEMORY : YJM_ERR_UTF8, 0);
        return error->status;
    }
    yajl_status status = yajl_status_ok;
    for (size_t to = COPY_STRETCH;; to += COPY_STRETCH) {
        // The copy's bytes never move, so the builder's offsets stay good; its map may.
        b.input_length = copy->length;
        b.shifts = copy->map.steps;
        status = yajl_parse(b.yajl, copy->bytes + b.chunk_start, copy->length - b.chunk_start);
        if (status != yajl_status_ok || copy->progress.read >= length) break;
        b.chunk_start = copy->length;
        if (!yjm_text_copy_next(copy, to + COPY_STRETCH)) break;
    }
    if (copy->map.failed) { // not UTF-8, or out of memory: the text's parse tells
        fail(&b, copy->map.not_utf8 ? YJM_ERR_UTF8 : YJM_ERR_MEMORY, 0);
    } else {
        status = yjm_builder_end(&b, status, copy->length - b.chunk_start, !options->allow_comments);
    }
    yajl_free(b.yajl);
    if (copy->map.failed || status != yajl_status_ok) {
        yjm_builder_release(&b);
        return error->status;
    }
    yjm_builder_take_tree(&b, tree);
    return YJM_OK;
}

yjm_copy_result yjm_parse_copy(const unsigned char *input, size_t length, yjm_copy_kernel kernel,
                               const yjm_options *options, yjm_tree *tree, yjm_error *error) {
    memset(tree, 0, sizeof *tree);
    memset(error, 0, sizeof *error);
    if (length > YJM_MAX_INPUT) {
        error->status = YJM_ERR_INPUT_SIZE;
        error->offset = YJM_MAX_INPUT;
        return YJM_COPY_NONE;
    }
    // With comments allowed, white space may sit inside one: there is no copy.
    if (options->allow_comments || !kernel) return YJM_COPY_NONE;
    yjm_text_copy copy;
    yjm_copy_result result = yjm_text_copy_make(input, length, kernel, &copy);
    if (result != YJM_COPY_MADE) return result;
    yjm_status status = parse_copy(input, length, &copy, options, tree, error);
    yjm_text_copy_free(&copy);
    // Errors come from the text itself, as `yjm_parse` reports them.
    if (status != YJM_OK) parse_text(input, length, options, tree, error);
    return YJM_COPY_MADE;
}

int yjm_parses_copy(const unsigned char *input, size_t length, const yjm_options *options) {
    // With comments allowed there is no copy (see `yjm_parse_copy`): skip judging one.
    return !options->allow_comments && length >= COPY_FROM && length <= COPY_UP_TO && yjm_worth_copying(input, length);
}

yjm_status yjm_parse(const unsigned char *input, size_t length, const yjm_options *options, yjm_tree *tree,
                     yjm_error *error) {
    if (yjm_parses_copy(input, length, options)) {
        yjm_text_copy copy;
        if (yjm_text_copy_start(input, length, 0, &copy) == YJM_COPY_MADE) {
            yjm_status status = parse_copy(input, length, &copy, options, tree, error);
            yjm_text_copy_free(&copy);
            if (status == YJM_OK) return YJM_OK;
        }
    }
    // Errors always come from the text itself, so that what they say and where is the text's.
    return parse_text(input, length, options, tree, error);
}

void yjm_builder_take_tree(builder *b, yjm_tree *tree) {
    // Give back the capacity when most of it is unused. Keeping a modest slack
    // lets malloc serve the next document of this size from memory it already
    // has, instead of mapping (and faulting in) fresh pages every time.
    tree->nodes = b->nodes;
    tree->nodes_mapped = b->nodes_mapped;
    if (b->nodes_mapped) { // unmap the pages beyond the nodes
        size_t used = yjm_pages_round(((size_t)b->node_count + 1) * sizeof(yjm_node));
        yjm_node *trimmed = used < b->nodes_mapped ? yjm_pages_remap(b->nodes, b->nodes_mapped, used) : NULL;
        if (trimmed) {
            tree->nodes = trimmed;
            tree->nodes_mapped = used;
        }
    } else if (b->node_count < b->node_capacity / 2) {
        yjm_node *trimmed = realloc(b->nodes, ((size_t)b->node_count + 1) * sizeof(yjm_node));
        if (trimmed) tree->nodes = trimmed;
    }
    tree->node_count = b->node_count;
    tree->value_count = b->node_count - b->two_word_nodes;
    if (b->side_size > 0) {
        size_t mapped = b->side_mapped;
        unsigned char *side = yjm_block_resize(b->side, b->side_size, b->side_size, &mapped);
        tree->side = side ? side : b->side;
        tree->side_size = (uint32_t)b->side_size;
        tree->side_mapped = side ? mapped : b->side_mapped;
    } else {
        yjm_block_free(b->side, b->side_mapped);
    }
    free(b->stack);
    b->nodes = NULL;
    b->nodes_mapped = 0; // the tree's now
    b->side = NULL;
    b->side_mapped = 0; // the tree's now
    b->stack = NULL;
}

void yjm_tree_free(yjm_tree *tree) {
    yjm_block_free(tree->nodes, tree->nodes_mapped);
    yjm_block_free(tree->side, tree->side_mapped);
    memset(tree, 0, sizeof *tree);
}
