// Streaming: the tree builder fed in chunks (see "Streaming" in yajl_tree_builder.h).
//
// yajl is incremental, and the builder already finds every token's offset in
// its input, from pointers into it, from `yajl_get_bytes_consumed` plus
// `chunk_start`, or by scanning from `last_end` when yajl hands a token over
// from its own buffer. A stream makes the input the caller's buffer of retained
// bytes, so a token split between chunks is found the same way, and the tree is
// the one a whole-buffer parse builds.
//
// Element and value streams wrap the container and key callbacks. When an
// element closes, its nodes and its text are copied out into the batch and
// dropped from the arena, so the arena holds the element being built plus the
// few nodes around the target array. Scalar elements are taken lazily, when the
// next element or the array's end begins and after each feed, so the scalar
// callbacks stay the builder's own.
//
// The batch holds the elements that one feed completes as one tree: the tree of
// the text "[e1,e2,…]" made of their texts, node for node what `yjm_parse` builds
// from that text, which the caller takes over after the feed. Each element is a
// value in that document, at the node its event names: a few allocations per
// feed rather than a document (and its allocations) per element, which is most of
// what a small element would otherwise cost beyond parsing it.
#include "builder.h"

#include <stdlib.h>
#include <string.h>

#define NONE SIZE_MAX

/// The elements of the events since the last `yjm_stream_take_batch`, as the
/// tree of the text "[e1,e2,…]": an array node (written when the batch is taken),
/// then each element's nodes, offsets rebased to that text. Capacities in bytes.
typedef struct batch {
    yjm_node *nodes;
    uint32_t node_count, two_word_nodes, count;
    size_t node_capacity;
    unsigned char *side;
    size_t side_size, side_capacity;
    unsigned char *text;
    size_t text_size, text_capacity;
} batch;

struct yjm_stream {
    builder b; // first, so that a callback's context is both the stream and its builder
    yajl_callbacks callbacks;
    yjm_stream_mode mode;
    yjm_error error; // the sticky failure; `b.error` points here
    int skip_byte_order_mark;
    int started;       // past the byte-order mark question
    size_t base;       // stream offset of the buffer's first byte
    size_t parsed;     // buffer offset up to which bytes have been parsed
    int value_done;    // one-value modes: the value is complete, what follows is only scanned
    size_t space_end;  // buffer offset: the bytes read from `b.last_end` to here are only ' ', '\t', '\n' and '\r'
    yjm_after_value after;
    size_t extra_space; // stream offset of the first form feed or vertical tab yajl accepted, or NONE

    // The target path and how much of it the open containers match.
    yjm_target_step *steps; // keys copied
    size_t target_count;
    size_t path_depth;     // stack[1 ... path_depth] are the containers along the target path
    int key_matches;       // the last key read in stack[path_depth] is steps[path_depth - 1]'s
    char *closers;

    // Elements are the values whose parent is stack[element_depth] (NONE: not
    // inside a target). Nodes from `mark` on are elements not yet taken.
    size_t element_depth;
    uint32_t mark;
    size_t mark_side;

    yjm_event *events;
    size_t event_count, event_capacity;

    batch batch;
    // The sizes of the last batch handed over: the next one starts at about as much.
    size_t hint_nodes, hint_side, hint_text;
};

// MARK: Elements

/// Copies `count` nodes, subtracting `bytes` from byte offsets, `nodes` from
/// subtree ends and `side` from side offsets, modulo 2^32 (so a shift may move
/// them either way). `to` may be `from`. Returns the number of two-word nodes.
static uint32_t shift_nodes(yjm_node *to, const yjm_node *from, uint32_t count, uint32_t bytes, uint32_t nodes,
                            uint32_t side) {
    uint32_t two_word_nodes = 0;
    for (uint32_t i = 0; i < count;) {
        yjm_node first = from[i];
        uint32_t kind = first.head & YJM_KIND_MASK;
        to[i] = (yjm_node){first.head, first.offset - bytes};
        if (kind < YJM_ESCAPED_STRING) {
            i++;
            continue;
        }
        yjm_node second = from[i + 1];
        if (kind == YJM_ESCAPED_STRING) {
            second.head -= side;
        } else if (second.head != 0) { // a container still open has {0, 0} until it closes
            second.head -= nodes;
            second.offset -= bytes;
        }
        to[i + 1] = second;
        two_word_nodes++;
        i += 2;
    }
    return two_word_nodes;
}

static yjm_event *push_event(yjm_stream *s, yjm_event_kind kind, size_t start, size_t end) {
    if (s->event_count == s->event_capacity) {
        size_t capacity = s->event_capacity ? s->event_capacity * 2 : 64;
        yjm_event *events = realloc(s->events, capacity * sizeof(yjm_event));
        if (!events) return NULL;
        s->events = events;
        s->event_capacity = capacity;
    }
    yjm_event *event = &s->events[s->event_count++];
    *event = (yjm_event){kind, s->base + start, s->base + end, 0, 0, 0};
    return event;
}

/// The byte just past the value whose node is `node`.
static size_t value_end(const builder *b, uint32_t node) {
    yjm_node n = b->nodes[node];
    switch (n.head & YJM_KIND_MASK) {
    case YJM_NULL: case YJM_TRUE: return n.offset + 4;
    case YJM_FALSE: return n.offset + 5;
    case YJM_STRING: return n.offset + (n.head >> YJM_KIND_BITS) + 2;
    case YJM_NUMBER: case YJM_ESCAPED_STRING: return n.offset + (n.head >> YJM_KIND_BITS);
    default: return b->nodes[node + 1].offset;
    }
}

/// `block` (of `*capacity` bytes) grown to hold `needed` bytes: to at least
/// `first` bytes when it is new, by doubling after. NULL when memory runs out
/// (`block` is left as it is).
static void *grow_block(void *block, size_t *capacity, size_t needed, size_t first) {
    if (needed <= *capacity) return block;
    size_t grown_capacity = *capacity ? *capacity * 2 : (first > 256 ? first : 256);
    if (grown_capacity < needed) grown_capacity = needed;
    void *grown = realloc(block, grown_capacity);
    if (grown) *capacity = grown_capacity;
    return grown;
}

/// Makes room in the batch for `count` more node words (and the spare one after
/// them), a separator, `length` bytes of text and the closing bracket, and
/// `side_size` more side bytes; a new batch starts with its array node. 0 when
/// memory runs out. Out of line: most elements fit in the room there is.
__attribute__((noinline)) static int grow_batch(yjm_stream *s, uint32_t count, size_t length, size_t side_size) {
    batch *t = &s->batch;
    size_t node_count = t->node_count ? t->node_count : 2; // the array node comes first
    if (node_count + count + 1 > UINT32_MAX || t->count == YJM_MAX_PAYLOAD) return 0;
    yjm_node *nodes = grow_block(t->nodes, &t->node_capacity, (node_count + count + 1) * sizeof(yjm_node), s->hint_nodes);
    if (!nodes) return 0;
    t->nodes = nodes;
    unsigned char *text = grow_block(t->text, &t->text_capacity, t->text_size + length + 2, s->hint_text);
    if (!text) return 0;
    t->text = text;
    if (side_size) {
        unsigned char *side = grow_block(t->side, &t->side_capacity, t->side_size + side_size, s->hint_side);
        if (!side) return 0;
        t->side = side;
    }
    if (!t->node_count) {
        t->node_count = 2;
        t->two_word_nodes = 1;
    }
    return 1;
}

/// Appends the value at nodes `[first, end)`, with side bytes `[side_from, side_to)`,
/// to the batch: "[" or "," and its text, its nodes rebased to where the text
/// lands, and an event that names its first node there.
static int emit_element(yjm_stream *s, uint32_t first, uint32_t end, size_t side_from, size_t side_to) {
    builder *b = &s->b;
    batch *t = &s->batch;
    size_t start = b->nodes[first].offset;
    size_t length = value_end(b, first) - start; // its text is in the input: the stream keeps it until taken
    uint32_t count = end - first;
    size_t side_size = side_to - side_from;
    if (!t->node_count || t->count == YJM_MAX_PAYLOAD || ((size_t)t->node_count + count + 1) * sizeof(yjm_node) > t->node_capacity ||
        t->text_size + length + 2 > t->text_capacity || t->side_size + side_size > t->side_capacity) {
        if (!grow_batch(s, count, length, side_size)) return fail(b, YJM_ERR_MEMORY, start);
    }
    yjm_event *event = push_event(s, YJM_EVENT_ELEMENT, start, start + length);
    if (!event) return fail(b, YJM_ERR_MEMORY, start);
    event->node = t->node_count;
    event->side_mark = (uint32_t)t->side_size;
    event->two_word_mark = t->two_word_nodes;
    t->text[t->text_size] = t->count ? ',' : '[';
    size_t text_at = t->text_size + 1;
    memcpy(t->text + text_at, b->input + start, length);
    t->two_word_nodes += shift_nodes(t->nodes + t->node_count, b->nodes + first, count, (uint32_t)(start - text_at),
                                     first - t->node_count, (uint32_t)(side_from - t->side_size));
    if (side_size) memcpy(t->side + t->side_size, b->side + side_from, side_size);
    t->node_count += count;
    t->side_size += side_size;
    t->text_size = text_at + length;
    t->count++;
    return 1;
}

/// Takes the last element out of the batch (its event was dropped after a failure).
static void drop_from_batch(yjm_stream *s, const yjm_event *event) {
    batch *t = &s->batch;
    t->count--;
    t->text_size = t->nodes[event->node].offset - 1; // up to the separator before it
    t->node_count = event->node;
    t->side_size = event->side_mark;
    t->two_word_nodes = event->two_word_mark;
}

/// Drops the taken elements' nodes. The array's count stays at most 1, so that an
/// array of any length closes without overflowing it, and a syntax error after an
/// element is worded as one after an element (see `state_after_last_token`).
static void drop_taken(yjm_stream *s) {
    s->b.node_count = s->mark;
    s->b.side_size = s->mark_side;
    open_container *array = &s->b.stack[s->element_depth];
    array->count = array->count > 0;
}

/// Takes the scalar elements appended since the mark (when the parser is at the
/// element depth, everything from the mark on is one, until a container).
static int take_scalars(yjm_stream *s) {
    builder *b = &s->b;
    if (s->element_depth == NONE || b->depth != s->element_depth) return 1;
    uint32_t node = s->mark;
    while (node < b->node_count) {
        yjm_node first = b->nodes[node];
        uint32_t kind = first.head & YJM_KIND_MASK;
        if (kind >= YJM_ARRAY) break; // only after a failure inside a container
        uint32_t width = kind == YJM_ESCAPED_STRING ? 2 : 1;
        size_t side_from = width == 2 ? b->nodes[node + 1].head : 0;
        size_t side_to = width == 2 ? side_from + b->nodes[node + 1].offset : 0;
        if (!emit_element(s, node, node + width, side_from, side_to)) return 0;
        node += width;
    }
    drop_taken(s);
    return 1;
}

// MARK: Callbacks around the builder's

/// Whether the container that opens now, at `depth`, is the next step along the target path.
static int continues_path(const yjm_stream *s, size_t depth) {
    const builder *b = &s->b;
    if (s->mode != YJM_STREAM_ELEMENTS || s->element_depth != NONE) return 0;
    if (depth != s->path_depth || depth > s->target_count) return 0;
    if (depth == 0) return 1;
    const open_container *parent = &b->stack[depth];
    if ((b->nodes[parent->node].head & YJM_KIND_MASK) == YJM_OBJECT) return s->key_matches;
    return s->steps[depth - 1].index == parent->count;
}

static int on_key(void *context, const unsigned char *text, size_t length);

static int record_closers(yjm_stream *s, size_t depth) {
    char *closers = realloc(s->closers, depth + 1);
    if (!closers) return fail(&s->b, YJM_ERR_MEMORY, s->b.last_end);
    s->closers = closers;
    for (size_t level = depth; level >= 1; level--) {
        uint32_t kind = s->b.nodes[s->b.stack[level].node].head & YJM_KIND_MASK;
        *closers++ = kind == YJM_OBJECT ? '}' : ']';
    }
    *closers = 0;
    return 1;
}

static int open_stream_container(yjm_stream *s, int is_object) {
    builder *b = &s->b;
    size_t depth = b->depth;
    if (depth == s->element_depth && !take_scalars(s)) return 0; // an element begins
    int on_path = continues_path(s, depth);
    int ok = is_object ? yjm_builder_callbacks.yajl_start_map(b) : yjm_builder_callbacks.yajl_start_array(b);
    if (!ok || !on_path) return ok;
    s->path_depth = depth + 1;
    if (depth < s->target_count || is_object) return 1;
    // The target array: its elements are taken from here on, and no key inside
    // it can be on the path, so keys go straight to the builder (yajl reads the
    // callback table, which the stream owns, at each key).
    s->element_depth = depth + 1;
    s->callbacks.yajl_map_key = yjm_builder_callbacks.yajl_map_key;
    s->mark = b->node_count;
    s->mark_side = b->side_size;
    if (!record_closers(s, depth)) return 0;
    if (!push_event(s, YJM_EVENT_TARGET_OPEN, b->last_end, b->last_end)) return fail(b, YJM_ERR_MEMORY, b->last_end);
    return 1;
}

static int close_stream_container(yjm_stream *s, int is_object) {
    builder *b = &s->b;
    size_t depth = b->depth; // of the container that closes
    int target_closes = depth == s->element_depth;
    if (target_closes && !take_scalars(s)) return 0;
    if (!(is_object ? yjm_builder_callbacks.yajl_end_map(b) : yjm_builder_callbacks.yajl_end_array(b))) return 0;
    if (depth <= s->path_depth) s->path_depth = depth - 1;
    if (target_closes) {
        s->element_depth = NONE;
        s->callbacks.yajl_map_key = on_key;
        if (!push_event(s, YJM_EVENT_TARGET_CLOSE, b->last_end - 1, b->last_end)) {
            return fail(b, YJM_ERR_MEMORY, b->last_end);
        }
    } else if (b->depth == s->element_depth) { // an element closes
        if (!emit_element(s, s->mark, b->node_count, s->mark_side, b->side_size)) return 0;
        drop_taken(s);
    }
    return 1;
}

static int on_start_map(void *context) { return open_stream_container(context, 1); }
static int on_start_array(void *context) { return open_stream_container(context, 0); }
static int on_end_map(void *context) { return close_stream_container(context, 1); }
static int on_end_array(void *context) { return close_stream_container(context, 0); }

static int on_key(void *context, const unsigned char *text, size_t length) {
    yjm_stream *s = context;
    size_t depth = s->path_depth;
    if (s->b.depth == depth && depth >= 1 && depth <= s->target_count && s->element_depth == NONE) {
        // yajl's copy is decoded, as the target's keys are.
        const yjm_target_step *step = &s->steps[depth - 1];
        s->key_matches = step->key && length == step->key_length && (length == 0 || memcmp(text, step->key, length) == 0);
    }
    return yjm_builder_callbacks.yajl_map_key(context, text, length);
}

// MARK: Life cycle

yjm_stream *yjm_stream_create(const yjm_stream_config *config) {
    yjm_stream *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->mode = config->mode;
    s->skip_byte_order_mark = config->options.skip_byte_order_mark;
    s->extra_space = NONE;
    s->element_depth = config->mode == YJM_STREAM_VALUES ? 0 : NONE;
    s->b.error = &s->error;
    s->callbacks = yjm_builder_callbacks;
    if (config->mode != YJM_STREAM_DOCUMENT) {
        s->callbacks.yajl_start_map = on_start_map;
        s->callbacks.yajl_end_map = on_end_map;
        s->callbacks.yajl_start_array = on_start_array;
        s->callbacks.yajl_end_array = on_end_array;
        if (config->mode == YJM_STREAM_ELEMENTS) s->callbacks.yajl_map_key = on_key; // keys matter along the path only
    }
    size_t count = config->mode == YJM_STREAM_ELEMENTS ? config->target_count : 0;
    s->target_count = count;
    s->steps = calloc(count + 1, sizeof *s->steps);
    int ok = s->steps != NULL;
    for (size_t i = 0; ok && i < count; i++) {
        const yjm_target_step *step = &config->target[i];
        s->steps[i].index = step->index;
        s->steps[i].key_length = step->key_length;
        if (!step->key) continue;
        unsigned char *key = malloc(step->key_length + 1);
        ok = key != NULL;
        if (ok && step->key_length) memcpy(key, step->key, step->key_length);
        s->steps[i].key = key;
    }
    size_t expected = config->mode == YJM_STREAM_DOCUMENT && config->expected_length < YJM_MAX_INPUT ? config->expected_length : 0;
    if (!ok || !yjm_builder_start(&s->b, &config->options, (uint32_t)(expected / 8 + 1024), &s->callbacks, s)) {
        yjm_stream_free(s);
        return NULL;
    }
    if (config->mode == YJM_STREAM_VALUES) {
        yajl_config(s->b.yajl, yajl_allow_multiple_values, 1);
        s->b.multiple_values = 1;
    }
    return s;
}

void yjm_stream_free(yjm_stream *s) {
    if (!s) return;
    if (s->b.yajl) yajl_free(s->b.yajl);
    yjm_builder_release(&s->b);
    free(s->events);
    free(s->batch.nodes); // a batch not taken
    free(s->batch.side);
    free(s->batch.text);
    for (size_t i = 0; s->steps && i < s->target_count; i++) free((void *)s->steps[i].key);
    free(s->steps);
    free(s->closers);
    free(s);
}

// MARK: Feeding

/// Decides, once enough bytes are in, whether a byte-order mark comes first
/// (then the text starts after it). Returns 0 while it cannot tell yet.
static int start_text(yjm_stream *s, int at_end) {
    size_t length = s->b.input_length < 3 ? s->b.input_length : 3;
    if (s->skip_byte_order_mark && yjm_starts_byte_order_mark(s->b.input, length)) {
        if (length < 3 && !at_end) return 0;
        if (length == 3) s->parsed = 3;
    }
    s->started = 1;
    s->b.last_end = s->b.chunk_start_of_text = s->parsed;
    return 1;
}

/// Parses the buffer's bytes from `parsed` to `end`, as `yjm_parse` does the whole
/// input: yajl tokenizes until the value is complete, then what follows is only
/// scanned. Returns 0 with the error recorded.
static int parse_to(yjm_stream *s, size_t end) {
    builder *b = &s->b;
    size_t start = s->parsed;
    if (start >= end) return 1;
    s->parsed = end;
    if (s->value_done) {
        size_t bad = yjm_scan_after_value(b, &s->after, start, end);
        return bad == end || fail(b, YJM_ERR_TRAILING, bad);
    }
    b->chunk_start = start;
    yajl_status status = yajl_parse(b->yajl, b->input + start, end - start);
    int complete = s->mode != YJM_STREAM_VALUES && b->depth == 0 && b->stack[0].count > 0;
    if (status != yajl_status_client_canceled && complete) {
        s->value_done = 1;
        size_t bad = yjm_scan_after_value(b, &s->after, b->last_end, end);
        if (bad != end) return fail(b, YJM_ERR_TRAILING, bad);
    }
    if (status != yajl_status_ok) {
        yjm_builder_record_yajl_error(b, status, end - start, 0);
        return 0;
    }
    if (!b->allow_comments && s->extra_space == NONE) {
        const unsigned char *found = yjm_find_extra_whitespace(b->input + start, end - start);
        if (found) s->extra_space = s->base + (size_t)(found - b->input);
    }
    return 1;
}

/// Rejects the first form feed or vertical tab read, unless `may_wait` and an error that
/// the next token shows could still come before it (`yjm_builder_error_may_precede`):
/// then the whole text's error is not known yet, and the byte is kept (`skip_white_space`).
static int reject_extra_space(yjm_stream *s, int may_wait) {
    if (s->extra_space == NONE) return 1;
    if (may_wait && yjm_builder_error_may_precede(&s->b, s->extra_space - s->base)) return 1;
    s->error.syntax = YJM_SYNTAX_EXTRA_WHITE_SPACE;
    return fail(&s->b, YJM_ERR_SYNTAX, s->extra_space - s->base);
}

/// The outcome of a feed or finish. On failure the error's offset becomes a
/// stream offset (and stays one), and the events past it are dropped.
static yjm_status report(yjm_stream *s, int ok, yjm_error *error) {
    if (!ok) {
        s->error.offset += s->base;
        while (s->event_count > 0 && s->events[s->event_count - 1].end > s->error.offset) {
            const yjm_event *dropped = &s->events[--s->event_count];
            if (dropped->kind == YJM_EVENT_ELEMENT) drop_from_batch(s, dropped);
        }
    }
    *error = s->error;
    return s->error.status;
}

/// Elements and values are checked for form feed and vertical tab as each chunk is read
/// (`reject_extra_space`), so one before a failure, in the same chunk or kept waiting from
/// an earlier one, is the error, as it is in the whole text: the error then does not depend
/// on where the chunks end. (`e->offset` is a buffer offset that may wrap below 0, as in
/// `yjm_builder_record_yajl_error`; the comparison is made in stream offsets.)
static void prefer_extra_space(yjm_stream *s, size_t chunk_start) {
    yjm_error *e = &s->error;
    if (s->mode == YJM_STREAM_DOCUMENT || s->b.allow_comments || e->status == YJM_ERR_MEMORY) return;
    size_t found = NONE;
    if (s->extra_space != NONE && s->extra_space < s->base + e->offset) {
        found = s->extra_space - s->base;
    } else {
        size_t end = e->offset <= s->b.input_length ? e->offset : 0; // past the end: wrapped below 0
        const unsigned char *first = end > chunk_start ? yjm_find_extra_whitespace(s->b.input + chunk_start, end - chunk_start) : NULL;
        if (first) found = (size_t)(first - s->b.input);
    }
    if (found == NONE) return;
    e->status = YJM_ERR_SYNTAX;
    e->syntax = YJM_SYNTAX_EXTRA_WHITE_SPACE;
    e->offset = found;
}

/// Moves `space_end` over the white space read after the last token, but for its last byte.
/// No token's text holds it except a string's, which starts with '"', so an unfinished token
/// that yajl holds starts after it: it need not be kept. A ',' or ':' stops it, since a syntax
/// error after the last token is worded from the separator that follows it; the last byte is
/// kept since the error may be placed on it, and its line and column are worked out from the
/// buffer, a line feed's too (`yjm_builder_record_yajl_error`).
static void skip_white_space(yjm_stream *s) {
    size_t start = s->space_end > s->b.last_end ? s->space_end : s->b.last_end;
    size_t i = start;
    for (; i < s->parsed; i++) {
        unsigned char c = s->b.input[i];
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r') break;
    }
    s->space_end = i > start ? i - 1 : i;
}

yjm_status yjm_stream_feed(yjm_stream *s, const unsigned char *buffer, size_t length, yjm_error *error) {
    if (s->error.status != YJM_OK) {
        *error = s->error;
        return s->error.status;
    }
    s->b.input = buffer;
    s->b.input_length = length;
    if (!s->started && !start_text(s, 0)) return report(s, 1, error);
    size_t chunk_start = s->parsed;
    int ok = parse_to(s, length);
    if (ok) skip_white_space(s);
    // Scalar elements are complete once parsed; after a failure, those before it are.
    if (s->error.status != YJM_ERR_MEMORY && !take_scalars(s)) ok = 0;
    if (ok && s->mode != YJM_STREAM_DOCUMENT) ok = reject_extra_space(s, 1);
    if (!ok) prefer_extra_space(s, chunk_start);
    return report(s, ok, error);
}

yjm_status yjm_stream_finish(yjm_stream *s, const unsigned char *buffer, size_t length, yjm_tree *tree,
                             yjm_error *error) {
    memset(tree, 0, sizeof *tree);
    if (s->error.status != YJM_OK) {
        *error = s->error;
        return s->error.status;
    }
    builder *b = &s->b;
    b->input = buffer;
    b->input_length = length;
    if (!s->started) start_text(s, 1);
    size_t chunk_start = s->parsed;
    int ok = parse_to(s, length);
    if (ok && s->mode == YJM_STREAM_VALUES && b->depth == 0) {
        // Between values the text may end; a number at the end is still to come.
        yjm_after_value rest = {YJM_BETWEEN_TOKENS, 0};
        if (yjm_scan_after_value(b, &rest, b->last_end, length) == length) {
            s->value_done = 1;
            s->after = rest;
        }
    }
    if (ok && s->value_done) {
        ok = yjm_finish_after_value(b, &s->after, length);
    } else if (ok) {
        // A number at the very end is only reported now; its text ends at `length`.
        b->chunk_start = length;
        yajl_status status = yajl_complete_parse(b->yajl);
        if (status != yajl_status_ok) yjm_builder_record_yajl_error(b, status, 0, 1);
        ok = status == yajl_status_ok;
    }
    if (s->error.status != YJM_ERR_MEMORY && !take_scalars(s)) ok = 0;
    if (ok && !b->allow_comments) ok = reject_extra_space(s, 0);
    if (!ok) prefer_extra_space(s, chunk_start);
    if (ok && s->mode == YJM_STREAM_DOCUMENT) yjm_builder_take_tree(b, tree);
    return report(s, ok, error);
}

const yjm_event *yjm_stream_events(const yjm_stream *s, size_t *count) {
    *count = s->event_count;
    return s->events;
}

int yjm_stream_take_batch(yjm_stream *s, yjm_tree *tree, unsigned char **text, size_t *text_length) {
    memset(tree, 0, sizeof *tree);
    *text = NULL;
    *text_length = 0;
    batch *t = &s->batch;
    if (t->count == 0) return 0;
    t->text[t->text_size++] = ']'; // room was kept for it
    t->nodes[0] = (yjm_node){YJM_ARRAY | t->count << YJM_KIND_BITS, 0};
    t->nodes[1] = (yjm_node){t->node_count, (uint32_t)t->text_size};
    t->nodes[t->node_count] = (yjm_node){0, 0}; // the spare word
    tree->nodes = t->nodes;
    tree->node_count = t->node_count;
    tree->value_count = t->node_count - t->two_word_nodes;
    tree->side = t->side_size ? t->side : NULL;
    tree->side_size = (uint32_t)t->side_size;
    if (!t->side_size) free(t->side);
    *text = t->text;
    *text_length = t->text_size;
    // The next batch starts with room for a little more than this one held.
    s->hint_nodes = ((size_t)t->node_count + 1) * sizeof(yjm_node) / 4 * 5;
    s->hint_side = t->side_size / 4 * 5;
    s->hint_text = t->text_size / 4 * 5;
    memset(t, 0, sizeof *t);
    return 1;
}

const char *yjm_stream_closers(const yjm_stream *s) { return s->closers ? s->closers : ""; }

size_t yjm_stream_needed_from(const yjm_stream *s) {
    const builder *b = &s->b;
    if (s->mode == YJM_STREAM_DOCUMENT || !s->started) return 0;
    if (s->value_done) return s->after.state == YJM_AFTER_SLASH ? s->after.slash : s->parsed;
    // An element being built needs all its bytes; otherwise a token that yajl
    // holds unfinished (a number, a split string) starts after the last one.
    if (s->element_depth != NONE && b->depth > s->element_depth) return b->nodes[s->mark].offset;
    return s->space_end > b->last_end ? s->space_end : b->last_end;
}

void yjm_stream_consume(yjm_stream *s, size_t dropped) {
    s->event_count = 0;
    // A batch not taken is forgotten with its events; its memory is kept for the next.
    s->batch.node_count = s->batch.two_word_nodes = s->batch.count = 0;
    s->batch.side_size = s->batch.text_size = 0;

    if (dropped == 0) return;
    builder *b = &s->b;
    s->base += dropped;
    s->parsed -= dropped;
    b->chunk_start_of_text = SIZE_MAX; // dropped (see yjm_builder_record_yajl_error)
    b->last_end = b->last_end > dropped ? b->last_end - dropped : 0;
    s->space_end = s->space_end > dropped ? s->space_end - dropped : 0;
    if (s->after.state == YJM_AFTER_SLASH) s->after.slash -= dropped;
    // The nodes of the element being built move with their bytes. Nodes outside
    // the target (around it) keep stale offsets: they are never read again, since
    // keys along the path are matched as yajl reads them.
    if (s->element_depth != NONE && s->mark < b->node_count) {
        shift_nodes(b->nodes + s->mark, b->nodes + s->mark, b->node_count - s->mark, (uint32_t)dropped, 0, 0);
    }
}
