// Builds the compact node tree (see yajl_tree_builder.h) from yajl's callbacks.
//
// Each callback appends one or two nodes and bumps the element count of the
// innermost open container; closing a container fills in its count and end.
// No callback allocates except to grow the arrays geometrically, and none
// recurses, so depth is bounded only by `max_depth`, which yajl lacks.
#include "yajl_tree_builder.h"
#include "utf8.h"

#include <yajl/yajl_parse.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/// A container that is still open: where its first node is and how many
/// nodes (values, and keys too in an object) have been appended directly inside it.
typedef struct open_container {
    uint32_t node;
    uint32_t count;
} open_container;

typedef struct builder {
    yjm_node *nodes;
    uint32_t node_count, node_capacity;
    uint32_t two_word_nodes;
    unsigned char *side;
    size_t side_size, side_capacity;
    // stack[0] stands for the top level, so every append can count into
    // `open` (= &stack[depth]) without checking for depth 0.
    open_container *stack, *open;
    size_t depth, stack_capacity, max_depth;
    const unsigned char *input;
    size_t input_length;
    size_t last_end; // offset just past the last token appended
    int allow_comments;
    size_t chunk_start; // offset in `input` of the bytes yajl is parsing now
    size_t chunk_start_of_text; // offset where the JSON text starts (after a byte-order mark)
    yajl_handle yajl;
    yjm_error *error;
} builder;

static int fail(builder *b, yjm_status status, size_t offset) {
    b->error->status = status;
    b->error->offset = offset;
    return 0; // cancels the parse
}

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
    yjm_node *nodes = realloc(b->nodes, capacity * sizeof(yjm_node));
    if (!nodes) return fail(b, YJM_ERR_MEMORY, b->last_end);
    b->nodes = nodes;
    b->node_capacity = (uint32_t)capacity;
    return 1;
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

static int on_null(void *context) {
    builder *b = context;
    size_t start = token_end(b) - 4;
    b->last_end = start + 4;
    return append(b, YJM_NULL, (uint32_t)start);
}

static int on_boolean(void *context, int value) {
    builder *b = context;
    size_t start = token_end(b) - (value ? 4 : 5);
    b->last_end = start + (value ? 4 : 5);
    return append(b, value ? YJM_TRUE : YJM_FALSE, (uint32_t)start);
}

static int on_number(void *context, const char *text, size_t length) {
    builder *b = context;
    const unsigned char *p = (const unsigned char *)text;
    // A number that ends the input reaches us from yajl's own buffer, not
    // from the input; its text is in the input all the same.
    size_t offset = (p >= b->input && p < b->input + b->input_length) ? (size_t)(p - b->input)
                                                                       : next_token(b);
    if (length > YJM_MAX_PAYLOAD) return fail(b, YJM_ERR_TOKEN_SIZE, offset);
    b->last_end = offset + length;
    return append(b, YJM_NUMBER | (uint32_t)length << YJM_KIND_BITS, (uint32_t)offset);
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

/// A string with escapes: validate and decode its raw bytes into the side
/// buffer (yajl's decoded copy has already lost bad surrogates). Kept out of
/// line so that the common path in `on_string` stays small.
__attribute__((noinline)) static int append_escaped_string(builder *b) {
    size_t quote = next_token(b);
    size_t end = string_end(b, quote);
    size_t raw_length = end - quote - 2;
    if (end - quote > YJM_MAX_PAYLOAD) return fail(b, YJM_ERR_TOKEN_SIZE, quote);
    if (b->side_size + raw_length > b->side_capacity) {
        size_t capacity = b->side_capacity ? b->side_capacity : 256;
        while (capacity < b->side_size + raw_length) capacity *= 2;
        unsigned char *side = realloc(b->side, capacity);
        if (!side) return fail(b, YJM_ERR_MEMORY, quote);
        b->side = side;
        b->side_capacity = capacity;
    }
    size_t decoded_length, bad;
    yjm_status status = yjm_decode_string(b->input + quote + 1, raw_length, b->side + b->side_size,
                                          &decoded_length, &bad);
    if (status != YJM_OK) return fail(b, status, quote + 1 + bad);
    yjm_node first = {YJM_ESCAPED_STRING | (uint32_t)(end - quote) << YJM_KIND_BITS, (uint32_t)quote};
    yjm_node second = {(uint32_t)b->side_size, (uint32_t)decoded_length};
    b->side_size += decoded_length;
    b->last_end = end;
    return append2(b, first, second);
}

static int on_string(void *context, const unsigned char *text, size_t length) {
    builder *b = context;
    // yajl hands over a pointer into the input exactly when the string had no
    // escapes; then the node just points at it.
    if (text >= b->input && text < b->input + b->input_length) {
        if (length > YJM_MAX_PAYLOAD) return fail(b, YJM_ERR_TOKEN_SIZE, (size_t)(text - b->input) - 1);
        size_t valid = yjm_ascii_prefix(text, length);
        if (valid != length) valid += yjm_utf8_valid_prefix(text + valid, length - valid);
        if (valid != length) return fail(b, YJM_ERR_UTF8, (size_t)(text - b->input) + valid);
        b->last_end = (size_t)(text - b->input) + length + 1;
        return append(b, YJM_STRING | (uint32_t)length << YJM_KIND_BITS, (uint32_t)(text - b->input) - 1);
    }
    return append_escaped_string(b);
}

static int open_container_node(builder *b, uint32_t kind) {
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
    if (!append2(b, (yjm_node){kind, (uint32_t)start}, (yjm_node){0, 0})) return 0;
    b->open = &b->stack[++b->depth];
    *b->open = (open_container){node, 0};
    return 1;
}

static int close_container_node(builder *b, int is_object) {
    open_container open = *b->open;
    b->open = &b->stack[--b->depth];
    uint32_t count = is_object ? open.count / 2 : open.count;
    size_t end = token_end(b);
    b->last_end = end;
    if (count > YJM_MAX_PAYLOAD) return fail(b, YJM_ERR_COUNT, b->nodes[open.node].offset);
    b->nodes[open.node].head |= count << YJM_KIND_BITS;
    b->nodes[open.node + 1] = (yjm_node){b->node_count, (uint32_t)end};
    return 1;
}

static int on_start_map(void *context) { return open_container_node(context, YJM_OBJECT); }
static int on_end_map(void *context) { return close_container_node(context, 1); }
static int on_start_array(void *context) { return open_container_node(context, YJM_ARRAY); }
static int on_end_array(void *context) { return close_container_node(context, 0); }

static const yajl_callbacks callbacks = {
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

/// Turns a yajl failure into a status, an offset and yajl's message.
/// `at_end` is set when the failure came from `yajl_complete_parse`: the text
/// ran out inside a value (`[1`, `"abc`, `[tru`).
static void record_yajl_error(builder *b, yajl_status status, size_t chunk_length, int at_end) {
    if (status == yajl_status_client_canceled) return; // `fail` has recorded ours
    unsigned char *text = yajl_get_error(b->yajl, 0, NULL, 0);
    const char *message = text ? (const char *)text : "unknown error";
    int lexical = strncmp(message, "lexical", 7) == 0;
    const char *colon = strstr(message, ": ");
    if (colon) message = colon + 2; // drop "parse error: " / "lexical error: "
    yjm_error *e = b->error;
    snprintf(e->message, sizeof e->message, "%s", message);
    size_t n = strlen(e->message);
    while (n > 0 && (e->message[n - 1] == '\n' || e->message[n - 1] == '.')) e->message[--n] = 0;
    if (text) yajl_free_error(b->yajl, text);

    if (at_end) {
        e->status = YJM_ERR_END_OF_INPUT;
        e->offset = b->input_length;
        return;
    }
    // yajl stops one byte past the byte it rejects, except for lexical errors
    // inside a token, where it stops on it.
    size_t consumed = yajl_get_bytes_consumed(b->yajl);
    if (consumed > chunk_length) consumed = chunk_length;
    int stops_on_byte = lexical && strcmp(e->message, "invalid char in json text") != 0;
    e->offset = b->chunk_start + (stops_on_byte || consumed == 0 ? consumed : consumed - 1);
    e->status = strstr(e->message, "trailing garbage") ? YJM_ERR_TRAILING : YJM_ERR_SYNTAX;
}

/// Once the top-level value is complete, only white space (and comments, when
/// allowed) may follow. yajl reports trailing bytes late or not at all: a
/// trailing number or literal only fails at `yajl_complete_parse`, and an
/// unterminated trailing string looks like more input to come. So look for
/// ourselves, from the end of the value: returns 0 with the error recorded.
static int reject_trailing_data(builder *b) {
    const unsigned char *input = b->input;
    size_t i = b->last_end, n = b->input_length;
    while (i < n) {
        unsigned char c = input[i];
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            i++;
        } else if (b->allow_comments && c == '/' && i + 1 < n && input[i + 1] == '*') {
            const unsigned char *close = NULL;
            for (size_t j = i + 2; j + 1 < n; j++) {
                if (input[j] == '*' && input[j + 1] == '/') {
                    close = input + j;
                    break;
                }
            }
            if (!close) return fail(b, YJM_ERR_END_OF_INPUT, n);
            i = (size_t)(close - input) + 2;
        } else if (b->allow_comments && c == '/' && i + 1 < n && input[i + 1] == '/') {
            const unsigned char *newline = memchr(input + i, '\n', n - i);
            i = newline ? (size_t)(newline - input) + 1 : n;
        } else {
            return fail(b, YJM_ERR_TRAILING, i);
        }
    }
    return 1;
}

/// yajl also takes form feed and vertical tab as white space; JSON does not.
/// After a successful parse such a byte can only sit between tokens (yajl
/// rejects control bytes inside strings), so finding one is finding an error.
/// With comments allowed it may sit inside a comment, so the check is skipped.
static int reject_extra_whitespace(builder *b) {
    const unsigned char *text = b->input + b->chunk_start_of_text;
    size_t length = b->input_length - b->chunk_start_of_text;
    const unsigned char *found = memchr(text, '\f', length);
    const unsigned char *vertical_tab = memchr(text, '\v', length);
    if (vertical_tab && (!found || vertical_tab < found)) found = vertical_tab;
    if (!found) return 1;
    snprintf(b->error->message, sizeof b->error->message, "form feed and vertical tab are not JSON white space");
    return fail(b, YJM_ERR_SYNTAX, (size_t)(found - b->input));
}

static void release(builder *b) {
    free(b->nodes);
    free(b->side);
    free(b->stack);
    b->nodes = NULL;
    b->side = NULL;
    b->stack = NULL;
}

yjm_status yjm_parse(const unsigned char *input, size_t length, size_t start,
                     const yjm_options *options, yjm_tree *tree, yjm_error *error) {
    memset(tree, 0, sizeof *tree);
    memset(error, 0, sizeof *error);
    builder b = {0};
    b.input = input;
    b.input_length = length;
    b.chunk_start = start;
    b.chunk_start_of_text = start;
    b.last_end = start;
    b.allow_comments = options->allow_comments;
    b.max_depth = options->max_depth;
    b.error = error;
    if (length > YJM_MAX_INPUT) {
        fail(&b, YJM_ERR_INPUT_SIZE, YJM_MAX_INPUT);
        return error->status;
    }
    if (start >= length) { // nothing to parse (and no pointer arithmetic on a NULL input)
        fail(&b, YJM_ERR_END_OF_INPUT, length);
        return error->status;
    }

    // One node per 8 input bytes covers the corpus without a regrow; pages that
    // are never written cost nothing, and the array is trimmed at the end.
    b.node_capacity = (uint32_t)(length / 8 + 16);
    b.stack_capacity = 64;
    b.nodes = malloc((size_t)b.node_capacity * sizeof(yjm_node));
    b.stack = malloc(b.stack_capacity * sizeof(open_container));
    b.yajl = yajl_alloc(&callbacks, NULL, &b);
    if (!b.nodes || !b.stack || !b.yajl) {
        if (b.yajl) yajl_free(b.yajl);
        release(&b);
        fail(&b, YJM_ERR_MEMORY, 0);
        return error->status;
    }
    b.stack[0] = (open_container){0, 0};
    b.open = &b.stack[0];
    yajl_config(b.yajl, yajl_dont_validate_strings, 1); // we validate strictly ourselves
    yajl_config(b.yajl, yajl_allow_comments, options->allow_comments ? 1 : 0);

    yajl_status status = yajl_parse(b.yajl, input + start, length - start);
    int value_complete = b.depth == 0 && b.stack[0].count > 0;
    if (status != yajl_status_client_canceled && value_complete && !reject_trailing_data(&b)) {
        status = yajl_status_client_canceled; // our error is recorded
    } else if (status == yajl_status_ok) {
        // A number at the very end is only reported now; its text ends at `length`.
        b.chunk_start = length;
        status = yajl_complete_parse(b.yajl);
        if (status != yajl_status_ok) {
            record_yajl_error(&b, status, 0, 1);
        } else if (!options->allow_comments && !reject_extra_whitespace(&b)) {
            status = yajl_status_client_canceled;
        }
    } else {
        record_yajl_error(&b, status, length - start, 0);
    }
    yajl_free(b.yajl);
    if (status != yajl_status_ok) {
        release(&b);
        return error->status;
    }

    // Give back the capacity when most of it is unused. Keeping a modest slack
    // lets malloc serve the next document of this size from memory it already
    // has, instead of mapping (and faulting in) fresh pages every time.
    tree->nodes = b.nodes;
    if (b.node_count < b.node_capacity / 2) {
        yjm_node *trimmed = realloc(b.nodes, ((size_t)b.node_count + 1) * sizeof(yjm_node));
        if (trimmed) tree->nodes = trimmed;
    }
    tree->node_count = b.node_count;
    tree->value_count = b.node_count - b.two_word_nodes;
    if (b.side_size > 0) {
        unsigned char *side = realloc(b.side, b.side_size);
        tree->side = side ? side : b.side;
        tree->side_size = (uint32_t)b.side_size;
    } else {
        free(b.side);
    }
    free(b.stack);
    return YJM_OK;
}

void yjm_tree_free(yjm_tree *tree) {
    free(tree->nodes);
    free(tree->side);
    memset(tree, 0, sizeof *tree);
}
